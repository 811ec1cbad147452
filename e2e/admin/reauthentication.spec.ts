// [ADMIN] An administrator adds a passkey on the Security page, signs out, and signs in to the console with
// password, admin code and the passkey as second step. With the console left open past five minutes, a role
// change asks them to confirm who they are (password, admin code and the passkey again) before it is made;
// a wrong password is refused in the dialog and changes nothing. The authenticator is Chromium's virtual one.
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "../public/support";
import { ageSessions, createAdmin, fillAdminLogin } from "../support/admin";
import { addPasskeyOnSecurityPage, addVirtualAuthenticator } from "../support/passkeys";
import { createTestSession, FIRST_RENDER_TIMEOUT } from "../support/session";

test("[ADMIN] journey: a passkey as second step, and a role change that asks to confirm it is them", async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  const stamp = Date.now();
  const admin = await createAdmin(`e2e.admin.${stamp}@example.org`);
  const customer = `e2e.promote.${stamp}@example.org`;
  await createTestSession(customer, "customer");

  await fillAdminLogin(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await addPasskeyOnSecurityPage(page, "Console key");

  // Signed out of the console; the password and admin code alone no longer finish a sign-in.
  await page.goto("/admin/dashboard");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/, { timeout: FIRST_RENDER_TIMEOUT });
  await fillAdminLogin(page, admin);
  await expect(page.getByText("Two-step verification: confirm with your passkey.")).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // The console was left open: its sign-in is now ten minutes old.
  await ageSessions(admin.email);
  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("searchbox", { name: "Search users" }).fill(customer);
  const row = page.getByRole("listitem").filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Change the role of ${customer}` }).click();
  const roleDialog = page.getByRole("dialog", { name: "Change role" });
  await roleDialog.getByRole("combobox", { name: "Role" }).selectOption("admin");
  await roleDialog.getByRole("button", { name: "Request promotion" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(`Signed in as ${admin.email}`)).toBeVisible();
  await confirm.getByLabel("Password").fill("not-the-password");
  await confirm.getByLabel("Admin code").fill(admin.code);
  await confirm.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(confirm.getByRole("alert")).toContainText("Those details are not right");
  await expect(row.getByText("Admin requested")).toHaveCount(0);
  expect(await seriousAxeViolations(page)).toEqual([]);

  await confirm.getByLabel("Password").fill(admin.password);
  await confirm.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Promotion Requested")).toBeVisible();
  await expect(row.getByText("Admin requested")).toBeVisible();
});
