// Wall-clock time in a named IANA zone <-> instants, using only Intl (correct across daylight-saving changes).

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

export type ZonedParts = {
  date: string;
  time: string;
  weekday: number;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
};

/**
 * A zone's offset from UTC at an instant, in milliseconds (whole seconds), read from Intl: the local wall clock
 * as if it were UTC, less the instant (to the second, as Intl shows seconds).
 */
function intlOffsetMs(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(ms)) parts[p.type] = p.value;
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return wall - Math.floor(ms / 1000) * 1000;
}

/** Offsets are kept per zone for spans of 15 minutes of UTC; a change of offset falls inside few of them. */
const SPAN_MS = 15 * 60_000;
const MAX_SPANS = 50_000;
const spanOffsets = new Map<string, Map<number, number>>();
let spansKept = 0;

/**
 * A zone's offset at an instant (ms). Intl's formatToParts is the slow part of every conversion (~10 µs; a
 * day's slot grid made ~100), so each 15-minute span's offset is read once and kept when it is the same at
 * the span's first and last second: offsets change only at whole seconds, never twice within 15 minutes.
 * A span with a change in it is read afresh for every instant.
 */
function offsetMs(ms: number, timeZone: string): number {
  const span = Math.floor(ms / SPAN_MS);
  let zone = spanOffsets.get(timeZone);
  const kept = zone?.get(span);
  if (kept !== undefined) return kept;
  const start = span * SPAN_MS;
  const first = intlOffsetMs(start, timeZone);
  if (first !== intlOffsetMs(start + SPAN_MS - 1000, timeZone)) return intlOffsetMs(ms, timeZone);
  if (spansKept >= MAX_SPANS) {
    spanOffsets.clear();
    spansKept = 0;
  }
  if (!zone) {
    zone = new Map();
    spanOffsets.set(timeZone, zone);
  }
  zone.set(span, first);
  spansKept++;
  return first;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall-clock date and time an instant shows in a zone. */
export function toZoned(instant: Date, timeZone: string): ZonedParts {
  const ms = instant.getTime();
  const local = new Date(Math.floor(ms / 1000) * 1000 + offsetMs(ms, timeZone));
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + 1;
  const day = local.getUTCDate();
  const hour = local.getUTCHours();
  const minute = local.getUTCMinutes();
  return {
    year,
    month,
    day,
    hour,
    minute,
    weekday: local.getUTCDay(),
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}`,
  };
}

/** Offset of the zone from UTC at an instant, in minutes (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  return Math.round(offsetMs(instant.getTime(), timeZone) / 60_000);
}

/**
 * The instant at which the zone's clocks show `date` `time` (YYYY-MM-DD, HH:mm). Times that do not exist
 * (skipped by a spring-forward change) resolve to the instant just after the gap, like most calendars.
 */
export function fromZoned(date: string, time: string, timeZone: string): Date {
  // Read by position, not split into arrays: a day's slot grids convert a thousand times for each salesperson
  // whose open times are kept (domains/appointments/openings.ts), and the arrays were most of the cost.
  const wall =
    date.length === 10 && time.length === 5
      ? Date.UTC(
          Number(date.slice(0, 4)),
          Number(date.slice(5, 7)) - 1,
          Number(date.slice(8, 10)),
          Number(time.slice(0, 2)),
          Number(time.slice(3, 5)),
        )
      : wallOf(date, time);
  const first = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  const second = wall - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  return new Date(second === first ? first : Math.max(first, second));
}

/**
 * One local date in a zone: its first instant, the next date's first instant, each wall-clock time's (ms), and
 * whether the day keeps one offset throughout (24 hours long).
 */
export type DayClock = { start: number; end: number; steady: boolean; at: (time: string) => number };

/** The clock made last: a day's grid and its opening hours ask for the same date's, one after the other. */
let lastClock: (DayClock & { date: string; timeZone: string }) | undefined;

/**
 * The instants of one local date in a zone, for converting many times of the same day: a day's slot grid and its
 * opening hours convert a hundred, and the server does so for two weeks of every salesperson whose open times it
 * keeps. A day 24 hours long has one offset throughout (a change of offset makes it 23 or 25), so each time is
 * its minutes after the day's first instant; a day with a change converts each time as fromZoned does, and so
 * does a time not written HH:MM.
 */
export function dayClock(date: string, timeZone: string): DayClock {
  if (lastClock && lastClock.date === date && lastClock.timeZone === timeZone) return lastClock;
  const start = fromZoned(date, "00:00", timeZone).getTime();
  const end = fromZoned(addDays(date, 1), "00:00", timeZone).getTime();
  const slow = (time: string) => fromZoned(date, time, timeZone).getTime();
  const steady = end - start === DAY_MS;
  const at = steady
    ? (time: string) =>
        time.length === 5 && time[2] === ":"
          ? start + (Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))) * 60_000
          : slow(time)
    : slow;
  lastClock = { date, timeZone, start, end, steady, at };
  return lastClock;
}

const DAY_MS = 86_400_000;

/** The wall-clock date and time as if they were UTC, for dates and times of another length than usual. */
function wallOf(date: string, time: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm);
}

/** Today's date (YYYY-MM-DD) in a zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return toZoned(now, timeZone).date;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  // Read by position when written YYYY-MM-DD: the open times of every salesperson add days a few dozen times.
  const [y, m, d] =
    date.length === 10
      ? [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))]
      : (date.split("-").map(Number) as [number, number, number]);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The years a date typed into the product may fall in; anything outside is refused as input. */
export const DATE_RANGE = { minYear: 1900, maxYear: 2100 } as const;

/** A real calendar date YYYY-MM-DD (no 2026-02-30) within DATE_RANGE. */
export function isIsoDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_RANGE.minYear || year > DATE_RANGE.maxYear || month < 1 || month > 12 || day < 1)
    return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A real date-time: YYYY-MM-DDTHH:MM, optional :SS and .mmm, optional Z or ±HH:MM offset. Every field is
 * checked, so nothing rolls over (month 13, hour 25, minute 60, offset +15:00 are refused).
 */
export function isIsoDateTime(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|([+-])(\d{2}):(\d{2}))?$/.exec(
    value,
  );
  if (!m || !isIsoDate(m[1]!)) return false;
  if (Number(m[2]) > 23 || Number(m[3]) > 59 || (m[4] !== undefined && Number(m[4]) > 59)) return false;
  if (m[6] !== undefined && (Number(m[7]) > 14 || Number(m[8]) > 59)) return false;
  return true;
}

/** ISO 8601 with the zone's offset, e.g. 2026-03-08T10:00:00-04:00. */
export function toOffsetIso(instant: Date, timeZone: string): string {
  const z = toZoned(instant, timeZone);
  const offset = zoneOffsetMinutes(instant, timeZone);
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  return `${z.date}T${z.time}:${pad(instant.getUTCSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
