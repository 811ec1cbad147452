// The gaming rules of docs/product/reviews.md#gaming-rules, one test each, and the moderation of the reviews they
// hold: a held review is on neither the profile nor the averages until an administrator publishes it. Also the
// optional product-knowledge score.
import { describe, expect, it } from "vitest";
import { REVIEW_BURST } from "../src/shared/reviews";
import { createHarness } from "./support/harness";
import { makeManager, managerOf } from "./support/members";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const people = await h.sql<{ id: number; dealership_id: number; email: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id, s.email from salespeople s
   where s.dealership_id is not null order by s.dealership_id, s.id limit 4`;
const [sp, burstSp, moderatedSp, colleagueSp] = people;
const admin = await h.signIn("gaming.admin@example.org", "admin");
const scores = {
  overallRating: 4,
  helpfulnessRating: 4,
  pressureLevelRating: 5,
  communicationRating: 4,
  knowledgeRating: 5,
};

type Account = Awaited<ReturnType<typeof h.signIn>>;
const api = (who: Account) =>
  h.caller({
    user: who.user,
    session: { id: "s", userId: who.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });

/** A buyer; `old` accounts are a year old, new ones were opened now. */
async function buyer(email: string, old = true) {
  const account = await h.signIn(email);
  if (old) await h.sql`update users set created_at = now() - interval '1 year' where id = ${account.userId}`;
  return account;
}

async function completedVisit(customerId: string, salespersonId: number) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone, completed_at)
    values (${salespersonId}, ${customerId}, 'Test Drive',
            now() - interval '2 days' - random() * interval '20 days', 'completed', 'Gaming Test', '5125550100',
            now() - interval '1 day') returning id`;
  return row!.id;
}

function review(who: Account, salespersonId: number, extra: Record<string, unknown> = {}) {
  return completedVisit(who.userId, salespersonId).then((appointmentId) =>
    h.request("POST", "/api/ratings-submit", {
      cookie: who.cookie,
      body: { salespersonId, appointmentId, ...scores, ...extra },
    }),
  );
}

async function published(salespersonId: number) {
  const list = await h.caller().reviews.list({ salespersonId, pageSize: 50 });
  const [row] = await h.sql<{ total_reviews: number }[]>`
    select total_reviews from salespeople where id = ${salespersonId}`;
  return { ids: list.items.map((r) => r.id), total: list.total, aggregate: row!.total_reviews };
}

