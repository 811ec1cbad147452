// Text message rules shared by the booking form and the server (docs/product/texting.md): how a phone number
// is read, the confirmation code, quiet hours, the reminders' lead times and the carrier keywords.
import { addDays, fromZoned, toZoned } from "./time";

/** A mobile number as typed (US/Canada 10 digits, or + and a country code) in E.164, or null if it is none. */
export function toE164(typed: string): string | null {
  const trimmed = typed.trim();
  if (!/^\+?[0-9 ().-]{7,24}$/.test(trimmed)) return null;
  const digits = trimmed.replace(/[^0-9]/g, "");
  if (trimmed.startsWith("+")) return /^[1-9][0-9]{7,14}$/.test(digits) ? `+${digits}` : null;
  if (/^[2-9][0-9]{2}[2-9][0-9]{6}$/.test(digits)) return `+1${digits}`;
  if (/^1[2-9][0-9]{2}[2-9][0-9]{6}$/.test(digits)) return `+${digits}`;
  return null;
}

/** A number shown back to its owner with all but its last four digits hidden. */
export function maskPhone(e164: string): string {
  return `•••${e164.slice(-4)}`;
}

export const TEXT_CODE = {
  digits: 6,
  /** How long a code may be entered. */
  validMinutes: 10,
  /** Wrong entries before the code is spent and a new one must be asked for. */
  maxAttempts: 5,
} as const;

/**
 * No text is sent from 21:00 to 08:00 in the buyer's time zone but the code they just asked for and the
 * answers to their keywords. A reminder due then is sent at 08:00 instead, unless that is too late (see
 * REMINDERS); a salesperson's answer waits until 08:00.
 */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;

/** Whether an instant falls in quiet hours in a zone. */
export function inQuietHours(at: Date, timeZone: string): boolean {
  const { hour } = toZoned(at, timeZone);
  return hour >= QUIET_HOURS.startHour || hour < QUIET_HOURS.endHour;
}

/** The first moment from `at` outside quiet hours in a zone (`at` itself when it is outside). */
export function afterQuietHours(at: Date, timeZone: string): Date {
  if (!inQuietHours(at, timeZone)) return at;
  const local = toZoned(at, timeZone);
  const day = local.hour >= QUIET_HOURS.startHour ? addDays(local.date, 1) : local.date;
  return fromZoned(day, `${String(QUIET_HOURS.endHour).padStart(2, "0")}:00`, timeZone);
}

/** The two text reminders of a visit, each by its lead time before the start. */
export const TEXT_REMINDERS = {
  reminder_day_before: { leadHours: 24 },
  reminder_two_hours: { leadHours: 2 },
} as const;
export type TextReminderKind = keyof typeof TEXT_REMINDERS;

/**
 * When a visit's text reminder goes out, or null when it does not: its lead time before the start, moved to
 * the end of quiet hours when it falls in them. Moved that far, the day-before reminder is dropped if it would
 * come after the two-hour one's time (that one reminds instead), and either is dropped if it would come later
 * than 30 minutes before the visit.
 */
export function textReminderDue(kind: TextReminderKind, startsAt: Date, timeZone: string): Date | null {
  const planned = new Date(startsAt.getTime() - TEXT_REMINDERS[kind].leadHours * 3_600_000);
  const due = afterQuietHours(planned, timeZone);
  const latest =
    kind === "reminder_day_before"
      ? startsAt.getTime() - TEXT_REMINDERS.reminder_two_hours.leadHours * 3_600_000
      : startsAt.getTime() - 30 * 60_000;
  return due.getTime() < latest ? due : null;
}

/** Carrier keywords (CTIA): each word, alone in a text, whatever its case and surrounding spaces. */
export const TEXT_KEYWORDS = {
  stop: ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT"],
  start: ["START", "YES", "UNSTOP"],
  help: ["HELP", "INFO"],
} as const;
export type TextKeyword = keyof typeof TEXT_KEYWORDS;

export function keywordOf(body: string): TextKeyword | null {
  const word = body.trim().toUpperCase();
  for (const [keyword, words] of Object.entries(TEXT_KEYWORDS) as [TextKeyword, readonly string[]][])
    if (words.includes(word)) return keyword;
  return null;
}

/** The standard answers to the keywords; HELP names where to get help (the site's contact page). */
export function keywordReply(keyword: TextKeyword, appUrl: string): string {
  switch (keyword) {
    case "stop":
      return "KnowBefore: You are unsubscribed and will receive no more texts from us. Reply START to resubscribe.";
    case "start":
      return "KnowBefore: You are resubscribed to visit reminders and your salesperson's replies. Msg&data rates may apply. Reply HELP for help, STOP to cancel.";
    case "help":
      return `KnowBefore: visit reminders and your salesperson's replies. Msg&data rates may apply. Help: ${appUrl}/contact. Reply STOP to cancel.`;
  }
}
