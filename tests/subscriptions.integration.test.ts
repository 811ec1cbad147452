// Subscriptions through the real Stripe SDK against a local stand-in (tests/support/stripe-standin.ts):
// checkout (401 signed out, one customer under concurrent calls, the trial), webhooks (signature, idempotency,
// any order of delivery), payments, the plan limit following the row, cancel / resume / change plan, access.
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { chargeCents, FREE_DEALERSHIP_SALESPERSON_LIMIT, PLANS } from "../src/shared/plans";
import { createHarness } from "./support/harness";
import { startStripeStandIn } from "./support/stripe-standin";

const standin = await startStripeStandIn();
afterAll(() => standin.close());
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...standin.env });
await h.seed(0.05);

type Dealership = { id: number; email: string };
const dealerships = await h.sql<Dealership[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 3`;
const [A, B, C] = [dealerships[0]!, dealerships[1]!, dealerships[2]!];
const managerA = await h.signIn(A.email, "manager");
const managerB = await h.signIn(B.email, "manager");
const managerC = await h.signIn(C.email, "manager");
const people = await h.sql<
  { id: number; email: string }[]
>`select id, email from salespeople order by id limit 3`;
const seller = await h.signIn(people[0]!.email, "salesperson");
const seller2 = await h.signIn(people[1]!.email, "salesperson");
const customer = await h.signIn("subscriptions.customer@example.org");
const admin = await h.signIn("subscriptions.admin@example.org", "admin");

/** Delivers an event as Stripe would: the JSON body with its Stripe-Signature header. */
function deliver(event: Stripe.Event, signature?: string) {
  const payload = JSON.stringify(event);
  return h.request("POST", "/api/stripe/webhook", {
    body: payload,
    headers: { "stripe-signature": signature ?? standin.sign(payload) },
  });
}

function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function rowOf(stripeId: string) {
  return h.sql<
    {
      id: string;
      status: string;
      plan: string;
      seats: number;
      cancel_at_period_end: boolean;
      current_period_end: Date;
    }[]
  >`select id, status, plan, seats, cancel_at_period_end, current_period_end from subscriptions
     where stripe_subscription_id = ${stripeId}`;
}

async function limitOf(manager: { cookie: string }) {
  const res = await h.request("GET", "/api/manager/overview", { cookie: manager.cookie });
  expect(res.status).toBe(200);
  return res.json.plan as { planId: string | null; salespersonLimit: number | null; status: string | null };
}

describe("checkout", () => {
  it("answers 401 to a signed-out checkout and 403 to an account the plan is not for", async () => {
    const signedOut = await h.request("POST", "/api/create-subscription", {
      body: { planType: "salesperson" },
    });
    expect(signedOut.status).toBe(401);
    const asCustomer = await h.request("POST", "/api/create-subscription", {
      cookie: customer.cookie,
      body: { planType: "salesperson" },
    });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.json.message).toMatch(/salesperson/i);
    const dealerAsSeller = await h.request("POST", "/api/create-subscription", {
      cookie: seller.cookie,
      body: { planType: "dealer-basic" },
    });
    expect(dealerAsSeller.status).toBe(403);
    const wrongEntity = await h.request("POST", "/api/create-subscription", {
      cookie: seller.cookie,
      body: { planType: "salesperson", entityType: "dealership" },
    });
    expect(wrongEntity.status).toBe(400);
    const unknownPlan = await h.request("POST", "/api/create-subscription", {
      cookie: seller.cookie,
      body: { planType: "platinum" },
    });
    expect(unknownPlan.status).toBe(400);
    expect(standin.store.customers.size).toBe(0);
  });

  it("makes one Stripe customer and one subscription when called twice at once; the first gets the trial", async () => {
    const body = {
      userId: seller.userId,
      planType: "salesperson",
      entityType: "salesperson",
      planName: "Basic",
    };
    const [first, second] = await Promise.all([
      h.request("POST", "/api/create-subscription", { cookie: seller.cookie, body }),
      h.request("POST", "/api/create-subscription", { cookie: seller.cookie, body }),
    ]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(first.json.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(first.json.intent).toBe("setup");
    const customers = [...standin.store.customers.values()].filter((c) => c.email === people[0]!.email);
    expect(customers).toHaveLength(1);
    const [{ n } = { n: 0 }] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from subscriptions where salesperson_id = ${people[0]!.id}`;
    expect(n).toBe(1);
    // Stripe was asked with an idempotency key and default_incomplete (docs/product/subscriptions.md#payments-and-webhooks).
    const create = standin.calls.find((c) => c.method === "POST" && c.path === "/v1/subscriptions");
    expect(create?.idempotencyKey).toMatch(/^subscription-/);
    expect(create?.params.payment_behavior).toBe("default_incomplete");
    expect(create?.params.trial_period_days).toBe("30");
    // Trialing gives access only once Stripe's webhook says so; the answer itself grants nothing new.
    const stripeId = [...standin.store.subscriptions.values()].find(
      (s) => (s.metadata as Record<string, string>).ownerId === String(people[0]!.id),
    )!.id;
    const created = standin.event(
      "customer.subscription.created",
      standin.store.subscriptions.get(stripeId)!,
    );
    expect((await deliver(created)).status).toBe(200);
    const [row] = await rowOf(stripeId);
    expect(row?.status).toBe("trialing");
  });

  it("answers a payment intent's client secret when there is no trial, and asks again for the same one", async () => {
    await h.sql`
      insert into subscriptions (stripe_subscription_id, salesperson_id, plan, interval, status)
      values ('sub_earlier_plan', ${people[1]!.id}, 'salesperson', 'month', 'canceled')`;
    const first = await h.request("POST", "/api/create-subscription", {
      cookie: seller2.cookie,
      body: { planType: "salesperson-professional", interval: "year" },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.json).toMatchObject({
      intent: "payment",
      plan: "salesperson-professional",
      interval: "year",
      amountCents: chargeCents(PLANS["salesperson-professional"], "year"),
      trialEnd: null,
    });
    expect(first.json.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const again = await h.request("POST", "/api/create-subscription", {
      cookie: seller2.cookie,
      body: { planType: "salesperson-professional", interval: "year" },
    });
    expect(again.json.subscriptionId).toBe(first.json.subscriptionId);
    expect(again.json.clientSecret).toBe(first.json.clientSecret);
  });

  it("says plainly when payments are not configured (503), and the return page never claims a payment", async () => {
    const none = await h.request("GET", "/api/subscriptions/checkout-status", { cookie: seller.cookie });
    expect(none.status).toBe(200);
    expect(none.json).toMatchObject({ state: "none", message: "No payment was made." });
    const config = await h.request("GET", "/api/payments/config");
    expect(config.json).toEqual({ enabled: true, publishableKey: "pk_test_standin" });
    const offline = h.caller({
      payments: null,
      user: seller.user,
      session: { id: "s", userId: seller.userId, expiresAt: new Date(Date.now() + 60_000) },
    });
    await expect(offline.subscriptions.create({ planType: "salesperson" })).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: expect.stringContaining("not configured"),
    });
  });
});

