// Calendar dates for booking journeys, as the booking dialog takes and names them.

/**
 * A calendar date at least `days` ahead that falls on a weekday: in the future in every US zone, inside the
 * booking horizon for small counts, and a day the demo dealerships are open (09:00 to 20:00; Saturdays close
 * at 18:00 and Sundays are closed, and bookings outside the opening hours are refused).
 */
export function daysAhead(days: number): string {
  let ms = Date.now() + days * 86_400_000;
  while ([0, 6].includes(new Date(ms).getUTCDay())) ms += 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** "Mon, Jun 15, 2026", as the dialog prints the day it shows. */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(`${date}T00:00:00Z`));
}
