// [customer] On a server without a text provider, the booking dialog says text reminders are off instead of
// offering them, on a phone (390 px), with axe. Opting in with a code against a stand-in is covered by
// tests/text-messages.integration.test.ts: the e2e server runs without Twilio settings.
import { expect, test } from "@playwright/test";
import { seriousAxeViolations } from "../public/support";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[customer] journey: the booking dialog says text reminders are off when texts are not configured (phone)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithSession(page, `e2e.texts.off.${Date.now()}@example.org`, "customer");
  await page.goto("/");
  const card = page.getByRole("article").first();
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const name = (await card.getByRole("heading").first().textContent())?.trim() ?? "";
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Schedule an appointment" })).toBeVisible();
  await expect(
    dialog.getByText("Text reminders are off: this site has no text message service configured."),
  ).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: /Text me reminders/ })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousAxeViolations(page)).toEqual([]);
});
