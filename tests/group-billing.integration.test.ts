// A dealer group's one subscription (docs/product/subscriptions.md#dealer-groups), through the real Stripe SDK
// against the local stand-in: its owners check it out for the whole group with the quantity the server counts
// (Enterprise: its dealerships; Professional: seats shared by all its salespeople), it covers every dealership of
// the group, Enterprise's quantity follows the group's dealerships through a job, nobody else buys or reads it, and
// a webhook of a group's subscription whose row is missing records it for that group.
import { afterAll, describe, expect, it } from "vitest";
import { endCoveredPlans, syncGroupQuantity } from "../src/server/domains/subscriptions/groupPlan";
import { dealershipAllowance } from "../src/server/domains/subscriptions/reads";
import { chargeCents, PLANS } from "../src/shared/plans";
import { createHarness } from "./support/harness";
import { makeManager } from "./support/members";
import { startStripeStandIn } from "./support/stripe-standin";
import { until } from "./support/until";

const standin = await startStripeStandIn();
afterAll(() => standin.close());
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...standin.env });

async function dealership(name: string, salespeople: number) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
    values (${name}, '1 Main St', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74)
    returning id`;
  for (let i = 0; i < salespeople; i++) {
    const email = `${name.toLowerCase().replaceAll(" ", ".")}.${i}@example.org`;
    await h.sql`insert into salespeople (name, email, dealership_id, city, state, time_zone)
                values (${`Seller ${i}`}, ${email}, ${row!.id}, 'Austin', 'TX', 'America/Chicago')`;
  }
  return row!.id;
}

/** A group of these dealerships, with a signed-in owner, manager and staff. */
async function group(name: string, dealerships: number[]) {
  const [row] = await h.sql<{ id: number }[]>`insert into dealer_groups (name) values (${name}) returning id`;
  await h.sql`update dealerships set group_id = ${row!.id} where id = any(${dealerships})`;
  const member = async (role: string) => {
    const session = await h.signIn(
      `${name.toLowerCase().replaceAll(" ", ".")}.${role}@example.org`,
      "manager",
    );
    await h.sql`insert into dealer_group_members (user_id, group_id, role) values (${session.userId}, ${row!.id}, ${role})`;
    return session;
  };
  return {
    id: row!.id,
    owner: await member("group_owner"),
    manager: await member("group_manager"),
    staff: await member("group_staff"),
  };
}

const checkout = (cookie: string, body: Record<string, unknown>) =>
  h.request("POST", "/api/create-subscription", { cookie, body });

function atStandIn(localId: string) {
  const sub = [...standin.store.subscriptions.values()].find(
    (s) => (s.metadata as Record<string, string>).subscriptionId === localId,
  );
  if (!sub) throw new Error(`the stand-in has no subscription of ${localId}`);
  return sub as unknown as Record<string, unknown> & {
    metadata: Record<string, string>;
    items: { data: { quantity: unknown }[] };
  };
}

// Enterprise: three dealerships of two salespeople each. Professional: 7 and 5 salespeople, 12 together.
const e = [
  await dealership("Eastside Motors", 2),
  await dealership("Elm Motors", 2),
  await dealership("Erie Motors", 2),
];
const enterprise = await group("Eagle Motor Group", e);
const p = [await dealership("Pine Motors", 7), await dealership("Plaza Motors", 5)];
const professional = await group("Pioneer Motor Group", p);
const elmOwner = await h.signIn("elm.owner@example.org", "manager");
await makeManager(h.sql, e[1]!, elmOwner.userId);

describe("a group's Enterprise subscription", () => {
  let localId = "";

  it("is checked out once for the whole group: one Stripe subscription of one unit per dealership", async () => {
    const res = await checkout(enterprise.owner.cookie, {
      planType: "dealer-enterprise",
      entityType: "group",
      interval: "month",
      seats: 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.seats).toBe(3);
    expect(res.json.amountCents).toBe(chargeCents(PLANS["dealer-enterprise"], "month", 3));
    localId = res.json.subscriptionId;
    const sub = atStandIn(localId);
    expect(sub.items.data[0]!.quantity).toBe(3);
    expect(sub.metadata).toMatchObject({ ownerType: "group", ownerId: String(enterprise.id) });
    const [row] = await h.sql<{ group_id: number | null; dealership_id: number | null }[]>`
      select group_id, dealership_id from subscriptions where id = ${localId}`;
    expect(row).toEqual({ group_id: enterprise.id, dealership_id: null });
    const audit = await h.sql`
      select 1 from audit_log where action = 'subscription.create' and entity_id = ${localId}
         and actor_user_id = ${enterprise.owner.userId}`;
    expect(audit).toHaveLength(1);
  });

  it("refuses a second group plan, the group's managers and staff, and anyone outside the group", async () => {
    const again = await checkout(enterprise.owner.cookie, {
      planType: "dealer-enterprise",
      entityType: "group",
      interval: "year",
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("ALREADY_SUBSCRIBED");
    for (const who of [enterprise.manager, enterprise.staff, elmOwner]) {
      const res = await checkout(who.cookie, { planType: "dealer-enterprise", entityType: "group" });
      expect(res.status).toBe(403);
    }
  });

  it("refuses a one-dealership plan for a group with a 400 that says which plans a group buys", async () => {
    const res = await checkout(professional.owner.cookie, { planType: "dealer-basic", entityType: "group" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("GROUP_PLAN_ONLY");
    expect(res.json.message ?? res.text).toContain(PLANS["dealer-enterprise"].name);
  });

  it("covers each dealership of the group, which then cannot buy a plan of its own", async () => {
    for (const id of e) {
      const allowance = await dealershipAllowance(h.sql, id);
      expect(allowance).toMatchObject({ planId: "dealer-enterprise", limit: null, coveredByGroup: true });
    }
    // The dealership's own owner, and the group's owner working on one of its dealerships.
    for (const who of [elmOwner, enterprise.owner]) {
      const res = await checkout(who.cookie, { planType: "dealer-professional", seats: 10 });
      expect(res.status).toBe(409);
      expect(res.json.code).toBe("COVERED_BY_GROUP_PLAN");
    }
    expect(await h.sql`select 1 from subscriptions where dealership_id = any(${e})`).toHaveLength(0);
  });

  it("is read by the group's owners only: its managers and other groups' owners are told it does not exist", async () => {
    const own = await h.request("GET", `/api/subscriptions/${localId}`, { cookie: enterprise.owner.cookie });
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ groupId: enterprise.id, seats: 3, plan: "dealer-enterprise" });
    for (const who of [professional.owner, enterprise.manager, elmOwner]) {
      const res = await h.request("GET", `/api/subscriptions/${localId}`, { cookie: who.cookie });
      expect(res.status).toBe(404);
      const cancel = await h.request("POST", `/api/subscriptions/${localId}/cancel`, { cookie: who.cookie });
      expect(cancel.status).toBe(404);
    }
    const overview = await h.request("GET", "/api/subscriptions/mine", { cookie: enterprise.owner.cookie });
    expect(overview.status).toBe(200);
    expect(overview.json.group).toMatchObject({
      groupId: enterprise.id,
      dealerships: 3,
      salespeople: 6,
      current: { id: localId, seats: 3 },
    });
    const managers = await h.request("GET", "/api/subscriptions/mine", { cookie: enterprise.manager.cookie });
    expect(managers.json.group).toBeNull();
  });

  it("follows the group's dealerships: an administrator adding a fourth queues the sync, which makes the quantity 4", async () => {
    const fourth = await dealership("Evergreen Motors", 1);
    const admin = await h.signIn("group.billing.admin@example.org", "admin");
    const added = await h.request("PUT", `/api/admin/dealer-groups/${enterprise.id}/dealerships/${fourth}`, {
      cookie: admin.cookie,
    });
    expect(added.status, added.text).toBe(200);
    // The job's worker runs it: the stand-in's quantity, then our row, say 4, prorated.
    const sub = atStandIn(localId);
    await until(
      async () => sub.items.data[0]!.quantity,
      (q) => q === 4,
    );
    expect(sub.items.data[0]!.quantity).toBe(4);
    expect(sub.last_proration_behavior).toBe("create_prorations");
    const [row] = await until(
      () => h.sql<{ seats: number }[]>`select seats from subscriptions where id = ${localId}`,
      (rows) => rows[0]?.seats === 4,
    );
    expect(row!.seats).toBe(4);
    // Running it again asks nothing new: the quantity is already the group's.
    expect(await syncGroupQuantity(h.deps, enterprise.id)).toBe(4);
  });
});

describe("a group's Professional subscription", () => {
  let localId = "";

  it("counts seats across the group: refused below its 12 salespeople, bought at 12", async () => {
    const below = await checkout(professional.owner.cookie, {
      planType: "dealer-professional",
      entityType: "group",
      seats: 11,
    });
    expect(below.status).toBe(400);
    expect(below.text).toContain("12 salespeople");
    const res = await checkout(professional.owner.cookie, {
      planType: "dealer-professional",
      entityType: "group",
      seats: 12,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.seats).toBe(12);
    expect(res.json.amountCents).toBe(chargeCents(PLANS["dealer-professional"], "month", 12));
    localId = res.json.subscriptionId;
    expect(atStandIn(localId).items.data[0]!.quantity).toBe(12);
  });

  it("shares its seats: each dealership's limit is the seats less the other dealerships' salespeople", async () => {
    expect(await dealershipAllowance(h.sql, p[0]!)).toMatchObject({ limit: 12 - 5, coveredByGroup: true });
    expect(await dealershipAllowance(h.sql, p[1]!)).toMatchObject({ limit: 12 - 7, coveredByGroup: true });
  });

  it("grows to hold a dealership that joins with its team: 12 seats become 15 for three more salespeople", async () => {
    const prairie = await dealership("Prairie Motors", 3);
    const admin = await h.signIn("group.seats.admin@example.org", "admin");
    const added = await h.request(
      "PUT",
      `/api/admin/dealer-groups/${professional.id}/dealerships/${prairie}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(added.status, added.text).toBe(200);
    const sub = atStandIn(localId);
    await until(
      async () => sub.items.data[0]!.quantity,
      (q) => q === 15,
    );
    expect(sub.last_proration_behavior).toBe("create_prorations");
    const [row] = await until(
      () => h.sql<{ seats: number }[]>`select seats from subscriptions where id = ${localId}`,
      (rows) => rows[0]?.seats === 15,
    );
    expect(row!.seats).toBe(15);
    expect(await dealershipAllowance(h.sql, prairie)).toMatchObject({ limit: 15 - 12, coveredByGroup: true });
  });

  it("changes to Enterprise with one unit per dealership of the group", async () => {
    const res = await h.request("POST", `/api/subscriptions/${localId}/change-plan`, {
      cookie: professional.owner.cookie,
      body: { planType: "dealer-enterprise" },
    });
    expect(res.status, res.text).toBe(200);
    expect(atStandIn(localId).items.data[0]!.quantity).toBe(3);
    expect(res.json).toMatchObject({ plan: "dealer-enterprise", seats: 3 });
  });
});

