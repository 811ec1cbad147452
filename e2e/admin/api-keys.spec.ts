// [ADMIN] API keys: an administrator, signed in through the console's form, reaches the API keys page from the
// console and sees every key with the dealership it belongs to (a manager's key among them); a key the
// administrator makes belongs to the platform, works on its scope's route, and is refused once revoked.
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { seriousAxeViolations } from "../public/support";
import { signInAsAdmin } from "../support/admin";
import { createTestSession, FIRST_RENDER_TIMEOUT } from "../support/session";

test("[ADMIN] API keys: every dealership's keys, and a platform key made, used and revoked", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A manager's key, made the way a script would, with the manager's bearer session.
  const manager = await createTestSession(DEMO_ACCOUNTS.manager, "manager");
  const managerKeyName = `Dealer feed ${Date.now() % 100_000}`;
  const made = await request.post("/api/api-keys", {
    headers: { authorization: `Bearer ${manager.token}` },
    data: { name: managerKeyName, scopes: ["salespeople:read"] },
  });
  expect(made.status(), await made.text()).toBe(201);
  const dealershipName = ((await made.json()) as { dealershipName: string | null }).dealershipName;
  expect(dealershipName).toBeTruthy();

  await signInAsAdmin(page);

  await page.getByRole("link", { name: "API keys" }).first().click();
  await expect(page).toHaveURL(/\/api-keys$/);
  const all = page.getByRole("region", { name: "All API keys" });
  await expect(all).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(all.getByRole("columnheader", { name: "Dealership" })).toBeVisible();
  const managerRow = page.getByTestId("api-key-row").filter({ hasText: managerKeyName });
  await expect(managerRow).toContainText(dealershipName!);
  await expect(managerRow).toContainText(DEMO_ACCOUNTS.manager);

  // The administrator's own key belongs to no dealership: the platform.
  const name = `Platform report ${Date.now() % 100_000}`;
  await page.getByRole("button", { name: "Create API key" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByRole("textbox", { name: "Name" }).fill(name);
  await dialog.locator("label").filter({ hasText: "Read analytics" }).click();
  await dialog.getByRole("button", { name: "Create key" }).click();
  const created = page.getByRole("dialog", { name: "API key created" });
  const key = (await created.getByTestId("created-api-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^kbk_[a-z2-7]{32}$/);
  await created.getByRole("button", { name: "I've saved the key" }).click();
  await expect(created).toBeHidden();
  const row = page.getByTestId("api-key-row").filter({ hasText: name });
  await expect(row).toContainText("Platform");
  await expect(row).toContainText("Read analytics");
  expect(await seriousAxeViolations(page)).toEqual([]);

  const bearer = { headers: { authorization: `Bearer ${key}` } };
  expect((await request.get("/api/analytics/market", bearer)).status()).toBe(200);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: `Revoke "${name}"?` });
  await confirm.getByRole("button", { name: "Revoke key" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Revoked");
  expect((await request.get("/api/analytics/market", bearer)).status()).toBe(401);
});
