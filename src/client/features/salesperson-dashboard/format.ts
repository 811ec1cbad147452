// How dashboard figures read: rates as whole percentages, chart buckets as short dates, times in the
// salesperson's own zone.
import type { SalespersonOverview } from "../../../shared/schemas/portal";

export type BucketKind = SalespersonOverview["bucket"];

/** 0.833 -> "83%"; no closed appointments yet -> an em dash rather than a misleading 0%. */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return "—";
  return `${Math.round(rate * 100)}%`;
}

function calendarDate(bucket: string): Date {
  const [y, m, d] = bucket.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

function formatUtc(bucket: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", ...options }).format(calendarDate(bucket));
}

/** Axis label of a bucket (YYYY-MM-DD, already in the salesperson's zone): "Jun 3", or "Jun" for months. */
export function bucketTick(bucket: string, kind: BucketKind): string {
  return kind === "month"
    ? formatUtc(bucket, { month: "short" })
    : formatUtc(bucket, { month: "short", day: "numeric" });
}

/** Tooltip heading of a bucket: "Wed, Jun 3", "Week of Jun 1", "June 2026". */
export function bucketTitle(bucket: string, kind: BucketKind): string {
  switch (kind) {
    case "day":
      return formatUtc(bucket, { weekday: "short", month: "short", day: "numeric" });
    case "week":
      return `Week of ${formatUtc(bucket, { month: "short", day: "numeric" })}`;
    default:
      return formatUtc(bucket, { month: "long", year: "numeric" });
  }
}

export const PERIOD_LABELS = {
  "7d": "7 days",
  "30d": "30 days",
  "90d": "90 days",
  "1y": "1 year",
} as const;

/** "9:30 AM" as the clocks of `timeZone` show the instant. */
export function clockTime(instant: Date | number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(instant);
}

/** "Mon, Jun 8 · 9:30 AM" in `timeZone`. */
export function dateAndTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
  }).format(at);
  return `${date} · ${clockTime(at, timeZone)}`;
}

/** The wall-clock part of an ISO string with offset ("2026-06-08T09:30:00-04:00" -> "2026-06-08T09:30"). */
export function localInputValue(isoWithOffset: string): string {
  return isoWithOffset.slice(0, 16);
}
