// Calendar dates for booking journeys, as the booking dialog takes and names them.

/** A calendar date `days` ahead: in the future in every US zone, inside the booking horizon for small counts. */
export function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
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
