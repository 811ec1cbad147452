// [security] A customer turns on two-factor authentication from the security page, signs in again with the
// mailed link plus a code from their "authenticator app" (computed here from the secret the page shows),
// then ends another session. Also: axe and no sideways scroll on a 390 px phone.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { expect, type Page, test } from "@playwright/test";
import { MFA } from "../../src/shared/security";
import { seriousAxeViolations } from "../public/support";
import { waitForSignInLink } from "../support/mailbox";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";
import { openSignInLink } from "../support/signInLink";

const step = () => Math.floor(Date.now() / 1000 / MFA.periodSeconds);

/** The authenticator app: the current code for the secret as the page shows it (grouped, with spaces). */
function authenticatorCode(secret: string): string {
  return generateTOTP(decodeBase32IgnorePadding(secret.replace(/\s/g, "")), MFA.periodSeconds, MFA.digits);
}

/**
 * A code is accepted once per time step, and the server accepts one step of clock drift either side: the code
 * of the step after `usedStep` (or the current one, if later) is valid and unused, with no wait.
 */
function codeAfter(secret: string, usedStep: number): string {
  const key = decodeBase32IgnorePadding(secret.replace(/\s/g, ""));
  return generateHOTP(key, BigInt(Math.max(step(), usedStep + 1)), MFA.digits);
}

async function fitsPhone(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test("[security] journey: turn on MFA, sign in again with a code, end another session", async ({
  page,
  browser,
  baseURL,
}) => {
  const email = `e2e.mfa.${Date.now()}@example.org`;
  await signInWithSession(page, email);

  await page.goto("/security");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByRole("group", { name: "Two-factor authentication" })).toContainText("Off");
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Set up: the QR code and the key, then a first code turns it on.
  // The address changes at once; the tab shows once its loader has its data. Until then the overview (which
  // has a "Set up" of its own, leading here) is still on screen: act in the tab's own panel.
  await page.getByRole("tab", { name: "Multi-Factor Auth" }).click();
  await expect(page).toHaveURL(/tab=mfa/);
  const mfaPanel = page.getByRole("tabpanel", { name: "Multi-Factor Auth" });
  await mfaPanel.getByRole("button", { name: "Set up" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
  expect(await seriousAxeViolations(page)).toEqual([]);
  const enableStep = step();
  await page.getByLabel(/Enter the 6-digit code from your app/).fill(authenticatorCode(secret));
  await page.getByRole("button", { name: "Turn on" }).click();

  // The backup codes: all ten on the page (once), the first three in the notice.
  await expect(page.getByRole("heading", { name: "Your backup codes" })).toBeVisible();
  const codes = page.getByTestId("backup-code");
  await expect(codes).toHaveCount(MFA.backupCodeCount);
  await expect(codes.first()).toHaveText(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  await expect(page.getByText(/shown only once/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Download codes" })).toBeVisible();
  await expect(page.getByText(`Backup codes: ${(await codes.first().textContent())?.trim()}`)).toBeVisible();
  await page.getByRole("button", { name: "I've saved them" }).click();
  await expect(page.getByText(`${MFA.backupCodeCount} of ${MFA.backupCodeCount}`)).toBeVisible();

  // Turning MFA on ended other sessions; this one signs in elsewhere afterwards.
  const elsewhere = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  await signInWithSession(elsewhere, email);

  // Sign out, then in again with the mailed link: the link alone is not enough any more.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/login");
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: /sign-in link/i }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await openSignInLink(page, await waitForSignInLink(email), email);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
  await expect(
    page.getByText(/Enter the 6-digit code from your authenticator app, or a backup code/).first(),
  ).toBeVisible();

  await page.getByRole("textbox", { name: "Verification code" }).fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("That code is not right. Try again.");

  await page.getByRole("textbox", { name: "Verification code" }).fill(codeAfter(secret, enableStep));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: /Welcome/ })).toBeVisible({ timeout: 15_000 });

  // Active Sessions: this device and the phone; end the phone's session.
  await page.goto("/security?tab=sessions");
  const sessions = page.getByRole("list", { name: "Active sessions" }).getByRole("listitem");
  await expect(sessions).toHaveCount(2);
  await expect(page.getByRole("listitem", { name: /this device/ })).toContainText("This device");
  // The fixture's session names no browser.
  await page.getByRole("button", { name: "End session on Browser" }).click();
  const confirm = page.getByRole("alertdialog", { name: "End this session?" });
  await confirm.getByRole("button", { name: "End session" }).click();
  await expect(page.getByText("1 session was signed out.")).toBeVisible();
  await expect(sessions).toHaveCount(1);
  await expect(page.getByText("You're signed in only on this device.")).toBeVisible();
  const me = await elsewhere.request.get("/trpc/auth.me");
  expect(((await me.json()) as { result: { data: { json: unknown } } }).result.data.json).toBeNull();
  await elsewhere.close();

  // Security Events: the journey is there, with its risk levels and the rules.
  await page.getByRole("tab", { name: "Security Events" }).click();
  await expect(page.getByRole("cell", { name: "Two-factor authentication turned on" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Wrong second-factor code" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How risk is assessed" })).toBeVisible();
  await page.getByLabel("Risk level", { exact: true }).selectOption("medium");
  await expect(page.getByRole("cell", { name: "Wrong second-factor code" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Two-factor authentication turned on" })).toBeHidden();
  expect(await seriousAxeViolations(page)).toEqual([]);

  // A 390 px phone: every tab fits without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ["overview", "mfa", "sessions", "events"]) {
    await page.goto(`/security?tab=${tab}`);
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await fitsPhone(page), `tab ${tab}`).toBeLessThanOrEqual(0);
  }
  expect(await seriousAxeViolations(page)).toEqual([]);
});