describe("webhooks", () => {
  it("refuses a bad, stale or missing signature with 400 and changes nothing", async () => {
    const e = standin.event("customer.subscription.updated", { id: "sub_nothing", object: "subscription" });
    const payload = JSON.stringify(e);
    expect((await deliver(e, "t=1,v1=deadbeef")).status).toBe(400);
    const stale = standin.sign(payload, Math.floor(Date.now() / 1000) - 3600);
    expect((await deliver(e, stale)).status).toBe(400);
    const missing = await h.request("POST", "/api/stripe/webhook", { body: payload });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe("BAD_SIGNATURE");
    const tampered = await h.request("POST", "/api/stripe/webhook", {
      body: payload.replace("sub_nothing", "sub_other"),
      headers: { "stripe-signature": standin.sign(payload) },
    });
    expect(tampered.status).toBe(400);
    const [{ n } = { n: 0 }] = await h.sql<{ n: number }[]>`select count(*)::int as n from stripe_events`;
    expect(n).toBe(1); // only the created event delivered by the checkout test above
  });

  it("leaves one row in the final state and one payment per paid invoice, whatever the order, each event 3 times", async () => {
    // Dealership A had a plan before, so no trial: the first invoice is paid now.
    await h.sql`
      insert into subscriptions (stripe_subscription_id, dealership_id, plan, interval, status)
      values ('sub_earlier_dealer', ${A.id}, 'dealer-basic', 'month', 'canceled')`;
    const start = await h.request("POST", "/api/create-subscription", {
      cookie: managerA.cookie,
      body: { planType: "dealer-professional", seats: 15, entityType: "dealership" },
    });
    expect(start.status, start.text).toBe(200);
    expect(start.json).toMatchObject({ intent: "payment", seats: 15, amountCents: 15 * 89_00 });
    const stripeId = (
      await h.sql<{ s: string }[]>`
      select stripe_subscription_id as s from subscriptions where id = ${start.json.subscriptionId}`
    )[0]!.s;
    const sub = () => standin.store.subscriptions.get(stripeId)!;

    // Before any webhook: incomplete, no access, the free allowance.
    expect((await limitOf(managerA)).salespersonLimit).toBe(FREE_DEALERSHIP_SALESPERSON_LIMIT);

    const events: Stripe.Event[] = [standin.event("customer.subscription.created", sub())];
    events.push(...standin.payInvoice(stripeId)); // invoice 1 paid
    events.push(...standin.renew(stripeId));
    events.push(...standin.failInvoice(stripeId)); // invoice 2 declined, then paid on retry
    events.push(...standin.payInvoice(stripeId));
    events.push(...standin.renew(stripeId)); // invoice 3 open: not a payment
    const deliveries = shuffle([...events, ...events, ...events], 7);
    // Two at a time, as Stripe's retries overlap.
    for (let i = 0; i < deliveries.length; i += 2) {
      const answers = await Promise.all(deliveries.slice(i, i + 2).map((e) => deliver(e)));
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    }

    const rows = await rowOf(stripeId);
    expect(rows).toHaveLength(1);
    const item = (sub().items as { data: { current_period_end: number }[] }).data[0]!;
    expect(rows[0]).toMatchObject({ status: sub().status, plan: "dealer-professional", seats: 15 });
    expect(rows[0]!.current_period_end.getTime()).toBe(item.current_period_end * 1000);
    const payments = await h.sql<
      { status: string; amount_cents: number; currency: string; paid_at: Date | null }[]
    >`
      select status, amount_cents, currency, paid_at from payments where subscription_id = ${rows[0]!.id}
       order by paid_at`;
    expect(payments).toHaveLength(2);
    for (const p of payments)
      expect(p).toMatchObject({ status: "paid", amount_cents: 133_500, currency: "usd" });
    const [{ n } = { n: 0 }] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from stripe_events where id = any(${events.map((e) => e.id)})`;
    expect(n).toBe(events.length);

    // The plan limit follows the row: 15 seats.
    expect(await limitOf(managerA)).toMatchObject({ planId: "dealer-professional", salespersonLimit: 15 });
    const info = await h.request("GET", `/api/subscription-info/${A.id}`, { cookie: managerA.cookie });
    expect(info.json).toMatchObject({ plan: "dealer-professional", status: "active", salespersonLimit: 15 });
    const detail = await h.request("GET", `/api/subscriptions/${rows[0]!.id}`, { cookie: managerA.cookie });
    expect(detail.json.payments).toHaveLength(2);
  });

  it("keeps a cancelled subscription's access until its period ends", async () => {
    const [row] = await h.sql<{ id: string; stripe: string }[]>`
      select id, stripe_subscription_id as stripe from subscriptions
       where dealership_id = ${A.id} and status = 'active'`;
    const cancelled = await h.request("POST", `/api/subscriptions/${row!.id}/cancel`, {
      cookie: managerA.cookie,
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ cancelAtPeriodEnd: true, active: true, status: "active" });
    expect((await limitOf(managerA)).salespersonLimit).toBe(15);

    const resumed = await h.request("POST", `/api/subscriptions/${row!.id}/resume`, {
      cookie: managerA.cookie,
    });
    expect(resumed.json.cancelAtPeriodEnd).toBe(false);
    await h.request("POST", `/api/subscriptions/${row!.id}/cancel`, { cookie: managerA.cookie });

    for (const e of standin.endPeriod(row!.stripe)) expect((await deliver(e)).status).toBe(200);
    const [after] = await rowOf(row!.stripe);
    expect(after?.status).toBe("canceled");
    expect(await limitOf(managerA)).toMatchObject({
      planId: null,
      salespersonLimit: FREE_DEALERSHIP_SALESPERSON_LIMIT,
    });
    const audits = await h.sql<{ action: string }[]>`
      select action from audit_log where entity_type = 'subscription' and entity_id = ${row!.id} order by id`;
    expect(audits.map((a) => a.action)).toEqual([
      "subscription.create",
      "subscription.cancel",
      "subscription.resume",
      "subscription.cancel",
    ]);
  });
});

describe("changing plans and who sees what", () => {
  it("changes plan with proration and the limit follows; only the owner and administrators see it", async () => {
    const start = await h.request("POST", "/api/create-subscription", {
      cookie: managerB.cookie,
      body: { planType: "dealer-basic" },
    });
    expect(start.status, start.text).toBe(200);
    expect(start.json.intent).toBe("setup"); // B's first plan: the 30-day trial
    const stripeId = (
      await h.sql<{ s: string }[]>`
      select stripe_subscription_id as s from subscriptions where id = ${start.json.subscriptionId}`
    )[0]!.s;
    await deliver(standin.event("customer.subscription.created", standin.store.subscriptions.get(stripeId)!));
    expect(await limitOf(managerB)).toMatchObject({
      planId: "dealer-basic",
      salespersonLimit: 10,
      status: "trialing",
    });

    const changed = await h.request("POST", `/api/subscriptions/${start.json.subscriptionId}/change-plan`, {
      cookie: managerB.cookie,
      body: { planType: "dealer-enterprise" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ plan: "dealer-enterprise", seats: 1 });
    const update = standin.calls.findLast(
      (c) => c.method === "POST" && c.path === `/v1/subscriptions/${stripeId}`,
    );
    expect(update?.params.proration_behavior).toBe("always_invoice");
    expect(await limitOf(managerB)).toMatchObject({ planId: "dealer-enterprise", salespersonLimit: null });

    const wrongAudience = await h.request(
      "POST",
      `/api/subscriptions/${start.json.subscriptionId}/change-plan`,
      {
        cookie: managerB.cookie,
        body: { planType: "salesperson" },
      },
    );
    expect(wrongAudience.status).toBe(400);

    // Another manager: not found (it is not theirs); the subscription-info of another dealership: 403.
    const other = await h.request("GET", `/api/subscriptions/${start.json.subscriptionId}`, {
      cookie: managerC.cookie,
    });
    expect(other.status).toBe(404);
    const otherCancel = await h.request("POST", `/api/subscriptions/${start.json.subscriptionId}/cancel`, {
      cookie: managerC.cookie,
    });
    expect(otherCancel.status).toBe(404);
    expect(
      (await h.request("GET", `/api/subscription-info/${B.id}`, { cookie: managerC.cookie })).status,
    ).toBe(403);
    expect((await h.request("GET", `/api/subscription-info/${B.id}`, { cookie: admin.cookie })).status).toBe(
      200,
    );
    expect((await h.request("GET", `/api/subscription-info/${B.id}`)).status).toBe(401);
    const byAdmin = await h.request("GET", `/api/subscriptions/${start.json.subscriptionId}`, {
      cookie: admin.cookie,
    });
    expect(byAdmin.status).toBe(200);
  });

  it("tells the return page what really happened with a payment, and only to its payer", async () => {
    const [row] = await h.sql<{ id: string }[]>`
      select id from subscriptions where salesperson_id = ${people[1]!.id} and status = 'incomplete'`;
    const stripeId = (
      await h.sql<{ s: string }[]>`
      select stripe_subscription_id as s from subscriptions where id = ${row!.id}`
    )[0]!.s;
    const invoiceId = String(standin.store.subscriptions.get(stripeId)!.latest_invoice);
    const intentId = String(standin.store.invoices.get(invoiceId)!.payment_intent_id);
    const ask = (who: { cookie: string }) =>
      h.request(
        "GET",
        `/api/subscriptions/checkout-status?subscription=${row!.id}&payment_intent=${intentId}`,
        {
          cookie: who.cookie,
        },
      );

    expect((await ask(seller2)).json).toMatchObject({
      state: "none",
      message: expect.stringContaining("Nothing was charged"),
    });
    expect((await ask(seller)).status).toBe(404);

    standin.failInvoice(stripeId, "Your card has insufficient funds.");
    expect((await ask(seller2)).json).toMatchObject({
      state: "failed",
      message: "Your card has insufficient funds.",
    });

    const paid = standin.payInvoice(stripeId);
    expect((await ask(seller2)).json.state).toBe("processing"); // paid, but no webhook yet: not switched on
    for (const e of paid) await deliver(e);
    const confirmed = (await ask(seller2)).json;
    expect(confirmed.state).toBe("confirmed");
    expect(confirmed.message).toContain("Salesperson Professional");
  });
});
