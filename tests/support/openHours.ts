// Dates and times the demo dealerships are open, for tests that book: every seeded dealership states the same
// hours (weekdays 9:00 to 20:00, Saturday to 18:00, closed on Sunday), and a booking outside them is refused.
import { weekdayOf } from "../../src/shared/openingHours";
import { addDays, todayIn } from "../../src/shared/time";

export { DEMO_HOURS } from "../../src/server/seed/dealerships";

/** Whether the demo dealerships keep full weekday hours (09:00 to 20:00) on a local date. */
export function isWeekday(date: string): boolean {
  const day = weekdayOf(date);
  return day !== "saturday" && day !== "sunday";
}

/**
 * The `n`-th weekday (Monday to Friday) after today in a zone: n = 1 is the next one. Distinct n give distinct
 * dates, so tests that spread bookings over days keep them apart; every slot from 09:00 to 19:30 is open on it.
 */
export function openDay(timeZone: string, n = 1): string {
  let date = todayIn(timeZone);
  for (let left = n; left > 0; ) {
    date = addDays(date, 1);
    if (isWeekday(date)) left--;
  }
  return date;
}
