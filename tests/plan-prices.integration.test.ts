// One price per plan everywhere (docs/decisions/015-one-plan-declaration.md): what checkout charges, the
// price and product Stripe is asked to create, and the figures the public documents state are all read from
// PLANS (src/shared/plans.ts). Checkout goes through the real Stripe SDK against the local stand-in.
import { afterAll, describe, expect, it } from "vitest";
import { seedDocuments } from "../src/server/domains/documents/seed";
import {
  annualSavingsCents,
  cardPrice,
  chargeCents,
  FREE_TRIAL_DAYS,
  PLAN_IDS,
  PLANS,
  type PlanId,
} from "../src/shared/plans";
import { createHarness } from "./support/harness";
import { startStripeStandIn } from "./support/stripe-standin";

const standin = await startStripeStandIn();
afterAll(() => standin.close());
const h = await createHarness({ RATE_LIMIT_DISABLED: "true", ...standin.env });
await h.seed(0.05);
await seedDocuments(h.sql);

const dealerships = await h.sql<{ email: string }[]>`
  select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 3`;
const people = await h.sql<{ email: string }[]>`select email from salespeople order by id limit 2`;
/** One buyer per plan: a dealership's manager for a dealer plan, a salesperson for theirs. */
const buyers: Record<PlanId, { email: string; role: "manager" | "salesperson" }> = {
  salesperson: { email: people[0]!.email, role: "salesperson" },
  "salesperson-professional": { email: people[1]!.email, role: "salesperson" },
  "dealer-basic": { email: dealerships[0]!.email, role: "manager" },
  "dealer-professional": { email: dealerships[1]!.email, role: "manager" },
  "dealer-enterprise": { email: dealerships[2]!.email, role: "manager" },
};

describe("checkout and Stripe read the plan declaration", () => {
  it.each(PLAN_IDS.map((id, i) => [id, i % 2 === 0 ? "month" : "year"] as const))(
    "%s (%s): checkout charges the declared amount, and Stripe's price and product carry it and the plan's name",
    async (id, interval) => {
      const plan = PLANS[id];
      const buyer = await h.signIn(buyers[id].email, buyers[id].role);
      const res = await h.request("POST", "/api/create-subscription", {
        cookie: buyer.cookie,
        body: { planType: id, interval },
      });
      expect(res.status, res.text).toBe(200);
      const seats = res.json.seats as number;
      expect(seats).toBeGreaterThanOrEqual(plan.minQuantity);
      expect(res.json.amountCents).toBe(chargeCents(plan, interval, seats));

      const subscription = [...standin.store.subscriptions.values()].find(
        (s) => (s.metadata as Record<string, string>).plan === id,
      );
      expect(subscription, `a Stripe subscription of ${id}`).not.toBeUndefined();
      const item = (subscription!.items as { data: { price: Record<string, unknown>; quantity: unknown }[] })
        .data[0]!;
      const price = standin.store.prices.get(String(item.price.id))!;
      expect(price.unit_amount).toBe(cardPrice(plan, interval).cents);
      expect(price.unit_amount).toBe(plan.unitAmountCents * (interval === "year" ? 10 : 1));
      expect((price.recurring as { interval: string }).interval).toBe(interval);
      expect(Number(price.unit_amount) * Number(item.quantity)).toBe(res.json.amountCents);
      expect(price.metadata).toMatchObject({ plan: id });
      const product = standin.store.products.get(String(price.product));
      expect(product?.name).toBe(plan.name);
    },
  );
});

describe("the manager's plan card", () => {
  it("states what the dealership's own subscription charges each period (annual: the year's charge)", async () => {
    const id = "dealer-professional";
    const manager = await h.signIn(buyers[id].email, "manager");
    // The annual checkout above, switched on as the provider's webhook would.
    const [row] = await h.sql<{ seats: number }[]>`
      update subscriptions s set status = 'active' from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
       where s.dealership_id = d.id and u.email = ${buyers[id].email} and s.plan = ${id} and s.interval = 'year'
      returning s.seats`;
    expect(row?.seats).toBeGreaterThanOrEqual(PLANS[id].minQuantity);
    const res = await h.request("GET", "/api/manager/overview", { cookie: manager.cookie });
    expect(res.status).toBe(200);
    expect(res.json.plan).toMatchObject({
      planId: id,
      interval: "year",
      amountCents: chargeCents(PLANS[id], "year", row!.seats),
      monthlyPriceCents: chargeCents(PLANS[id], "month", row!.seats),
    });
  });
});

describe("documents state only declared figures", () => {
  it("the FAQs and terms give each plan's declared price, saving and trial, and no placeholder is left", async () => {
    const read = async (slug: string) => {
      const res = await h.request("GET", `/api/documents/${slug}`);
      expect(res.status).toBe(200);
      return res.json.content as string;
    };
    const salesperson = await read("salesperson-faq");
    for (const id of ["salesperson", "salesperson-professional"] as const) {
      expect(salesperson).toContain(`${PLANS[id].name} `);
      expect(salesperson).toContain(cardPrice(PLANS[id], "month").price);
      expect(salesperson).toContain(cardPrice(PLANS[id], "year").price);
    }
    expect(salesperson).toContain(`${FREE_TRIAL_DAYS}-day free trial`);
    const dealership = await read("dealership-faq");
    for (const id of ["dealer-basic", "dealer-professional", "dealer-enterprise"] as const)
      expect(dealership).toContain(cardPrice(PLANS[id], "month").price);
    expect(dealership).toContain(
      `${cardPrice(PLANS["dealer-basic"], "year").price} per year instead of ${cardPrice(PLANS["dealer-basic"], "month").price} per month, saving ${`$${(annualSavingsCents(PLANS["dealer-basic"]) / 100).toLocaleString("en-US")}`}`,
    );
    const terms = await read("terms-of-service");
    expect(terms).toContain(`${FREE_TRIAL_DAYS}-day free trial`);
    for (const content of [salesperson, dealership, terms]) {
      expect(content).not.toMatch(/\{\{|\}\}/);
      // Every dollar figure a document states is one some plan charges (a unit price, monthly or annually).
      const declared = new Set(
        PLAN_IDS.flatMap((id) => [
          cardPrice(PLANS[id], "month").price,
          cardPrice(PLANS[id], "year").price,
          `$${(annualSavingsCents(PLANS[id]) / 100).toLocaleString("en-US")}`,
        ]),
      );
      for (const figure of content.match(/\$[\d,]+(\.\d\d)?/g) ?? []) expect(declared).toContain(figure);
    }
  });
});
