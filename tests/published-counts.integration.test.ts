// Held reviews count nowhere a published one does (docs/product/reviews.md#gaming-rules): the public profile's
// average and review count, the analytics a manager reads (drawn from the rollups of drizzle/0016, 0025), the
// manager's overview and the salesperson's own overview stay as they were when a held review arrives, and move
// when a published one does.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ANALYTICS_MAX_AGE_SECONDS: "0" });
await h.seed(0.02);

const [place] = await h.sql<{ id: number; email: string; dealership_id: number; manager_email: string }[]>`
  select s.id, s.email::text as email, s.dealership_id, u.email::text as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where s.verified_at is not null
   order by s.id limit 1`;
const person = place!;
const manager = await h.signIn(person.manager_email, "manager");
const seller = await h.signIn(person.email, "salesperson");
const sellerApi = h.caller({
  user: seller.user,
  session: { id: "s", userId: seller.userId, expiresAt: new Date(), authenticatedAt: new Date() },
});

/** A visit of `buyer` with the salesperson that ended an hour ago and that staff marked completed. */
async function completedVisit(buyer: { userId: string }) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, completed_at,
                              customer_name, customer_phone)
    values (${person.id}, ${buyer.userId}, 'Test Drive', now() - interval '2 hours', 'completed', now(),
            'Ray Viewer', '(512) 555-0101')
    returning id`;
  return row!.id;
}

async function review(buyer: { cookie: string; userId: string }, stars: number, comment: string) {
  const appointmentId = await completedVisit(buyer);
  const res = await h.request("POST", "/api/ratings-submit", {
    cookie: buyer.cookie,
    body: {
      salespersonId: person.id,
      appointmentId,
      overallRating: stars,
      helpfulnessRating: stars,
      pressureLevelRating: stars,
      communicationRating: stars,
      knowledgeRating: stars,
      comment,
    },
  });
  expect(res.status, res.text).toBe(201);
  const [row] = await h.sql<{ moderation_status: string }[]>`
    select moderation_status from ratings where appointment_id = ${appointmentId}`;
  return row!.moderation_status;
}

/** Every figure a review moves, as the public, the manager and the salesperson read them. */
async function figures() {
  const profile = await h.request("GET", `/api/salespeople/${person.id}`);
  const reviews = await h.request("GET", `/api/salespeople/${person.id}/reviews`);
  const analytics = await h.request("GET", "/api/analytics/dealerships?period=30d", {
    cookie: manager.cookie,
  });
  const summary = await h.request("GET", "/api/analytics/executive-summary?period=30d", {
    cookie: manager.cookie,
  });
  const overview = await h.request("GET", "/api/manager/overview", { cookie: manager.cookie });
  for (const res of [profile, reviews, analytics, summary, overview]) expect(res.status, res.text).toBe(200);
  const own = analytics.json.dealerships.find(
    (d: { dealershipId: number }) => d.dealershipId === person.dealership_id,
  );
  const portal = await sellerApi.portal.overview({ period: "30d" });
  return {
    profile: {
      averageRating: profile.json.averageRating,
      totalReviews: profile.json.totalReviews,
      categoryAverages: profile.json.categoryAverages,
      listed: profile.json.ratings.length,
      reviews: reviews.json.total ?? Number(reviews.headers.get("x-total-count")),
    },
    analytics: { totalRatings: own.totalRatings, averageRating: own.averageRating },
    summary: {
      averageRating: summary.json.keyMetrics.averageRating,
      ratings: summary.json.trend.reduce((n: number, day: { ratings: number }) => n + day.ratings, 0),
    },
    manager: { averageRating: overview.json.averageRating, totalReviews: overview.json.totalReviews },
    portal: { reviewsInPeriod: portal.totals.reviewsInPeriod, ratingsOverTime: portal.ratingsOverTime },
  };
}

describe("a held review", () => {
  it("changes no figure anyone reads, and a published review changes each of them", async () => {
    const before = await figures();
    const heldBuyer = await h.signIn("held.buyer@example.org");
    expect(await review(heldBuyer, 1, "Terrible. Call me on (512) 555-0188 and I will tell you why.")).toBe(
      "held",
    );
    expect(await figures()).toEqual(before);

    const buyer = await h.signIn("published.buyer@example.org");
    expect(await review(buyer, 1, "Pushy from the first minute to the last.")).toBe("published");
    const after = await figures();
    expect(after.profile.totalReviews).toBe(before.profile.totalReviews + 1);
    expect(after.profile.listed).toBe(Math.min(before.profile.listed + 1, 20));
    expect(after.profile.reviews).toBe(before.profile.reviews + 1);
    expect(after.profile.averageRating).toBeLessThan(before.profile.averageRating);
    expect(after.analytics.totalRatings).toBe(before.analytics.totalRatings + 1);
    expect(after.summary.ratings).toBe(before.summary.ratings + 1);
    expect(after.summary.averageRating).not.toBe(before.summary.averageRating);
    expect(after.manager.totalReviews).toBe(before.manager.totalReviews + 1);
    expect(after.portal.reviewsInPeriod).toBe(before.portal.reviewsInPeriod + 1);
  });
});
