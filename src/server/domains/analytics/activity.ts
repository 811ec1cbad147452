// Sums over the day-level rollup (analytics_daily) that several reports share: bookings, visit outcomes and
// ratings of a scope over spans of days (several spans in one scan), and the same per trend bucket.
import type { AnalyticsPeriod } from "../../../shared/analytics";
import type { AnalyticsScope, TrendPoint } from "../../../shared/schemas/analytics";
import { joinSql, type Queryable } from "../../db/client";
import { average, rollupSource } from "./scope";

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

/** Rollup column → answer field. */
const COLUMNS = [
  ["appointments", "appointments"],
  ["completed", "completed"],
  ["no_shows", "noShows"],
  ["cancelled", "cancelled"],
  ["ratings", "ratings"],
  ["rating_sum", "ratingSum"],
] as const;

/** The activity columns summed over a group of rollup rows, named as the answer's fields. */
export function activityColumns(sql: Queryable) {
  return joinSql(
    sql,
    COLUMNS.map(([column, field]) => sql`coalesce(sum(${sql(column)}), 0)::int as ${sql(field)}`),
    ",",
  );
}

export type Span = { from: string; to: string; scope: AnalyticsScope };

/** Each span's activity (its days and scope), in one statement. */
export async function activityOf<K extends string>(
  sql: Queryable,
  spans: Record<K, Span>,
): Promise<Record<K, Activity>> {
  const entries = Object.entries(spans) as [K, Span][];
  const branches = entries.map(
    ([key, span]) => sql`
      select ${key}::text as span, ${activityColumns(sql)} from ${rollupSource(sql, span.scope)}
       where day between ${span.from}::date and ${span.to}::date`,
  );
  const rows = await sql<
    (Activity & { span: K })[]
  >`${branches.reduce((all, b) => sql`${all} union all ${b}`)}`;
  return Object.fromEntries(
    entries.map(([key]) => {
      const { span: _span, ...activity } = rows.find((r) => r.span === key) ?? { span: key, ...NO_ACTIVITY };
      return [key, activity];
    }),
  ) as Record<K, Activity>;
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
    select to_char(b.bucket, 'YYYY-MM-DD') as bucket, ${joinSql(
      sql,
      COLUMNS.map(([, field]) => sql`coalesce(t.${sql(field)}, 0)::int as ${sql(field)}`),
      ",",
    )}
      from generate_series(date_trunc(${unit}, ${from}::date), ${to}::date, ${`1 ${unit}`}::interval) as b(bucket)
      left join (
        select date_trunc(${unit}, day) as bucket, ${activityColumns(sql)}
           from ${rollupSource(sql, scope)}
         where day between ${from}::date and ${to}::date
         group by 1
      ) t on t.bucket = b.bucket
     order by b.bucket`;
  return rows.map((r) => ({
    bucket: r.bucket,
    bookings: r.appointments,
    completed: r.completed,
    noShows: r.noShows,
    ratings: r.ratings,
    averageRating: average(r.ratingSum, r.ratings),
  }));
}

/** Salespeople in a scope, from the rollup of team sizes. */
export async function salespeopleIn(sql: Queryable, scope: AnalyticsScope): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select coalesce(sum(salespeople), 0)::int as n from analytics_salespeople
     where ${scope.kind === "platform" ? sql`true` : sql`dealership_key = ${scope.dealershipId}`}`;
  return row?.n ?? 0;
}
