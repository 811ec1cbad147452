// [customer] A signed-in buyer opens their notification settings from the account menu, switches the e-mails
// about messages off, reloads and finds it still off, while the essential kinds stay on and cannot be switched.
// On a desktop (1280 px) and on a phone (390 px), with axe on each.
import { expect, type Page, test } from "@playwright/test";
import { seriousAxeViolations } from "../public/support";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

const SCREENS = [
  { name: "desktop", viewport: { width: 1280, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

/** The account menu's link: in the top bar from tablets up, in the drawer on a phone. */
async function openFromMenu(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page
      .getByRole("navigation", { name: "Account (mobile)" })
      .getByRole("link", { name: "Notifications" })
      .click();
  } else {
    await page
      .getByRole("navigation", { name: "Account" })
      .getByRole("link", { name: "Notifications" })
      .click();
  }
}

for (const { name, viewport } of SCREENS) {
  test(`[customer] journey: switch the e-mails about messages off, reload, still off (${name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInWithSession(page, `e2e.notices.${name}.${Date.now()}@example.org`);
    await page.goto("/appointments");
    await openFromMenu(page, name === "phone");
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });

    const byMail = page.getByLabel("Messages: By e-mail");
    const inApp = page.getByLabel("Messages: In the app");
    await expect(byMail).toBeChecked();
    await expect(inApp).toBeChecked();
    // An essential kind is listed as always on, its switches disabled, with why.
    const bookings = page.getByRole("listitem", { name: "Bookings and their changes" });
    await expect(bookings.getByLabel(/By e-mail/)).toBeChecked();
    await expect(bookings.getByLabel(/By e-mail/)).toBeDisabled();
    await expect(bookings).toContainText("Always on:");
    // Nothing spills sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole("listitem", { name: "Messages" }).getByText("By e-mail").click();
    await expect(byMail).not.toBeChecked();
    await expect(
      page.getByRole("status").filter({ hasText: "Saved: Messages by e-mail off." }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Notification settings" })).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    await expect(page.getByLabel("Messages: By e-mail")).not.toBeChecked();
    await expect(page.getByLabel("Messages: In the app")).toBeChecked();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
}
