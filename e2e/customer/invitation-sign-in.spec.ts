// [INVITATION] An invitation to an address that already has an account: the signed-out browser is asked to
// sign in as that account first, signs in by e-mailed link in the same tab, comes back to the invitation and
// accepts it, becoming the new dealership's manager.
import { expect, test } from "@playwright/test";
import { DEMO_ADMIN } from "../support/admin";
import { waitForSignInLink } from "../support/mailbox";
import { createTestSession, FIRST_RENDER_TIMEOUT } from "../support/session";
import { openSignInLink } from "../support/signInLink";

test("[INVITATION] journey: an existing account signs in, then accepts", async ({ page, baseURL }) => {
  const stamp = Date.now();
  const email = `e2e.invited.customer.${stamp}@example.org`;
  const dealership = `Invited Motors ${stamp}`;
  await createTestSession(email, "customer");

  // An administrator (through the API, as a program would) opens a dealership and invites its manager.
  const origin = new URL(baseURL!).origin;
  const login = await page.request.post("/api/admin/login", {
    headers: { origin },
    data: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, adminCode: DEMO_ADMIN.code },
  });
  expect(login.status(), await login.text()).toBe(200);
  const authorization = `Bearer ${(await login.json()).token}`;
  const created = await page.request.post("/api/dealerships", {
    headers: { authorization },
    data: { name: dealership, address: "1 Main St", zipCode: "78701" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invited = await page.request.post("/api/admin/manager-invitations", {
    headers: { authorization },
    data: { dealershipId: (await created.json()).id, email },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  const invitation = new URL(await waitForSignInLink(email, 20_000));
  expect(invitation.pathname).toBe("/invitations/accept");
  await page.goto(invitation.pathname + invitation.search);
  await expect(page.getByRole("heading", { name: `Manage ${dealership}` })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByText(`Sign in as ${email} to accept this invitation.`)).toBeVisible();
  await expect(page.getByRole("button", { name: /Accept invitation/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in to accept" }).click();

  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await waitForSignInLink(email, 20_000), email);

  // Back at the same invitation, signed in as its address.
  await expect(page).toHaveURL(/\/invitations\/accept$/);
  await page.getByRole("button", { name: /Accept invitation/ }).click();
  await expect(page).toHaveURL(/\/manager-dashboard|\/manager\/dashboard/, { timeout: FIRST_RENDER_TIMEOUT });
});
