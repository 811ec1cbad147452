// No database transaction waits on Stripe: while the stand-in holds each request, the app's pool must have no
// connection idle inside a transaction (checkout, webhooks, plan changes). The pools carry statement and
// idle-in-transaction timeouts. A plan upgrade takes effect only once Stripe says its invoice is paid.
import postgres from "postgres";
import type Stripe from "stripe";
import { afterAll, describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";
import { startStripeStandIn } from "./support/stripe-standin";

const standin = await startStripeStandIn();
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...standin.env });
await h.seed(0.05);
const probeSql = postgres(h.dbUrl, { max: 1, onnotice: () => {}, connection: { application_name: "probe" } });
afterAll(async () => {
  await probeSql.end();
  await standin.close();
});

/** For each Stripe request: how many of the app's connections sat in an open transaction meanwhile. */
const observed: { request: string; inTransaction: number }[] = [];
standin.probe.current = async ({ method, path }) => {
  const [row] = await probeSql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
     where datname = current_database() and application_name like 'knowbefore%'
       and application_name <> 'knowbefore-jobs' and state like 'idle in transaction%'`;
  observed.push({ request: `${method} ${path}`, inTransaction: row!.n });
};

function deliver(event: Stripe.Event) {
  const payload = JSON.stringify(event);
  return h.request("POST", "/api/stripe/webhook", {
    body: payload,
    headers: { "stripe-signature": standin.sign(payload) },
  });
}

async function stripeIdOf(localId: string) {
  const [row] = await h.sql<{ s: string }[]>`
    select stripe_subscription_id as s from subscriptions where id = ${localId}`;
  return row!.s;
}

const [dealership] = await h.sql<{ id: number; email: string }[]>`
  select d.id, u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 1`;
const manager = await h.signIn(dealership!.email, "manager");
const [person] = await h.sql<{ email: string }[]>`select email from salespeople order by id limit 1`;
const seller = await h.signIn(person!.email, "salesperson");

describe("database timeouts", () => {
  it("every pool's connections carry a statement timeout and an idle-in-transaction timeout", async () => {
    for (const pool of [h.sql, h.deps.searchSql, h.deps.browseSql]) {
      const [statement] = await pool<{ statement_timeout: string }[]>`show statement_timeout`;
      const [idle] = await pool<
        { idle_in_transaction_session_timeout: string }[]
      >`show idle_in_transaction_session_timeout`;
      expect(statement!.statement_timeout).toBe("15s");
      expect(idle!.idle_in_transaction_session_timeout).toBe("30s");
    }
    // Inside a transaction, the server ends a statement over the limit.
    await expect(
      h.sql.begin(async (tx) => {
        await tx`set local statement_timeout = 50`;
        await tx`select pg_sleep(1)`;
      }),
    ).rejects.toMatchObject({ code: "57014" });
  });
});

describe("Stripe outside transactions", () => {
  it("checkout calls Stripe while no transaction of the app is open", async () => {
    observed.length = 0;
    const start = await h.request("POST", "/api/create-subscription", {
      cookie: seller.cookie,
      body: { planType: "salesperson" },
    });
    expect(start.status, start.text).toBe(200);
    expect(observed.map((o) => o.request)).toEqual(
      expect.arrayContaining(["POST /v1/customers", "POST /v1/subscriptions"]),
    );
    expect(observed.filter((o) => o.inTransaction > 0)).toEqual([]);
  });

  it("webhooks read Stripe while no transaction of the app is open", async () => {
    await h.sql`
      insert into subscriptions (stripe_subscription_id, dealership_id, plan, interval, status)
      values ('sub_earlier_plan', ${dealership!.id}, 'dealer-basic', 'month', 'canceled')`;
    const start = await h.request("POST", "/api/create-subscription", {
      cookie: manager.cookie,
      body: { planType: "dealer-basic" },
    });
    expect(start.status, start.text).toBe(200);
    expect(start.json.intent).toBe("payment");
    const stripeId = await stripeIdOf(start.json.subscriptionId);
    observed.length = 0;
    const events = [
      standin.event("customer.subscription.created", standin.store.subscriptions.get(stripeId)!),
      ...standin.payInvoice(stripeId),
    ];
    for (const e of events) expect((await deliver(e)).status).toBe(200);
    expect(observed.map((o) => o.request)).toEqual(
      expect.arrayContaining([
        `GET /v1/subscriptions/${stripeId}`,
        expect.stringMatching(/^GET \/v1\/invoices\//),
      ]),
    );
    expect(observed.filter((o) => o.inTransaction > 0)).toEqual([]);
    const [row] = await h.sql<{ status: string }[]>`
      select status from subscriptions where stripe_subscription_id = ${stripeId}`;
    expect(row?.status).toBe("active");
  });
});

describe("plan upgrades", () => {
  it("keep the current plan until Stripe reports the upgrade's invoice paid", async () => {
    const [row] = await h.sql<{ id: string; stripe: string }[]>`
      select id, stripe_subscription_id as stripe from subscriptions
       where dealership_id = ${dealership!.id} and status = 'active'`;
    observed.length = 0;
    const changed = await h.request("POST", `/api/subscriptions/${row!.id}/change-plan`, {
      cookie: manager.cookie,
      body: { planType: "dealer-enterprise" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(observed.filter((o) => o.inTransaction > 0)).toEqual([]);
    const update = standin.calls.findLast(
      (c) => c.method === "POST" && c.path === `/v1/subscriptions/${row!.stripe}`,
    );
    expect(update?.params).toMatchObject({
      payment_behavior: "pending_if_incomplete",
      proration_behavior: "always_invoice",
    });
    // Not paid yet: the answer, the row and the plan's limit are still the old plan's.
    expect(changed.json.plan).toBe("dealer-basic");
    const plan = async () =>
      (await h.sql<{ plan: string }[]>`select plan from subscriptions where id = ${row!.id}`)[0]!.plan;
    expect(await plan()).toBe("dealer-basic");
    // A webhook that arrives before the payment changes nothing either.
    const early = standin.event(
      "customer.subscription.updated",
      standin.store.subscriptions.get(row!.stripe)!,
    );
    expect((await deliver(early)).status).toBe(200);
    expect(await plan()).toBe("dealer-basic");

    for (const e of standin.payInvoice(row!.stripe)) expect((await deliver(e)).status).toBe(200);
    expect(await plan()).toBe("dealer-enterprise");
  });
});
