// Outgoing mail through nodemailer: a real SMTP transport when SMTP_URL is set, otherwise the log.
import nodemailer from "nodemailer";
import type { Logger } from "../logger";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** An iCalendar invite or cancellation, sent as text/calendar so mail clients offer to add it. */
  calendar?: { method: "REQUEST" | "CANCEL"; content: string };
};
export type Mailer = { send: (message: MailMessage) => Promise<"sent" | "logged">; close: () => void };

export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.logger.info(`[mail] to=${message.to} subject="${message.subject}"\n${message.text}`);
        return "logged";
      },
      close() {},
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      const { calendar, ...rest } = message;
      await transport.sendMail({
        from: options.from,
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
      });
      return "sent";
    },
    close: () => transport.close(),
  };
}
