// [ADMIN] journey: an administrator suspends a user with a reason and sees the suspension in the Users list.
// The e2e server runs without ADMIN_CODE on a loopback host, so the demo code is in force (src/server/env.ts).
import { expect, test } from "@playwright/test";
import { createTestSession, FIRST_RENDER_TIMEOUT } from "../support/session";

const ADMIN = { email: "admin@example.com", password: "demo-admin-password", code: "KB-DEMO-2026" };

test("[ADMIN] journey: suspend a user with a reason and see it in the list", async ({ page }) => {
  const email = `e2e.suspend.${Date.now()}@example.org`;
  await createTestSession(email, "customer");

  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Administrator Login" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByLabel("Admin code").fill(ADMIN.code);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Suspend ${email}` }).click();

  const dialog = page.getByRole("dialog", { name: "Suspend account" });
  await dialog.getByRole("button", { name: "Suspend" }).click();
  await expect(dialog.getByText("Please give a reason")).toBeVisible();
  await dialog.getByLabel("Reason for suspension").fill("Chargeback fraud under review");
  await dialog.getByRole("button", { name: "Suspend" }).click();

  await expect(page.getByText("Account Suspended")).toBeVisible();
  await expect(row.getByText("Suspended", { exact: true })).toBeVisible();
  await expect(row.getByText("Suspended: Chargeback fraud under review")).toBeVisible();
  await expect(row.getByRole("button", { name: `Reactivate ${email}` })).toBeVisible();
});
