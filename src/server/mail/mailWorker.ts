// The mail thread: composes each message (its MIME parts and calendar invite) and hands it to the SMTP server,
// in a worker thread of its own, started by createMailer (mail/mailer.ts). Composing a message took ~14 % of the
// server's busy time in the paced mix, in nodemailer's streams and their garbage, all on the event loop that
// answers requests (docs/operations/runtime-tuning.md, "Mail in its own thread").
//
// Loaded as it is by the server's bundle (dist/server/mailWorker.js) and, from the sources, by Node's own type
// stripping: it imports only packages and types, never another module of the app.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { parentPort, workerData } from "node:worker_threads";
import MailComposer from "nodemailer/lib/mail-composer";
import { encodeWords, foldLines, isPlainText } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
import { parseConnectionUrl } from "nodemailer/lib/shared";
import SMTPConnection, {
  type SMTPConnectionAuth,
  type SMTPConnectionOptions,
} from "nodemailer/lib/smtp-connection";
import type { MailMessage } from "./mailer";

/**
 * What the thread is started with. `connectTimeoutMs` bounds reaching the SMTP server and hearing its greeting
 * (the DNS lookup, TCP, TLS and the greeting together).
 */
export type MailThreadData = { smtpUrl: string; from: string; connectTimeoutMs: number };
/** One message to send, and the number its answer carries. */
export type MailRequest = { id: number; message: MailMessage };
/** The answer to a request: nothing when the SMTP server accepted the message, else why not. */
export type MailReply = {
  id: number;
  error?: { message: string; code?: string; responseCode?: number };
};

// Pooled: SMTP connections are kept and reused, instead of a connection and handshake per mail. Up to 20 at
// once (nodemailer's default is 5): a sign-in request waits for its e-mail to be accepted, and under load five
// conversations queued sign-ins for seconds (bench/history/2026-11.md). SMTP_URL may say otherwise with its own
// ?maxConnections=, or ?pool=false for a connection per message.
//
// A connection is kept for as long as the server keeps it. nodemailer's default closes one after 100 messages,
// and its replacement waits for the server's greeting: ~110 ms here, as SMTP servers hold the greeting back to
// catch clients that talk too soon (smtp-server 100 ms; Postfix's postscreen longer). One sign-in in a hundred
// waited for that (bench/history/2026-11.md). SMTP_URL's own ?maxMessages= still says otherwise.
//
// A mail server that is down or unreachable is given connectTimeoutMs to connect and greet, not nodemailer's
// two minutes and thirty seconds: a sign-in request waits for its mail (docs/operations/mail-outages.md).
// SMTP_URL's own ?connectionTimeout= and ?greetingTimeout= still say otherwise.

/** What SmtpPool is set up with: SMTP_URL read as nodemailer reads it, with the defaults above. */
export type SmtpSettings = {
  /** nodemailer's SMTP connection's own options: host, port, secure, timeouts, tls.*, name and the like. */
  connection: SMTPConnectionOptions;
  auth: SMTPConnectionAuth | null;
  maxConnections: number;
  maxMessages: number;
};

export function smtpSettings({ smtpUrl, connectTimeoutMs }: MailThreadData): SmtpSettings {
  const { pool, maxConnections, maxMessages, auth, authMethod, ...connection } = parseConnectionUrl(smtpUrl);
  const count = (value: unknown, otherwise: number) =>
    typeof value === "number" && value >= 1 ? value : otherwise;
  return {
    connection: {
      connectionTimeout: connectTimeoutMs,
      greetingTimeout: connectTimeoutMs,
      ...(connection as SMTPConnectionOptions),
    },
    auth:
      auth && (auth.user || auth.pass)
        ? { ...auth, method: (authMethod as string | undefined) ?? false }
        : null,
    maxConnections: count(maxConnections, 20),
    maxMessages: pool === false ? 1 : count(maxMessages, Number.POSITIVE_INFINITY),
  };
}

type PooledConnection = { smtp: SMTPConnection; sent: number; closed: boolean };

/** An error of nodemailer's: its kind (`code`) and the SMTP server's reply code, where it answered. */
type SmtpError = Error & { code?: string; responseCode?: number };

/** A failure another connection may not meet: the connection went or timed out, or the server said 421. */
const isTransient = (error: SmtpError) =>
  error.responseCode === 421 || ["ECONNECTION", "ESOCKET", "ETIMEDOUT"].includes(error.code ?? "");

