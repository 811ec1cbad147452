// How dates and times read on screen. Appointment times are always shown in the salesperson's own zone,
// with that zone named, so a buyer in another state books the time the dealership means. Calendar dates
// (YYYY-MM-DD) are shown as they are, with no zone shift.

function zonePart(timeZone: string, style: "longGeneric" | "short", at: Date): string | undefined {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: style })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
  } catch {
    return undefined;
  }
}

/** "Central Time" for America/Chicago; the zone id itself when the browser has no name for it. */
export function zoneName(timeZone: string, at = new Date()): string {
  return zonePart(timeZone, "longGeneric", at) ?? timeZone;
}

/** "Times in Central Time (America/Chicago)". */
export function timesInLabel(timeZone: string): string {
  const name = zoneName(timeZone);
  return name === timeZone ? `Times in ${timeZone}` : `Times in ${name} (${timeZone})`;
}

/** "9:30 AM" as the clocks of `timeZone` show the instant. */
export function clockTime(instant: Date | number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(instant);
}

type AppointmentWhen = {
  /** "Thu, Jun 12, 2026" */
  date: string;
  /** "2:30 PM" */
  time: string;
  /** "CDT" */
  zoneAbbr: string;
  /** "Central Time" */
  zoneName: string;
  month: string;
  day: string;
};

/** An appointment instant as the dealership's clocks show it. */
export function appointmentWhen(iso: string, timeZone: string): AppointmentWhen {
  const at = new Date(iso);
  const parts = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone, ...options }).format(at);
  return {
    date: parts({ weekday: "short", month: "short", day: "numeric", year: "numeric" }),
    time: clockTime(at, timeZone),
    zoneAbbr: zonePart(timeZone, "short", at) ?? timeZone,
    zoneName: zoneName(timeZone, at),
    month: parts({ month: "short" }),
    day: parts({ day: "numeric" }),
  };
}

/** A calendar date (YYYY-MM-DD) in the given words, read as a date rather than an instant. */
export function formatCalendar(date: string, options: Intl.DateTimeFormatOptions): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

const CALENDAR_STYLES = {
  /** "Thursday, June 12, 2026" */
  long: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  /** "Thu, Jun 12, 2026" */
  short: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  /** "Jun 12, 2026" */
  medium: { month: "short", day: "numeric", year: "numeric" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/** A calendar date (YYYY-MM-DD) as words, with no zone involved. */
export function formatCalendarDate(date: string, style: keyof typeof CALENDAR_STYLES = "long"): string {
  return formatCalendar(date, CALENDAR_STYLES[style]);
}

/** An instant as "Jun 12, 2026" in the reader's own zone (when a review or report was written). */
export const mediumDate = new Intl.DateTimeFormat("en-US", CALENDAR_STYLES.medium);

const CLOCK = { hour: "numeric", minute: "2-digit" } as const;

/** An instant as "Jun 12, 2026, 9:30 AM" in the reader's own zone (when a case, a request or an event happened). */
export const mediumDateTime = new Intl.DateTimeFormat("en-US", { ...CALENDAR_STYLES.medium, ...CLOCK });

/** "Jun 12, 9:30 AM": the same without the year, for the recent steps of a thread or a history. */
export const shortDateTime = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", ...CLOCK });

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const monthDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" });

/** "just now", "5 minutes ago", "yesterday", "3 days ago", then a date ("Jun 12"). */
export function timeAgo(at: Date, now = Date.now()): string {
  const seconds = Math.round((at.getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 7 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return monthDay.format(at);
}

/** "Under 1 year experience", "1 year experience", "12 years experience". */
export function yearsLabel(years: number): string {
  if (years === 0) return "Under 1 year experience";
  return years === 1 ? "1 year experience" : `${years} years experience`;
}

/** The plural of a listed thing's noun: "cases", "salespeople" (not "salespersons"). */
export function plural(noun: string): string {
  return noun.endsWith("person") ? `${noun.slice(0, -"person".length)}people` : `${noun}s`;
}

/** "1 salesperson", "1,320 salespeople". */
export function countOf(total: number, noun: string): string {
  return `${total.toLocaleString("en-US")} ${total === 1 ? noun : plural(noun)}`;
}

/** "12 min", "5 h", "3 d": a span on a queue's clock. */
function span(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} d`;
}

/** A queue's clock at `now` (docs/product/support.md#reply-times): "Due in 5 h", "Overdue by 2 h", or, once answered or decided, nothing. */
export function dueLabel(dueAt: Date, now: Date, open: boolean): string | null {
  if (!open) return null;
  const left = dueAt.getTime() - now.getTime();
  return left < 0 ? `Overdue by ${span(left)}` : `Due in ${span(left)}`;
}
