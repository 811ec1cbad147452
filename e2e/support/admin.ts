// The administrator console's sign-in for journeys: the demo administrator (the e2e server runs without
// ADMIN_CODE on a loopback host, so the demo code is in force: src/server/env.ts), administrators of a
// journey's own, and sessions made to look old (for re-authentication).
import { expect, type Page } from "@playwright/test";
import { mailboxURL } from "./mailbox";
import { FIRST_RENDER_TIMEOUT } from "./session";

export type AdminAccount = { email: string; password: string; code: string };

export const DEMO_ADMIN: AdminAccount = {
  email: "admin@example.com",
  password: "demo-admin-password",
  code: "KB-DEMO-2026",
};

/** Opens /admin/login, fills e-mail, password and admin code, and presses Sign In. */
export async function fillAdminLogin(page: Page, account: AdminAccount = DEMO_ADMIN): Promise<void> {
  await page.goto("/admin/login");
  await expect(page.getByRole("heading", { name: "Administrator Login" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Admin code").fill(account.code);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in to the console (an account without a second factor) and waits for the dashboard. */
export async function signInAsAdmin(page: Page, account: AdminAccount = DEMO_ADMIN): Promise<void> {
  await fillAdminLogin(page, account);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
}

async function post(path: string, body: object): Promise<Response> {
  return fetch(`${mailboxURL()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** An administrator of the journey's own (the demo one stays as every other journey expects it). */
export async function createAdmin(email: string): Promise<AdminAccount> {
  const account = { email, password: `e2e-passphrase-${Date.now()}`, code: DEMO_ADMIN.code };
  const res = await post("/admins", { email, password: account.password });
  expect(res.status, await res.text()).toBe(201);
  return account;
}

/** Makes every session of `email` look signed in ten minutes ago, as a console left open would be. */
export async function ageSessions(email: string): Promise<void> {
  const res = await post("/sessions/age", { email });
  const body = (await res.json()) as { aged?: number };
  expect(body.aged).toBeGreaterThan(0);
}
