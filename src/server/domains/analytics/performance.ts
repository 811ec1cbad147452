// Dealership performance: per dealership, the period's ratings, bookings and conversion (completed / booked),
// bookings of the last 30 days against the 30 before, team size and top performers. The platform view lists
// the first 10 by average rating; a dealership view lists that dealership with its rank and the market's
// aggregates beside it.

import { PERFORMANCE_DEALERSHIPS, TOP_PERFORMERS } from "../../../shared/analytics";
import type {
  AnalyticsInput,
  DealershipPerformance,
  DealershipPerformanceRow,
} from "../../../shared/schemas/analytics";
import type { Authed } from "../../serviceContext";
import { type Activity, activityColumns, NO_ACTIVITY } from "./activity";
import { average, growth, isoDay, percent, reportFrame, todayUtc } from "./scope";

type Aggregate = Activity & { dealershipId: number; recent: number; earlier: number };

export async function dealershipPerformance(
  ctx: Authed,
  input: AnalyticsInput,
): Promise<DealershipPerformance> {
  const { scope, window } = await reportFrame(ctx, input);
  const sql = ctx.sql;
  const today = todayUtc();
  const recentFrom = isoDay(today - 29 * 86_400_000);
  const earlierFrom = isoDay(today - 59 * 86_400_000);

  // Every dealership (60-odd rows from the rollup): the ranking and the market need them all.
  const [growthRows, inPeriod] = await Promise.all([
    sql<{ dealershipId: number; recent: number; earlier: number }[]>`
      select d.id as "dealershipId",
             coalesce(sum(a.appointments) filter (where a.day >= ${recentFrom}::date), 0)::int as recent,
             coalesce(sum(a.appointments) filter (where a.day < ${recentFrom}::date), 0)::int as earlier
        from dealerships d
        left join analytics_daily a
          on a.dealership_key = d.id and a.day between ${earlierFrom}::date and ${isoDay(today)}::date
       group by d.id`,
    sql<(Activity & { dealershipId: number })[]>`
      select dealership_key as "dealershipId", ${activityColumns(sql)} from analytics_daily
       where day between ${window.from}::date and ${window.to}::date and dealership_key <> 0
       group by dealership_key`,
  ]);
  const period = new Map(inPeriod.map((r) => [r.dealershipId, r]));
  const rows: Aggregate[] = growthRows.map((r) => ({ ...NO_ACTIVITY, ...period.get(r.dealershipId), ...r }));

  const ranked = rows
    .filter((r) => r.ratings > 0)
    .sort(
      (a, b) =>
        b.ratingSum / b.ratings - a.ratingSum / a.ratings ||
        b.ratings - a.ratings ||
        a.dealershipId - b.dealershipId,
    );
  const unrated = rows.filter((r) => r.ratings === 0).sort((a, b) => a.dealershipId - b.dealershipId);
  const chosen =
    scope.kind === "platform"
      ? [...ranked, ...unrated].slice(0, PERFORMANCE_DEALERSHIPS)
      : rows.filter((r) => r.dealershipId === scope.dealershipId);
  const ids = chosen.map((r) => r.dealershipId);

  const [details, performers] = await Promise.all([
    sql<{ id: number; name: string; city: string; state: string; salespeople: number }[]>`
      select d.id, d.name, d.city, d.state,
             (select coalesce(sum(salespeople), 0) from analytics_salespeople where dealership_key = d.id)::int
               as salespeople
        from dealerships d where d.id in ${sql(ids.length > 0 ? ids : [0])}`,
    sql<{ dealershipId: number; name: string; average_rating: number }[]>`
      select dealership_id as "dealershipId", name, average_rating::float8 as average_rating
        from analytics_top_performers
       where dealership_id in ${sql(ids.length > 0 ? ids : [0])} and rank <= ${TOP_PERFORMERS}
       order by dealership_id, rank`,
  ]);
  const detail = new Map(details.map((d) => [d.id, d]));

  const dealerships: DealershipPerformanceRow[] = chosen.map((r) => {
    const d = detail.get(r.dealershipId);
    return {
      dealershipId: r.dealershipId,
      name: d?.name ?? "",
      city: d?.city ?? "",
      state: d?.state ?? "",
      averageRating: average(r.ratingSum, r.ratings),
      totalSalespeople: d?.salespeople ?? 0,
      totalRatings: r.ratings,
      bookedAppointments: r.appointments,
      completedAppointments: r.completed,
      conversionRate: percent(r.completed, r.appointments),
      monthlyGrowth: growth(r.recent, r.earlier),
      topPerformers: performers
        .filter((p) => p.dealershipId === r.dealershipId)
        .map((p) => ({ name: p.name, average_rating: p.average_rating })),
    };
  });

  const totals = rows.reduce(
    (t, r) => ({
      ratings: t.ratings + r.ratings,
      ratingSum: t.ratingSum + r.ratingSum,
      appointments: t.appointments + r.appointments,
      completed: t.completed + r.completed,
    }),
    { ratings: 0, ratingSum: 0, appointments: 0, completed: 0 },
  );
  const position =
    scope.kind === "dealership" ? ranked.findIndex((r) => r.dealershipId === scope.dealershipId) : -1;
  return {
    scope,
    window,
    dealerships,
    market: {
      dealerships: rows.length,
      averageRating: average(totals.ratingSum, totals.ratings),
      conversionRate: percent(totals.completed, totals.appointments),
    },
    rank: position >= 0 ? { position: position + 1, of: ranked.length } : null,
  };
}
