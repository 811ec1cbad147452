// [ADMIN] With the console left open past five minutes, changing someone's sign-in e-mail address asks the
// administrator to confirm who they are (password and admin code again) before it is made; the change then
// signs the person out everywhere and tells their old address, as the confirmation says.
import { expect, test } from "@playwright/test";
import { ageSessions, createAdmin, fillAdminLogin } from "../support/admin";
import { createTestSession, FIRST_RENDER_TIMEOUT } from "../support/session";

test("[ADMIN] journey: a sign-in address change on a stale console asks to confirm it is them", async ({
  page,
}) => {
  const stamp = Date.now();
  const admin = await createAdmin(`e2e.admin.email.${stamp}@example.org`);
  const customer = `e2e.old.address.${stamp}@example.org`;
  const renamed = `e2e.new.address.${stamp}@example.org`;
  await createTestSession(customer, "customer");

  await fillAdminLogin(page, admin);
  await expect(page).toHaveURL(/\/admin\/dashboard/, { timeout: FIRST_RENDER_TIMEOUT });
  await ageSessions(admin.email);

  await page.getByRole("tab", { name: "Users" }).click();
  await page.getByRole("searchbox", { name: "Search users" }).fill(customer);
  const row = page.getByRole("listitem").filter({ hasText: customer });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Edit ${customer}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit user" });
  await expect(
    edit.getByText("Changing it signs them out everywhere and tells the old address."),
  ).toBeVisible();
  await edit.getByLabel("Email").fill(renamed);
  await edit.getByRole("button", { name: "Save changes" }).click();

  const confirm = page.getByRole("dialog", { name: "Confirm it's you" });
  await expect(confirm).toBeVisible();
  await confirm.getByLabel("Password").fill(admin.password);
  await confirm.getByLabel("Admin code").fill(admin.code);
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`They were signed out everywhere, and ${customer} was told`)).toBeVisible();
});
