// Outgoing mail through nodemailer: a real SMTP transport when SMTP_URL is set, otherwise the log.
import { createHash, randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import type { Logger } from "../logger";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invite or cancellation, sent as text/calendar so mail clients offer to add it. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
  /**
   * The Message-ID's part before the domain, when the message must keep one id across attempts (jobMailer);
   * otherwise a random one.
   */
  messageKey?: string;
};
export type Mailer = { send: (message: MailMessage) => Promise<"sent" | "logged">; close: () => void };

/**
 * Without SMTP_URL, development writes each mail to the log line by line (that is how a local demo signs
 * in); every other mode logs only who and what, because a mail may carry a sign-in link. Production
 * refuses to start without SMTP_URL (env.ts).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  logger: Logger;
  nodeEnv: "development" | "production" | "test";
}): Mailer {
  if (!options.smtpUrl) {
    const withBody = options.nodeEnv === "development";
    return {
      async send(message) {
        options.logger.info(
          `[mail] to=${message.to} subject="${message.subject}"${withBody ? "" : " (not sent: SMTP_URL is not set)"}`,
        );
        if (withBody) for (const line of message.text.split("\n")) options.logger.info(`[mail] | ${line}`);
        return "logged";
      },
      close() {},
    };
  }
  // Pooled: SMTP connections are kept and reused, instead of a connection and handshake per mail. Up to 20 at
  // once (nodemailer's default is 5): a sign-in request waits for its e-mail to be accepted, and under load five
  // conversations queued sign-ins for seconds (bench/history/2026-11.md). SMTP_URL may say otherwise with its own
  // ?pool=false or ?maxConnections=.
  //
  // A connection is kept for as long as the server keeps it. nodemailer's default closes one after 100 messages,
  // and its replacement waits for the server's greeting: ~110 ms here, as SMTP servers hold the greeting back to
  // catch clients that talk too soon (smtp-server 100 ms; Postfix's postscreen longer). One sign-in in a hundred
  // waited for that (bench/README.md, "Where the figures stand"). SMTP_URL's own ?maxMessages= still says
  // otherwise.
  const url = new URL(options.smtpUrl);
  if (!url.searchParams.has("pool")) url.searchParams.set("pool", "true");
  if (!url.searchParams.has("maxConnections")) url.searchParams.set("maxConnections", "20");
  if (!url.searchParams.has("maxMessages")) url.searchParams.set("maxMessages", "Infinity");
  const transport = nodemailer.createTransport(url.toString());
  const fromDomain = options.from.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return {
    async send(message) {
      const { calendar, messageKey, ...rest } = message;
      // One random id names the message's parts' boundaries, and the message itself unless it has a key. Left to
      // nodemailer, they took fifteen calls for fresh random bytes a message, at 6 µs or more each here.
      const unique = randomUUID();
      const composed = new MailComposer({
        from: options.from,
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
      return "sent";
    },
    close: () => transport.close(),
  };
}

/**
 * The mailer a job sends through: each message's Message-ID comes from the job's id, the recipient and how many
 * messages that job has sent them before, so an attempt sent again after a crash (delivery is at least once)
 * carries the same Message-ID as the first, and mail clients and people can tell it is the same notice.
 */
export function jobMailer(mailer: Mailer, jobId: string): Mailer {
  const sent = new Map<string, number>();
  return {
    send(message) {
      const to = message.to.trim().toLowerCase();
      const nth = sent.get(to) ?? 0;
      sent.set(to, nth + 1);
      const recipient = createHash("sha256").update(to).digest("hex").slice(0, 12);
      return mailer.send({ ...message, messageKey: `${jobId}.${recipient}.${nth}` });
    },
    close: () => {},
  };
}

/** The mailer, telling `count` whether each message went out ("logged" ones, never sent, are not told). */
export function countedMailer(mailer: Mailer, count: (result: "ok" | "failed") => void): Mailer {
  return {
    async send(message) {
      try {
        const outcome = await mailer.send(message);
        if (outcome === "sent") count("ok");
        return outcome;
      } catch (error) {
        count("failed");
        throw error;
      }
    },
    close: () => mailer.close(),
  };
}
