// One price per plan everywhere (docs/decisions/015-one-plan-declaration.md): every page that shows a price is
// opened as each role that sees it, each figure it shows is read and compared with the plan declaration
// (src/shared/plans.ts) and with what checkout charges: the amount the server's checkout answers, with the
// payment provider served by the e2e server's Stripe stand-in (scripts/e2e-server.ts).
//
// Checkout subscribes: its buyers are two new independent salespeople and the managers of three demo
// dealerships no other journey reads (the seed keeps the first five dealerships free of plans), so the spec
// runs with the journeys ("desktop"), not with the specs that only look.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import {
  addSalespersonEffect,
  annualSavingsCents,
  cardPrice,
  chargeCents,
  FREE_TRIAL_DAYS,
  formatCents,
  PLAN_IDS,
  PLANS,
  type PlanId,
  priceLine,
  type TeamPlan,
} from "../../src/shared/plans";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** Every figure some checkout charges: a unit's price, a plan's smallest charge and an annual saving. */
const CHARGED = new Set(
  PLAN_IDS.flatMap((id) => {
    const plan = PLANS[id];
    return (["month", "year"] as const).flatMap((interval) => [
      formatCents(cardPrice(plan, interval).cents),
      formatCents(chargeCents(plan, interval)),
      formatCents(annualSavingsCents(plan)),
    ]);
  }),
);

const FIGURE = /\$\d[\d,]*(?:\.\d\d)?/g;

/** Every dollar figure in `scope` is one checkout charges ("$0" aside: nothing charged). */
async function expectOnlyCharged(scope: Locator, extra: string[] = []) {
  // Rendered text (Playwright's Locator.innerText, not the DOM property): cells and lines stay apart.
  // biome-ignore lint/performance/useDomNodeTextContent: textContent runs a cell's figure into the next one.
  const figures = ((await scope.innerText()).match(FIGURE) ?? []).filter((f) => f !== "$0");
  const allowed = new Set([...CHARGED, ...extra]);
  expect(
    figures.filter((f) => !allowed.has(f)),
    "figures no checkout charges",
  ).toEqual([]);
  return figures;
}

/** A plan card (data-plan): its name, price and what it includes are the declaration's. */
async function expectCard(card: Locator, id: PlanId, price: string, period: string) {
  const plan = PLANS[id];
  await expect(card.getByRole("heading", { name: plan.name, exact: true })).toBeVisible();
  await expect(card).toContainText(`${price}${period}`);
  for (const feature of plan.features) await expect(card).toContainText(feature);
}