describe("a group's subscription the provider tells us of", () => {
  it("is recorded for the group its metadata names when no checkout reserved its row", async () => {
    const quarry = await group("Quarry Motor Group", [await dealership("Quarry Motors", 1)]);
    const model = [...standin.store.subscriptions.values()][0]!;
    const localId = crypto.randomUUID();
    const sub = {
      ...structuredClone(model),
      id: `sub_quarry${Date.now()}`,
      metadata: {
        ...(model.metadata as Record<string, string>),
        subscriptionId: localId,
        ownerType: "group",
        ownerId: String(quarry.id),
      },
    };
    standin.store.subscriptions.set(sub.id, sub);
    const payload = JSON.stringify(standin.event("customer.subscription.created", sub));
    const res = await h.request("POST", "/api/stripe/webhook", {
      body: payload,
      headers: { "stripe-signature": standin.sign(payload) },
    });
    expect(res.status, res.text).toBe(200);
    const rows = await h.sql<{ group_id: number | null; dealership_id: number | null }[]>`
      select group_id, dealership_id from subscriptions where id = ${localId}`;
    expect(rows).toEqual([{ group_id: quarry.id, dealership_id: null }]);
  });
});

/** A dealership of two salespeople whose owner has bought Dealer Basic for it (on its free trial). */
async function paying(name: string) {
  const id = await dealership(name, 2);
  const owner = await h.signIn(`${name.toLowerCase().replaceAll(" ", ".")}.owner@example.org`, "manager");
  await makeManager(h.sql, id, owner.userId);
  const res = await checkout(owner.cookie, { planType: "dealer-basic", entityType: "dealership" });
  expect(res.status, res.text).toBe(200);
  expect(atStandIn(res.json.subscriptionId).cancel_at_period_end).toBe(false);
  return { id, owner, localId: res.json.subscriptionId as string };
}