describe("gaming rules", () => {
  it("refuses a review from the salesperson, the dealership's manager or a colleague, with 403", async () => {
    const insider = await buyer("gaming.insider@example.org");
    // The salesperson's own account.
    await h.sql`update salespeople set user_id = ${insider.userId} where id = ${sp!.id}`;
    let res = await review(insider, sp!.id);
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({
      code: "STAFF_CANNOT_REVIEW",
      message: "People who work at a dealership cannot review anyone at it.",
    });
    await h.sql`update salespeople set user_id = null where id = ${sp!.id}`;

    // A colleague: a salesperson at the same dealership.
    await h.sql`update salespeople set dealership_id = ${sp!.dealership_id}, user_id = ${insider.userId}
                 where id = ${colleagueSp!.id}`;
    res = await review(insider, sp!.id);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("STAFF_CANNOT_REVIEW");
    await h.sql`update salespeople set user_id = null where id = ${colleagueSp!.id}`;

    // The dealership's manager.
    const before = await managerOf(h.sql, sp!.dealership_id);
    await makeManager(h.sql, sp!.dealership_id, insider.userId);
    res = await review(insider, sp!.id);
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("STAFF_CANNOT_REVIEW");
    if (before) await makeManager(h.sql, sp!.dealership_id, before);

    // No longer linked: the same account may review.
    res = await review(insider, sp!.id);
    expect(res.status).toBe(201);
    expect(res.json.moderationStatus).toBe("published");
  });

  it("allows one review per buyer per salesperson in 90 days, and says from when the next one is allowed", async () => {
    const regular = await buyer("gaming.regular@example.org");
    const first = await review(regular, sp!.id);
    expect(first.status).toBe(201);
    const second = await review(regular, sp!.id);
    expect(second.status).toBe(409);
    expect(second.json.code).toBe("REVIEW_COOLDOWN");
    const next = new Date(Date.now() + 90 * 86_400_000);
    const nextDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(next);
    expect(second.json.message).toContain(`You may review them again from ${nextDay}.`);
    // Another salesperson is another matter.
    expect((await review(regular, burstSp!.id)).status).toBe(201);
    // Once the first review is more than 90 days old, the buyer may review the salesperson again.
    await h.sql`update ratings set created_at = now() - interval '91 days' where id = ${first.json.id}`;
    expect((await review(regular, sp!.id)).status).toBe(201);
  });

  it("holds a burst of reviews from new accounts for one salesperson; old accounts stay published", async () => {
    const before = await published(burstSp!.id);
    const ids: number[] = [];
    for (let i = 0; i < REVIEW_BURST.reviews; i++) {
      const res = await review(await buyer(`gaming.new${i}@example.org`, false), burstSp!.id);
      expect(res.json.moderationStatus).toBe("published");
      ids.push(res.json.id);
    }
    const held = await review(await buyer("gaming.newest@example.org", false), burstSp!.id);
    expect(held.status).toBe(201);
    expect(held.json).toMatchObject({ moderationStatus: "held" });
    expect(held.json.heldReason).toContain(`${REVIEW_BURST.reviews} reviews of this salesperson`);
    const veteran = await review(await buyer("gaming.veteran@example.org"), burstSp!.id);
    expect(veteran.json.moderationStatus).toBe("published");

    const after = await published(burstSp!.id);
    expect(after.ids).not.toContain(held.json.id);
    expect(after.ids).toEqual(expect.arrayContaining([...ids, veteran.json.id]));
    expect(after.total).toBe(before.total + REVIEW_BURST.reviews + 1);
    expect(after.aggregate).toBe(after.total);
    // Outside the window the burst is over: a new account's review is published again.
    await h.sql`update ratings set created_at = now() - interval '2 days' where id in ${h.sql(ids)}`;
    const later = await review(await buyer("gaming.later@example.org", false), burstSp!.id);
    expect(later.json.moderationStatus).toBe("published");
  });

  it("holds reviews with contact details; the buyer is told, and it counts nowhere until published", async () => {
    const before = await published(moderatedSp!.id);
    const writer = await buyer("gaming.contact@example.org");
    const res = await review(writer, moderatedSp!.id, { comment: "Great deal, call me at (512) 555-0199" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      moderationStatus: "held",
      heldReason: "The review contains contact details (a phone number).",
      totalReviews: before.aggregate,
    });
    const mine = await api(writer).reviews.mine();
    expect(mine.find((r) => r.id === res.json.id)?.moderationStatus).toBe("held");
    expect((await published(moderatedSp!.id)).ids).not.toContain(res.json.id);

    // An edit that adds contact details holds a published review too.
    const editor = await buyer("gaming.editor@example.org");
    const clean = await review(editor, moderatedSp!.id, { comment: "Friendly and patient" });
    expect(clean.json.moderationStatus).toBe("published");
    await api(editor).reviews.edit({ id: clean.json.id, comment: "Better deals at www.otherlot.biz" });
    expect((await published(moderatedSp!.id)).ids).not.toContain(clean.json.id);
    const [edited] = await h.sql<{ moderation_status: string; held_reason: string }[]>`
      select moderation_status, held_reason from ratings where id = ${clean.json.id}`;
    expect(edited).toEqual({
      moderation_status: "held",
      held_reason: "The review contains contact details (a web address).",
    });
  });

  it("lets administrators only publish or reject held reviews, with the reason, audited", async () => {
    const writer = await buyer("gaming.publish@example.org");
    const held = await review(writer, moderatedSp!.id, { comment: "Mail me: buyer@example.com" });
    const other = await review(await buyer("gaming.reject@example.org"), moderatedSp!.id, {
      comment: "See cheap-cars.example.com",
    });
    const queue = await api(admin).reviews.heldReviews({ search: "buyer@example.com" });
    expect(queue.items.map((r) => r.id)).toEqual([held.json.id]);
    expect(queue.items[0]).toMatchObject({
      heldReason: "The review contains contact details (an e-mail address).",
      salespersonId: moderatedSp!.id,
    });
    const customerApi = api(writer);
    await expect(customerApi.reviews.heldReviews()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      customerApi.reviews.decideHeld({ ratingId: held.json.id, decision: "publish" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });

    const before = await published(moderatedSp!.id);
    const decided = await h.request("POST", `/api/admin/held-reviews/${held.json.id}/decision`, {
      cookie: admin.cookie,
      body: { decision: "publish", note: "The address is the buyer's own; fine" },
    });
    expect(decided.status).toBe(200);
    expect(decided.json).toEqual({ ratingId: held.json.id, moderationStatus: "published" });
    const after = await published(moderatedSp!.id);
    expect(after.ids).toContain(held.json.id);
    expect(after.aggregate).toBe(before.aggregate + 1);

    await api(admin).reviews.decideHeld({ ratingId: other.json.id, decision: "reject", note: "Advertising" });
    expect((await published(moderatedSp!.id)).ids).not.toContain(other.json.id);
    // Decided once: a second decision finds nothing held.
    await expect(
      api(admin).reviews.decideHeld({ ratingId: other.json.id, decision: "publish" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const audit = await h.sql<{ action: string; entity_id: string; reason: string }[]>`
      select action, entity_id, reason from audit_log where action in ('rating.publish', 'rating.reject')
       order by id`;
    expect(audit).toEqual([
      {
        action: "rating.publish",
        entity_id: String(held.json.id),
        reason: "The address is the buyer's own; fine",
      },
      { action: "rating.reject", entity_id: String(other.json.id), reason: "Advertising" },
    ]);
    const remaining = await api(admin).reviews.heldReviews({ search: "cheap-cars" });
    expect(remaining.total).toBe(0);
  });
});

describe("product knowledge score", () => {
  it("is optional: a four-score request is taken (201), stored without one, and no average counts it as 0", async () => {
    const [fresh] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Quillon Ashgrove', 'quillon.ashgrove@example.org', 'Austin', 'TX', 'America/Chicago') returning id`;
    const withKnowledge = await buyer("knowledge.five@example.org");
    const five = await review(withKnowledge, fresh!.id, { overallRating: 5, knowledgeRating: 2 });
    expect(five.status).toBe(201);
    const fourScorer = await buyer("knowledge.four@example.org");
    const { knowledgeRating: _, ...fourScores } = scores;
    const appointmentId = await completedVisit(fourScorer.userId, fresh!.id);
    const four = await h.request("POST", "/api/ratings-submit", {
      cookie: fourScorer.cookie,
      body: { salespersonId: fresh!.id, appointmentId, ...fourScores, overallRating: 3 },
    });
    expect(four.status).toBe(201);
    // An explicit null is the same as leaving the score out.
    const nullScorer = await buyer("knowledge.null@example.org");
    const withNull = await review(nullScorer, fresh!.id, { overallRating: 4, knowledgeRating: null });
    expect(withNull.status).toBe(201);

    const stored = await h.sql<{ id: number; knowledge_rating: number | null }[]>`
      select id, knowledge_rating from ratings where salesperson_id = ${fresh!.id} order by id`;
    expect(stored.map((r) => r.knowledge_rating)).toEqual([2, null, null]);
    const list = await h.caller().reviews.list({ salespersonId: fresh!.id, pageSize: 50 });
    expect(list.averages.knowledge).toBe(2);
    expect(list.averages.overall).toBe(4);
    expect(list.items.find((r) => r.id === four.json.id)?.knowledgeRating).toBeNull();
    const profile = await h.request("GET", `/api/salespeople/${fresh!.id}`);
    expect(profile.json).toMatchObject({ averageRating: 4, totalReviews: 3 });
    expect(four.json).toMatchObject({ averageRating: 4, totalReviews: 2 });
  });

  it("is stored, shown and averaged on the profile when given; old reviews without one still edit", async () => {
    const writer = await buyer("knowledge.writer@example.org");
    const appointmentId = await completedVisit(writer.userId, colleagueSp!.id);
    const res = await h.request("POST", "/api/ratings-submit", {
      cookie: writer.cookie,
      body: { salespersonId: colleagueSp!.id, appointmentId, ...scores, knowledgeRating: 2 },
    });
    expect(res.status).toBe(201);
    const [stored] = await h.sql<{ knowledge_rating: number }[]>`
      select knowledge_rating from ratings where id = ${res.json.id}`;
    expect(stored!.knowledge_rating).toBe(2);

    const [expected] = await h.sql<{ avg: string }[]>`
      select round(avg(knowledge_rating), 2)::text as avg from ratings
       where salesperson_id = ${colleagueSp!.id} and moderation_status = 'published' and removed_at is null`;
    const list = await h.caller().reviews.list({ salespersonId: colleagueSp!.id, pageSize: 50 });
    expect(list.averages.knowledge).toBe(Number(expected!.avg));
    expect(list.items.find((r) => r.id === res.json.id)?.knowledgeRating).toBe(2);

    // A review written before the question was asked has none, and its writer may still edit it.
    await h.sql`update ratings set knowledge_rating = null where id = ${res.json.id}`;
    await api(writer).reviews.edit({ id: res.json.id, overallRating: 3 });
    const mine = await api(writer).reviews.mine();
    expect(mine.find((r) => r.id === res.json.id)).toMatchObject({ overallRating: 3, knowledgeRating: null });
    await api(writer).reviews.edit({ id: res.json.id, knowledgeRating: 4 });
    const [edited] = await h.sql<{ knowledge_rating: number }[]>`
      select knowledge_rating from ratings where id = ${res.json.id}`;
    expect(edited!.knowledge_rating).toBe(4);
  });
});
