// Sums over the day-level rollup (analytics_daily) that several reports share: bookings, visit outcomes and
// ratings of a scope over a span of days, and the same per trend bucket.
import type { AnalyticsPeriod } from "../../../shared/analytics";
import type { AnalyticsScope, TrendPoint } from "../../../shared/schemas/analytics";
import type { Queryable } from "../../db/client";
import { average, rollupScopeSql } from "./scope";

export type Activity = {
  appointments: number;
  completed: number;
  noShows: number;
  cancelled: number;
  ratings: number;
  ratingSum: number;
};

export const NO_ACTIVITY: Activity = {
  appointments: 0,
  completed: 0,
  noShows: 0,
  cancelled: 0,
  ratings: 0,
  ratingSum: 0,
};

export function activityColumns(sql: Queryable) {
  return sql`coalesce(sum(appointments), 0)::int as appointments, coalesce(sum(completed), 0)::int as completed,
             coalesce(sum(no_shows), 0)::int as "noShows", coalesce(sum(cancelled), 0)::int as cancelled,
             coalesce(sum(ratings), 0)::int as ratings, coalesce(sum(rating_sum), 0)::int as "ratingSum"`;
}

/** A scope's activity over the UTC days [from, to]. */
export async function activityBetween(
  sql: Queryable,
  scope: AnalyticsScope,
  from: string,
  to: string,
): Promise<Activity> {
  const [row] = await sql<Activity[]>`
    select ${activityColumns(sql)} from analytics_daily
     where day between ${from}::date and ${to}::date and ${rollupScopeSql(sql, scope)}`;
  return row ?? NO_ACTIVITY;
}

/** Visits that came due and were resolved: completed or missed. */
export function resolvedVisits(a: Activity): number {
  return a.completed + a.noShows;
}

const BUCKET: Readonly<Record<AnalyticsPeriod, "day" | "week" | "month">> = {
  "7d": "day",
  "30d": "day",
  "90d": "week",
  "1y": "month",
};

/** The period's activity per day (7d, 30d), ISO week (90d) or month (1y), every bucket present. */
export async function trendBetween(
  sql: Queryable,
  scope: AnalyticsScope,
  period: AnalyticsPeriod,
  from: string,
  to: string,
): Promise<TrendPoint[]> {
  const unit = BUCKET[period];
  const rows = await sql<(Activity & { bucket: string })[]>`
    with buckets as (
      select generate_series(date_trunc(${unit}, ${from}::date), ${to}::date, ${`1 ${unit}`}::interval)::date as bucket
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, ${activityColumns(sql)}
      from buckets b
      left join analytics_daily d
        on date_trunc(${unit}, d.day)::date = b.bucket
       and d.day between ${from}::date and ${to}::date and ${rollupScopeSql(sql, scope)}
     group by b.bucket order by b.bucket`;
  return rows.map((r) => ({
    bucket: r.bucket,
    bookings: r.appointments,
    completed: r.completed,
    noShows: r.noShows,
    ratings: r.ratings,
    averageRating: average(r.ratingSum, r.ratings),
  }));
}
