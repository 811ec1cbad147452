import { expect, test } from "@playwright/test";
import { MAIL_DELAYED_MESSAGE } from "../../src/shared/schemas/auth";
import { mailServer, waitForSignInLink } from "../support/mailbox";

test("[customer] with the mail server down, the sign-in page says the e-mail is delayed; once it is back, the link goes out", async ({
  page,
}) => {
  const email = `e2e.delayed.${Date.now()}@example.org`;
  await page.goto("/login");
  await mailServer("stop");
  try {
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: /sign-in link/i }).click();
    const notice = page.getByRole("alert").filter({ hasText: "Email is delayed" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(MAIL_DELAYED_MESSAGE);
    // The form stays, with the address, for the next try.
    await expect(page.getByLabel("Email address")).toHaveValue(email);
  } finally {
    await mailServer("start");
  }
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Email is delayed" })).toHaveCount(0);
  expect(await waitForSignInLink(email)).toMatch(/token=/);
});
