// Purchase verification (docs/product/reviews.md#purchase-verification, docs/product/crm.md#sale-events): a
// buyer's claim and the dealership's decision, a CRM's signed sale events, the badges they put on reviews, the
// browse filter, and averages over the last 24 months.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { crmSecretBinding } from "../src/server/domains/crm/secrets";
import { refreshAggregates } from "../src/server/domains/reviews/aggregates";
import { refreshAgedAverages } from "../src/server/domains/reviews/aging";
import { CRM_SIGNATURE_HEADER } from "../src/shared/crm";
import { addDays } from "../src/shared/time";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

// Two listed salespeople of two dealerships, with their managers.
const [a, b] = await h.sql<{ id: number; dealershipId: number; managerEmail: string; name: string }[]>`
  select distinct on (s.dealership_id) s.id, s.dealership_id as "dealershipId", u.email as "managerEmail", s.name
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where s.verified_at is not null
   order by s.dealership_id, s.id limit 2`;
const managerA = await h.signIn(a!.managerEmail, "manager");
const managerB = await h.signIn(b!.managerEmail, "manager");
const today = new Date().toISOString().slice(0, 10);

let visitOffset = 0;
/** A visit the salesperson marked completed, and the customer's review of it (through the app). */
async function reviewed(customer: { userId: string; cookie: string }, salespersonId: number) {
  visitOffset += 1;
  const [visit] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone, completed_at, visit_evidence)
    values (${salespersonId}, ${customer.userId}, 'Test Drive',
            now() - make_interval(days => 2, hours => ${visitOffset}), 'completed', 'Pat Buyer', '5125550100',
            now() - interval '1 day', 'salesperson') returning id`;
  const res = await h.request("POST", "/api/ratings-submit", {
    cookie: customer.cookie,
    body: {
      salespersonId,
      appointmentId: visit!.id,
      overallRating: 5,
      helpfulnessRating: 5,
      pressureLevelRating: 5,
      communicationRating: 5,
      knowledgeRating: 5,
      comment: "Straightforward and honest.",
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

async function badgeOf(salespersonId: number, reviewId: number) {
  const res = await h.request("GET", `/api/salespeople/${salespersonId}/reviews?pageSize=50`);
  expect(res.status, res.text).toBe(200);
  const review = (res.json.items as { id: number; verification: string }[]).find((r) => r.id === reviewId);
  return review?.verification;
}

async function verifiedCount(salespersonId: number) {
  const [row] = await h.sql<{ n: number }[]>`
    select verified_purchase_reviews as n from salespeople where id = ${salespersonId}`;
  return row!.n;
}

describe("a buyer's purchase claim", () => {
  it("is decided by the dealership's manager: declined with a reason the buyer is e-mailed, then confirmed", async () => {
    const buyer = await h.signIn("claim.buyer@example.org");
    const reviewId = await reviewed(buyer, a!.id);
    expect(await badgeOf(a!.id, reviewId)).toBe("visit");

    const future = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: a!.id, purchaseDate: addDays(today, 3) },
    });
    expect(future.status).toBe(400);
    expect(future.json.code).toBe("PURCHASE_DATE_IN_FUTURE");

    const claimed = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: a!.id, vehicle: "2024 Honda Civic", purchaseDate: addDays(today, -2) },
    });
    expect(claimed.status, claimed.text).toBe(201);
    expect(claimed.json).toMatchObject({ status: "pending", source: "buyer", vehicle: "2024 Honda Civic" });
    const again = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: a!.id },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("PURCHASE_CLAIM_PENDING");
    expect(again.json.message).toContain("already have a purchase claim waiting");

    // Only the salesperson's dealership's manager sees and decides it.
    const listed = await h.request("GET", "/api/purchase-claims", { cookie: managerA.cookie });
    expect((listed.json as { id: number }[]).map((c) => c.id)).toContain(claimed.json.id);
    const elsewhere = await h.request("GET", "/api/purchase-claims", { cookie: managerB.cookie });
    expect((elsewhere.json as { id: number }[]).map((c) => c.id)).not.toContain(claimed.json.id);
    const foreign = await h.request("POST", `/api/purchase-claims/${claimed.json.id}/decision`, {
      cookie: managerB.cookie,
      body: { decision: "confirm" },
    });
    expect(foreign.status).toBe(404);

    const noReason = await h.request("POST", `/api/purchase-claims/${claimed.json.id}/decision`, {
      cookie: managerA.cookie,
      body: { decision: "decline" },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toContain("why you are declining");
    const declined = await h.request("POST", `/api/purchase-claims/${claimed.json.id}/decision`, {
      cookie: managerA.cookie,
      body: { decision: "decline", reason: "No sale under this name on that date" },
    });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json.status).toBe("declined");
    const mail = await h.waitForMail(
      (m) => m.to.includes("claim.buyer@example.org") && m.subject.includes("declined"),
    );
    expect(mail.text).toContain("No sale under this name on that date");
    const [audit] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log
       where action = 'purchase_claim.decline' and entity_id = ${String(claimed.json.id)}`;
    expect(audit!.n).toBe(1);
    const twice = await h.request("POST", `/api/purchase-claims/${claimed.json.id}/decision`, {
      cookie: managerA.cookie,
      body: { decision: "confirm" },
    });
    expect(twice.status).toBe(409);
    expect(await badgeOf(a!.id, reviewId)).toBe("visit");

    // A new claim, confirmed: the buyer's existing review becomes "Verified purchase" and browse counts it.
    const before = await verifiedCount(a!.id);
    const second = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: a!.id, vehicle: "2024 Honda Civic EX" },
    });
    expect(second.status, second.text).toBe(201);
    const confirmed = await h.request("POST", `/api/purchase-claims/${second.json.id}/decision`, {
      cookie: managerA.cookie,
      body: { decision: "confirm" },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(await badgeOf(a!.id, reviewId)).toBe("purchase");
    expect(await verifiedCount(a!.id)).toBe(before + 1);
    const profile = await h.request("GET", `/api/salespeople/${a!.id}`);
    const onProfile = (profile.json.ratings as { id: number; verification: string }[]).find(
      (r) => r.id === reviewId,
    );
    expect(onProfile?.verification).toBe("purchase");

    const mine = await h.request("GET", "/api/purchase-claims/mine", { cookie: buyer.cookie });
    expect((mine.json as { status: string }[]).map((c) => c.status)).toEqual(["confirmed", "declined"]);
    const third = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: a!.id },
    });
    expect(third.status).toBe(409);
    expect(third.json.code).toBe("PURCHASE_ALREADY_VERIFIED");

    // A review written after the purchase was confirmed carries the badge from the start (the first one is
    // made older than the 90 days the gaming rules keep between two reviews of one salesperson).
    await h.sql`update ratings set created_at = now() - interval '100 days' where id = ${reviewId}`;
    const later = await reviewed(buyer, a!.id);
    expect(await badgeOf(a!.id, later)).toBe("purchase");
    expect(await verifiedCount(a!.id)).toBe(before + 2);
  });

  it("is never decided by the manager whose own account holds the profile: an administrator decides it", async () => {
    // A profile on the manager's own team that their own account holds (as one made before the rule could be).
    const [own] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, dealership_id, verified_at, user_id)
      values ('Manager Self', 'manager.self.claims@sales.example.org', 'Austin', 'TX', 'America/Chicago',
              ${a!.dealershipId}, now(), ${managerA.userId})
      returning id`;
    const admin = await h.signIn("claims.admin@example.org", "admin");
    try {
      const buyer = await h.signIn("claim.own.buyer@example.org");
      const claimed = await h.request("POST", "/api/purchase-claims", {
        cookie: buyer.cookie,
        body: { salespersonId: own!.id, vehicle: "2023 Ford F-150" },
      });
      expect(claimed.status, claimed.text).toBe(201);
      const listed = await h.request("GET", "/api/purchase-claims", { cookie: managerA.cookie });
      expect((listed.json as { id: number }[]).map((c) => c.id)).not.toContain(claimed.json.id);
      for (const body of [{ decision: "confirm" }, { decision: "decline", reason: "Not mine to say" }]) {
        const refused = await h.request("POST", `/api/purchase-claims/${claimed.json.id}/decision`, {
          cookie: managerA.cookie,
          body,
        });
        expect(refused.status, body.decision).toBe(403);
        expect(refused.json, body.decision).toMatchObject({
          code: "OWN_DECISION",
          message: expect.stringContaining("your own salesperson profile"),
        });
      }
      const [still] = await h.sql<{ status: string }[]>`
        select status from purchase_claims where id = ${claimed.json.id}`;
      expect(still!.status).toBe("pending");

      const queue = await h.request("GET", "/api/purchase-claims", { cookie: admin.cookie });
      expect((queue.json as { id: number }[]).map((c) => c.id)).toContain(claimed.json.id);
      const confirmed = await h.request("POST", `/api/purchase-claims/${claimed.json.id}/decision`, {
        cookie: admin.cookie,
        body: { decision: "confirm" },
      });
      expect(confirmed.status, confirmed.text).toBe(200);
      expect(confirmed.json.status).toBe("confirmed");
    } finally {
      await h.sql`update salespeople set user_id = null where id = ${own!.id}`;
    }
  });

  it("narrows browse to salespeople with a verified-purchase review", async () => {
    const all = await h.request("GET", "/api/salespeople?limit=100&verifiedPurchases=false");
    const verified = await h.request("GET", "/api/salespeople?limit=100&verifiedPurchases=true");
    expect(verified.status, verified.text).toBe(200);
    const ids = (verified.json as { id: number }[]).map((c) => c.id);
    const [expected] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople
       where verified_purchase_reviews > 0 and (dealership_id is null or verified_at is not null)`;
    expect(ids).toContain(a!.id);
    expect(ids).not.toContain(b!.id);
    expect(Number(verified.headers.get("x-total-count"))).toBe(expected!.n);
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(expected!.n);
    const bad = await h.request("GET", "/api/salespeople?verifiedPurchases=maybe");
    expect(bad.status).toBe(400);
  });
});

