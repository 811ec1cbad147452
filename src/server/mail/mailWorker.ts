// The mail thread: composes each message (its MIME parts and calendar invite) and hands it to the SMTP server,
// in a worker thread of its own, started by createMailer (mail/mailer.ts). Composing a message took ~14 % of the
// server's busy time in the paced mix, in nodemailer's streams and their garbage, all on the event loop that
// answers requests (docs/operations/runtime-tuning.md, "Mail in its own thread").
//
// Loaded as it is by the server's bundle (dist/server/mailWorker.js) and, from the sources, by Node's own type
// stripping: it imports only packages and types, never another module of the app.
import { randomUUID } from "node:crypto";
import { parentPort, workerData } from "node:worker_threads";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { encodeWords, foldLines, isPlainText } from "nodemailer/lib/mime-funcs";
import { encode as qpEncode, wrap as qpWrap } from "nodemailer/lib/qp";
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
// ?pool=false or ?maxConnections=.
//
// A connection is kept for as long as the server keeps it. nodemailer's default closes one after 100 messages,
// and its replacement waits for the server's greeting: ~110 ms here, as SMTP servers hold the greeting back to
// catch clients that talk too soon (smtp-server 100 ms; Postfix's postscreen longer). One sign-in in a hundred
// waited for that (bench/history/2026-11.md). SMTP_URL's own ?maxMessages= still says otherwise.
//
// A mail server that is down or unreachable is given connectTimeoutMs to connect and greet, not nodemailer's
// two minutes and thirty seconds: a sign-in request waits for its mail (docs/operations/mail-outages.md).
// SMTP_URL's own ?connectionTimeout= and ?greetingTimeout= still say otherwise.
function transportFor({ smtpUrl, connectTimeoutMs }: MailThreadData) {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "20");
  if (!url.searchParams.has("maxMessages")) url.searchParams.set("maxMessages", "Infinity");
  for (const bound of ["connectionTimeout", "greetingTimeout"])
    if (!url.searchParams.has(bound)) url.searchParams.set(bound, String(connectTimeoutMs));
  return nodemailer.createTransport(url.toString());
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
  const transport = transportFor(data);
  const sender = senderFor(data.from);
  // Composed in memory and handed over whole: streamed as nodemailer composes it, a message with an
  // invitation went to the socket in ~20 writes, each a wake-up of the SMTP server (bench/history/2026-11.md).
  const send = async (message: MailMessage) => {
    const mail = await composed(message, sender);
    await transport.sendMail({ envelope: mail.envelope, raw: mail.raw, messageId: mail.messageId });
  };
  port.on("message", (request: MailRequest) => {
    send(request.message).then(
      () => port.postMessage({ id: request.id } satisfies MailReply),
      (error: unknown) => port.postMessage({ id: request.id, error: failureOf(error) } satisfies MailReply),
    );
  });
}
