// Messages the mail thread composes directly read, to a MIME parser, as nodemailer's MailComposer composes them:
// the same sender, recipient, subject, date, id, text, HTML and calendar invite.
import { type ParsedMail, simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { describe, expect, it } from "vitest";
import type { MailMessage } from "./mailer";
import { composed, composeMail, senderFor } from "./mailWorker";

const FROM = "KnowBefore <noreply@knowbefore.example>";
const SENDER = senderFor(FROM);
const NOW = new Date("2026-12-06T23:45:12.000Z");
const INVITE = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:appointment-41@knowbefore.example",
  "SUMMARY:Test Drive with Dana Cruz",
  "DTSTART:20261210T150000Z",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const MESSAGES: MailMessage[] = [
  {
    kind: "sign_in",
    to: "visitor-1@example.org",
    subject: "Your sign-in link",
    text: "Hello,\n\nSign in with this link:\nhttps://knowbefore.example/auth/verify?token=abc_DEF-123\n\nIt works once.\n",
  },
  {
    kind: "booking",
    to: "jose.buyer+cars@example.org",
    subject:
      "Visit booked – José’s Test Drive on Thursday, December 10 at 9:00 AM with Dana Cruz of Cruz Motors",
    text: `Hi José,\n\nA line with = signs, a tab\tand trailing spaces   \n.\nA dot line above. ${"Long ".repeat(40)}\nFrom the start of a line.\n`,
    html: `<p>Hi José,</p><p style="margin:0">${"<b>long</b> ".repeat(60)}</p><p>= 100% </p>`,
    calendar: { method: "REQUEST", content: INVITE },
    messageKey: "appointment-41-booked",
    headers: {
      "List-Unsubscribe": `<https://knowbefore.example/notifications/unsubscribe?token=${"t".repeat(90)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  },
  {
    kind: "booking",
    to: "buyer@example.org",
    subject: "Visit cancelled",
    text: "Your visit was cancelled.",
    html: "<p>Your visit was cancelled.</p>",
    calendar: { method: "CANCEL", content: INVITE.replace("METHOD:REQUEST", "METHOD:CANCEL") },
  },
  {
    kind: "sign_in",
    to: "seller@example.org",
    subject: "New message",
    text: "Only text, in Ελληνικά and 日本語, with an emoji 🚗.",
  },
];

/** The message as nodemailer's MailComposer composes it, for the same id and date. */
async function byMailComposer(message: MailMessage, messageId: string): Promise<Buffer> {
  const { calendar, messageKey: _key, kind: _kind, ...rest } = message;
  return new MailComposer({
    from: FROM,
    messageId,
    date: NOW,
    ...rest,
    ...(calendar
      ? { icalEvent: { method: calendar.method, filename: "invite.ics", content: calendar.content } }
      : {}),
  })
    .compile()
    .build();
}

/** What a reader of the message sees of it. */
function seen(mail: ParsedMail) {
  const calendarParts = mail.attachments.filter((a) => a.contentType === "text/calendar");
  return {
    from: mail.from?.text,
    to: Array.isArray(mail.to) ? mail.to.map((a) => a.text) : mail.to?.text,
    subject: mail.subject,
    date: mail.date?.toISOString(),
    messageId: mail.messageId,
    text: mail.text,
    html: mail.html || undefined,
    calendar: [...new Set(calendarParts.map((a) => a.content.toString()))],
    files: mail.attachments.flatMap((a) => (a.filename ? [a.filename] : [])),
    unsubscribe: mail.headers.get("list-unsubscribe-post"),
  };
}

describe("the mail thread's composing", () => {
  it("reads to a MIME parser as MailComposer's messages do", async () => {
    for (const message of MESSAGES) {
      const mail = await composed(message, SENDER, NOW);
      expect(mail.envelope).toEqual({ from: "noreply@knowbefore.example", to: [message.to] });
      if (message.messageKey) expect(mail.messageId).toBe(`<${message.messageKey}@knowbefore.example>`);
      const direct = seen(await simpleParser(mail.raw));
      const reference = seen(await simpleParser(await byMailComposer(message, mail.messageId)));
      expect(direct, message.subject).toEqual(reference);
      expect(direct.text?.trim()).toBe(message.text.trim());
      expect(direct.calendar).toEqual(message.calendar ? [message.calendar.content] : []);
    }
  });

  it("ends every line with CRLF, keeps the body's lines to 78 characters, and writes its own headers", async () => {
    for (const message of MESSAGES) {
      const raw = (await composed(message, SENDER, NOW)).raw.toString("latin1");
      expect(raw.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      // A header holding one long word (an unsubscribe address) cannot be folded: SMTP's limit is 998.
      const [head, ...body] = raw.split("\r\n\r\n");
      for (const line of head!.split("\r\n")) expect(line.length, line).toBeLessThanOrEqual(998);
      for (const line of body.join("\r\n").split("\r\n")) expect(line.length, line).toBeLessThanOrEqual(78);
      for (const [name, value] of Object.entries(message.headers ?? {}))
        expect(raw.replace(/\r\n /g, " ")).toContain(`${name}: ${value}`);
    }
  });

  it("leaves a recipient that is not a plain ASCII address to MailComposer", async () => {
    const message: MailMessage = { kind: "sign_in", to: "josé@exámple.org", subject: "Hi", text: "Hello" };
    const mail = await composed(message, SENDER, NOW);
    expect(mail.envelope.to).toEqual(["josé@exámple.org"]);
    expect((await simpleParser(mail.raw)).text?.trim()).toBe("Hello");
    expect(composeMail(message, SENDER.plain!, { messageId: "<a@b>", boundary: "=_b" })).toBeNull();
    expect(
      composeMail({ ...message, to: "jose@example.org" }, SENDER.plain!, {
        messageId: "<a@b>",
        boundary: "=_b",
      }),
    ).not.toBeNull();
  });
});
