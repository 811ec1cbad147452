// How the manager dashboard writes its figures.

export const wholeNumber = new Intl.NumberFormat("en-US");

/** 0.5 -> "50%"; null (nothing to measure yet) -> an en dash. */
export function percent(value: number | null): string {
  return value === null ? "—" : `${Math.round(value * 100)}%`;
}

/** The current month in the viewer's calendar, YYYY-MM. */
export function currentMonth(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}`;
}

/** "2026-05" -> "May 2026". */
export function monthLabel(month: string): string {
  const [year, mon] = month.split("-").map(Number);
  if (!year || !mon) return month;
  return new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, mon - 1, 1)),
  );
}
