import { expect, type Locator, type Page, test } from "@playwright/test";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

// Demo accounts from the seed: Jordan Smith, a buyer with no purchase from Sam Rivera (id 1) yet, whose dealership
// Morgan Lee manages; Alex Morgan's purchase from Sam is already confirmed, so Sam's reviews show the badge.
const CUSTOMER = "jordan.smith@example.com";
const MANAGER = "morgan.lee@example.com";
const PROFILE = "/salesperson/1";
/** Where the screens are saved to be looked at (PURCHASE_SHOTS); no screenshots without it. */
const SHOTS = process.env.PURCHASE_SHOTS;

/** The screen at 1280 and 390 px wide, scrolled to `focus` (a dialog needs none). */
async function shoot(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await focus?.evaluate((element) => element.scrollIntoView({ block: "start" }));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("[customer] journey: claim a purchase, the manager confirms it, the review says 'Verified purchase' and browse finds the salesperson", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInWithSession(page, CUSTOMER, "customer");
  await page.goto(PROFILE);
  await expect(page.getByRole("heading", { level: 1, name: "Sam Rivera" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByText("Average of reviews from the last 24 months")).toBeVisible();
  await page.getByRole("button", { name: "I bought a car here" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "I bought a car here" })).toBeVisible();
  await dialog.getByLabel("Vehicle").fill("2025 Toyota Camry Hybrid");
  await dialog.getByLabel("Purchase date").fill("2026-11-20");
  await shoot(page, "claim-form");
  await dialog.getByRole("button", { name: "Send claim" }).click();
  await expect(page.getByText("Purchase claim sent")).toBeVisible();

  // The dealership's manager confirms it on the Sales Team tab.
  const managerContext = await browser.newContext({ reducedMotion: "reduce" });
  const manager = await managerContext.newPage();
  await signInWithSession(manager, MANAGER, "manager");
  await manager.goto("/manager-dashboard?tab=team");
  const queue = manager.getByRole("region", { name: "Purchases to confirm" });
  const card = queue.getByRole("listitem", { name: /Purchase claim by Jordan/ });
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(card.getByText("2025 Toyota Camry Hybrid")).toBeVisible();
  await shoot(manager, "manager-claims", queue);
  await card.getByRole("button", { name: /Confirm the purchase of Jordan/ }).click();
  await expect(manager.getByText("Purchase confirmed")).toBeVisible();
  await managerContext.close();

  // Sam's reviews carry the purchase badge (Alex's, whose purchase the seed confirmed), on whichever page of five
  // they fall: the run's other journeys add reviews of Sam before this one. Each page is read once it settles.
  await page.goto(PROFILE);
  const reviews = page.locator("#reviews");
  const list = reviews.getByRole("list", { name: "Reviews" });
  const badge = list.getByText("Verified purchase").first();
  await expect(list).toHaveAttribute("aria-busy", "false", { timeout: FIRST_RENDER_TIMEOUT });
  for (let next = 2; !(await badge.isVisible()); next++) {
    await reviews.getByRole("button", { name: `Reviews page ${next}`, exact: true }).click();
    await expect(reviews.getByText(`Showing ${(next - 1) * 5 + 1}–`)).toBeVisible();
    await expect(list).toHaveAttribute("aria-busy", "false");
  }
  await shoot(page, "profile-badges", badge);
  await page.goto("/?tab=ratings");
  await expect(
    page.getByRole("listitem", { name: "Purchase from Sam Rivera" }).getByText("Verified purchase"),
  ).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });

  // Browse's "Verified purchases" filter keeps Sam.
  await page.goto("/?tab=browse&reviews=verified-purchases");
  await expect(page.getByRole("link", { name: /Sam Rivera/ }).first()).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByLabel("Reviews", { exact: true })).toHaveValue("verified-purchases");
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/browse-filter-1280.png` });
    // On a phone the filters fold behind their button, which counts the one chosen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByLabel("Reviews", { exact: true }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/browse-filter-390.png` });
  }
});
