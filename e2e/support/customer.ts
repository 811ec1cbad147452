// Signs a customer in the way people do (link by e-mail from the SMTP sink) and reads their other mail.
import { expect, type Page } from "@playwright/test";
import { mailboxURL, waitForSignInLink } from "./mailbox";
import { openSignInLink } from "./signInLink";

export type SentMail = { to: string[]; subject: string; text: string };

/** Requests a sign-in link for `email`, opens and confirms it from the mail, and waits for the dashboard. */
export async function signInAsCustomer(page: Page, email: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await waitForSignInLink(email), email);
  // The first dashboard render after sign-in is the heaviest step of the flow: allow it time on a busy machine.
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: 15_000 });
}

/** The first mail to `email` that matches, polling the sink until it arrives (jobs send mail asynchronously). */
export async function waitForMail(
  email: string,
  matches: (mail: SentMail) => boolean,
  timeoutMs = 15_000,
): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${mailboxURL()}/messages?to=${encodeURIComponent(email)}`);
    const found = ((await res.json()) as SentMail[]).find(matches);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no matching e-mail reached ${email}`);
}
