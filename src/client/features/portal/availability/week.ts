// The availability week view's calendar maths: weeks run Monday to Sunday in the salesperson's own zone, and a
// weekly block repeats at the same wall-clock times (the shared rule the slot grid uses too).
import { blockIntervalsOn } from "../../../../shared/slots";
import { addDays, fromZoned } from "../../../../shared/time";

export type BlockLikeView = { startDateTime: string; endDateTime: string; isRecurring: boolean };

/** The Monday on or before a calendar date (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

export type DayOccurrence = {
  start: number;
  end: number;
  /** The block began on an earlier day / runs into the next day. */
  continuesFromBefore: boolean;
  continuesAfter: boolean;
};

/** Where a block sits on one local date: its (weekly) occurrences that touch the day, clipped to the day. */
export function blockOnDate(block: BlockLikeView, date: string, timeZone: string): DayOccurrence[] {
  const dayStart = fromZoned(date, "00:00", timeZone).getTime();
  const dayEnd = fromZoned(addDays(date, 1), "00:00", timeZone).getTime();
  const intervals = blockIntervalsOn(
    {
      startsAt: new Date(block.startDateTime),
      endsAt: new Date(block.endDateTime),
      isRecurring: block.isRecurring,
    },
    date,
    timeZone,
  );
  return intervals
    .filter((i) => i.start < dayEnd && i.end > dayStart)
    .map((i) => ({
      start: Math.max(i.start, dayStart),
      end: Math.min(i.end, dayEnd),
      continuesFromBefore: i.start < dayStart,
      continuesAfter: i.end > dayEnd,
    }))
    .sort((a, b) => a.start - b.start);
}

/** "Jun 8 – 14, 2026", "Jun 29 – Jul 5, 2026", "Dec 28, 2026 – Jan 3, 2027". */
export function weekRangeLabel(monday: string): string {
  const sunday = addDays(monday, 6);
  const at = (date: string) => new Date(`${date}T12:00:00Z`);
  const fmt = (date: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(at(date));
  if (monday.slice(0, 4) !== sunday.slice(0, 4)) {
    return `${fmt(monday, { month: "short", day: "numeric", year: "numeric" })} – ${fmt(sunday, { month: "short", day: "numeric", year: "numeric" })}`;
  }
  if (monday.slice(5, 7) !== sunday.slice(5, 7)) {
    return `${fmt(monday, { month: "short", day: "numeric" })} – ${fmt(sunday, { month: "short", day: "numeric" })}, ${sunday.slice(0, 4)}`;
  }
  return `${fmt(monday, { month: "short", day: "numeric" })} – ${fmt(sunday, { day: "numeric" })}, ${sunday.slice(0, 4)}`;
}

/** "Mon" and "8" for a column heading. */
export function dayHeading(date: string): { weekday: string; day: string; long: string } {
  const at = new Date(`${date}T12:00:00Z`);
  const fmt = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(at);
  return {
    weekday: fmt({ weekday: "short" }),
    day: fmt({ day: "numeric" }),
    long: fmt({ weekday: "long", month: "long", day: "numeric" }),
  };
}
