import { expect, test } from "@playwright/test";
import { SLOT_TIMES } from "../../src/shared/slots";
import { addDays, todayIn, toZoned } from "../../src/shared/time";
import { e2eDatabase } from "../support/database";
import { daysAhead } from "../support/dates";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[customer] booking rules: the salesperson makes test drives an hour with a day's notice; a buyer on a phone books one the rules allow, and a slot inside the notice is neither offered nor accepted", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const sql = e2eDatabase();
  const [person] = await sql<{ id: number; email: string; timeZone: string }[]>`
    select s.id, s.email::text as email, s.time_zone as "timeZone" from salespeople s
     where s.dealership_id is not null and s.verified_at is not null and s.working_hours is null
       and s.booking_rules is null
     order by s.id desc offset 5 limit 1`;
  await sql.end();
  expect(person?.id).toBeGreaterThan(0);

  // The salesperson states the rules on the Availability tab.
  await signInWithSession(page, person!.email, "salesperson");
  await page.goto("/salesperson-dashboard?tab=availability");
  const rules = page.getByRole("form", { name: "Booking rules" });
  await expect(rules).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await rules.getByLabel("Test Drive").selectOption("60");
  await rules.getByLabel("Minimum notice").selectOption("24");
  await rules.getByRole("button", { name: "Save booking rules" }).click();
  await expect(page.getByText("Booking rules saved")).toBeVisible();

  // A buyer on a 390 px phone.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  const buyer = await phone.newPage();
  await signInWithSession(buyer, `e2e.rules.${Date.now()}@example.org`, "customer");
  await buyer.goto(`/salesperson/${person!.id}`);
  await buyer.getByRole("button", { name: "Schedule Meeting" }).click();
  const dialog = buyer.getByRole("dialog");
  await dialog.getByLabel("Appointment type").selectOption("Test Drive");
  const today = todayIn(person!.timeZone);
  await dialog.getByLabel("Date").fill(today);
  await expect(dialog.getByText("Takes 1 hour: the times below fit it.")).toBeVisible();
  await expect(dialog.locator('[data-slot-state="available"]')).toHaveCount(0);

  // The API refuses a time inside the notice as well: the next grid time from now, hours away at most.
  const now = toZoned(new Date(), person!.timeZone);
  const later = SLOT_TIMES.find((time) => time > now.time);
  const soon = later ? { date: now.date, time: later } : { date: addDays(now.date, 1), time: SLOT_TIMES[0]! };
  const tooSoon = await buyer.request.post("/api/appointments", {
    data: {
      salespersonId: person!.id,
      ...soon,
      appointmentType: "Test Drive",
      customerName: "Casey Buyer",
      customerPhone: "(512) 555-0199",
    },
    headers: { origin: new URL(buyer.url()).origin },
  });
  expect(tooSoon.status()).toBe(422);
  expect((await tooSoon.json()).code).toBe("NOTICE_TOO_SHORT");

  // Three days on, an hour-long drive fits from 9:00 AM to 7:00 PM (the dealership closes at 8).
  const date = daysAhead(3);
  await dialog.getByLabel("Date").fill(date);
  const open = dialog.locator('[data-slot-state="available"]');
  await expect(open.last()).toHaveText("7:00 PM");
  await dialog.getByRole("button", { name: "2:00 PM", exact: true }).click();
  await dialog.getByLabel("Your name").fill("Casey Buyer");
  await dialog.getByLabel("Phone").fill("(512) 555-0199");
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(buyer.getByText("Appointment Scheduled")).toBeVisible();

  // The hour is held: 2:00 and 2:30 are booked for anyone now.
  const day = await buyer.request.get(
    `/api/appointments/salesperson/${person!.id}/${date}?appointmentType=Car%20Viewing`,
  );
  const slots = (await day.json()).slots as { time: string; state: string }[];
  expect(slots.find((s) => s.time === "14:00")?.state).toBe("booked");
  expect(slots.find((s) => s.time === "14:30")?.state).toBe("booked");
  expect(slots.find((s) => s.time === "15:00")?.state).toBe("available");
  await phone.close();
});
