import { expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../support/database";
import { shortDate } from "../support/dates";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** The first date at least two days ahead (future in every US zone) that falls on `weekday` (0 = Sunday). */
function next(weekday: number): string {
  let ms = Date.now() + 2 * 86_400_000;
  while (new Date(ms).getUTCDay() !== weekday) ms += 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

type DaySlots = { closed: string | null; hours: { open: string; close: string } | null; slots: unknown[] };

async function slotsOn(page: Page, salespersonId: number, date: string): Promise<DaySlots> {
  const res = await page.request.get(`/api/appointments/salesperson/${salespersonId}/${date}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DaySlots;
}

test("[salesperson] working hours: Sunday and Tuesday off, Monday 10:00 to 12:00; the booking dialog then offers only those times", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A verified salesperson of a demo dealership (open weekdays 9 to 8) with no hours of their own, away from
  // both ends of the list (the transfer journey takes the last one, others the first ones).
  const sql = e2eDatabase();
  const [person] = await sql<{ id: number; email: string }[]>`
    select s.id, s.email::text as email from salespeople s
     where s.dealership_id is not null and s.verified_at is not null and s.working_hours is null
     order by s.id desc offset 3 limit 1`;
  await sql.end();
  expect(person?.id).toBeGreaterThan(0);
  const monday = next(1);
  const tuesday = next(2);
  const sunday = next(0);

  await signInWithSession(page, person!.email, "salesperson");
  await page.goto("/salesperson-dashboard?tab=availability");
  const form = page.getByRole("form", { name: "Working hours" });
  await expect(form).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const day = (name: string) => form.getByRole("group", { name, exact: true });
  await expect(day("Monday")).toContainText("Dealership: 09:00 – 20:00");
  await expect(day("Sunday")).toContainText("Dealership: Closed");

  // Closing before opening is refused in the form, with the shared rule's words.
  await day("Monday").getByLabel("From").selectOption("10:00");
  await day("Monday").getByLabel("Until").selectOption("09:30");
  await form.getByRole("button", { name: "Save working hours" }).click();
  await expect(day("Monday")).toContainText("Closing time must be after opening time");

  await day("Monday").getByLabel("Until").selectOption("12:00");
  await expect(day("Monday")).not.toContainText("Closing time must be after opening time");
  await day("Tuesday").getByText("Off").click();
  await expect(day("Tuesday").getByLabel("Off")).toBeChecked();
  await expect(day("Tuesday").getByLabel("From")).toHaveCount(0);
  await expect(day("Sunday").getByLabel("Off")).toBeChecked();
  await form.getByRole("button", { name: "Save working hours" }).click();
  await expect(page.getByText("Working hours saved")).toBeVisible();

  // Saved: a reload shows them, and "Use the dealership's hours" is offered.
  await page.reload();
  await expect(day("Monday").getByLabel("From")).toHaveValue("10:00", { timeout: FIRST_RENDER_TIMEOUT });
  await expect(day("Monday").getByLabel("Until")).toHaveValue("12:00");
  await expect(day("Tuesday").getByLabel("Off")).toBeChecked();
  await expect(form.getByRole("button", { name: "Use the dealership's hours" })).toBeVisible();

  // A buyer's booking dialog offers Monday 10:00 to 11:30 only; Tuesday and Sunday answer closed.
  const customerContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
  await signInWithSession(customerContext, `e2e.hours.${Date.now()}@example.org`, "customer");
  const customer = await customerContext.newPage();
  await customer.goto(`/salesperson/${person!.id}`);
  await customer.getByRole("button", { name: "Schedule Meeting" }).click({ timeout: FIRST_RENDER_TIMEOUT });
  const dialog = customer.getByRole("dialog");
  await dialog.getByLabel("Date").fill(monday);
  await expect(dialog.getByText(new RegExp(`${shortDate(monday)} · `))).toBeVisible();
  await expect(dialog.locator("[data-slot-state]")).toHaveText([
    "10:00 AM",
    "10:30 AM",
    "11:00 AM",
    "11:30 AM",
  ]);
  expect((await slotsOn(customer, person!.id, monday)).hours).toEqual({ open: "10:00", close: "12:00" });
  const off = await slotsOn(customer, person!.id, tuesday);
  expect(off.closed).toBe("salesperson");
  expect(off.slots).toEqual([]);
  expect((await slotsOn(customer, person!.id, sunday)).closed).not.toBeNull();

  // Back to the dealership's hours: the whole Monday opens again.
  await form.getByRole("button", { name: "Use the dealership's hours" }).click();
  await expect(page.getByText("Using the dealership's hours")).toBeVisible();
  await expect(form.getByRole("button", { name: "Use the dealership's hours" })).toHaveCount(0);
  expect((await slotsOn(customer, person!.id, monday)).hours).toEqual({ open: "09:00", close: "20:00" });
  await customerContext.close();
});
