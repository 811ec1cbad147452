import { expect, test } from "@playwright/test";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[salesperson] calendar feed: make a private link a calendar app reads without signing in, replace it, turn it off", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInWithSession(page, "sam.rivera@example.com", "salesperson");
  await page.goto("/salesperson-dashboard?tab=availability");
  const card = page.getByRole("region", { name: "Your visits in your calendar" });
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const state = card.getByTestId("calendar-feed-state");
  await expect(state).toContainText("No calendar link yet");

  const makeLink = async () => {
    const dialog = page.getByRole("dialog", { name: "Your calendar link" });
    await expect(dialog).toBeVisible();
    const url = (await dialog.getByTestId("calendar-feed-url").textContent())?.trim() ?? "";
    expect(url).toMatch(/\/api\/calendar-feeds\/[a-z2-7]{32}$/);
    await expect(dialog.getByRole("link", { name: "Open in my calendar app" })).toHaveAttribute(
      "href",
      url.replace(/^https?:/, "webcal:"),
    );
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    return new URL(url).pathname;
  };
  await card.getByRole("button", { name: "Create calendar link" }).click();
  const first = await makeLink();

  // A calendar app: no cookie, no session.
  const app = await playwright.request.newContext({ baseURL });
  const read = await app.get(first);
  expect(read.status()).toBe(200);
  expect(read.headers()["content-type"]).toContain("text/calendar");
  const text = await read.text();
  expect(text).toContain("BEGIN:VCALENDAR");
  expect(text).toMatch(/UID:appointment-\d+@knowbefore/);
  await page.reload();
  await expect(state).toContainText("A calendar app last read it", { timeout: FIRST_RENDER_TIMEOUT });

  // A new link replaces the old one.
  await card.getByRole("button", { name: "Make a new link" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Make a new link" }).click();
  const second = await makeLink();
  expect(second).not.toBe(first);
  expect((await app.get(first)).status()).toBe(404);
  expect((await app.get(second)).status()).toBe(200);

  // Turned off, it answers 404 and the card offers a new one.
  await card.getByRole("button", { name: "Turn off" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByText("Calendar link turned off")).toBeVisible();
  await expect(state).toContainText("No calendar link yet");
  expect((await app.get(second)).status()).toBe(404);
  await app.dispose();
});
