// Feedback insights (docs/product/analytics.md#feedback-insights): figures computed from the published reviews
// themselves, the feed's filters and paging, the CSV export, the manager's reply from the feed, and who sees what.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const [a, b] = await h.sql<{ id: number; dealership_id: number; email: string; manager_email: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id, s.email, u.email as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   order by s.dealership_id, s.id limit 2`;
const manager = await h.signIn(a!.manager_email, "manager");
const salesperson = await h.signIn(a!.email, "salesperson");
const otherSalesperson = await h.signIn(b!.email, "salesperson");
const admin = await h.signIn("feedback.admin@example.org", "admin");
const api = (who: Awaited<ReturnType<typeof h.signIn>>) =>
  h.caller({
    user: who.user,
    session: { id: "s", userId: who.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });

// Reviews of salesperson a this month with known scores: one held (it must count nowhere).
const writer = await h.signIn("feedback.writer@example.org");
async function rate(overall: number, knowledge: number | null, comment: string, status = "published") {
  const [row] = await h.sql<{ id: number }[]>`
    insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                         communication_rating, knowledge_rating, comment, moderation_status)
    values (${a!.id}, ${writer.userId}, ${overall}, 3, 4, 5, ${knowledge}, ${comment}, ${status}) returning id`;
  return row!.id;
}
const unique = await rate(1, 2, "Zebra-striped paperwork took ages");
await rate(5, 4, "Knew every trim level");
await rate(2, null, "Hidden fees discussed, call 512-555-0100", "held");

describe("feedback insights", () => {
  it("computes each category per month, the distribution and the totals from the published rows", async () => {
    const insights = await api(manager).analytics.feedbackInsights({ salespersonId: a!.id, period: "3m" });
    const [expected] = await h.sql<
      { n: number; overall: number; knowledge: number; five: number; ones: number; replied: number }[]
    >`
      select count(*)::int as n, round(avg(overall_rating), 2)::float8 as overall,
             round(avg(knowledge_rating), 2)::float8 as knowledge,
             count(*) filter (where overall_rating = 5)::int as five,
             count(*) filter (where overall_rating = 1)::int as ones,
             count(rr.id)::int as replied
        from ratings r left join rating_replies rr on rr.rating_id = r.id
       where r.salesperson_id = ${a!.id} and r.moderation_status = 'published' and r.removed_at is null
         and date_trunc('month', r.created_at at time zone 'UTC') = date_trunc('month', now() at time zone 'UTC')`;
    expect(insights.monthly).toHaveLength(3);
    const current = insights.monthly.at(-1)!;
    expect(current).toMatchObject({
      reviews: expected!.n,
      overall: expected!.overall,
      knowledge: expected!.knowledge,
    });
    expect(insights.distribution.map((d) => d.stars)).toEqual([1, 2, 3, 4, 5]);
    expect(insights.distribution[4]!.count).toBeGreaterThanOrEqual(expected!.five);
    expect(insights.totals.reviews).toBe(insights.distribution.reduce((sum, d) => sum + d.count, 0));
    expect(insights.totals.reviews).toBe(insights.monthly.reduce((sum, m) => sum + m.reviews, 0));
    expect(insights.totals.replied + insights.totals.unreplied).toBe(insights.totals.reviews);
    expect(insights.latest.map((c) => c.comment)).not.toContain("Hidden fees discussed, call 512-555-0100");
    expect(insights.team.map((p) => p.id)).toEqual([a!.id]);
  });

  it("counts verified purchases among published reviews", async () => {
    const [claim] = await h.sql<{ id: number }[]>`
      insert into purchase_claims (customer_id, salesperson_id, dealership_id, status, source)
      values (${writer.userId}, ${a!.id}, ${a!.dealership_id}, 'confirmed', 'buyer') returning id`;
    const before = await api(manager).analytics.feedbackInsights({ salespersonId: a!.id, period: "3m" });
    await h.sql`update ratings set purchase_claim_id = ${claim!.id} where id = ${unique}`;
    const after = await api(manager).analytics.feedbackInsights({ salespersonId: a!.id, period: "3m" });
    expect(after.totals.verifiedPurchases).toBe(before.totals.verifiedPurchases + 1);
    expect(after.totals.verifiedShare).toBe(
      Math.round((after.totals.verifiedPurchases / after.totals.reviews) * 1000) / 10,
    );
  });

  it("filters the feed by stars, reply status and text (LIKE wildcards taken literally), paged", async () => {
    const feed = api(manager).analytics;
    const found = await feed.feedbackComments({ search: "Zebra-striped", period: "3m" });
    expect(found.items.map((c) => c.id)).toEqual([unique]);
    expect(found.items[0]).toMatchObject({ verifiedPurchase: true, reply: null, knowledgeRating: 2 });
    expect((await feed.feedbackComments({ search: "%", period: "3m" })).total).toBe(0);
    const ones = await feed.feedbackComments({ rating: 1, period: "12m", pageSize: 100 });
    expect(ones.items.every((c) => c.overallRating === 1)).toBe(true);
    expect(ones.items.map((c) => c.id)).toContain(unique);

    // The manager replies from the feed, through the reply every review has; the feed then shows it answered.
    await api(manager).reviews.reply({ ratingId: unique, body: "Thank you, we are speeding up paperwork." });
    const replied = await feed.feedbackComments({ replied: "replied", search: "Zebra", period: "3m" });
    expect(replied.items[0]?.reply?.body).toBe("Thank you, we are speeding up paperwork.");
    expect((await feed.feedbackComments({ replied: "unreplied", search: "Zebra", period: "3m" })).total).toBe(
      0,
    );
    const [audit] = await h.sql<{ action: string }[]>`
      select action from audit_log where entity_id = ${String(unique)} and action = 'rating.reply'`;
    expect(audit?.action).toBe("rating.reply");

    const first = await feed.feedbackComments({ period: "12m", pageSize: 2, page: 1 });
    const second = await feed.feedbackComments({ period: "12m", pageSize: 2, page: 2 });
    expect(first.items).toHaveLength(2);
    expect(second.items.map((c) => c.id)).not.toContain(first.items[0]!.id);
    const rest = await h.request("GET", "/api/analytics/feedback/comments?period=12m&pageSize=2", {
      cookie: manager.cookie,
    });
    expect(rest.status).toBe(200);
    expect(Number(rest.headers.get("x-total-count"))).toBe(first.total);
  });

  it("exports the filtered feed as CSV through the product's writer", async () => {
    const res = await h.request("GET", "/api/analytics/feedback/export?period=3m&search=Zebra", {
      cookie: manager.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = res.text.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Review ID,Written,Salesperson,Reviewer,Overall,Helpfulness,Product knowledge,Pressure level,Communication,Verified purchase,Comment,Reply,Replied at",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain("Zebra-striped paperwork took ages");
  });

  it("shows a manager their own team only, a salesperson themselves only, an administrator any", async () => {
    await expect(api(manager).analytics.feedbackInsights({ salespersonId: b!.id })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      api(manager).analytics.feedbackComments({ dealershipId: b!.dealership_id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const team = await api(manager).analytics.feedbackInsights();
    const [teamSize] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where dealership_id = ${a!.dealership_id}`;
    expect(team.team).toHaveLength(teamSize!.n);
    // Looking at one of them, the picker still lists the whole team (a colleague joins, so it has two).
    await h.sql`
      insert into salespeople (name, email, city, state, time_zone, dealership_id)
      values ('Feedback Colleague', 'feedback.colleague@example.org', 'Austin', 'TX', 'America/Chicago',
              ${a!.dealership_id})`;
    const one = await api(manager).analytics.feedbackInsights({ salespersonId: a!.id });
    expect(one.salespersonId).toBe(a!.id);
    const whole = await api(manager).analytics.feedbackInsights();
    expect(whole.team.length).toBeGreaterThan(1);
    expect(one.team).toEqual(whole.team);

    const own = await api(salesperson).analytics.feedbackComments({ period: "12m", pageSize: 100 });
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((c) => c.salespersonId === a!.id)).toBe(true);
    await expect(
      api(otherSalesperson).analytics.feedbackInsights({ salespersonId: a!.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const theirs = await api(otherSalesperson).analytics.feedbackComments({ search: "Zebra", period: "3m" });
    expect(theirs.total).toBe(0);
    await expect(
      api(otherSalesperson).reviews.reply({ ratingId: unique, body: "Not mine" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    const platform = await api(admin).analytics.feedbackComments({ search: "Zebra", period: "3m" });
    expect(platform.total).toBe(1);
    const customer = await h.signIn("feedback.customer@example.org");
    await expect(api(customer).analytics.feedbackInsights()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
