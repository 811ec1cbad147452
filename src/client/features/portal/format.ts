// How dashboard figures read: rates as whole percentages, chart buckets as short dates.
import type { SalespersonOverview } from "../../../shared/schemas/portal";
import { formatCalendar } from "../../ui/format";

export type BucketKind = SalespersonOverview["bucket"];

/** 0.833 -> "83%"; no closed appointments yet -> an em dash rather than a misleading 0%. */
export function formatPercent(rate: number | null | undefined): string {
  if (rate === null || rate === undefined || Number.isNaN(rate)) return "—";
  return `${Math.round(rate * 100)}%`;
}

/** Axis label of a bucket (YYYY-MM-DD, already in the salesperson's zone): "Jun 3", or "Jun" for months. */
export function bucketTick(bucket: string, kind: BucketKind): string {
  return kind === "month"
    ? formatCalendar(bucket, { month: "short" })
    : formatCalendar(bucket, { month: "short", day: "numeric" });
}

/** Tooltip heading of a bucket: "Wed, Jun 3", "Week of Jun 1", "June 2026". */
export function bucketTitle(bucket: string, kind: BucketKind): string {
  switch (kind) {
    case "day":
      return formatCalendar(bucket, { weekday: "short", month: "short", day: "numeric" });
    case "week":
      return `Week of ${formatCalendar(bucket, { month: "short", day: "numeric" })}`;
    default:
      return formatCalendar(bucket, { month: "long", year: "numeric" });
  }
}

/** The wall-clock part of an ISO string with offset ("2026-06-08T09:30:00-04:00" -> "2026-06-08T09:30"). */
export function localInputValue(isoWithOffset: string): string {
  return isoWithOffset.slice(0, 16);
}
