// [analytics] journeys: an administrator opens platform business intelligence, sees every tab's charts,
// switches the period and downloads a table as CSV; a dealership manager sees their own dealership and is
// told that revenue analytics are for administrators. Screenshots at 1280 and 390 px.
import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { seriousAxeViolations } from "../public/support";
import { signInAsAdmin } from "../support/admin";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** The visible tab panel. */
function panel(page: Page): Locator {
  return page.locator('[role="tabpanel"]:not([hidden])');
}

/** Every chart in the panel is drawn (an SVG surface inside its role="img" wrapper). */
async function expectChartsDrawn(page: Page, atLeast: number) {
  const charts = panel(page).locator('[role="img"][data-chart]');
  await expect(charts.first()).toBeVisible({ timeout: 20_000 });
  const n = await charts.count();
  expect(n).toBeGreaterThanOrEqual(atLeast);
  // With reduced motion (as every browser test asks) series are drawn at once, not animated in.
  for (let i = 0; i < n; i++) await expect(charts.nth(i).locator(".recharts-surface").first()).toBeVisible();
}

/**
 * At phone width nothing pushes the page sideways (wide tables scroll inside their own box), once the charts
 * have measured their new width: right after a resize they may still be as wide as before.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

function metricValue(page: Page, label: string): Locator {
  return panel(page).getByRole("group", { name: label, exact: true }).locator("[data-metric-value]");
}

test("[analytics] an administrator sees every tab's charts, switches periods and downloads a CSV", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signInAsAdmin(page);
  await page.goto("/admin-business-intelligence");
  await expect(page.getByRole("heading", { level: 1, name: "Business Intelligence" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByRole("heading", { level: 2, name: "All dealerships" })).toBeVisible();
  await expect(page.getByText(/Figures as of/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("combobox", { name: "Dealership" })).toBeVisible();

  // Executive Summary: key metrics and both charts.
  await expect(page.getByRole("tab", { name: "Executive Summary" })).toHaveAttribute("aria-selected", "true");
  await expectChartsDrawn(page, 2);
  await expect(panel(page).getByRole("heading", { name: "Strategic insights" })).toBeVisible();
  await expect(panel(page).getByRole("heading", { name: "Alerts" })).toBeVisible();

  // Periods: 30d -> 7d -> 1y changes the window and the figures.
  const bookings = panel(page).getByRole("group", { name: "Bookings", exact: true });
  const bookings30 = await bookings.locator("[data-metric-value]").first().textContent();
  await page.getByRole("radio", { name: "7 days" }).check({ force: true });
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByText(/^Last 7 days/)).toBeVisible();
  await expect
    .poll(async () => bookings.locator("[data-metric-value]").first().textContent(), { timeout: 20_000 })
    .not.toBe(bookings30);
  const bookings7 = await bookings.locator("[data-metric-value]").first().textContent();
  await page.getByRole("radio", { name: "1 year" }).check({ force: true });
  await expect(page).toHaveURL(/period=1y/);
  await expect(page.getByText(/^Last year/)).toBeVisible();
  await expect
    .poll(async () => bookings.locator("[data-metric-value]").first().textContent(), { timeout: 20_000 })
    .not.toBe(bookings7);
  await expectChartsDrawn(page, 2);
  await page.screenshot({ path: test.info().outputPath("bi-summary-1280.png"), fullPage: true });
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Revenue Analytics: charts when payments exist, a plain statement when none do.
  await openTab(page, "Revenue Analytics");
  const noPayments = panel(page).getByText("No payments have been recorded yet");
  const revenueChart = panel(page).locator('[role="img"][data-chart]');
  await expect(noPayments.or(revenueChart.first())).toBeVisible({ timeout: 20_000 });
  if (await revenueChart.count()) {
    await expectChartsDrawn(page, 1);
    await expect(metricValue(page, "Monthly recurring revenue")).toBeVisible();
    await expect(panel(page).getByRole("region", { name: "Plan mix" })).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("bi-revenue-1280.png"), fullPage: true });

  // Performance: the table, its chart, and a CSV of exactly its columns.
  await openTab(page, "Performance");
  await expectChartsDrawn(page, 1);
  const table = panel(page).getByRole("region", { name: "Dealership performance" });
  await expect(table.getByRole("row")).not.toHaveCount(0);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    table.getByRole("button", { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("dealership-performance-1y.csv");
  const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
  const [header, ...lines] = csv.trimEnd().split("\r\n");
  expect(header).toBe(
    "Dealership,City,Avg. rating,Salespeople,Ratings,Booked,Completed,Conversion %,Monthly growth %,Top performers",
  );
  expect(lines.length).toBe((await table.getByRole("row").count()) - 1);

  // Market Analysis: states ranked and growth over time.
  await openTab(page, "Market Analysis");
  await expectChartsDrawn(page, 2);
  await expect(panel(page).getByRole("region", { name: "States" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("bi-market-1280.png"), fullPage: true });

  // Predictions: bookings (and revenue) forecasts with the fit stated.
  await openTab(page, "Predictions");
  await expect(
    panel(page)
      .getByRole("heading", { name: /Bookings forecast/ })
      .first(),
  ).toBeVisible({
    timeout: 20_000,
  });
  if (await panel(page).locator('[role="img"][data-chart]').count()) {
    await expectChartsDrawn(page, 1);
    await expect(
      panel(page)
        .getByText(/least-squares line through the last \d+ complete months/i)
        .first(),
    ).toBeVisible();
  }
  await page.screenshot({ path: test.info().outputPath("bi-predictions-1280.png"), fullPage: true });

  // The same page on a phone.
  await openTab(page, "Executive Summary");
  await expectChartsDrawn(page, 2);
  await page.screenshot({ path: test.info().outputPath("bi-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectChartsDrawn(page, 2);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("bi-390.png"), fullPage: true });
  await openTab(page, "Performance");
  await expectChartsDrawn(page, 1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("bi-performance-390.png"), fullPage: true });
  await openTab(page, "Market Analysis");
  await expectChartsDrawn(page, 2);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("bi-market-390.png"), fullPage: true });
});

test("[analytics] a manager sees their own dealership; revenue analytics are for administrators", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/business-intelligence");
  await expect(page.getByRole("heading", { level: 1, name: "Business Intelligence" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  const scope = page.getByRole("heading", { level: 2 }).first();
  await expect(scope).not.toHaveText("All dealerships");
  await expect(scope).toHaveText(/\S/, { timeout: 20_000 });
  const dealership = ((await scope.textContent()) ?? "").trim();
  await expect(page.getByRole("combobox", { name: "Dealership" })).toHaveCount(0);
  await expectChartsDrawn(page, 2);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await openTab(page, "Revenue Analytics");
  await expect(
    panel(page).getByRole("heading", { name: "Revenue analytics are for administrators" }),
  ).toBeVisible();
  await expect(panel(page).getByRole("link", { name: "Your plan and invoices" })).toHaveAttribute(
    "href",
    "/dealer-subscription",
  );

  await openTab(page, "Performance");
  const own = panel(page).getByRole("region", { name: "Your dealership" });
  await expect(own.getByRole("row").nth(1)).toContainText(dealership, { timeout: 20_000 });
  await expect(
    panel(page)
      .getByText(/dealerships by rating|Not ranked/)
      .first(),
  ).toBeVisible();
  await expectChartsDrawn(page, 1);
  await page.screenshot({ path: test.info().outputPath("bi-manager-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectChartsDrawn(page, 1);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: test.info().outputPath("bi-manager-390.png"), fullPage: true });
});