/**
 * SMTP connections kept open and reused, each speaking SMTP through nodemailer's SMTPConnection (its TLS,
 * authentication, PIPELINING and error codes). nodemailer's own transport around it (sendMail, its pool) cost
 * the mail thread 110-150 µs a message here, in a MIME tree built again for a message already composed, its
 * addresses parsed again, random boundaries and stream pipelines; this costs 35-45 (bench/README.md).
 */
export class SmtpPool {
  readonly #settings: SmtpSettings;
  /** Connections waiting for a message, the last used on top (the rest may go idle and be closed). */
  readonly #idle: PooledConnection[] = [];
  /** Sends waiting for a connection while maxConnections are open. */
  readonly #waiting: ((connection: Promise<PooledConnection>) => void)[] = [];
  /** Connections open or opening. */
  #open = 0;

  constructor(settings: SmtpSettings) {
    this.#settings = settings;
  }

  /**
   * Sends `raw` to the envelope's recipients; fails as nodemailer fails (its `code`, the server's
   * `responseCode`). A kept connection the server had closed before a byte of the message was read is replaced
   * once, as nodemailer's pool does.
   */
  async send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const connection = await this.#take();
      const reused = connection.sent > 0;
      const body = new Readable({
        read() {
          this.push(raw);
          this.push(null);
        },
      });
      try {
        // A copy: the connection keeps and rewrites the envelope it is given, and a second attempt needs it whole.
        await new Promise<void>((resolve, reject) =>
          connection.smtp.send({ ...envelope }, body, (error) => (error ? reject(error) : resolve())),
        );
      } catch (error) {
        const { code, responseCode } = error as SmtpError;
        const refused = (code === "EENVELOPE" || code === "EMESSAGE") && responseCode !== 421;
        // The server refused this message and the connection is fine: its session is reset for the next one,
        // before the refusal is told.
        if (refused && !connection.closed) await this.#reset(connection);
        else this.#drop(connection);
        if (attempt === 0 && reused && !body.readableDidRead && isTransient(error as SmtpError)) continue;
        throw error;
      }
      connection.sent++;
      this.#release(connection);
      return;
    }
  }

  /** A connection for one message: an idle one, a new one, or the next one given back. */
  #take(): Promise<PooledConnection> {
    const idle = this.#idle.pop();
    if (idle) return Promise.resolve(idle);
    if (this.#open < this.#settings.maxConnections) return this.#connect();
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #connect(): Promise<PooledConnection> {
    this.#open++;
    const { connection: options, auth } = this.#settings;
    return new Promise<PooledConnection>((resolve, reject) => {
      const smtp = new SMTPConnection(options);
      const connection: PooledConnection = { smtp, sent: 0, closed: false };
      let settled = false;
      /** Opened (no error) or not, once: a connection that failed to open is closed. */
      const settle = (error?: unknown) => {
        if (settled) return;
        settled = true;
        if (error === undefined) return resolve(connection);
        smtp.close();
        reject(error);
      };
      // An error closes the connection; one during a send also reaches that send's callback.
      smtp.on("error", (error) => {
        connection.closed = true;
        settle(error);
      });
      smtp.once("end", () => {
        connection.closed = true;
        const at = this.#idle.indexOf(connection);
        if (at >= 0) {
          this.#idle.splice(at, 1);
          this.#closed();
        }
        settle(Object.assign(new Error("Connection closed unexpectedly"), { code: "ECONNECTION" }));
      });
      smtp.connect((error) => {
        if (error) return settle(error);
        if (!auth || !smtp.allowsAuth) return settle();
        smtp.login(auth, (loginError) => (loginError ? settle(loginError) : settle()));
      });
    }).catch((error: unknown) => {
      this.#closed();
      throw error;
    });
  }

  /** A connection back from a message: to the next send waiting, to the idle ones, or closed when done. */
  #release(connection: PooledConnection) {
    if (connection.closed || connection.sent >= this.#settings.maxMessages) return this.#drop(connection);
    const next = this.#waiting.shift();
    if (next) next(Promise.resolve(connection));
    else this.#idle.push(connection);
  }

  /** A connection whose message the server refused, its session reset and given back (or closed). */
  #reset(connection: PooledConnection): Promise<void> {
    return new Promise((resolve) =>
      connection.smtp.reset((error) => {
        if (error) this.#drop(connection);
        else this.#release(connection);
        resolve();
      }),
    );
  }

  #drop(connection: PooledConnection) {
    if (!connection.closed) {
      connection.closed = true;
      connection.smtp.quit();
    }
    this.#closed();
  }

  /** A connection has gone: a send waiting may open another. */
  #closed() {
    this.#open--;
    const next = this.#waiting.shift();
    if (next) next(this.#connect());
  }
}

