// Platform revenue from the payments and subscriptions Stripe reported (src/server/domains/subscriptions):
// money paid per period and month, the monthly recurring revenue of active subscriptions, churn and lifetime
// value. Administrators only.

import type { z } from "zod";
import { LIFETIME_VALUE_MONTHS, REVENUE_TREND_MONTHS } from "../../../shared/analytics";
import { ANNUAL_MONTHS_CHARGED, PLAN_IDS, PLANS, type PlanId } from "../../../shared/plans";
import type { platformAnalyticsInput, RevenueAnalytics } from "../../../shared/schemas/analytics";
import { joinSql, type Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";
import { demoDataOfReport, demoMoney } from "./demo";
import { rollupsAsOf } from "./rollup";
import { dayBounds, growth, monthKey, percent, requirePlatform, windowFor } from "./scope";

/** Subscriptions that pay every month: MRR counts these (a trial has not paid yet; past due still owes). */
export const RECURRING_STATUSES = ["active", "past_due"] as const;

/**
 * The catalogue as a SQL table: plan, price of one unit per month (cents), fewest units. The monthly
 * equivalent of a subscription is unit price × max(seats, fewest units), × 10/12 when billed yearly.
 */
function catalogueSql(sql: Queryable) {
  const rows = PLAN_IDS.map(
    (id) => sql`(${id}::text, ${PLANS[id].unitAmountCents}::int, ${PLANS[id].minQuantity}::int)`,
  );
  return sql`(values ${joinSql(sql, rows, ",")}) as catalogue(plan, unit_cents, min_units)`;
}

export function monthlyAmountSql(sql: Queryable, alias: string) {
  return sql`catalogue.unit_cents * greatest(${sql(`${alias}.seats`)}, catalogue.min_units)
             * (case when ${sql(`${alias}.interval`)} = 'year' then ${ANNUAL_MONTHS_CHARGED}::float8 / 12 else 1 end)`;
}

/** Monthly recurring revenue and active subscriptions, per plan. */
export async function recurringByPlan(sql: Queryable) {
  return sql<{ plan: PlanId; subscriptions: number; mrr: number }[]>`
    select s.plan, count(*)::int as subscriptions, round(sum(${monthlyAmountSql(sql, "s")}))::float8 as mrr
      from subscriptions s join ${catalogueSql(sql)} on catalogue.plan = s.plan
     where s.status in ${sql(RECURRING_STATUSES)}
     group by s.plan`;
}

/** Paid in [start, end): amount (cents) and number of payments. */
export async function paidBetween(sql: Queryable, start: Date, end: Date) {
  const [row] = await sql<{ total: number; count: number }[]>`
    select coalesce(sum(amount_cents), 0)::float8 as total, count(*)::int as count
      from payments where status = 'paid' and paid_at >= ${start} and paid_at < ${end}`;
  return row ?? { total: 0, count: 0 };
}

export async function hasPayments(sql: Queryable): Promise<boolean> {
  const [row] = await sql`select 1 from payments where status = 'paid' limit 1`;
  return row !== undefined;
}

export async function revenueAnalytics(
  ctx: Authed,
  input: z.output<typeof platformAnalyticsInput>,
): Promise<RevenueAnalytics> {
  requirePlatform(ctx);
  const sql = ctx.sql;
  const window = windowFor(input.period, await rollupsAsOf(ctx));
  const current = dayBounds(window.from, window.to);
  const previous = dayBounds(window.previousFrom, window.previousTo);
  const firstMonth = monthKey(-(REVENUE_TREND_MONTHS - 1));
  const ltvSince = new Date(`${monthKey(-(LIFETIME_VALUE_MONTHS - 1))}-01T00:00:00Z`);

  const trendStart = new Date(`${firstMonth}-01T00:00:00Z`);
  const [paid, before, recurring, failed, churn, lifetime, months, any, demo] = await Promise.all([
    paidBetween(sql, current.start, current.end),
    paidBetween(sql, previous.start, previous.end),
    recurringByPlan(sql),
    sql<{ n: number }[]>`
      select count(*)::int as n from payments
       where status = 'failed' and failed_at >= ${current.start} and failed_at < ${current.end}`,
    // Churn: of the subscriptions running when the period began, the share cancelled within it.
    sql<{ atStart: number; cancelled: number }[]>`
      select count(*)::int as "atStart",
             count(*) filter (where canceled_at < ${current.end})::int as cancelled
        from subscriptions
       where status not in ('incomplete', 'incomplete_expired')
         and created_at < ${current.start}
         and (canceled_at is null or canceled_at >= ${current.start})`,
    sql<{ total: number; subscriptions: number }[]>`
      select coalesce(sum(amount_cents), 0)::float8 as total, count(distinct subscription_id)::int as subscriptions
        from payments where status = 'paid' and paid_at >= ${ltvSince}`,
    sql<{ month: string; plan: PlanId; total: number; count: number }[]>`
      select to_char(p.paid_at at time zone 'UTC', 'YYYY-MM') as month, s.plan,
             sum(p.amount_cents)::float8 as total, count(*)::int as count
        from payments p join subscriptions s on s.id = p.subscription_id
       where p.status = 'paid' and p.paid_at >= ${new Date(`${firstMonth}-01T00:00:00Z`)}
       group by 1, 2`,
    hasPayments(sql),
    // The tab sums payments from the earliest of its period, its monthly trend and its lifetime value.
    demoMoney(
      sql,
      new Date(Math.min(current.start.getTime(), trendStart.getTime(), ltvSince.getTime())),
      current.end,
    ),
  ]);

  const paymentTrends = Array.from({ length: REVENUE_TREND_MONTHS }, (_, i) => {
    const month = monthKey(i - (REVENUE_TREND_MONTHS - 1));
    const rows = months.filter((m) => m.month === month);
    return {
      month,
      total_revenue: rows.reduce((sum, m) => sum + m.total, 0),
      payment_count: rows.reduce((sum, m) => sum + m.count, 0),
      byPlan: Object.fromEntries(rows.map((m) => [m.plan, m.total])),
    };
  });
  const ltv = lifetime[0] ?? { total: 0, subscriptions: 0 };
  const churnRow = churn[0] ?? { atStart: 0, cancelled: 0 };
  return {
    window,
    hasPayments: any,
    monthlyRecurringRevenue: recurring.reduce((sum, r) => sum + r.mrr, 0),
    activeSubscriptions: recurring.reduce((sum, r) => sum + r.subscriptions, 0),
    totalRevenue: paid.total,
    paymentCount: paid.count,
    failedPayments: failed[0]?.n ?? 0,
    revenueGrowthRate: growth(paid.total, before.total),
    churnRate: percent(churnRow.cancelled, churnRow.atStart),
    customerLifetimeValue: ltv.subscriptions > 0 ? Math.round(ltv.total / ltv.subscriptions) : null,
    paymentTrends,
    planMix: PLAN_IDS.map((plan) => {
      const row = recurring.find((r) => r.plan === plan);
      return {
        plan,
        name: PLANS[plan].name,
        activeSubscriptions: row?.subscriptions ?? 0,
        monthlyRecurringRevenue: row?.mrr ?? 0,
      };
    }),
    demoData: demoDataOfReport(null, demo),
  };
}
