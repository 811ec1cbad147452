// Payments when Stripe fails or is slow, through the real SDK against the stand-in's outages
// (tests/support/stripe-standin.ts): each call is retried a bounded number of times with backoff and ends by the
// request's deadline; the person is told plainly, in time, and nothing is half-written; an answer lost on the
// way never leads to a second subscription; a webhook Stripe cannot be read for answers 503 and is applied once
// when delivered again; an event delivered late does not roll a subscription back; a plan change waiting for its
// payment is not invoiced again.
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import {
  CHECKOUT_UNAVAILABLE_MESSAGE,
  PAYMENTS_UNAVAILABLE_MESSAGE,
} from "../src/server/domains/subscriptions/provider";
import { STRIPE_NETWORK_RETRIES } from "../src/server/payments/stripe";
import { createHarness } from "./support/harness";
import { startStripeStandIn } from "./support/stripe-standin";

/** Short enough that a stalled call would outlast it: the request must still answer in its own words. */
const REQUEST_TIMEOUT_MS = 4000;

const standin = await startStripeStandIn();
afterAll(() => standin.close());
const h = await createHarness({
  RATE_LIMIT_DISABLED: "true",
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  ...standin.env,
});
await h.seed(0.05);

const people = await h.sql<{ id: number; email: string }[]>`
  select id, email from salespeople order by id limit 2`;
