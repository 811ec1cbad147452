// The span of time each usual zone's availability filter names ("today", "weekend" or a date), worked out once
// per minute in the server rather than for every salesperson a browse walk reaches: the time-zone arithmetic of
// a span was ~6 of the ~10 µs the database spent checking one salesperson (date_trunc, an ISO weekday and
// date_add in their zone), and a count walks up to 1,001 of them (browseConditions.ts, availableSql).

import { addDays, dayClock, toZoned } from "../../../shared/time";
import { USUAL_TIME_ZONES } from "../../geo/zipPlaces";

/** Each zone with its span [start, end), as parallel arrays for the statement's parameters (ISO instants). */
export type AvailabilityWindows = { zones: string[]; starts: string[]; ends: string[] };

const kept = new Map<string, AvailabilityWindows>();

/**
 * The spans as PostgreSQL works them out for each row (availableSql), for the usual zones. A span starts at
 * the local midnight of the date `available` names in the zone as of `now` (today; the coming Saturday, or
 * the one under way on a Sunday; the date itself) and lasts one day, two for the weekend, to a local midnight.
 * A zone is left out, for the database to work out, when a day around the span is not steady (24 hours long):
 * a change of offset at midnight leaves a local midnight that does not exist or happens twice, which the two
 * sides might read differently. Dates change only at whole minutes, so the spans are kept for the minute.
 */
export function availabilityWindows(available: string, now: Date): AvailabilityWindows {
  const key = `${available}|${Math.floor(now.getTime() / 60_000)}`;
  const hit = kept.get(key);
  if (hit) return hit;
  const windows: AvailabilityWindows = { zones: [], starts: [], ends: [] };
  for (const zone of USUAL_TIME_ZONES) {
    const local = toZoned(now, zone);
    let first = local.date;
    let days = 1;
    if (available === "weekend") {
      // ISO weekdays, as PostgreSQL's isodow: Monday 1 to Sunday 7. Sunday is the second day of its weekend.
      const isoWeekday = local.weekday === 0 ? 7 : local.weekday;
      first = addDays(local.date, isoWeekday === 7 ? -1 : 6 - isoWeekday);
      days = 2;
    } else if (available !== "today") first = available;
    const around = Array.from({ length: days + 2 }, (_, i) => dayClock(addDays(first, i - 1), zone));
    if (around.some((day) => !day.steady)) continue;
    windows.zones.push(zone);
    windows.starts.push(new Date(around[1]!.start).toISOString());
    windows.ends.push(new Date(around[days + 1]!.start).toISOString());
  }
  if (kept.size >= 100) kept.clear();
  kept.set(key, windows);
  return windows;
}