/** Our row of the dealership's own plan once the group's plan sync has set it to end. */
const ended = (localId: string) =>
  until(
    () =>
      h.sql<{ cancelAtPeriodEnd: boolean; status: string }[]>`
        select cancel_at_period_end as "cancelAtPeriodEnd", status from subscriptions where id = ${localId}`,
    (rows) => rows[0]?.cancelAtPeriodEnd === true,
  );

const oak = await paying("Oak Motors");
const oakGroup = await group("Oak Motor Group", [oak.id]);

describe("a dealership's own plan under its group's plan", () => {
  it("ends at its paid period's end once the group's plan covers it, as the system, on the dealership's trail", async () => {
    const res = await checkout(oakGroup.owner.cookie, {
      planType: "dealer-enterprise",
      entityType: "group",
      interval: "month",
    });
    expect(res.status, res.text).toBe(200);
    // The group's plan (on its trial) gives access at once: the sync it queued ends the dealership's own plan.
    const [row] = await ended(oak.localId);
    expect(row).toEqual({ cancelAtPeriodEnd: true, status: "trialing" });
    expect(atStandIn(oak.localId).cancel_at_period_end).toBe(true);
    const audit = await h.sql`
      select actor_user_id, actor_role, dealership_id, reason from audit_log
       where action = 'subscription.cancel' and entity_id = ${oak.localId}`;
    expect(audit).toEqual([
      {
        actor_user_id: null,
        actor_role: "system",
        dealership_id: oak.id,
        reason: `Covered by its dealer group's plan (${PLANS["dealer-enterprise"].name}) from now on`,
      },
    ]);
    // Its owners see the group's plan, and the date their own one ends.
    const overview = await h.request("GET", "/api/subscriptions/mine", { cookie: oak.owner.cookie });
    expect(overview.status, overview.text).toBe(200);
    expect(overview.json.dealership).toMatchObject({
      coveredByGroup: true,
      plan: "dealer-enterprise",
      current: { id: oak.localId, cancelAtPeriodEnd: true, active: true },
    });
  });

  it("cannot be resumed or changed while the group's plan covers the dealership", async () => {
    const resume = await h.request("POST", `/api/subscriptions/${oak.localId}/resume`, {
      cookie: oak.owner.cookie,
    });
    expect(resume.status, resume.text).toBe(409);
    expect(resume.json.code).toBe("COVERED_BY_GROUP_PLAN");
    const change = await h.request("POST", `/api/subscriptions/${oak.localId}/change-plan`, {
      cookie: oak.owner.cookie,
      body: { planType: "dealer-professional", seats: 10 },
    });
    expect(change.status, change.text).toBe(409);
    expect(change.json.code).toBe("COVERED_BY_GROUP_PLAN");
    expect(atStandIn(oak.localId).cancel_at_period_end).toBe(true);
  });

  it("ends when its dealership joins a group whose plan covers it, and a second run asks the provider nothing", async () => {
    const ash = await paying("Ash Motors");
    const admin = await h.signIn("group.cover.admin@example.org", "admin");
    const added = await h.request("PUT", `/api/admin/dealer-groups/${oakGroup.id}/dealerships/${ash.id}`, {
      cookie: admin.cookie,
    });
    expect(added.status, added.text).toBe(200);
    await ended(ash.localId);
    expect(atStandIn(ash.localId).cancel_at_period_end).toBe(true);
    expect(await endCoveredPlans(h.deps, oakGroup.id)).toEqual([]);
  });
});
