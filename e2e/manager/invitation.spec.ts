import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/db/seed";
import { waitForSignInLink } from "../support/mailbox";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** The demo manager's dealership (the seed's first city). */
const DEALERSHIP = "New York Toyota";

test("[manager] journey: invite a new salesperson, who opens the mailed link and accepts", async ({
  browser,
  page,
}) => {
  const stamp = Date.now();
  const email = `e2e.invited.${stamp}@example.org`;
  const name = `Riley Invited ${stamp % 10_000}`;

  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/manager-dashboard?tab=team");
  await page.getByRole("button", { name: "Add Salesperson" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Resend the invitation to ${email}` })).toBeVisible();

  // The invitee, in a browser of their own, opens the link from the e-mail.
  const link = await waitForSignInLink(email);
  expect(link).toMatch(/\/invitations\/accept\?token=/);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole("heading", { name: `Join ${DEALERSHIP}` })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  // The token has left the address bar before anything is used.
  expect(invitee.url()).not.toContain("token=");
  await invitee.getByLabel("Your name").fill(name);
  await invitee.getByRole("button", { name: "Accept invitation" }).click();
  await expect(invitee).toHaveURL(/\/salesperson-dashboard/);
  await expect(invitee.getByText(name).first()).toBeVisible();

  // The manager's team now has them, and the invitation is no longer pending.
  await page.reload();
  await expect(page.getByRole("button", { name: `Resend the invitation to ${email}` })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search your team" }).fill(name);
  await expect(page.getByText(email).first()).toBeVisible();
});