/** The thread's sender, read once: as configured, its domain (for message ids), and split where plain ASCII. */
export type Sender = { from: string; domain: string; plain: { header: string; address: string } | null };

export function senderFor(from: string): Sender {
  return { from, domain: from.match(/@([^>\s]+)/)?.[1] ?? "localhost", plain: plainSender(from) };
}

/**
 * A message composed for sending: directly (composeMail) where it can be, by nodemailer's MailComposer where
 * not. One random id names the message's parts' boundaries, and the message itself unless it has a key. Left to
 * nodemailer, they took fifteen calls for fresh random bytes a message, at 6 µs or more each here.
 */
export async function composed(
  message: MailMessage,
  sender: Sender,
  now = new Date(),
): Promise<ComposedMail> {
  const unique = randomUUID().replaceAll("-", "");
  const ids = { messageId: `<${message.messageKey ?? unique}@${sender.domain}>`, boundary: `=_kb_${unique}` };
  const direct = sender.plain && composeMail(message, sender.plain, ids, now);
  if (direct) return direct;
  const { calendar, messageKey: _key, kind: _kind, ...rest } = message;
  const composer = new MailComposer({
    from: sender.from,
    messageId: ids.messageId,
    baseBoundary: unique,
    date: now,
    ...rest,
    ...(calendar
      ? {
          icalEvent: { method: calendar.method, filename: "invite.ics", content: calendar.content },
          attachments: [
            {
              filename: "invite.ics",
              content: calendar.content,
              contentType: `text/calendar; method=${calendar.method}`,
            },
          ],
        }
      : {}),
  }).compile();
  return {
    envelope: composer.getEnvelope() as ComposedMail["envelope"],
    raw: await composer.build(),
    messageId: composer.messageId(),
  };
}

/** What the SMTP transport sends: who to tell the server it is from and to, and the message itself. */
export type ComposedMail = { envelope: { from: string; to: string[] }; raw: Buffer; messageId: string };

/** The sender as "Name <address>" or an address alone, split; null when it is not that, in plain ASCII. */
function plainSender(from: string): Sender["plain"] {
  const match = /^\s*(?:(.*?)\s*<([^<>\s]+@[^<>\s]+)>|([^<>\s]+@[^<>\s]+))\s*$/.exec(from);
  if (!match) return null;
  const name = match[1]?.replace(/^"(.*)"$/, "$1") ?? "";
  const address = match[2] ?? match[3]!;
  if (!isAsciiAddress(address) || !/^[\x20-\x7e]*$/.test(name)) return null;
  // A name of letters, digits and spaces goes as it is; any other is quoted, as nodemailer does.
  const shown = /^[\w ]*$/.test(name) ? name : `"${name.replace(/([\\"])/g, "\\$1")}"`;
  return { header: name ? `${shown} <${address}>` : address, address };
}

