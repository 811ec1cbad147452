// Outgoing mail: through SMTP (nodemailer, in a thread of its own: mail/mailWorker.ts) when SMTP_URL is set,
// otherwise the log.
import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import type { EssentialMailKind, MailKind } from "../../shared/notificationKinds";
import type { JobAttempt } from "../jobs/queue";
import type { Logger } from "../logger";
import type { MailReply, MailRequest, MailThreadData } from "./mailWorker";

export type MailMessage = {
  /**
   * The kind of event the mail tells of (src/shared/notificationKinds.ts): a non-essential one is sent only if
   * the recipient has not switched it off, and carries its unsubscribe link (mail/preferences.ts).
   */
  kind: MailKind;
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
  /** Header fields of the message's own (List-Unsubscribe), added by mail/preferences.ts. */
  headers?: Record<string, string>;
};
/** What became of a message: sent, written to the log (no SMTP_URL), or held back by the recipient's choice. */
export type MailOutcome = "sent" | "logged" | "not wanted";
export type Mailer = { send: (message: MailMessage) => Promise<MailOutcome>; close: () => void };

/** How long reaching the SMTP server and hearing its greeting may take, unless SMTP_URL says otherwise. */
export const MAIL_CONNECT_TIMEOUT_MS = 10_000;
/**
 * How long a message may wait for the SMTP server's answer in all (connecting, greeting, the conversation):
 * past it the send fails with code ETIMEDOUT, whatever the mail thread is still waiting for.
 */
export const MAIL_ANSWER_TIMEOUT_MS = 15_000;

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
  /** MAIL_CONNECT_TIMEOUT_MS unless given. */
  connectTimeoutMs?: number;
  /** MAIL_ANSWER_TIMEOUT_MS unless given. */
  answerTimeoutMs?: number;
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
  const thread = mailThread(
    {
      smtpUrl: options.smtpUrl,
      from: options.from,
      connectTimeoutMs: options.connectTimeoutMs ?? MAIL_CONNECT_TIMEOUT_MS,
    },
    options.answerTimeoutMs ?? MAIL_ANSWER_TIMEOUT_MS,
  );
  return {
    send: async (message) => {
      await thread.send(message);
      return "sent";
    },
    close: () => thread.close(),
  };
}

/** The mail thread's module: the bundle's sibling file, or the source beside this one. */
const MAIL_THREAD_URL = new URL(
  import.meta.url.endsWith(".ts") ? "./mailWorker.ts" : "./mailWorker.js",
  import.meta.url,
);

/**
 * Sends through the mail thread (mail/mailWorker.ts), started at the first message and again after it ends. It
 * keeps the process alive only while a message waits for its answer, and a message whose thread ended before
 * answering, or that had no answer within `answerTimeoutMs`, fails (a job's message is then sent again by its
 * retry; a sign-in answers that mail is delayed).
 */
function mailThread(data: MailThreadData, answerTimeoutMs: number) {
  type Waiter = { resolve: () => void; reject: (error: Error) => void };
  /** The running thread, and the messages sent to it that wait for its answer. */
  let current: { worker: Worker; waiting: Map<number, Waiter> } | null = null;
  let next = 0;
  const start = () => {
    const worker = new Worker(MAIL_THREAD_URL, { workerData: data });
    const waiting = new Map<number, Waiter>();
    worker.unref();
    worker.on("message", ({ id, error }: MailReply) => {
      const waiter = waiting.get(id);
      if (!waiter) return;
      waiting.delete(id);
      if (waiting.size === 0) worker.unref();
      if (error) waiter.reject(Object.assign(new Error(error.message), error));
      else waiter.resolve();
    });
    // Only this thread's messages fail with it: a thread started after it has its own.
    const ended = (error: Error) => {
      if (current?.worker === worker) current = null;
      for (const { reject } of waiting.values()) reject(error);
      waiting.clear();
    };
    worker.on("error", ended);
    worker.on("exit", (code) => ended(new Error(`The mail thread ended (exit code ${code})`)));
    return { worker, waiting };
  };
  return {
    send(message: MailMessage) {
      current ??= start();
      const { worker, waiting } = current;
      const id = next++;
      return new Promise<void>((resolve, reject) => {
        // An answer after the deadline finds no waiter and is dropped.
        const deadline = setTimeout(() => {
          if (!waiting.delete(id)) return;
          if (waiting.size === 0) worker.unref();
          reject(
            Object.assign(new Error(`The mail server did not answer within ${answerTimeoutMs} ms`), {
              code: "ETIMEDOUT",
            }),
          );
        }, answerTimeoutMs);
        deadline.unref();
        waiting.set(id, {
          resolve: () => {
            clearTimeout(deadline);
            resolve();
          },
          reject: (error) => {
            clearTimeout(deadline);
            reject(error);
          },
        });
        worker.ref();
        worker.postMessage({ id, message } satisfies MailRequest);
      });
    },
    close() {
      const ending = current;
      current = null;
      void ending?.worker.terminate();
    },
  };
}

/**
 * The mailer a job sends through: each message's Message-ID comes from the job's id, the recipient and how many
 * messages that job has sent them before, so an attempt sent again after a crash (delivery is at least once)
 * carries the same Message-ID as the first, and mail clients and people can tell it is the same notice. A
 * message the SMTP server accepted in an earlier attempt of the job (the job's `done`, kept when an attempt
 * fails) is not sent again: a notice to two people whose second mail failed goes to the second one only.
 */
export function jobMailer(mailer: Mailer, job: JobAttempt): Mailer {
  const sent = new Map<string, number>();
  return {
    async send(message) {
      const to = message.to.trim().toLowerCase();
      const nth = sent.get(to) ?? 0;
      sent.set(to, nth + 1);
      const recipient = createHash("sha256").update(to).digest("hex").slice(0, 12);
      const messageKey = `${job.id}.${recipient}.${nth}`;
      if (job.done.has(messageKey)) return "sent";
      const outcome = await mailer.send({ ...message, messageKey });
      job.done.add(messageKey);
      return outcome;
    },
    close: () => {},
  };
}

/** Sends a mail of an essential kind, which no preference holds back: it is sent, or logged without SMTP_URL. */
export async function sendEssential(
  mailer: Mailer,
  message: MailMessage & { kind: EssentialMailKind },
): Promise<"sent" | "logged"> {
  const outcome = await mailer.send(message);
  if (outcome === "not wanted") throw new Error(`An essential mail (${message.kind}) was held back`);
  return outcome;
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
