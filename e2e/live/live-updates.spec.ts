// [live] Two people, two browsers, no reloads: what one does appears on the other's open page through the live
// stream (docs/product/api.md#live-updates). Nothing on these pages polls any more, so an update that arrives
// within a few seconds came by the stream; a mark set on each page at the start proves neither was reloaded.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { seriousAxeViolations } from "../public/support";
import { daysAhead, shortDate } from "../support/dates";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

// Sam Rivera (id 1) from the demo seed, with a weekly schedule to book.
const SALESPERSON = "sam.rivera@example.com";
const PROFILE = "/salesperson/1";
/** Well within a stream's delivery (under a second), far below any refresh that is not one. */
const LIVE_WITHIN = { timeout: 5_000 };

/** Marks the page; `expectNotReloaded` later finds the mark only if the document is the same one. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as { liveMark?: boolean }).liveMark = true;
  });
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { liveMark?: boolean }).liveMark)).toBe(true);
}

/** The page's live stream is connected (the status is there, empty, in the `live` state). */
async function expectLive(page: Page): Promise<void> {
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "live", {
    timeout: FIRST_RENDER_TIMEOUT,
  });
}

async function newSignedInPage(
  context: BrowserContext,
  email: string,
  role: "customer" | "salesperson",
): Promise<Page> {
  await signInWithSession(context, email, role);
  return context.newPage();
}

test("[live] journey: a message, a booking and a cancellation each appear on the other side's open page without a reload", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now();
  // Letters only (a person's name), different on every run.
  const buyerName = `Riley ${String(stamp)
    .slice(-6)
    .replace(/\d/g, (d) => "abcdefghij"[Number(d)]!)
    .replace(/^./, (c) => c.toUpperCase())}`;
  const question = `Could I see the grey estate on Friday? (${stamp})`;
  const answer = `Yes, Friday works: come by at any time. (${stamp})`;

  const customerContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const salesContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  const customer = await newSignedInPage(customerContext, `e2e.live.${stamp}@example.org`, "customer");
  const sales = await newSignedInPage(salesContext, SALESPERSON, "salesperson");

  // The salesperson has their inbox open.
  await sales.goto("/salesperson-dashboard?tab=messages");
  // The list, or (on a first run) the empty inbox that the first conversation replaces.
  await expect(
    sales.getByRole("list", { name: "Conversations" }).or(sales.getByText("No messages yet")),
  ).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expectLive(sales);
  await markPage(sales);
  const unreadBefore = await sales.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-label");

  // 1. A message: the buyer writes from the profile; it appears in the salesperson's open inbox, and the bell rings.
  await customer.goto(PROFILE);
  await expect(customer.getByRole("heading", { level: 1, name: "Sam Rivera" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await customer.getByRole("button", { name: "Contact", exact: true }).click();
  const contact = customer.getByRole("dialog");
  await contact.getByLabel("Message").fill(question);
  await contact.getByRole("radio", { name: "Email" }).click();
  await contact.getByRole("button", { name: "Send message" }).click();
  await expect(customer.getByText("Message sent")).toBeVisible();

  const inbox = sales.getByRole("list", { name: "Conversations" });
  const row = inbox.getByRole("button").filter({ hasText: question });
  await expect(row).toBeVisible(LIVE_WITHIN);
  await expect(sales.getByRole("button", { name: /^Notifications/ })).not.toHaveAttribute(
    "aria-label",
    unreadBefore ?? "",
    LIVE_WITHIN,
  );

  // The buyer opens the conversation; the salesperson's answer appears in it.
  await customer.goto("/?tab=messages");
  await customer
    .getByRole("list", { name: "Conversations" })
    .getByRole("button")
    .filter({ hasText: question })
    .click();
  const thread = customer.getByRole("region", { name: "Conversation with Sam Rivera" });
  await expect(thread.getByText(question)).toBeVisible();
  await expectLive(customer);
  await markPage(customer);

  await row.click();
  const salesThread = sales.getByRole("region", { name: /^Conversation with / });
  await expect(salesThread.getByText(question)).toBeVisible();
  await sales.getByRole("textbox", { name: /^Reply to / }).fill(answer);
  await sales.getByRole("button", { name: "Send reply" }).click();
  await expect(salesThread.getByText(answer)).toBeVisible();
  await expect(thread.getByText(answer)).toBeVisible(LIVE_WITHIN);
  await expectNotReloaded(customer);
  expect(await seriousAxeViolations(customer)).toEqual([]);
  expect(await seriousAxeViolations(sales)).toEqual([]);

  // 2. A booking: the salesperson watches their appointments; the buyer books a visit from the profile.
  await sales.getByRole("tab", { name: "Appointments" }).click();
  await expect(sales.getByRole("heading", { name: "Appointments" })).toBeVisible();
  const visit = sales.getByRole("article", { name: new RegExp(`with ${buyerName}`) });
  await expect(visit).toHaveCount(0);

  await customer.goto(PROFILE);
  await customer.getByRole("button", { name: "Schedule Meeting" }).click();
  const booking = customer.getByRole("dialog");
  await expect(booking.getByRole("heading", { name: "Schedule an appointment" })).toBeVisible();
  // The first day ahead with an open slot (a schedule may leave some days free).
  const openSlot = booking.locator('[data-slot-state="available"]').first();
  for (let days = 5; ; days++) {
    expect(days, "no open slot in the next three weeks").toBeLessThan(26);
    const date = daysAhead(days);
    await booking.getByLabel("Date").fill(date);
    await expect(booking.getByText(new RegExp(`^${shortDate(date)} · `))).toBeVisible();
    if ((await openSlot.count()) > 0) break;
  }
  await openSlot.click();
  await booking.getByLabel("Appointment type").selectOption("Test Drive");
  await booking.getByLabel("Your name").fill(buyerName);
  await booking.getByLabel("Phone").fill("(512) 555-0142");
  await booking.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(customer.getByText("Appointment Scheduled")).toBeVisible();

  await expect(visit).toBeVisible(LIVE_WITHIN);
  await expect(visit).toContainText("Scheduled");

  // 3. A cancellation: the buyer cancels from their appointments; the salesperson's list shows it cancelled.
  await customer.getByRole("link", { name: "Appointments" }).first().click();
  const mine = customer
    .getByRole("region", { name: /Upcoming/ })
    .getByRole("article", { name: /Test Drive with Sam Rivera/ })
    .first();
  await mine.getByRole("button", { name: "Cancel" }).click();
  const cancel = customer.getByRole("dialog");
  await cancel.getByLabel("Reason").fill("Plans changed.");
  await cancel.getByRole("button", { name: "Cancel appointment" }).click();
  await expect(customer.getByText("Appointment Cancelled")).toBeVisible();

  await expect(visit).toContainText("Cancelled", LIVE_WITHIN);
  await expectNotReloaded(sales);
  expect(await seriousAxeViolations(sales)).toEqual([]);

  await customerContext.close();
  await salesContext.close();
});