const isAsciiAddress = (address: string) =>
  /^[\x21-\x7e]+@[A-Za-z0-9.-]+$/.test(address) && !/[<>"\s]/.test(address);

/** A header field, folded at its spaces to lines of 76 where it has them. */
const headerLine = (name: string, value: string) => `${foldLines(`${name}: ${value}`, 76)}\r\n`;

/**
 * A text part, its line breaks as CRLF: 7bit where it is ASCII with short lines (an invite), quoted-printable
 * (the breaks hard, the lines soft-wrapped at 76) otherwise.
 */
function textPart(type: string, text: string): string {
  const crlf = text.replace(/\r?\n/g, "\r\n");
  const sevenBit = /^[\t\r\n\x20-\x7e]*$/.test(crlf) && crlf.split("\r\n").every((line) => line.length <= 76);
  return sevenBit
    ? `${headerLine("Content-Type", type)}Content-Transfer-Encoding: 7bit\r\n\r\n${crlf}`
    : `${headerLine("Content-Type", type)}Content-Transfer-Encoding: quoted-printable\r\n\r\n${qpWrap(qpEncode(crlf), 76)}`;
}

/** Parts under a multipart boundary, closed. */
function multipart(boundary: string, parts: string[]): string {
  return `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join("")}--${boundary}--\r\n`;
}

/**
 * The message, or null when it is one this does not compose (its recipient, or the sender, is not a plain
 * ASCII address, or a header of its own is not plain text): MailComposer composes those.
 */
export function composeMail(
  message: MailMessage,
  sender: NonNullable<Sender["plain"]>,
  ids: { messageId: string; boundary: string },
  now = new Date(),
): ComposedMail | null {
  if (!isAsciiAddress(message.to)) return null;
  const own = Object.entries(message.headers ?? {});
  if (own.some(([name, value]) => !/^[A-Za-z0-9-]+$/.test(name) || !/^[\x20-\x7e]*$/.test(value)))
    return null;
  const subject = isPlainText(message.subject) ? message.subject : encodeWords(message.subject, "Q", 52);
  const head =
    own.map(([name, value]) => headerLine(name, value)).join("") +
    headerLine("From", sender.header) +
    headerLine("To", message.to) +
    headerLine("Subject", subject) +
    headerLine("Message-ID", ids.messageId) +
    headerLine("Date", now.toUTCString().replace(/GMT/, "+0000")) +
    "MIME-Version: 1.0\r\n";
  const text = textPart("text/plain; charset=utf-8", message.text);
  const alternatives = [
    text,
    ...(message.html === undefined ? [] : [textPart("text/html; charset=utf-8", message.html)]),
    ...(message.calendar
      ? [
          textPart(
            `text/calendar; charset=utf-8; method=${message.calendar.method}`,
            message.calendar.content,
          ),
        ]
      : []),
  ];
  let body: string;
  // A message of one part ends with a line break, as MailComposer's do.
  if (alternatives.length === 1) body = text.endsWith("\r\n") ? text : `${text}\r\n`;
  else {
    const alternative = `${ids.boundary}-alt`;
    const parts = `${headerLine("Content-Type", `multipart/alternative; boundary="${alternative}"`)}\r\n${multipart(alternative, alternatives)}`;
    if (!message.calendar) body = parts;
    else {
      const mixed = `${ids.boundary}-mix`;
      const invite = Buffer.from(message.calendar.content)
        .toString("base64")
        .replace(/.{76}(?=.)/g, "$&\r\n");
      const attachment =
        headerLine("Content-Type", `text/calendar; method=${message.calendar.method}; name=invite.ics`) +
        "Content-Transfer-Encoding: base64\r\nContent-Disposition: attachment; filename=invite.ics\r\n\r\n" +
        invite;
      body = `${headerLine("Content-Type", `multipart/mixed; boundary="${mixed}"`)}\r\n${multipart(mixed, [parts, attachment])}`;
    }
  }
  return {
    envelope: { from: sender.address, to: [message.to] },
    // The body's own headers (its Content-Type and encoding) end the message's.
    raw: Buffer.from(head + body, "utf8"),
    messageId: ids.messageId,
  };
}

/** What the app may learn of a failed send: nodemailer's message, its error code and the SMTP reply's code. */
function failureOf(error: unknown): NonNullable<MailReply["error"]> {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown };
  return {
    message: typeof e.message === "string" ? e.message : String(error),
    ...(typeof e.code === "string" ? { code: e.code } : {}),
    ...(typeof e.responseCode === "number" ? { responseCode: e.responseCode } : {}),
  };
}

// In the mail thread (not where a test imports the composing above).
if (parentPort) {
  const port = parentPort;
  const data = workerData as MailThreadData;
  const pool = new SmtpPool(smtpSettings(data));
  const sender = senderFor(data.from);
  // Composed in memory and handed over whole: streamed as nodemailer composes it, a message with an
  // invitation went to the socket in ~20 writes, each a wake-up of the SMTP server (bench/history/2026-11.md).
  const send = async (message: MailMessage) => {
    const mail = await composed(message, sender);
    await pool.send(mail.envelope, mail.raw);
  };
  port.on("message", (request: MailRequest) => {
    send(request.message).then(
      () => port.postMessage({ id: request.id } satisfies MailReply),
      (error: unknown) => port.postMessage({ id: request.id, error: failureOf(error) } satisfies MailReply),
    );
  });
}
