// [security] A customer adds a passkey on the security page, signs out, signs in with it on /login (no e-mail,
// no code), then removes it. The authenticator is Chromium's virtual one (Chrome DevTools Protocol), which
// verifies the user and keeps discoverable credentials as a phone or laptop would.
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "../public/support";
import { addPasskeyOnSecurityPage, addVirtualAuthenticator } from "../support/passkeys";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[security] journey: add a passkey, sign out, sign in with it, remove it", async ({ page }) => {
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  const email = `e2e.passkey.${Date.now()}@example.org`;
  await signInWithSession(page, email);
  await addPasskeyOnSecurityPage(page, "Test laptop");
  await expect(page.getByRole("listitem", { name: "Test laptop" })).toContainText("Not used yet");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(await seriousAxeViolations(page)).toEqual([]);

  // Signed out: the cookie is gone, as after "Sign out".
  await page.context().clearCookies();
  // The page asks for a passkey through the e-mail field's autofill at once; the virtual authenticator
  // answers such a request by itself (a person would pick the passkey from the suggestions).
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/, { timeout: FIRST_RENDER_TIMEOUT });
  await page.goto("/security?tab=passkeys");
  const row = page.getByRole("listitem", { name: "Test laptop" });
  await expect(row).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(row).not.toContainText("Not used yet");

  await row.getByRole("button", { name: "Remove Test laptop" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove passkey" }).click();
  await expect(page.getByRole("tabpanel", { name: "Passkeys" }).getByText("No passkeys yet")).toBeVisible();

  // The authenticator still holds it, but the site no longer knows it: the refusal says so, and the page
  // still offers the passkey button and the e-mail field.
  await page.context().clearCookies();
  await page.goto("/login");
  await expect(page.getByText(/not registered with KnowBefore/)).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByLabel("Email address")).toHaveAttribute("autocomplete", "username webauthn");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeEnabled();
});

test("[security] a refused passkey challenge says why and when to retry, announced as an alert", async ({
  page,
}) => {
  const message =
    "Too many passkey sign-in attempts from your network. Please try again in 5 seconds, or sign in with an e-mailed link.";
  let asked = 0;
  await page.route("**/trpc/auth.passkeySignInOptions**", (route) => {
    asked++;
    return route.fulfill({
      status: 429,
      contentType: "application/json",
      body: JSON.stringify([
        { error: { json: { message, code: -32029, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } } } },
      ]),
    });
  });
  await page.goto("/login");
  const button = page.getByRole("button", { name: "Sign in with a passkey" });
  await expect(button).toBeEnabled({ timeout: FIRST_RENDER_TIMEOUT });
  // The e-mail field's passkey suggestions asked once, quietly.
  await expect.poll(() => asked).toBe(1);
  await expect(page.getByRole("alert")).toHaveCount(0);

  await button.click();
  await expect(page.getByRole("alert")).toHaveText(message);
  expect(asked).toBe(2);
  await expect(page.getByText("Your browser could not use a passkey")).toHaveCount(0);
});