const [sellerA, sellerB] = [
  await h.signIn(people[0]!.email, "salesperson"),
  await h.signIn(people[1]!.email, "salesperson"),
];
const [dealership] = await h.sql<{ id: number; email: string }[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 1`;
const manager = await h.signIn(dealership!.email, "manager");

function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  return h.request("POST", "/api/stripe/webhook", {
    body: payload,
    headers: { "stripe-signature": standin.sign(payload) },
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await work();
  return { answer, ms: performance.now() - started };
}

/** The stand-in's subscriptions made for one salesperson or dealership (from the metadata checkout sends). */
function subscriptionsAtStripe(ownerType: "salesperson" | "dealership", ownerId: number) {
  return [...standin.store.subscriptions.values()].filter((s) => {
    const meta = s.metadata as Record<string, string>;
    return meta.ownerType === ownerType && meta.ownerId === String(ownerId);
  });
}

/** Requests the stand-in received since `from` (an index into its call log) for a method and path prefix. */
function callsSince(from: number, method: string, path: string) {
  return standin.calls.slice(from).filter((c) => c.method === method && c.path.startsWith(path));
}

async function linkedRows(salespersonId: number) {
  return h.sql<{ id: string; status: string }[]>`
    select id, status from subscriptions where salesperson_id = ${salespersonId} and stripe_subscription_id is not null`;
}

describe("checkout while Stripe fails", () => {
  it("retries a 500 a bounded number of times with backoff, then says so plainly; nothing is half-written", async () => {
    standin.fault({ mode: "fail", method: "POST", path: "/v1/subscriptions" });
    const mark = standin.calls.length;
    const { answer, ms } = await timed(() =>
      h.request("POST", "/api/create-subscription", {
        cookie: sellerA.cookie,
        body: { planType: "salesperson" },
      }),
    );
    standin.clearFaults();

    expect(answer.status, answer.text).toBe(503);
    expect(answer.json).toMatchObject({
      message: CHECKOUT_UNAVAILABLE_MESSAGE,
      code: "PAYMENTS_UNAVAILABLE",
    });
    expect(answer.text).not.toContain("stand-in outage");
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    // The first attempt and its retries, all with one idempotency key, each after a pause.
    const attempts = callsSince(mark, "POST", "/v1/subscriptions");
    expect(attempts).toHaveLength(1 + STRIPE_NETWORK_RETRIES);
    expect(new Set(attempts.map((a) => a.idempotencyKey)).size).toBe(1);
    expect(attempts[0]!.idempotencyKey).toMatch(/^subscription-[0-9a-f-]{36}$/);
    for (let i = 1; i < attempts.length; i++)
      expect(attempts[i]!.at - attempts[i - 1]!.at).toBeGreaterThanOrEqual(450);
    // Nothing to show for it: no subscription at Stripe, none linked here, no plan on the person's page.
    expect(subscriptionsAtStripe("salesperson", people[0]!.id)).toHaveLength(0);
    expect(await linkedRows(people[0]!.id)).toEqual([]);
    const mine = await h.request("GET", "/api/subscriptions/mine", { cookie: sellerA.cookie });
    expect(mine.json.salesperson.current).toBeNull();

    // Stripe is back: the next try asks with the same key and makes the one subscription.
    const again = await h.request("POST", "/api/create-subscription", {
      cookie: sellerA.cookie,
      body: { planType: "salesperson" },
    });
    expect(again.status, again.text).toBe(200);
    const made = callsSince(mark, "POST", "/v1/subscriptions").at(-1)!;
    expect(made.idempotencyKey).toBe(attempts[0]!.idempotencyKey);
    expect(made.idempotencyKey).toBe(`subscription-${again.json.subscriptionId}`);
    expect(subscriptionsAtStripe("salesperson", people[0]!.id)).toHaveLength(1);
  });

  it("answers in time when Stripe's answer is lost, and trying again gets the same subscription, never a second", async () => {
    // Stripe makes the subscription, but its answer never arrives (each attempt, with the same key).
    standin.fault({ mode: "lose", method: "POST", path: "/v1/subscriptions" });
    const { answer, ms } = await timed(() =>
      h.request("POST", "/api/create-subscription", {
        cookie: sellerB.cookie,
        body: { planType: "salesperson" },
      }),
    );
    standin.clearFaults();

    // The payments sentence, before the request's own deadline would have answered a bare 503.
    expect(answer.status, answer.text).toBe(503);
    expect(answer.json).toMatchObject({
      message: CHECKOUT_UNAVAILABLE_MESSAGE,
      code: "PAYMENTS_UNAVAILABLE",
    });
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    const atStripe = subscriptionsAtStripe("salesperson", people[1]!.id);
    expect(atStripe).toHaveLength(1);
    expect(await linkedRows(people[1]!.id)).toEqual([]);

    const again = await h.request("POST", "/api/create-subscription", {
      cookie: sellerB.cookie,
      body: { planType: "salesperson" },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.json.clientSecret).toMatch(/^seti_\w+_secret_\w+$/);
    expect(subscriptionsAtStripe("salesperson", people[1]!.id)).toHaveLength(1);
    expect((atStripe[0]!.metadata as Record<string, string>).subscriptionId).toBe(again.json.subscriptionId);
    expect(await linkedRows(people[1]!.id)).toEqual([{ id: again.json.subscriptionId, status: "trialing" }]);
  });
});

describe("webhooks while Stripe fails, twice, or late", () => {
  it("answers 503 in time when Stripe does not answer and records nothing; delivered again it is applied once", async () => {
    const [row] = await linkedRows(people[1]!.id);
    const stripeId = subscriptionsAtStripe("salesperson", people[1]!.id)[0]!.id;
    const [paid] = standin.payInvoice(stripeId);
    expect(paid!.type).toBe("invoice.paid");
    const payments = async () =>
      (
        await h.sql<
          { n: number }[]
        >`select count(*)::int as n from payments where subscription_id = ${row!.id}`
      )[0]!.n;

    standin.fault({ mode: "stall", method: "GET", path: "/v1/invoices" });
    const { answer: failed, ms } = await timed(() => deliver(paid!));
    standin.clearFaults();
    expect(failed.status, failed.text).toBe(503);
    expect(failed.json.code).toBe("PAYMENTS_UNAVAILABLE");
    expect(ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    expect(await h.sql`select 1 from stripe_events where id = ${paid!.id}`).toHaveLength(0);
    expect(await payments()).toBe(0);

    // Stripe delivers it again: applied now, once; a further copy is answered without a look at Stripe.
    const applied = await deliver(paid!);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.json).toMatchObject({ duplicate: false });
    expect(await payments()).toBe(1);
    const mark = standin.calls.length;
    const twice = await deliver(paid!);
    expect(twice.json).toMatchObject({ duplicate: true });
    expect(standin.calls.length).toBe(mark);
    expect(await payments()).toBe(1);
  });

  it("keeps the newest state when older events arrive after it", async () => {
    const stripeId = subscriptionsAtStripe("salesperson", people[1]!.id)[0]!.id;
    const sub = () => standin.store.subscriptions.get(stripeId)!;
    // Events as they were sent while the subscription was active, delivered only after it ended.
    const early = [
      standin.event("customer.subscription.created", sub()),
      standin.event("customer.subscription.updated", sub()),
    ];
    expect(sub().status).toBe("active");
    const cancel = await h.request(
      "POST",
      `/api/subscriptions/${(await linkedRows(people[1]!.id))[0]!.id}/cancel`,
      {
        cookie: sellerB.cookie,
      },
    );
    expect(cancel.status, cancel.text).toBe(200);
    for (const e of standin.endPeriod(stripeId)) expect((await deliver(e)).status).toBe(200);
    const status = async () =>
      (
        await h.sql<
          { status: string }[]
        >`select status from subscriptions where stripe_subscription_id = ${stripeId}`
      )[0]!.status;
    expect(await status()).toBe("canceled");

    for (const e of early) {
      const late = await deliver(e);
      expect(late.status, late.text).toBe(200);
      expect(late.json.duplicate).toBe(false);
    }
    expect(await status()).toBe("canceled");
    const mine = await h.request("GET", "/api/subscriptions/mine", { cookie: sellerB.cookie });
    expect(mine.json.salesperson.current).toMatchObject({ status: "canceled", active: false });
  });
});

describe("plan changes while Stripe fails or waits", () => {
  it("says so when Stripe fails, and never invoices a change twice while the first waits for its payment", async () => {
    // An earlier plan, so no trial: the first invoice is paid, and the upgrade's difference is invoiced.
    await h.sql`
      insert into subscriptions (stripe_subscription_id, dealership_id, plan, interval, status)
      values ('sub_outages_earlier', ${dealership!.id}, 'dealer-basic', 'month', 'canceled')`;
    // The first try meets an outage; the second makes the subscription, recorded once in the audit trail.
    const checkout = () =>
      h.request("POST", "/api/create-subscription", {
        cookie: manager.cookie,
        body: { planType: "dealer-basic" },
      });
    standin.fault({ mode: "fail", method: "POST", path: "/v1/subscriptions" });
    expect((await checkout()).status).toBe(503);
    standin.clearFaults();
    const start = await checkout();
    expect(start.status, start.text).toBe(200);
    const localId = start.json.subscriptionId as string;
    const created = await h.sql`
      select 1 from audit_log
       where entity_type = 'subscription' and entity_id = ${localId} and action = 'subscription.create'`;
    expect(created).toHaveLength(1);
    const stripeId = subscriptionsAtStripe("dealership", dealership!.id)[0]!.id;
    for (const e of standin.payInvoice(stripeId)) expect((await deliver(e)).status).toBe(200);
    const planOf = async () =>
      (await h.sql<{ plan: string }[]>`select plan from subscriptions where id = ${localId}`)[0]!.plan;
    const changes = async () =>
      (
        await h.sql<{ n: number }[]>`
          select count(*)::int as n from audit_log
           where entity_type = 'subscription' and entity_id = ${localId} and action = 'subscription.change_plan'`
      )[0]!.n;
    const change = () =>
      h.request("POST", `/api/subscriptions/${localId}/change-plan`, {
        cookie: manager.cookie,
        body: { planType: "dealer-enterprise" },
      });

    standin.fault({ mode: "fail", method: "POST", path: `/v1/subscriptions/${stripeId}` });
    const failed = await change();
    standin.clearFaults();
    expect(failed.status, failed.text).toBe(503);
    expect(failed.json).toMatchObject({
      message: PAYMENTS_UNAVAILABLE_MESSAGE,
      code: "PAYMENTS_UNAVAILABLE",
    });
    expect(await planOf()).toBe("dealer-basic");
    expect(await changes()).toBe(0);

    const invoices = () =>
      [...standin.store.invoices.values()].filter(
        (i) =>
          (i.parent as { subscription_details: { subscription: string } }).subscription_details
            .subscription === stripeId,
      ).length;
    const first = await change();
    expect(first.status, first.text).toBe(200);
    const invoiced = invoices();
    expect(standin.store.subscriptions.get(stripeId)!.pending_update).not.toBeNull();

    // Asked again (the first answer lost, a second click): refused before anything reaches Stripe.
    const mark = standin.calls.length;
    const second = await change();
    expect(second.status, second.text).toBe(409);
    expect(second.json.code).toBe("CHANGE_PENDING");
    expect(second.json.message).toContain("Nothing more was charged");
    expect(callsSince(mark, "POST", `/v1/subscriptions/${stripeId}`)).toEqual([]);
    expect(invoices()).toBe(invoiced);
    expect(await changes()).toBe(1);
  });
});
