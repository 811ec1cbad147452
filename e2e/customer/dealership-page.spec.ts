import { expect, test } from "@playwright/test";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test.use({ viewport: { width: 390, height: 844 } });

test("[customer] journey: on a phone, open a dealership's page from a browse card and from a profile: name, hours with open or closed, the team, a review", async ({
  page,
}) => {
  await signInWithSession(page, `e2e.dealership.page.${Date.now()}@example.org`, "customer");
  await page.goto("/");

  // The first card of someone at a dealership: its dealership's name links to the dealership's page.
  const dealershipLink = page
    .getByRole("article")
    .getByRole("link")
    .and(page.locator('[href^="/dealerships/"]'));
  await expect(dealershipLink.first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const name = (await dealershipLink.first().textContent())?.trim() ?? "";
  expect(name).not.toBe("");
  await dealershipLink.first().click();

  await expect(page).toHaveURL(/\/dealerships\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name, { timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByTestId("open-now")).toContainText(/Open now|Closed now/);
  await expect(page.getByRole("region", { name: "Opening hours" })).toContainText(
    /monday\s*(\d\d:\d\d|Closed)/i,
  );
  const team = page.getByRole("region", { name: "Meet the team" });
  await expect(team.getByTestId("team-member").first()).toBeVisible();
  // Each member's next open time, by the booking rules (or none in two weeks).
  await expect(team.getByTestId("team-next-open").first()).toHaveText(
    /^(Next open: (Today|\w{3}, \w{3} \d{1,2}) · \d{1,2}:\d{2} (AM|PM)|No open times in the next two weeks)$/,
  );
  const reviews = page.getByRole("region", { name: "Recent reviews" });
  await expect(reviews.getByTestId("dealership-review").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Call / })).toHaveAttribute("href", /^tel:/);
  // Nothing runs past a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A team member's profile names the dealership, and its name leads back to the same page.
  const pageUrl = page.url();
  const member = team.getByTestId("team-member").first().getByRole("link");
  const memberName = (await member.textContent())?.trim() ?? "";
  await member.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(memberName);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(pageUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});