// An integration of dealership b with a signing secret we know.
const SECRET = "kbsec_inbound_test_secret";
async function integration(active = true) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into crm_integrations (dealership_id, crm_provider, integration_name, api_endpoint, auth_type,
                                  credentials_encrypted, credentials_masked, signing_secret_encrypted,
                                  supported_events, is_active)
    values (${b!.dealershipId}, 'hubspot', 'Sales system', 'https://crm.example.com', 'api_key', 'x', '{}', 'x',
            '{}', ${active}) returning id`;
  await h.sql`
    update crm_integrations
       set signing_secret_encrypted = ${h.deps.secrets.seal(SECRET, crmSecretBinding(row!.id, "signing_secret_encrypted"))}
     where id = ${row!.id}`;
  return row!.id;
}

function send(integrationId: number | string, body: unknown, options: { secret?: string; at?: number } = {}) {
  const raw = JSON.stringify(body);
  const t = options.at ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", options.secret ?? SECRET)
    .update(`${t}.${raw}`)
    .digest("hex");
  // A CRM's server sends no Origin and no cookie.
  return h.request("POST", `/api/crm/inbound/${integrationId}`, {
    body: raw,
    headers: { origin: "", [CRM_SIGNATURE_HEADER]: `t=${t},v1=${v1}` },
  });
}

async function stateOf(customerId: string) {
  const [row] = await h.sql<{ claims: number; events: number; linked: number }[]>`
    select (select count(*)::int from purchase_claims where customer_id = ${customerId}) as claims,
           (select count(*)::int from crm_inbound_events) as events,
           (select count(*)::int from ratings where user_id = ${customerId} and purchase_claim_id is not null) as linked`;
  return row!;
}

describe("POST /api/crm/inbound/{integrationId}", () => {
  it("refuses a bad signature, an old timestamp and a repeated event id, changing nothing; a good event verifies the review", async () => {
    const buyer = await h.signIn("crm.buyer@example.org");
    const reviewId = await reviewed(buyer, b!.id);
    const id = await integration();
    const sale = {
      id: "evt-1001",
      type: "sale.completed",
      occurredAt: new Date().toISOString(),
      salespersonId: b!.id,
      customer: { email: "CRM.Buyer@example.org" },
      vehicle: "2025 Toyota RAV4",
      soldOn: today,
    };
    const untouched = await stateOf(buyer.userId);

    const forged = await send(id, sale, { secret: "kbsec_someone_else" });
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe("BAD_SIGNATURE");
    const unsigned = await h.request("POST", `/api/crm/inbound/${id}`, {
      body: sale,
      headers: { origin: "" },
    });
    expect(unsigned.status).toBe(401);
    expect(unsigned.json.message).toContain("X-KnowBefore-Signature");
    const old = await send(id, sale, { at: Math.floor(Date.now() / 1000) - 6 * 60 });
    expect(old.status).toBe(401);
    expect(old.json.code).toBe("STALE_SIGNATURE");
    expect(old.json.message).toContain("5 minutes");
    expect(await stateOf(buyer.userId)).toEqual(untouched);
    expect(await badgeOf(b!.id, reviewId)).toBe("visit");

    const good = await send(id, sale);
    expect(good.status, good.text).toBe(200);
    expect(good.json).toMatchObject({ received: true, outcome: "created" });
    expect(await badgeOf(b!.id, reviewId)).toBe("purchase");
    const [claim] = await h.sql<{ status: string; source: string; vehicle: string; crm_event_id: string }[]>`
      select status, source, vehicle, crm_event_id from purchase_claims where id = ${good.json.purchaseClaimId}`;
    expect(claim).toEqual({
      status: "confirmed",
      source: "crm",
      vehicle: "2025 Toyota RAV4",
      crm_event_id: "evt-1001",
    });
    // The buyer the CRM named by e-mail is told, in the app and by e-mail, and sees the vehicle on their claim.
    const [notice] = await h.sql<{ title: string; body: string }[]>`
      select title, body from notifications where user_id = ${buyer.userId} and type = 'purchase_confirmed'`;
    expect(notice).toEqual({ title: "Purchase verified", body: expect.stringContaining(b!.name) });
    const mail = await h.waitForMail(
      (m) => m.to.includes("crm.buyer@example.org") && m.subject.includes("is verified"),
    );
    expect(mail.text).toContain("2025 Toyota RAV4");
    const mine = await h.request("GET", "/api/purchase-claims/mine", { cookie: buyer.cookie });
    expect(mine.json).toEqual([
      expect.objectContaining({
        id: good.json.purchaseClaimId,
        status: "confirmed",
        vehicle: "2025 Toyota RAV4",
      }),
    ]);
    const after = await stateOf(buyer.userId);

    const repeated = await send(id, { ...sale, vehicle: "Something else" });
    expect(repeated.status).toBe(409);
    expect(repeated.json.code).toBe("DUPLICATE_EVENT");
    expect(await stateOf(buyer.userId)).toEqual(after);
  });

  it("gives a customer who typed the buyer's phone nothing: no purchase, badge, vehicle or notice", async () => {
    // Someone put the real buyer's phone on their own profile (nobody checks a typed phone) and reviewed the
    // salesperson; the CRM reports the sale with the buyer's e-mail (no account here) and that phone.
    const squatter = await h.signIn("crm.squatter@example.org");
    await h.sql`update users set phone = '+1 (512) 555-0188' where id = ${squatter.userId}`;
    const reviewId = await reviewed(squatter, b!.id);
    const id = await integration();
    const before = await stateOf(squatter.userId);
    const sale = await send(id, {
      id: "evt-1501",
      type: "sale.completed",
      occurredAt: new Date().toISOString(),
      salespersonId: b!.id,
      customer: { email: "real.buyer.unknown@example.org", phone: "512.555.0188" },
      vehicle: "2024 Honda Civic VIN 2HGFE2F59RH000001",
      soldOn: today,
    });
    expect(sale.status, sale.text).toBe(200);
    expect(sale.json).toMatchObject({ outcome: "no_buyer", purchaseClaimId: null });
    const phoneOnly = await send(id, {
      id: "evt-1502",
      type: "sale.completed",
      occurredAt: new Date().toISOString(),
      salespersonId: b!.id,
      customer: { phone: "5125550188" },
      vehicle: "2024 Honda Civic VIN 2HGFE2F59RH000001",
    });
    expect(phoneOnly.json).toMatchObject({ outcome: "no_buyer", purchaseClaimId: null });

    expect(await stateOf(squatter.userId)).toEqual({ ...before, events: before.events + 2 });
    expect(await badgeOf(b!.id, reviewId)).toBe("visit");
    const mine = await h.request("GET", "/api/purchase-claims/mine", { cookie: squatter.cookie });
    expect(mine.status).toBe(200);
    expect(mine.json).toEqual([]);
    const [{ n } = { n: -1 }] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications where user_id = ${squatter.userId}`;
    expect(n).toBe(0);
  });

  it("confirms a pending buyer claim matched by e-mail, and refuses what it cannot act on", async () => {
    const buyer = await h.signIn("crm.pending@example.org");
    const id = await integration();
    const claimed = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: b!.id },
    });
    expect(claimed.status, claimed.text).toBe(201);
    const base = { type: "sale.completed", occurredAt: new Date().toISOString(), salespersonId: b!.id };

    const byEmail = await send(id, {
      ...base,
      id: "evt-2001",
      customer: { email: "crm.pending@example.org" },
    });
    expect(byEmail.status, byEmail.text).toBe(200);
    expect(byEmail.json).toMatchObject({ outcome: "confirmed", purchaseClaimId: claimed.json.id });
    const mine = await h.request("GET", "/api/purchase-claims/mine", { cookie: buyer.cookie });
    expect(mine.json[0]).toMatchObject({ id: claimed.json.id, status: "confirmed", source: "buyer" });

    const nobody = await send(id, { ...base, id: "evt-2002", customer: { email: "nobody@example.org" } });
    expect(nobody.status).toBe(200);
    expect(nobody.json.outcome).toBe("no_buyer");

    const otherDealership = await send(id, {
      ...base,
      id: "evt-2003",
      salespersonId: a!.id,
      customer: { phone: "5125550177" },
    });
    expect(otherDealership.status).toBe(422);
    expect(otherDealership.json.code).toBe("SALESPERSON_NOT_AT_DEALERSHIP");

    const malformed = await send(id, { ...base, id: "evt-2004", type: "sale.refunded", customer: {} });
    expect(malformed.status).toBe(400);
    const notJson = await h.request("POST", `/api/crm/inbound/${id}`, {
      body: "{not json",
      headers: { origin: "", [CRM_SIGNATURE_HEADER]: "t=1,v1=zz" },
    });
    expect(notJson.status).toBe(401);

    expect((await send(999_999, { ...base, id: "evt-2005", customer: { phone: "1" } })).status).toBe(404);
    expect((await send("abc", { ...base, id: "evt-2006", customer: { phone: "1" } })).status).toBe(404);
    const paused = await integration(false);
    const refused = await send(paused, { ...base, id: "evt-2007", customer: { phone: "5125550177" } });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("INTEGRATION_INACTIVE");
  });

  it("answers bad bodies below 500, with a clear message", async () => {
    const id = await integration();
    const bodies: unknown[] = [
      null,
      [],
      "text",
      { id: "\u0000", type: "sale.completed" },
      {
        id: "x".repeat(100_000),
        type: "sale.completed",
        occurredAt: "2026-13-45T09:00",
        salespersonId: 1e308,
      },
      {
        id: "e",
        type: "sale.completed",
        occurredAt: "2026-01-01T09:00",
        salespersonId: 3_000_000_000,
        customer: { email: "a@b.co" },
      },
      {
        id: "e",
        type: "sale.completed",
        occurredAt: "2026-01-01T09:00",
        salespersonId: b!.id,
        customer: { email: "a@b.co" },
        soldOn: "2026-02-30",
      },
    ];
    for (const body of bodies) {
      const res = await send(id, body);
      expect(res.status, res.text).toBe(400);
      expect(res.json.message).not.toMatch(/postgres|select|insert/i);
    }
  });
});

