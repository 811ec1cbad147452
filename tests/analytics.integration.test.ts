// Business intelligence: every figure equals a query written here over the seeded rows (appointments, ratings,
// salespeople, payments, subscriptions: never the rollups the service reads), for two periods; who sees what
// (administrators the platform, a manager their own dealership, nobody else); an empty database answers zeros
// and "no data"; the forecast's arithmetic.
import { describe, expect, it } from "vitest";
import { forecast, leastSquares } from "../src/server/domains/analytics/forecast";
import { ANNUAL_MONTHS_CHARGED, PLAN_IDS, PLANS } from "../src/shared/plans";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ANALYTICS_MAX_AGE_SECONDS: "0" });
await h.seed(0.05);

const admin = await h.signIn("analytics.admin@example.org", "admin");
const [own, other] = await h.sql<{ id: number; email: string }[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where exists (select 1 from salespeople s where s.dealership_id = d.id)
   order by d.id offset 5 limit 2`;
const manager = await h.signIn(own!.email, "manager");
const [person] = await h.sql<{ email: string }[]>`select email from salespeople order by id limit 1`;
const salesperson = await h.signIn(person!.email, "salesperson");
const customer = await h.signIn("analytics.customer@example.org");

const DAY = 86_400_000;
function windowOf(days: number) {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const from = today - (days - 1) * DAY;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return {
    from: iso(from),
    to: iso(today),
    previousFrom: iso(from - days * DAY),
    previousTo: iso(from - DAY),
  };
}
const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
const pct = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : null);
const growth = (cur: number, prev: number) => (prev > 0 ? round(((cur - prev) / prev) * 100, 1) : null);

async function get(path: string, who: { cookie: string } | null = admin) {
  return h.request("GET", path, who ? { cookie: who.cookie } : {});
}

/** Visits by UTC day of the visit and ratings by UTC day written, for a dealership or everyone. */
async function activity(from: string, to: string, dealershipId?: number) {
  const scope = dealershipId === undefined ? h.sql`true` : h.sql`s.dealership_id = ${dealershipId}`;
  const [visits] = await h.sql<{ all: number; completed: number; missed: number }[]>`
    select count(*)::int as all, count(*) filter (where a.status = 'completed')::int as completed,
           count(*) filter (where a.status = 'no-show')::int as missed
      from appointments a join salespeople s on s.id = a.salesperson_id
     where (a.starts_at at time zone 'UTC')::date between ${from}::date and ${to}::date and ${scope}`;
  const [rated] = await h.sql<{ n: number; avg: number | null }[]>`
    select count(*)::int as n, round(avg(r.overall_rating), 2)::float8 as avg
      from ratings r join salespeople s on s.id = r.salesperson_id
     where r.removed_at is null and r.moderation_status = 'published' and (r.created_at at time zone 'UTC')::date between ${from}::date and ${to}::date
       and ${scope}`;
  return { ...visits!, ratings: rated!.n, average: rated!.avg };
}

async function paid(from: string, to: string) {
  const [row] = await h.sql<{ total: number; n: number }[]>`
    select coalesce(sum(amount_cents), 0)::float8 as total, count(*)::int as n from payments
     where status = 'paid' and (paid_at at time zone 'UTC')::date between ${from}::date and ${to}::date`;
  return row!;
}

async function monthlyRecurring() {
  const rows = await h.sql<{ plan: string; interval: string; seats: number }[]>`
    select plan, interval, seats from subscriptions where status in ('active', 'past_due')`;
  return rows.reduce((sum, s) => {
    const plan = PLANS[s.plan as keyof typeof PLANS];
    const monthly =
      plan.unitAmountCents *
      Math.max(s.seats, plan.minQuantity) *
      (s.interval === "year" ? ANNUAL_MONTHS_CHARGED / 12 : 1);
    return sum + monthly;
  }, 0);
}

describe("seeded history", () => {
  it("has a year of visits with every outcome, and payments", async () => {
    const [row] = await h.sql<{ statuses: number; months: number; payments: number; canceled: number }[]>`
      select (select count(distinct status) from appointments)::int as statuses,
             (select count(distinct date_trunc('month', starts_at)) from appointments)::int as months,
             (select count(*) from payments where status = 'paid')::int as payments,
             (select count(*) from subscriptions where status = 'canceled')::int as canceled`;
    expect(row!.statuses).toBe(4);
    expect(row!.months).toBeGreaterThanOrEqual(12);
    expect(row!.payments).toBeGreaterThan(50);
    expect(row!.canceled).toBeGreaterThan(0);
  });
});

describe.each([
  ["30d", 30],
  ["1y", 365],
] as const)("figures over %s equal the rows", (period, days) => {
  const w = windowOf(days);

  it("executive summary: the platform", async () => {
    const res = await get(`/api/analytics/executive-summary?period=${period}`);
    expect(res.status).toBe(200);
    const body = res.json;
    const now = await activity(w.from, w.to);
    const before = await activity(w.previousFrom, w.previousTo);
    const money = await paid(w.from, w.to);
    const moneyBefore = await paid(w.previousFrom, w.previousTo);
    const [counts] = await h.sql<{ d: number; s: number }[]>`
      select (select count(*) from dealerships)::int as d, (select count(*) from salespeople)::int as s`;
    expect(body.scope).toEqual({ kind: "platform" });
    expect(body.window).toMatchObject({ period, days, ...w });
    expect(body.keyMetrics).toEqual({
      totalRevenue: money.total,
      revenueGrowthRate: growth(money.total, moneyBefore.total),
      totalDealerships: counts!.d,
      totalSalespeople: counts!.s,
      bookings: now.all,
      bookingsGrowthRate: growth(now.all, before.all),
      completionRate: pct(now.completed, now.completed + now.missed),
      noShowRate: pct(now.missed, now.completed + now.missed),
      averageRating: now.average,
      // The platform's own average is averageRating: no second figure is set beside it.
      platformAverageRating: null,
      customerSatisfactionTrend:
        now.average !== null && before.average !== null ? round(now.average - before.average, 2) : null,
      monthlyRecurringRevenue: Math.round(await monthlyRecurring()),
    });
    expect(body.revenueNote).toBeNull();
    expect(body.trend.reduce((s: number, p: { bookings: number }) => s + p.bookings, 0)).toBe(now.all);
    expect(body.trend.reduce((s: number, p: { ratings: number }) => s + p.ratings, 0)).toBe(now.ratings);
    for (const alert of body.alerts) expect(alert.threshold).toBeTruthy();
    expect(body.strategicInsights.length).toBeGreaterThan(0);
  });

  it("executive summary: one dealership, for its manager and for an administrator alike", async () => {
    const mine = await get(`/api/analytics/executive-summary?period=${period}`, manager);
    const asAdmin = await get(`/api/analytics/executive-summary?period=${period}&dealershipId=${own!.id}`);
    expect(mine.status).toBe(200);
    const withoutAsOf = (body: { window: Record<string, unknown> }) => ({
      ...body,
      window: { ...body.window, asOf: undefined },
    });
    expect(withoutAsOf(mine.json)).toEqual(withoutAsOf(asAdmin.json));
    const now = await activity(w.from, w.to, own!.id);
    const market = await activity(w.from, w.to);
    const [team] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where dealership_id = ${own!.id}`;
    expect(mine.json.scope).toMatchObject({ kind: "dealership", dealershipId: own!.id });
    expect(mine.json.keyMetrics).toMatchObject({
      totalRevenue: null,
      monthlyRecurringRevenue: null,
      totalDealerships: 1,
      totalSalespeople: team!.n,
      bookings: now.all,
      completionRate: pct(now.completed, now.completed + now.missed),
      noShowRate: pct(now.missed, now.completed + now.missed),
      averageRating: now.average,
      platformAverageRating: market.average,
    });
    // Two figures from two sources: the dealership's own reviews beside every dealership's.
    expect(now.average).not.toBe(market.average);
    expect(mine.json.revenueNote).toMatch(/administrators/);
  });

  it("revenue analytics", async () => {
    const res = await get(`/api/analytics/revenue?period=${period}`);
    expect(res.status).toBe(200);
    const money = await paid(w.from, w.to);
    const before = await paid(w.previousFrom, w.previousTo);
    const [active] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from subscriptions where status in ('active', 'past_due')`;
    const start = new Date(`${w.from}T00:00:00Z`);
    const end = new Date(Date.parse(`${w.to}T00:00:00Z`) + DAY);
    const [churn] = await h.sql<{ base: number; gone: number }[]>`
      select count(*)::int as base, count(*) filter (where canceled_at < ${end})::int as gone from subscriptions
       where status not in ('incomplete', 'incomplete_expired') and created_at < ${start}
         and (canceled_at is null or canceled_at >= ${start})`;
    const d = new Date();
    const ltvFrom = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 23, 1));
    const [ltv] = await h.sql<{ total: number; subs: number }[]>`
      select coalesce(sum(amount_cents), 0)::float8 as total, count(distinct subscription_id)::int as subs
        from payments where status = 'paid' and paid_at >= ${ltvFrom}`;
    const months = await h.sql<{ month: string; total: number; n: number }[]>`
      select to_char(paid_at at time zone 'UTC', 'YYYY-MM') as month, sum(amount_cents)::float8 as total,
             count(*)::int as n
        from payments where status = 'paid'
         and paid_at >= date_trunc('month', now() at time zone 'UTC') - interval '5 months'
       group by 1`;
    expect(res.json).toMatchObject({
      hasPayments: true,
      activeSubscriptions: active!.n,
      totalRevenue: money.total,
      paymentCount: money.n,
      revenueGrowthRate: growth(money.total, before.total),
      churnRate: pct(churn!.gone, churn!.base),
      customerLifetimeValue: Math.round(ltv!.total / ltv!.subs),
    });
    expect(res.json.monthlyRecurringRevenue).toBe(
      res.json.planMix.reduce(
        (s: number, p: { monthlyRecurringRevenue: number }) => s + p.monthlyRecurringRevenue,
        0,
      ),
    );
    expect(Math.abs(res.json.monthlyRecurringRevenue - (await monthlyRecurring()))).toBeLessThanOrEqual(
      PLAN_IDS.length,
    );
    expect(res.json.paymentTrends).toHaveLength(6);
    for (const trend of res.json.paymentTrends) {
      const row = months.find((m) => m.month === trend.month);
      expect(trend.total_revenue).toBe(row?.total ?? 0);
      expect(trend.payment_count).toBe(row?.n ?? 0);
    }
  });

  it("dealership performance: the first 10 by rating, and a manager's own row with its rank", async () => {
    const res = await get(`/api/analytics/dealerships?period=${period}`);
    expect(res.status).toBe(200);
    const rows = res.json.dealerships as {
      dealershipId: number;
      averageRating: number | null;
      totalRatings: number;
      bookedAppointments: number;
      completedAppointments: number;
      conversionRate: number | null;
      totalSalespeople: number;
      topPerformers: { name: string; average_rating: number }[];
    }[];
    expect(rows).toHaveLength(10);
    const expected = await h.sql<{ id: number; avg: number; n: number }[]>`
      select s.dealership_id as id, round(avg(r.overall_rating), 2)::float8 as avg, count(*)::int as n
        from ratings r join salespeople s on s.id = r.salesperson_id
       where r.removed_at is null and r.moderation_status = 'published' and s.dealership_id is not null
         and (r.created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date
       group by s.dealership_id
       order by avg(r.overall_rating) desc, count(*) desc, s.dealership_id limit 10`;
    expect(rows.map((r) => r.dealershipId)).toEqual(expected.map((e) => e.id));
    for (const [i, row] of rows.entries()) {
      const visits = await activity(w.from, w.to, row.dealershipId);
      const [team] = await h.sql<{ n: number }[]>`
        select count(*)::int as n from salespeople where dealership_id = ${row.dealershipId}`;
      expect(row).toMatchObject({
        averageRating: expected[i]!.avg,
        totalRatings: expected[i]!.n,
        bookedAppointments: visits.all,
        completedAppointments: visits.completed,
        conversionRate: pct(visits.completed, visits.all),
        totalSalespeople: team!.n,
      });
      const top = await h.sql<{ name: string; average_rating: number }[]>`
        select name, average_rating::float8 from salespeople
         where dealership_id = ${row.dealershipId} and total_reviews > 0
         order by average_rating desc, total_reviews desc, id limit 3`;
      expect(row.topPerformers).toEqual(top);
    }
    const [market] = await h.sql<{ avg: number | null; booked: number; done: number }[]>`
      select (select round(avg(r.overall_rating), 2)::float8 from ratings r join salespeople s on s.id = r.salesperson_id
               where s.dealership_id is not null and r.removed_at is null and r.moderation_status = 'published'
                 and (r.created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date) as avg,
             (select count(*) from appointments a join salespeople s on s.id = a.salesperson_id
               where s.dealership_id is not null
                 and (a.starts_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date)::int as booked,
             (select count(*) from appointments a join salespeople s on s.id = a.salesperson_id
               where s.dealership_id is not null and a.status = 'completed'
                 and (a.starts_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date)::int as done`;
    expect(res.json.market).toEqual({
      dealerships: 60,
      averageRating: market!.avg,
      conversionRate: pct(market!.done, market!.booked),
    });

    const mine = await get(`/api/analytics/dealerships?period=${period}`, manager);
    expect(mine.status).toBe(200);
    expect(mine.json.dealerships).toHaveLength(1);
    expect(mine.json.dealerships[0].dealershipId).toBe(own!.id);
    expect(mine.json.market).toEqual(res.json.market);
    const ranking = await h.sql<{ id: number }[]>`
      select s.dealership_id as id from ratings r join salespeople s on s.id = r.salesperson_id
       where r.removed_at is null and r.moderation_status = 'published' and s.dealership_id is not null
         and (r.created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date
       group by s.dealership_id order by avg(r.overall_rating) desc, count(*) desc, s.dealership_id`;
    const position = ranking.findIndex((r) => r.id === own!.id);
    expect(mine.json.rank).toEqual(position >= 0 ? { position: position + 1, of: ranking.length } : null);
  });

  it("market analysis", async () => {
    const res = await get(`/api/analytics/market?period=${period}`);
    expect(res.status).toBe(200);
    const [totals] = await h.sql<{ d: number; s: number; c: number; active: number }[]>`
      select (select count(*) from dealerships)::int as d, (select count(*) from salespeople)::int as s,
             (select count(*) from users where role = 'customer')::int as c,
             (select count(distinct customer_id) from appointments
               where status <> 'cancelled'
                 and (starts_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date)::int as active`;
    expect(res.json).toMatchObject({
      totalDealerships: totals!.d,
      totalSalespeople: totals!.s,
      totalCustomers: totals!.c,
      marketPenetration: pct(totals!.active, totals!.c),
    });
    const states = await h.sql<{ state: string; people: number; dealers: number }[]>`
      select s.state, count(*)::int as people,
             (select count(*) from dealerships d where d.state = s.state)::int as dealers
        from salespeople s group by s.state order by count(*) desc, s.state limit 8`;
    expect(res.json.geographicDistribution.map((g: { state: string }) => g.state)).toEqual(
      states.map((s) => s.state),
    );
    for (const [i, g] of res.json.geographicDistribution.entries()) {
      const [rated] = await h.sql<{ avg: number | null; n: number }[]>`
        select round(avg(r.overall_rating), 2)::float8 as avg, count(*)::int as n
          from ratings r join salespeople s on s.id = r.salesperson_id
         where r.removed_at is null and r.moderation_status = 'published' and s.state = ${states[i]!.state}
           and (r.created_at at time zone 'UTC')::date between ${w.from}::date and ${w.to}::date`;
      expect(g).toEqual({
        state: states[i]!.state,
        dealership_count: states[i]!.dealers,
        salesperson_count: states[i]!.people,
        salespeopleShare: pct(states[i]!.people, totals!.s),
        avg_rating: rated!.avg,
        ratings: rated!.n,
      });
    }
    const months = await h.sql<{ month: string; ratings: number; customers: number }[]>`
      select m.month, (select count(*) from ratings r where r.removed_at is null and r.moderation_status = 'published'
                        and to_char(r.created_at at time zone 'UTC', 'YYYY-MM') = m.month)::int as ratings,
             (select count(distinct customer_id) from appointments a where a.status <> 'cancelled'
                 and to_char(a.starts_at at time zone 'UTC', 'YYYY-MM') = m.month)::int as customers
        from (select to_char(generate_series(date_trunc('month', now() at time zone 'UTC') - interval '5 months',
                                             date_trunc('month', now() at time zone 'UTC'), interval '1 month'),
                             'YYYY-MM') as month) m order by m.month`;
    expect(res.json.growthTrends).toEqual(
      months.map((m) => ({ month: m.month, ratings_count: m.ratings, unique_customers: m.customers })),
    );
  });
});

describe("predictions", () => {
  it("fit the last 12 complete months of bookings and of revenue", async () => {
    const res = await get("/api/analytics/predictions");
    expect(res.status).toBe(200);
    const months = await h.sql<{ month: string; n: number }[]>`
      select to_char(starts_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n from appointments
       where starts_at >= date_trunc('month', now() at time zone 'UTC') - interval '12 months'
         and starts_at < date_trunc('month', now() at time zone 'UTC')
       group by 1 order by 1`;
    const history = res.json.bookings.history as { month: string; value: number }[];
    expect(history.length).toBeGreaterThanOrEqual(11);
    for (const point of history)
      expect(point.value).toBe(months.find((m) => m.month === point.month)?.n ?? 0);
    const fit = leastSquares(history.map((p) => p.value));
    expect(res.json.bookings.slope).toBeCloseTo(fit.slope, 3);
    expect(res.json.bookings.forecast).toHaveLength(3);
    expect(res.json.bookings.forecast[0].month).toBe(new Date().toISOString().slice(0, 7));
    for (const f of res.json.bookings.forecast) expect(f.low).toBeLessThanOrEqual(f.value);
    expect(res.json.revenue.history.length).toBeGreaterThanOrEqual(3);
    const mine = await get("/api/analytics/predictions", manager);
    expect(mine.json.revenue).toBeNull();
  });

  it("least squares: an exact line and a known noisy one", () => {
    expect(leastSquares([1, 3, 5, 7])).toEqual({ slope: 2, intercept: 1, rSquared: 1, standardError: 0 });
    // y = 2, 4, 5, 4, 5 at x = 0..4: slope 0.6, intercept 2.8, R² 0.6, s = sqrt(2.4 / 3).
    const fit = leastSquares([2, 4, 5, 4, 5]);
    expect(fit.slope).toBeCloseTo(0.6, 10);
    expect(fit.intercept).toBeCloseTo(2.8, 10);
    expect(fit.rSquared).toBeCloseTo(0.6, 10);
    expect(fit.standardError).toBeCloseTo(Math.sqrt(2.4 / 3), 10);
    const f = forecast(
      [2, 4, 5, 4, 5].map((value, i) => ({ month: `2026-0${i + 1}`, value })),
      ["2026-06"],
      2,
    );
    // x = 5: 2.8 + 3 = 5.8; margin = t(3) · s · sqrt(1 + 1/5 + (5-2)²/10) = 3.182 · 0.894 · 1.449.
    expect(f.forecast[0]!.value).toBe(5.8);
    expect(f.forecast[0]!.high - 5.8).toBeCloseTo(3.182 * Math.sqrt(0.8) * Math.sqrt(1 + 0.2 + 0.9), 1);
    expect(forecast([{ month: "2026-01", value: 3 }], ["2026-02"]).note).toMatch(/at least 3/);
  });
});

describe("who sees what", () => {
  it("a manager: their own dealership only, and 403 on the platform's revenue or another dealership", async () => {
    expect((await get(`/api/analytics/executive-summary?dealershipId=${other!.id}`, manager)).status).toBe(
      403,
    );
    expect((await get(`/api/analytics/dealerships?dealershipId=${other!.id}`, manager)).status).toBe(403);
    const revenue = await get("/api/analytics/revenue", manager);
    expect(revenue.status).toBe(403);
    expect(revenue.json.message).toBe("Platform revenue analytics are for administrators");
    const market = await get("/api/analytics/market", manager);
    expect(market.status).toBe(200);
    for (const g of market.json.geographicDistribution)
      if (g.dealership_count < 3 && g.avg_rating !== null) {
        const [mineHere] =
          await h.sql`select 1 from dealerships where id = ${own!.id} and state = ${g.state}`;
        expect(mineHere).toBeDefined();
      }
  });

  it("salespeople, customers and visitors get nothing", async () => {
    for (const path of [
      "/api/analytics/executive-summary",
      "/api/analytics/revenue",
      "/api/analytics/dealerships",
      "/api/analytics/market",
      "/api/analytics/predictions",
    ]) {
      expect((await get(path, salesperson)).status).toBe(403);
      expect((await get(path, customer)).status).toBe(403);
      expect((await get(path, null)).status).toBe(401);
    }
  });

  it("a bad period or dealership is a 400 or 404, never a 500", async () => {
    const bad = await get("/api/analytics/executive-summary?period=2w");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/7d, 30d, 90d or 1y/);
    expect((await get("/api/analytics/market?dealershipId=abc")).status).toBe(400);
    expect((await get("/api/analytics/market?dealershipId=999999")).status).toBe(404);
  });
});

describe("an empty database", () => {
  it("answers zeros and 'no data' without errors", async () => {
    const empty = await createHarness({ ANALYTICS_MAX_AGE_SECONDS: "0" });
    const boss = await empty.signIn("empty.admin@example.org", "admin");
    const summary = await empty.request("GET", "/api/analytics/executive-summary?period=7d", {
      cookie: boss.cookie,
    });
    expect(summary.status).toBe(200);
    expect(summary.json.keyMetrics).toMatchObject({
      totalRevenue: null,
      monthlyRecurringRevenue: null,
      totalDealerships: 0,
      bookings: 0,
      completionRate: null,
      averageRating: null,
    });
    expect(summary.json.revenueNote).toMatch(/No payments/);
    expect(summary.json.alerts).toEqual([]);
    expect(summary.json.trend).toHaveLength(7);
    const revenue = await empty.request("GET", "/api/analytics/revenue", { cookie: boss.cookie });
    expect(revenue.json).toMatchObject({ hasPayments: false, totalRevenue: 0, churnRate: null });
    const performance = await empty.request("GET", "/api/analytics/dealerships", { cookie: boss.cookie });
    expect(performance.json.dealerships).toEqual([]);
    const market = await empty.request("GET", "/api/analytics/market", { cookie: boss.cookie });
    expect(market.json).toMatchObject({
      totalCustomers: 0,
      marketPenetration: null,
      geographicDistribution: [],
    });
    const predictions = await empty.request("GET", "/api/analytics/predictions", { cookie: boss.cookie });
    expect(predictions.json.bookings.note).toMatch(/at least 3/);
  });
});
