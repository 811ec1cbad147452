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
      weekday: "short",
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

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The wall-clock date and time an instant shows in a zone. */
export function toZoned(instant: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  return {
    year,
    month,
    day,
    hour,
    minute,
    weekday: WEEKDAYS[parts.weekday ?? "Sun"] ?? 0,
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
}

/** Offset of the zone from UTC at an instant, in minutes (e.g. -300 for New York in winter). */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const z = toZoned(instant, timeZone);
  const asUtc = Date.UTC(
    z.year,
    z.month - 1,
    z.day,
    z.hour,
    z.minute,
    instant.getUTCSeconds(),
    instant.getUTCMilliseconds(),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/**
 * The instant at which the zone's clocks show `date` `time` (YYYY-MM-DD, HH:mm). Times that do not exist
 * (skipped by a spring-forward change) resolve to the instant just after the gap, like most calendars.
 */
export function fromZoned(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - zoneOffsetMinutes(new Date(wall), timeZone) * 60_000;
  const second = wall - zoneOffsetMinutes(new Date(first), timeZone) * 60_000;
  return new Date(second === first ? first : Math.max(first, second));
}

/** Today's date (YYYY-MM-DD) in a zone. */
export function todayIn(timeZone: string, now = new Date()): string {
  return toZoned(now, timeZone).date;
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
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
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${z.date}T${z.time}:${String(instant.getUTCSeconds()).padStart(2, "0")}${sign}${hh}:${mm}`;
}
