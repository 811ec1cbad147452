// The executive summary: a scope's key figures for the period against the previous equal period, what stood
// out, and the insights and alerts those figures raise (with the thresholds of src/shared/analytics.ts).

import { PERIOD_LABELS, ANALYTICS_THRESHOLDS as T } from "../../../shared/analytics";
import { round } from "../../../shared/numbers";
import { formatCents } from "../../../shared/plans";
import type {
  AnalyticsAlert,
  AnalyticsInput,
  AnalyticsScope,
  AnalyticsWindow,
  ExecutiveSummary,
  PerformanceHighlight,
} from "../../../shared/schemas/analytics";
import type { Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";
import {
  type Activity,
  activityColumns,
  activityOf,
  resolvedVisits,
  salespeopleIn,
  trendBetween,
} from "./activity";
import { demoActivity, demoDataOfReport, demoMoney } from "./demo";
import { hasPayments, paidBetween, recurringByPlan } from "./revenue";
import { average, dayBounds, growth, percent, reportFrame } from "./scope";

type Figures = {
  current: Activity;
  previous: Activity;
  bookingsGrowth: number | null;
  completionRate: number | null;
  previousCompletionRate: number | null;
  noShowRate: number | null;
  averageRating: number | null;
  previousAverageRating: number | null;
  revenue: { current: number; growth: number | null } | null;
};

export async function executiveSummary(ctx: Authed, input: AnalyticsInput): Promise<ExecutiveSummary> {
  const { scope, window } = await reportFrame(ctx, input);
  const sql = ctx.sql;
  const platform = scope.kind === "platform";
  const current = dayBounds(window.from, window.to);
  const previousBounds = dayBounds(window.previousFrom, window.previousTo);

  const spansQuery = activityOf(sql, {
    now: { from: window.from, to: window.to, scope },
    before: { from: window.previousFrom, to: window.previousTo, scope },
    market: { from: window.from, to: window.to, scope: { kind: "platform" } },
  });
  const [
    spans,
    dealerships,
    salespeople,
    trend,
    paymentsExist,
    paid,
    paidBefore,
    recurring,
    highlights,
    demo,
  ] = await Promise.all([
    spansQuery,
    platform ? sql<{ n: number }[]>`select count(*)::int as n from dealerships`.then((r) => r[0]?.n ?? 0) : 1,
    salespeopleIn(sql, scope),
    trendBetween(sql, scope, input.period, window.from, window.to),
    platform ? hasPayments(sql) : false,
    platform ? paidBetween(sql, current.start, current.end) : null,
    platform ? paidBetween(sql, previousBounds.start, previousBounds.end) : null,
    platform ? recurringByPlan(sql) : null,
    platform ? platformHighlights(sql, window) : dealershipHighlights(sql, scope, spansQuery),
    Promise.all([
      demoActivity(sql, scope, current.start, current.end),
      platform ? demoMoney(sql, current.start, current.end) : null,
    ]),
  ]);
  const { now, before, market } = spans;

  const reportsRevenue = platform && paymentsExist && paid !== null && paidBefore !== null;
  const figures: Figures = {
    current: now,
    previous: before,
    bookingsGrowth: growth(now.appointments, before.appointments),
    completionRate: percent(now.completed, resolvedVisits(now)),
    previousCompletionRate: percent(before.completed, resolvedVisits(before)),
    noShowRate: percent(now.noShows, resolvedVisits(now)),
    averageRating: average(now.ratingSum, now.ratings),
    previousAverageRating: average(before.ratingSum, before.ratings),
    revenue: reportsRevenue ? { current: paid.total, growth: growth(paid.total, paidBefore.total) } : null,
  };
  const trendStars =
    figures.averageRating !== null && figures.previousAverageRating !== null
      ? round(figures.averageRating - figures.previousAverageRating, 2)
      : null;

  return {
    scope,
    window,
    keyMetrics: {
      totalRevenue: figures.revenue?.current ?? null,
      revenueGrowthRate: figures.revenue?.growth ?? null,
      totalDealerships: dealerships,
      totalSalespeople: salespeople,
      bookings: now.appointments,
      bookingsGrowthRate: figures.bookingsGrowth,
      completionRate: figures.completionRate,
      noShowRate: figures.noShowRate,
      averageRating: figures.averageRating,
      // A dealership compares its own average with the platform's; the platform has nothing else to compare with.
      platformAverageRating: platform ? null : average(market.ratingSum, market.ratings),
      customerSatisfactionTrend: trendStars,
      monthlyRecurringRevenue: reportsRevenue && recurring ? recurring.reduce((s, r) => s + r.mrr, 0) : null,
    },
    revenueNote: reportsRevenue
      ? null
      : platform
        ? "No payments have been recorded yet: revenue figures start with the first paid invoice."
        : "Revenue is reported for the whole platform, to administrators.",
    performanceHighlights: highlights,
    strategicInsights: insights(figures, window, trendStars),
    alerts: alerts(figures, trendStars),
    trend,
    demoData: demoDataOfReport(demo[0], reportsRevenue ? demo[1] : null),
  };
}

function stars(value: number): string {
  return `${value.toFixed(2)} ★`;
}

/** The platform's standouts of the period: best-rated dealership, busiest state, best conversion. */
async function platformHighlights(sql: Queryable, window: AnalyticsWindow): Promise<PerformanceHighlight[]> {
  const [byDealership, byState] = await Promise.all([
    sql<(Activity & { name: string; prevRatings: number; prevRatingSum: number })[]>`
      select d.name, a.*, coalesce(p.ratings, 0)::int as "prevRatings", coalesce(p.rating_sum, 0)::int as "prevRatingSum"
        from (select dealership_key, ${activityColumns(sql)} from analytics_daily
               where day between ${window.from}::date and ${window.to}::date and dealership_key <> 0
               group by dealership_key) a
        join dealerships d on d.id = a.dealership_key
        left join (select dealership_key, sum(ratings) as ratings, sum(rating_sum) as rating_sum from analytics_daily
                    where day between ${window.previousFrom}::date and ${window.previousTo}::date
                    group by dealership_key) p on p.dealership_key = a.dealership_key`,
    sql<{ state: string; appointments: number; previous: number }[]>`
      select state,
             coalesce(sum(appointments) filter (where day >= ${window.from}::date), 0)::int as appointments,
             coalesce(sum(appointments) filter (where day < ${window.from}::date), 0)::int as previous
        from analytics_daily where day between ${window.previousFrom}::date and ${window.to}::date
       group by state order by appointments desc, state limit 1`,
  ]);
  const out: PerformanceHighlight[] = [];
  const rated = byDealership
    .filter((d) => d.ratings > 0)
    .sort((a, b) => b.ratingSum / b.ratings - a.ratingSum / a.ratings || b.ratings - a.ratings);
  const best = rated[0];
  if (best) {
    const prev = average(best.prevRatingSum, best.prevRatings);
    const avg = average(best.ratingSum, best.ratings) ?? 0;
    out.push({
      name: best.name,
      metric: "Highest average rating",
      value: `${stars(avg)} from ${best.ratings} reviews`,
      trend: prev === null ? null : round(avg - prev, 2),
    });
  }
  const state = byState[0];
  if (state && state.appointments > 0)
    out.push({
      name: state.state,
      metric: "Most bookings",
      value: `${state.appointments} bookings`,
      trend: growth(state.appointments, state.previous),
    });
  const converting = byDealership
    .filter((d) => d.appointments >= 10)
    .sort(
      (a, b) =>
        b.completed / b.appointments - a.completed / a.appointments || b.appointments - a.appointments,
    )[0];
  if (converting)
    out.push({
      name: converting.name,
      metric: "Best conversion",
      value: `${percent(converting.completed, converting.appointments)}% of ${converting.appointments} bookings completed`,
      trend: null,
    });
  return out;
}

/**
 * A dealership's standouts: its best-rated salesperson (all-time, from the top-performer rollup), and how its
 * rating and completion compare with the whole market in the period.
 */
async function dealershipHighlights(
  sql: Queryable,
  scope: AnalyticsScope,
  spans: Promise<{ now: Activity; market: Activity }>,
): Promise<PerformanceHighlight[]> {
  if (scope.kind !== "dealership") return [];
  const [[top], { now, market }] = await Promise.all([
    sql<{ name: string; average_rating: number }[]>`
      select name, average_rating::float8 as average_rating from analytics_top_performers
       where dealership_id = ${scope.dealershipId} and rank = 1`,
    spans,
  ]);
  const out: PerformanceHighlight[] = [];
  if (top)
    out.push({ name: top.name, metric: "Top performer", value: stars(top.average_rating), trend: null });
  const rating = average(now.ratingSum, now.ratings);
  const marketRating = average(market.ratingSum, market.ratings);
  if (rating !== null && marketRating !== null)
    out.push({
      name: scope.dealershipName,
      metric: "Average rating against the market",
      value: `${stars(rating)} (market ${stars(marketRating)})`,
      trend: round(rating - marketRating, 2),
    });
  const completion = percent(now.completed, resolvedVisits(now));
  const marketCompletion = percent(market.completed, resolvedVisits(market));
  if (completion !== null && marketCompletion !== null)
    out.push({
      name: scope.dealershipName,
      metric: "Completion against the market",
      value: `${completion}% (market ${marketCompletion}%)`,
      trend: round(completion - marketCompletion, 1),
    });
  return out;
}

function insights(f: Figures, window: AnalyticsWindow, trendStars: number | null): string[] {
  const label = PERIOD_LABELS[window.period].toLowerCase();
  const out: string[] = [];
  if (f.current.appointments === 0 && f.current.ratings === 0) {
    out.push(`No bookings or reviews in the ${label} yet.`);
    return out;
  }
  if (f.bookingsGrowth !== null) {
    if (f.bookingsGrowth >= T.growthNotable)
      out.push(
        `Bookings grew ${f.bookingsGrowth}% against the previous ${window.days} days (${f.previous.appointments} → ${f.current.appointments}).`,
      );
    else if (f.bookingsGrowth <= -T.declineWarning)
      out.push(
        `Bookings fell ${Math.abs(f.bookingsGrowth)}% against the previous ${window.days} days: look at availability and response times.`,
      );
    else
      out.push(
        `Bookings held steady against the previous ${window.days} days (${f.bookingsGrowth > 0 ? "+" : ""}${f.bookingsGrowth}%).`,
      );
  }
  if (f.completionRate !== null)
    out.push(
      f.completionRate >= T.completionTarget
        ? `${f.completionRate}% of visits that came due were completed, above the ${T.completionTarget}% target.`
        : `${f.completionRate}% of visits that came due were completed, below the ${T.completionTarget}% target: reminders and confirmations help.`,
    );
  if (f.averageRating !== null && f.averageRating >= T.ratingStrong)
    out.push(`Customers rate visits ${f.averageRating} on average: a strength to feature in marketing.`);
  if (trendStars !== null && trendStars >= T.ratingDrop)
    out.push(`The average rating rose ${trendStars} stars against the previous period.`);
  if (f.revenue?.growth != null && f.revenue.growth >= T.growthNotable)
    out.push(`Revenue grew ${f.revenue.growth}% to ${formatCents(f.revenue.current)}.`);
  return out;
}

function alerts(f: Figures, trendStars: number | null): AnalyticsAlert[] {
  const out: AnalyticsAlert[] = [];
  if (f.noShowRate !== null && f.noShowRate > T.noShowWarning)
    out.push({
      type: f.noShowRate > T.noShowCritical ? "critical" : "warning",
      message: `${f.noShowRate}% of visits that came due were missed.`,
      threshold: `Warning above ${T.noShowWarning}%, critical above ${T.noShowCritical}% no-shows`,
    });
  if (f.completionRate !== null && f.completionRate < T.completionTarget)
    out.push({
      type: "warning",
      message: `Completion rate ${f.completionRate}% is below target.`,
      threshold: `Target ${T.completionTarget}% of visits that came due`,
    });
  if (trendStars !== null && trendStars <= -T.ratingDrop)
    out.push({
      type: "warning",
      message: `The average rating fell ${Math.abs(trendStars)} stars against the previous period.`,
      threshold: `A drop of ${T.ratingDrop} stars or more`,
    });
  if (f.bookingsGrowth !== null && f.bookingsGrowth <= -T.declineWarning)
    out.push({
      type: f.bookingsGrowth <= -T.declineCritical ? "critical" : "warning",
      message: `Bookings fell ${Math.abs(f.bookingsGrowth)}% against the previous period.`,
      threshold: `Warning at a ${T.declineWarning}% decline, critical at ${T.declineCritical}%`,
    });
  if (f.revenue?.growth != null && f.revenue.growth <= -T.declineWarning)
    out.push({
      type: f.revenue.growth <= -T.declineCritical ? "critical" : "warning",
      message: `Revenue fell ${Math.abs(f.revenue.growth)}% against the previous period.`,
      threshold: `Warning at a ${T.declineWarning}% decline, critical at ${T.declineCritical}%`,
    });
  if (out.length === 0 && f.current.appointments > 0)
    out.push({
      type: "info",
      message: "No figure crossed an alert threshold in this period.",
      threshold: "No-shows, completion, rating, bookings and revenue are checked",
    });
  return out;
}
