// Market analysis: the platform's reach (dealerships, salespeople, customers, the share of customers with a
// visit in the period), the first 8 states by salespeople with the period's ratings, and the last 6 months of
// ratings and unique customers. Market-wide aggregates for every caller; a manager sees a state's average
// rating only where at least MIN_DEALERSHIPS_FOR_STATE_RATING dealerships share it, so no figure is one other
// dealership's own.

import { MARKET_STATES, MARKET_TREND_MONTHS } from "../../../shared/analytics";
import type { AnalyticsInput, MarketAnalytics } from "../../../shared/schemas/analytics";
import { isAdmin } from "../../access";
import type { Authed } from "../../serviceContext";
import { average, dayBounds, monthKey, percent, reportFrame } from "./scope";

export const MIN_DEALERSHIPS_FOR_STATE_RATING = 3;

export async function marketAnalytics(ctx: Authed, input: AnalyticsInput): Promise<MarketAnalytics> {
  const { scope, window } = await reportFrame(ctx, input);
  const sql = ctx.sql;
  const firstMonth = `${monthKey(-(MARKET_TREND_MONTHS - 1))}-01`;
  const current = dayBounds(window.from, window.to);
  const own = scope.kind === "dealership" ? scope.dealershipId : null;

  const [totals, states, trends] = await Promise.all([
    // Customers with a visit in the period: one probe of appointments (customer, visit time) per account.
    sql<{ dealerships: number; salespeople: number; customers: number; active: number }[]>`
      select (select count(*) from dealerships)::int as dealerships,
             (select coalesce(sum(salespeople), 0) from analytics_salespeople)::int as salespeople,
             (select count(*) from users where role = 'customer')::int as customers,
             (select count(*) from users u
               where exists (select 1 from appointments a
                              where a.customer_id = u.id and a.status <> 'cancelled'
                                and a.starts_at >= ${current.start} and a.starts_at < ${current.end}))::int as active`,
    sql<
      {
        state: string;
        dealerships: number;
        salespeople: number;
        ratings: number;
        ratingSum: number;
        ownState: boolean;
      }[]
    >`
      with people as (
        select state, sum(salespeople)::int as salespeople from analytics_salespeople group by state
      ), dealers as (
        select state, count(*)::int as dealerships, bool_or(id = ${own ?? 0}) as own from dealerships group by state
      ), rated as (
        select state, sum(ratings)::int as ratings, sum(rating_sum)::int as rating_sum from analytics_daily
         where day between ${window.from}::date and ${window.to}::date group by state
      )
      select p.state, coalesce(d.dealerships, 0) as dealerships, p.salespeople,
             coalesce(r.ratings, 0) as ratings, coalesce(r.rating_sum, 0) as "ratingSum",
             coalesce(d.own, false) as "ownState"
        from people p left join dealers d using (state) left join rated r using (state)
       order by p.salespeople desc, p.state
       limit ${MARKET_STATES}`,
    sql<{ month: string; ratings: number; customers: number }[]>`
      with months as (
        select m::date as month, (m + interval '1 month')::date as next
          from generate_series(${firstMonth}::date, date_trunc('month', now() at time zone 'UTC')::date,
                               interval '1 month') as m
      )
      select to_char(m.month, 'YYYY-MM') as month,
             (select coalesce(sum(ratings), 0) from analytics_days
               where day >= m.month and day < m.next)::int as ratings,
             (select count(*) from analytics_customer_months c where c.month = m.month)::int as customers
        from months m order by m.month`,
  ]);
  const total = totals[0] ?? { dealerships: 0, salespeople: 0, customers: 0, active: 0 };
  const seesEveryState = isAdmin(ctx.user);
  return {
    scope,
    window,
    totalDealerships: total.dealerships,
    totalSalespeople: total.salespeople,
    totalCustomers: total.customers,
    marketPenetration: percent(total.active, total.customers),
    geographicDistribution: states.map((s) => ({
      state: s.state,
      dealership_count: s.dealerships,
      salesperson_count: s.salespeople,
      salespeopleShare: percent(s.salespeople, total.salespeople) ?? 0,
      avg_rating:
        seesEveryState ||
        s.dealerships >= MIN_DEALERSHIPS_FOR_STATE_RATING ||
        (s.ownState && s.dealerships === 1)
          ? average(s.ratingSum, s.ratings)
          : null,
      ratings: s.ratings,
    })),
    growthTrends: trends.map((t) => ({
      month: t.month,
      ratings_count: t.ratings,
      unique_customers: t.customers,
    })),
  };
}
