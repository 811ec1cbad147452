// How business-intelligence figures read: money in dollars (the API answers cents), rates as percentages
// with one decimal, averages in stars, months as "Jun 2026". Anything the API answers as null (nothing to
// divide by, not reported) reads as an em dash, never as a zero that was not measured.
import { type AnalyticsPeriod, PERIOD_LABELS } from "../../../shared/analytics";
import { formatCents } from "../../../shared/plans";
import { formatCalendar, mediumDateTime } from "../../ui/format";

export const DASH = "—";

export function money(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? DASH : formatCents(Math.round(cents));
}

/** Whole dollars for chart axes: "$1.2k", "$890". */
export function moneyTick(cents: number): string {
  const dollars = cents / 100;
  if (Math.abs(dollars) >= 1_000_000) return `$${trim(dollars / 1_000_000)}M`;
  if (Math.abs(dollars) >= 1_000) return `$${trim(dollars / 1_000)}k`;
  return `$${Math.round(dollars)}`;
}

function trim(value: number): string {
  return value.toFixed(1).replace(/\.0$/, "");
}

/** 12.3 -> "12.3%". */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : `${trim(value)}%`;
}

/** A change: 12.3 -> "+12.3%", -4 -> "−4%". */
export function signedPercent(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : `${sign(value)}${trim(Math.abs(value))}%`;
}

/** A change in stars: 0.12 -> "+0.12 ★". */
export function signedStars(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : `${sign(value)}${Math.abs(value).toFixed(2)} ★`;
}

function sign(value: number): string {
  return value > 0 ? "+" : value < 0 ? "−" : "±";
}

/** An average rating: 4.316 -> "4.32". */
export function stars(value: number | null | undefined): string {
  return value === null || value === undefined ? DASH : value.toFixed(2);
}

export function count(value: number): string {
  return value.toLocaleString("en-US");
}

/** "2026-06" -> "Jun 2026"; `long` -> "June 2026". */
export function monthLabel(month: string, long = false): string {
  return formatCalendar(`${month.slice(0, 7)}-01`, { month: long ? "long" : "short", year: "numeric" });
}

/** Trend buckets: days for 7d and 30d, weeks (from Monday) for 90d, months for 1y. */
export type BucketKind = "day" | "week" | "month";

export function bucketKind(period: AnalyticsPeriod): BucketKind {
  return period === "1y" ? "month" : period === "90d" ? "week" : "day";
}

/** Axis label of a trend bucket (YYYY-MM-DD): "Jun 3", or "Jun 2026" for months. */
export function bucketTick(bucket: string, kind: BucketKind): string {
  return kind === "month" ? monthLabel(bucket) : formatCalendar(bucket, { month: "short", day: "numeric" });
}

/** Tooltip heading of a trend bucket: "Wed, Jun 3", "Week of Jun 1", "June 2026". */
export function bucketTitle(bucket: string, kind: BucketKind): string {
  if (kind === "day") return formatCalendar(bucket, { weekday: "short", month: "short", day: "numeric" });
  if (kind === "week") return `Week of ${formatCalendar(bucket, { month: "short", day: "numeric" })}`;
  return monthLabel(bucket, true);
}

/** "Last 30 days" */
export function periodLabel(period: AnalyticsPeriod): string {
  return PERIOD_LABELS[period];
}

/** "the previous 30 days", "the previous year". */
export function previousPeriodLabel(period: AnalyticsPeriod): string {
  return PERIOD_LABELS[period].replace(/^Last/, "the previous");
}

/** When the figures were computed, in the reader's own zone: "Nov 23, 2026, 6:55 PM". */
export function asOfLabel(at: Date | string): string {
  return mediumDateTime.format(typeof at === "string" ? new Date(at) : at);
}
