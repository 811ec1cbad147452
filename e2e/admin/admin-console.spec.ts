// [ADMIN] journey: an administrator signs in through the form (e-mail, password, admin code), opens Users,
// deletes a user with a reason and sees it confirmed; a wrong admin code answers 'Login failed'.
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, fillAdminLogin, signInAsAdmin } from "../support/admin";
import { createTestSession, FIRST_RENDER_TIMEOUT } from "../support/session";

function fillLogin(page: import("@playwright/test").Page, code: string) {
  return fillAdminLogin(page, { ...DEMO_ADMIN, code });
}

test("[ADMIN] journey: a wrong admin code answers 'Login failed'", async ({ page }) => {
  await fillLogin(page, "NOT-THE-CODE");
  await expect(page.getByRole("alert").filter({ hasText: "Login failed" })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("adminSession"))).toBeNull();
});

test("[ADMIN] journey: signed-out visitors to the console go to the admin login", async ({ page }) => {
  await page.goto("/admin-dashboard?tab=users");
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: FIRST_RENDER_TIMEOUT });
});

test("[ADMIN] journey: sign in, delete a user with a reason, approve a transfer, resolve a flagged review", async ({
  page,
}) => {
  // A customer account to delete (created the way a first sign-in creates it).
  const email = `e2e.delete.${Date.now()}@example.org`;
  await createTestSession(email, "customer");

  await fillLogin(page, DEMO_ADMIN.code);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("adminSession"))).toContain("token");
  await expect(page.getByText("Pending transfers")).toBeVisible();

  await page.getByRole("tab", { name: "Users" }).click();
  await expect(page).toHaveURL(/tab=users/);
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Delete ${email}` }).click();

  const dialog = page.getByRole("alertdialog", { name: "Delete user" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog.getByText("Please provide a reason for deletion")).toBeVisible();
  await dialog.getByLabel("Reason for deletion").fill("Duplicate account requested for removal");
  await dialog.getByRole("button", { name: "Delete" }).click();

  await expect(page.getByText("User Deleted")).toBeVisible();
  await expect(page.getByText(`${email} was deleted.`)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);

  // Transfers: approve one of the requests waiting for an administrator (the seed has two).
  await page.getByRole("tab", { name: "Transfers" }).click();
  await expect(page.getByText("Pending transfers")).toBeVisible();
  const request = page
    .getByRole("article")
    .or(page.locator("[aria-label^='Transfer request of']"))
    .filter({ has: page.getByRole("button", { name: "Approve" }) })
    .first();
  await request.getByRole("button", { name: "Approve" }).click();
  const approve = page.getByRole("dialog", { name: "Approve transfer" });
  await approve.getByLabel("Reason").fill("Confirmed with both dealerships");
  await approve.getByRole("button", { name: "Approve transfer" }).click();
  await expect(page.getByText("Transfer Approved")).toBeVisible();

  // Reviews: resolve a flagged review by removing it, with a reason.
  await page.getByRole("tab", { name: "Reviews" }).click();
  const flag = page.locator("[aria-label^='Flagged review of']").first();
  await flag.getByRole("button", { name: "Remove review" }).click();
  const remove = page.getByRole("alertdialog", { name: "Remove this review?" });
  await remove.getByRole("button", { name: "Remove review" }).click();
  await expect(remove.getByText("Please give a reason for your decision")).toBeVisible();
  await remove.getByLabel("Reason").fill("The customer's visit could not be confirmed");
  await remove.getByRole("button", { name: "Remove review" }).click();
  await expect(page.getByText("Review removed", { exact: true })).toBeVisible();

  // Every change above is in the audit trail.
  await page.getByRole("tab", { name: "Audit" }).click();
  for (const reason of [
    "Duplicate account requested for removal",
    "Confirmed with both dealerships",
    "The customer's visit could not be confirmed",
  ])
    await expect(page.getByText(`Reason: ${reason}`)).toBeVisible();

  // Reload keeps the tab; signing out forgets the session.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Audit", selected: true })).toBeVisible();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem("adminSession"))).toBeNull();
});

test("[ADMIN] every console tab is readable at 1280 px, and reachable on a phone", async ({ page }) => {
  await signInAsAdmin(page);
  const list = page.getByRole("tablist");
  const tabs = list.getByRole("tab");
  await expect(tabs.first()).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const count = await tabs.count();
  expect(count).toBeGreaterThan(10);
  // Nothing hidden past the row's edge: the row does not scroll, and each tab lies inside the window.
  const clipped = await list.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(clipped).toBe(false);
  for (let i = 0; i < count; i++) {
    const box = (await tabs.nth(i).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, (await tabs.nth(i).textContent()) ?? "").toBeLessThanOrEqual(1280);
  }

  // On a phone the row scrolls: the last tab is brought into view and opens.
  await page.setViewportSize({ width: 390, height: 844 });
  const last = tabs.last();
  await last.scrollIntoViewIfNeeded();
  await last.click();
  await expect(last).toHaveAttribute("aria-selected", "true");
  const box = (await last.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
});
