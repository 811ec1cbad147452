// Passkeys in journeys: Chromium's virtual authenticator (Chrome DevTools Protocol), which verifies the user and
// keeps discoverable credentials as a phone or laptop would, and adding a passkey on the Security page.
import { expect, type Page } from "@playwright/test";
import { FIRST_RENDER_TIMEOUT } from "./session";

/** Gives the page's browser an authenticator; answers its id and the CDP session that reads it. */
export async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

/** On /security's Passkeys tab (which starts empty), adds a passkey named `name` and waits for it to be listed. */
export async function addPasskeyOnSecurityPage(page: Page, name: string): Promise<void> {
  await page.goto("/security?tab=passkeys");
  const panel = page.getByRole("tabpanel", { name: "Passkeys" });
  await expect(panel.getByText("No passkeys yet")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await panel.getByRole("button", { name: "Add a passkey" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a passkey" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("listitem", { name })).toBeVisible();
}
