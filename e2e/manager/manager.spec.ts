import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { chargeCents, formatCents, PLANS } from "../../src/shared/plans";
import { waitForSignInLink } from "../support/mailbox";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** The demo manager's dealership (the seed's first city). */
const DEALERSHIP = "New York Toyota";

test("[manager] journey: verify a pending salesperson, invite a salesperson, see the leaderboard", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  const pendingName = `Casey Pending ${stamp % 10_000}`;
  const newName = `Robin Added ${stamp % 10_000}`;
  const newEmail = `e2e.added.${stamp}@example.org`;

  // A salesperson registers with the dealership at the portal's register call and waits to be verified.
  const registered = await request.post("/api/salesperson/auth/register", {
    headers: { origin: baseURL ?? "" },
    data: {
      name: pendingName,
      email: `e2e.pending.${stamp}@example.org`,
      dealership: DEALERSHIP,
      yearsExperience: 2,
      specialties: [],
    },
  });
  expect(registered.status()).toBe(201);

  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/manager-dashboard");
  await expect(page.getByRole("heading", { level: 1, name: DEALERSHIP })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });

  // Overview: the four figures, the plan and the contact card.
  for (const label of ["Total salespeople", "Average rating", "Total reviews", "Dealership"]) {
    await expect(page.getByRole("group", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("group", { name: "Average rating" }).locator("dd").first()).toHaveText(
    /^\d\.\d$/,
  );
  const plan = page.getByRole("region", { name: "Subscription Plan" });
  // No subscription in the demo data: the free allowance, and what Dealer Basic charges (docs/product/subscriptions.md#plans-and-prices).
  await expect(plan).toContainText("Free");
  await expect(plan).toContainText("up to 10 salespeople");
  await expect(plan).toContainText(
    `Dealer Basic: ${formatCents(chargeCents(PLANS["dealer-basic"], "month"))}/month`,
  );
  await expect(page.getByRole("region", { name: "Dealership contact" })).toContainText("New York, NY");

  // Sales Team: the pending registration is confirmed.
  await page.getByRole("tab", { name: "Sales Team" }).click();
  await expect(page).toHaveURL(/tab=team/);
  const pending = page.getByRole("region", { name: "Pending verifications" });
  await expect(pending).toContainText(pendingName);
  await pending.getByRole("button", { name: `Confirm ${pendingName}` }).click();
  await expect(page.getByText("Salesperson verified", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Confirm ${pendingName}` })).toHaveCount(0);

  // Add Salesperson invites: submit stays disabled until name and e-mail are there.
  await page.getByRole("button", { name: "Add Salesperson" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Add Salesperson" })).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Send invitation" });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Name").fill(newName);
  await expect(submit).toBeDisabled();
  await dialog.getByLabel("Email").fill(newEmail);
  await expect(dialog.getByLabel("Payment model")).toHaveValue("dealership");
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The invitation waits in the pending list (the invitee joins by accepting: e2e/from-empty/onboarding.spec.ts)
  // and its e-mail carries the invitation's link.
  await expect(page.getByRole("button", { name: `Revoke the invitation to ${newEmail}` })).toBeVisible();
  expect(await waitForSignInLink(newEmail)).toMatch(/\/invitations\/accept\?token=/);

  // Performance: the three bands and the leaderboard, best average first.
  await page.getByRole("tab", { name: "Performance" }).click();
  for (const label of ["Top performers", "Average performers", "Needs improvement"]) {
    await expect(page.getByRole("group", { name: label, exact: true })).toBeVisible();
  }
  await expect(page.getByText("Average rating 4.5 or higher")).toBeVisible();
  const board = page.getByRole("table", { name: "Leaderboard by average rating" });
  await expect(board).toBeVisible();
  await expect(board).toContainText("Sam Rivera");
  await expect(board).toContainText(pendingName);
  const ratings = await board.locator("tbody tr td:nth-child(3)").allTextContents();
  const values = ratings.map((text) => Number.parseFloat(text)).filter((n) => !Number.isNaN(n));
  expect(values.length).toBeGreaterThan(0);
  expect(values).toEqual([...values].sort((a, b) => b - a));
  await expect(page.getByText(/Completion rate: completed appointments/)).toBeVisible();

  // The Dealership tab and Reports open with their content.
  await page.getByRole("tab", { name: "Dealership", exact: true }).click();
  await expect(page.getByRole("group", { name: "Total team size" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your dealership on the map" })).toBeVisible();
  await page.getByRole("tab", { name: "Reports" }).click();
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute(
    "href",
    /\/api\/manager\/report\?month=\d{4}-\d{2}&format=csv/,
  );
  await expect(page.getByRole("table", { name: /Dealership report for/ })).toContainText(pendingName);
});

test("[manager] journey: a customer sees 'Access Denied' and no manager link", async ({ page }) => {
  await signInWithSession(page, `e2e.not.manager.${Date.now()}@example.org`, "customer");
  await page.goto("/manager-dashboard");
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByRole("link", { name: "Manager dashboard" })).toHaveCount(0);
});
