// Checkout against the real Stripe SDK and the local stand-in the e2e server runs (scripts/e2e-server.ts). The
// Payment Element itself is Stripe's iframe from js.stripe.com, which needs the internet: these journeys assert
// everything up to mounting it, and skip the rest with the reason when Stripe.js cannot load.
import { type APIRequestContext, expect, test } from "@playwright/test";
import { CHECKOUT_UNAVAILABLE_MESSAGE } from "../../src/server/domains/subscriptions/provider";
import { paymentsOutage } from "../support/payments";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** A new salesperson with a dealership other than the demo manager's (whose team another journey counts). */
async function registerSalesperson(request: APIRequestContext, baseURL: string | undefined, name: string) {
  const email = `e2e.${name.toLowerCase().replace(/\W+/g, ".")}.${Date.now()}@example.org`;
  const dealerships = (await (await request.get("/api/dealerships")).json()) as { name: string }[];
  const registered = await request.post("/api/salesperson/auth/register", {
    headers: { origin: baseURL ?? "" },
    data: { name, email, dealership: dealerships.at(-1)!.name, yearsExperience: 3, specialties: [] },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return email;
}

test("[subscriptions] a signed-out visitor sees the pitch and 'Sign In to Subscribe'", async ({ page }) => {
  await page.goto("/subscribe?plan=salesperson-professional");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Salesperson Professional", {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByText("$129.99").first()).toBeVisible();
  const signIn = page.getByRole("link", { name: "Sign In to Subscribe" });
  await expect(signIn).toHaveAttribute("href", "/");
});

test("[subscriptions] /subscription-success without a payment says that nothing was paid", async ({
  page,
}) => {
  await signInWithSession(page, "e2e.subscriptions.customer@example.org", "customer");
  await page.goto("/subscription-success");
  await expect(page.getByText(/No payment was made/).first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText("Payment Successful")).toHaveCount(0);
});

test("[subscriptions] a signed-in salesperson reaches the payment step; the trial starts when Stripe says so", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await registerSalesperson(request, baseURL, "Sam Subscriber");
  await signInWithSession(page, email, "salesperson");

  await page.goto("/subscribe?plan=salesperson");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Salesperson Basic", {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await page.getByRole("button", { name: /Continue to payment/ }).click();
  const step = page.getByRole("region", { name: "Payment details" });
  await expect(step).toBeVisible({ timeout: 15_000 });
  await expect(step).toContainText(/trial/i);

  // The stand-in delivered Stripe's signed webhook: the plan is on (trialing) in the salesperson's own view.
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/subscriptions/mine");
        const body = (await res.json()) as { salesperson?: { current?: { status?: string } | null } };
        return body.salesperson?.current?.status ?? null;
      },
      { timeout: 15_000 },
    )
    .toBe("trialing");

  const stripeFrame = page.locator("iframe[src*='js.stripe.com']");
  const loadFailed = page.getByText("The secure payment form could not load");
  await expect(stripeFrame.or(loadFailed).first()).toBeVisible({ timeout: 20_000 });
  test.skip(
    (await stripeFrame.count()) === 0,
    "Stripe.js (js.stripe.com) could not load without the internet: asserted up to the payment step",
  );
  await expect(stripeFrame.first()).toBeVisible();
});

test("[subscriptions] when payments do not answer, checkout says so plainly; trying again once they are back works", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = await registerSalesperson(request, baseURL, "Olive Outage");
  await signInWithSession(page, email, "salesperson");
  await page.goto("/subscribe?plan=salesperson");
  const start = page.getByRole("button", { name: /Continue to payment/ });
  await expect(start).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });

  // Stripe answers 500 to every attempt to make this salesperson's payment customer (and only theirs).
  await paymentsOutage({ mode: "fail", method: "POST", path: "/v1/customers", match: { email } });
  try {
    await start.click();
    await expect(page.getByRole("alert")).toHaveText(CHECKOUT_UNAVAILABLE_MESSAGE, { timeout: 15_000 });
    await expect(page.getByRole("region", { name: "Payment details" })).toHaveCount(0);
    await expect(page.getByText(/stand-in outage|api_error/)).toHaveCount(0);
  } finally {
    await paymentsOutage(null);
  }

  await start.click();
  await expect(page.getByRole("region", { name: "Payment details" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("alert")).toHaveCount(0);
});