describe("averages over the last 24 months", () => {
  it("lists older reviews without averaging them, and the daily job refreshes only salespeople whose reviews just aged out", async () => {
    const [fresh, stale] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Ava Aging', 'ava.aging@example.org', 'Austin', 'TX', 'America/Chicago'),
             ('Sam Stale', 'sam.stale@example.org', 'Austin', 'TX', 'America/Chicago')
      returning id`;
    const writer = await h.signIn("aging.writer@example.org");
    // Each has a recent 5-star review and a 1-star one written 23 months ago, counted while young.
    for (const person of [fresh!, stale!]) {
      await h.sql`
        insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                             communication_rating, created_at)
        values (${person.id}, ${writer.userId}, 5, 5, 5, 5, now() - interval '10 days'),
               (${person.id}, ${writer.userId}, 1, 1, 1, 1, now() - interval '23 months')`;
      await h.sql.begin((tx) => refreshAggregates(tx, person.id));
    }
    const averages = async (id: number) =>
      (
        await h.sql<{ average: number; total: number }[]>`
          select average_rating::float8 as average, total_reviews as total from salespeople where id = ${id}`
      )[0]!;
    expect(await averages(fresh!.id)).toEqual({ average: 3, total: 2 });

    // Time passes: one old review crossed the line yesterday, the other ten days ago (already handled then).
    await h.sql`update ratings set created_at = now() - interval '24 months 1 day'
                 where salesperson_id = ${fresh!.id} and overall_rating = 1`;
    await h.sql`update ratings set created_at = now() - interval '24 months 10 days'
                 where salesperson_id = ${stale!.id} and overall_rating = 1`;
    const refreshed = await refreshAgedAverages(h.sql);
    expect(refreshed).toBe(1);
    expect(await averages(fresh!.id)).toEqual({ average: 5, total: 2 });
    expect(await averages(stale!.id)).toEqual({ average: 3, total: 2 });

    // The profile still lists both reviews; its category averages count the recent one only.
    const list = await h.request("GET", `/api/salespeople/${fresh!.id}/reviews`);
    expect(list.json.total).toBe(2);
    expect(list.json.items).toHaveLength(2);
    expect(list.json.averages).toMatchObject({ overall: 5, helpfulness: 5, communication: 5 });
  });
});
