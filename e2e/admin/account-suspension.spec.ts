// [ADMIN] journey: an administrator suspends a user with a reason and sees the suspension in the Users list.
import { expect, test } from "@playwright/test";
import { signInAsAdmin } from "../support/admin";
import { createTestSession } from "../support/session";

test("[ADMIN] journey: suspend a user with a reason and see it in the list", async ({ page }) => {
  const email = `e2e.suspend.${Date.now()}@example.org`;
  await createTestSession(email, "customer");

  await signInAsAdmin(page);

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
