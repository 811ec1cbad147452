import { expect, test } from "@playwright/test";
import { waitForSignInLink } from "../support/mailbox";

test("[onboarding] journey: apply from the public form, open the confirmation link from the e-mail, confirm", async ({
  page,
}) => {
  const email = `e2e.dealer.${Date.now()}@example.org`;

  await page.goto("/pricing");
  await page.getByRole("link", { name: "List your dealership" }).first().click();
  await expect(page).toHaveURL(/\/list-your-dealership$/);
  await expect(page.getByRole("heading", { level: 1, name: "List your dealership" })).toBeVisible();

  await page.getByLabel("Dealership name").fill("Bayview Motors");
  await page.getByLabel("Street address").fill("400 Bay St");
  await page.getByLabel("ZIP code").fill("00000");
  await page.getByLabel("Dealership phone").fill("415-555-0100");
  await page.getByLabel("Your name").fill("Jamie Lee");
  await page.getByLabel("Work e-mail").fill(email);
  await page.getByRole("button", { name: "Send application" }).click();
  // A ZIP code nobody can place is the field's own error, from the server.
  await expect(page.getByText("We could not find ZIP code 00000. Please check it.")).toBeVisible();

  await page.getByLabel("ZIP code").fill("94107");
  await page.getByRole("button", { name: "Send application" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  // The link comes from the real SMTP sink; opening it only says what it confirms, the click confirms.
  const link = new URL(await waitForSignInLink(email));
  expect(link.pathname).toBe("/list-your-dealership/confirm");
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole("heading", { name: "Confirm your application" })).toBeVisible();
  await expect(page).not.toHaveURL(/token=/);
  await page.getByRole("button", { name: "Confirm my e-mail" }).click();
  await expect(page.getByRole("heading", { name: "E-mail confirmed" })).toBeVisible();
  await expect(page.getByText("Bayview Motors")).toBeVisible();
});