test("[claims] /pricing: each plan card's price, annual price, saving and features are the declaration's", async ({
  page,
}) => {
  await page.goto("/pricing");
  const main = page.getByRole("main");
  await expect(main.locator("[data-plan]").first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const ids = (await main
    .locator("[data-plan]")
    .evaluateAll((cards) => cards.map((card) => card.getAttribute("data-plan")))) as PlanId[];
  expect(ids.length).toBe(2);
  for (const id of ids) {
    const { price, period } = cardPrice(PLANS[id], "month");
    await expectCard(main.locator(`[data-plan="${id}"]`), id, price, period);
  }
  expect(await expectOnlyCharged(main)).not.toEqual([]);
  await expect(main).toContainText(`${FREE_TRIAL_DAYS}-day free trial`);

  await main.getByRole("button", { name: "Annual", exact: true }).click();
  for (const id of ids) {
    const { price, period } = cardPrice(PLANS[id], "year");
    const card = main.locator(`[data-plan="${id}"]`);
    await expectCard(card, id, price, period);
    await expect(card).toContainText(
      `Save ${formatCents(annualSavingsCents(PLANS[id]))} a year: two months free`,
    );
  }
  // The FAQ's annual answer too.
  await main.getByRole("button", { name: "Can I pay annually?" }).click();
  for (const id of ids)
    await expect(main).toContainText(
      `${PLANS[id].name} is ${formatCents(chargeCents(PLANS[id], "year"))} per year (saving ${formatCents(annualSavingsCents(PLANS[id]))})`,
    );
  await expectOnlyCharged(main);
  const description = await page.locator('meta[name="description"]').getAttribute("content");
  for (const figure of description?.match(FIGURE) ?? []) expect(CHARGED).toContain(figure);
});

async function expectDealerPlansPage(page: Page) {
  const main = page.getByRole("main");
  await expect(main.locator('[data-plan="dealer-basic"]')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  for (const id of ["dealer-basic", "dealer-professional", "dealer-enterprise"] as const) {
    const { price, period } = cardPrice(PLANS[id], "month");
    await expectCard(main.locator(`[data-plan="${id}"]`), id, price, period);
  }
  // The calculator: each team size costs what checkout charges for that many seats.
  const seats = PLANS["dealer-professional"];
  const rows = main
    .getByRole("region", { name: `What ${seats.name} costs for your team` })
    .locator("tbody tr");
  await expect(rows).not.toHaveCount(0);
  for (const row of await rows.all()) {
    const cells = await row.locator("td").allInnerTexts();
    const size = Number(cells[0]);
    expect(size).toBeGreaterThanOrEqual(seats.minQuantity);
    expect(cells[1]).toBe(formatCents(chargeCents(seats, "month", size)));
    expect(cells[2]).toBe(formatCents(chargeCents(seats, "year", size)));
  }
  // Each table figure was just compared with checkout's charge for its team size.
  await expectOnlyCharged(main, (await rows.allInnerTexts()).join(" ").match(FIGURE) ?? []);
}

test("[claims] /dealer-subscription, signed out and as the manager: cards and calculator are what checkout charges", async ({
  page,
}) => {
  await page.goto("/dealer-subscription");
  await expectDealerPlansPage(page);
  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/dealer-subscription");
  await expect(page.getByRole("heading", { name: "Your subscription" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expectDealerPlansPage(page);
});

test("[claims] the manager dashboard's plan card and the Add Salesperson dialog state only the dealership's own plan", async ({
  page,
}) => {
  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/manager-dashboard");
  const card = page.getByRole("region", { name: "Subscription Plan" });
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const overview = (await (await page.request.get("/api/manager/overview")).json()) as {
    plan: TeamPlan & { amountCents: number; interval: "month" | "year" | null };
  };
  await expect(card).toContainText(
    `${formatCents(overview.plan.amountCents)}/${overview.plan.interval ?? "month"}`,
  );
  const basic = PLANS["dealer-basic"];
  if (overview.plan.planId === null) {
    await expect(card).toContainText(`${basic.name}: ${formatCents(chargeCents(basic, "month"))}/month`);
    await expect(card).toContainText(
      `${PLANS["dealer-professional"].name}: ${formatCents(PLANS["dealer-professional"].unitAmountCents)} per salesperson per month`,
    );
  }
  await expectOnlyCharged(card);

  await page.getByRole("tab", { name: "Sales Team" }).click();
  await page.getByRole("button", { name: "Add Salesperson" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add Salesperson" })).toBeVisible();
  await expect(dialog).toContainText(addSalespersonEffect(overview.plan));
  await expectOnlyCharged(dialog);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
});

/** The amount the server's checkout answers (tRPC subscriptions.create), wherever it sits in the answer. */
function amountIn(body: unknown): { amountCents: number; seats: number; interval: string } | null {
  if (body && typeof body === "object") {
    const record = body as Record<string, unknown>;
    if (typeof record.amountCents === "number" && typeof record.seats === "number")
      return record as { amountCents: number; seats: number; interval: string };
    for (const value of Object.values(record)) {
      const found = amountIn(value);
      if (found) return found;
    }
  }
  return null;
}

/** A new independent salesperson (no dealership, so no team's count changes). */
async function newSalesperson(page: Page, baseURL: string, label: string): Promise<string> {
  const email = `e2e.prices.${label}.${Date.now()}@example.org`;
  const registered = await page.request.post("/api/salesperson/auth/register", {
    headers: { origin: baseURL },
    data: {
      name: `Pat Prices ${label}`,
      email,
      joining: "independent",
      zipCode: "10001",
      yearsExperience: 4,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return email;
}

test("[claims] the salesperson's subscription panel offers the declared plans", async ({ page, baseURL }) => {
  const email = await newSalesperson(page, baseURL ?? "", "panel");
  await signInWithSession(page, email, "salesperson");
  await page.goto("/salesperson-dashboard");
  await page.getByRole("tab", { name: "Subscription" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  const panel = page.getByRole("tabpanel");
  for (const id of ["salesperson", "salesperson-professional"] as const) {
    const card = panel.locator(`[data-plan="${id}"]`);
    const { price, period } = priceLine(PLANS[id]);
    await expect(card).toContainText(PLANS[id].name);
    await expect(card).toContainText(`${price} ${period}`);
    for (const feature of PLANS[id].features) await expect(card).toContainText(feature);
  }
  await expectOnlyCharged(panel);
});

/** Managers of demo dealerships the seed leaves without a plan and no other journey opens. */
const DEALER_BUYERS: Record<"dealer-basic" | "dealer-professional" | "dealer-enterprise", string> = {
  "dealer-basic": "manager.buffalo@example.com",
  "dealer-professional": "manager.los-angeles@example.com",
  "dealer-enterprise": "manager.san-diego@example.com",
};

for (const id of PLAN_IDS) {
  const interval = id === "salesperson-professional" || id === "dealer-professional" ? "year" : "month";
  test(`[claims] checkout of ${id} (${interval}): the page's price is the declaration's and what the server charges`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const plan = PLANS[id];
    // Signed out: the plan's smallest charge, as the declaration gives it.
    await page.goto(`/subscribe?plan=${id}`);
    const summary = page.getByRole("region", { name: "Plan" });
    await expect(summary).toContainText(plan.name, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(summary).toContainText(`${formatCents(chargeCents(plan, "month"))}per month`);
    await expectOnlyCharged(summary);

    const email =
      plan.audience === "salesperson"
        ? await newSalesperson(page, baseURL ?? "", id)
        : DEALER_BUYERS[id as keyof typeof DEALER_BUYERS];
    await signInWithSession(page, email, plan.audience === "salesperson" ? "salesperson" : "manager");
    await page.goto(`/subscribe?plan=${id}`);
    await expect(page.getByRole("button", { name: /Continue to payment/ })).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    if (interval === "year") await page.getByRole("radio", { name: /^Annual/ }).click();
    // A seat plan is bought for the whole team (checkout refuses fewer seats than salespeople).
    let seats = plan.minQuantity;
    if (plan.unit === "seat") {
      const overview = (await (await page.request.get("/api/manager/overview")).json()) as {
        totalSalespeople: number;
      };
      seats = Math.max(plan.minQuantity, overview.totalSalespeople);
      await page.getByLabel("Salesperson seats").fill(String(seats));
    }
    const shown = formatCents(chargeCents(plan, interval, seats));
    await expect(page.getByRole("region", { name: "Plan" })).toContainText(`${shown}per ${interval}`);

    const answered = page.waitForResponse(
      (res) => res.url().includes("subscriptions.create") && res.request().method() === "POST",
    );
    await page.getByRole("button", { name: /Continue to payment/ }).click();
    const response = await answered;
    expect(response.status(), await response.text()).toBe(200);
    const charged = amountIn(await response.json());
    expect(charged, "the checkout's answer carries the amount").not.toBeNull();
    expect(charged!.interval).toBe(interval);
    expect(charged!.seats).toBe(seats);
    expect(charged!.amountCents).toBe(chargeCents(plan, interval, charged!.seats));

    // The payment step shows the amount the server charges.
    const step = page.getByRole("region", { name: "Payment details" });
    await expect(step).toBeVisible({ timeout: 15_000 });
    await expect(step).toContainText(formatCents(charged!.amountCents));
    await expectOnlyCharged(step, [formatCents(charged!.amountCents)]);
    const after = page.getByRole("region", { name: "Plan" });
    await expect(after).toContainText(`${formatCents(charged!.amountCents)}per ${interval}`);
    // Annually, the saving shown is a year of monthly charges less the annual one, both checkout's for these seats.
    const extra = [formatCents(charged!.amountCents)];
    if (interval === "year") {
      const saving = chargeCents(plan, "month", seats) * 12 - charged!.amountCents;
      expect(saving).toBe(annualSavingsCents(plan, seats));
      await expect(after).toContainText(`you save ${formatCents(saving)}`);
      extra.push(formatCents(saving));
    }
    await expectOnlyCharged(after, extra);
  });
}
