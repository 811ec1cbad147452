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

const { smtpUrl, from, connectTimeoutMs } = workerData as MailThreadData;

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
const url = new URL(smtpUrl);
if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "20");
if (!url.searchParams.has("maxMessages")) url.searchParams.set("maxMessages", "Infinity");
for (const bound of ["connectionTimeout", "greetingTimeout"])
  if (!url.searchParams.has(bound)) url.searchParams.set(bound, String(connectTimeoutMs));
const transport = nodemailer.createTransport(url.toString());
const fromDomain = from.match(/@([^>\s]+)/)?.[1] ?? "localhost";

async function send(message: MailMessage): Promise<void> {
  const { calendar, messageKey, kind: _kind, ...rest } = message;
  // One random id names the message's parts' boundaries, and the message itself unless it has a key. Left to
  // nodemailer, they took fifteen calls for fresh random bytes a message, at 6 µs or more each here.
  const unique = randomUUID();
  const composed = new MailComposer({
    from,
    messageId: `<${messageKey ?? unique}@${fromDomain}>`,
    baseBoundary: unique.replaceAll("-", ""),
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
  // Composed in memory and handed over whole: streamed as nodemailer composes it, a message with an
  // invitation went to the socket in ~20 writes, each a wake-up of the SMTP server (bench/history/2026-11.md).
  await transport.sendMail({
    envelope: composed.getEnvelope(),
    raw: await composed.build(),
    messageId: composed.messageId(),
  });
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

parentPort?.on("message", (request: MailRequest) => {
  send(request.message).then(
    () => parentPort?.postMessage({ id: request.id } satisfies MailReply),
    (error: unknown) =>
      parentPort?.postMessage({ id: request.id, error: failureOf(error) } satisfies MailReply),
  );
});
