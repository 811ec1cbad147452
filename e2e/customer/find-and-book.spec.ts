import { expect, test } from "@playwright/test";
import { DEFAULT_BOOKING_RULES } from "../../src/shared/bookingRules";
import { e2eDatabase } from "../support/database";
import { daysAhead } from "../support/dates";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[customer] journey on a phone: near a ZIP code, nearest first, next open times, the dealership's page, and a 60-minute test drive its salesperson's rules allow", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  const page = await phone.newPage();
  await signInWithSession(page, `e2e.find.${Date.now()}@example.org`, "customer");

  // The dealership nearest ZIP 10007, and one of its salespeople (not the demo account, not one the other
  // journeys take by the newest id), who makes test drives an hour long with a day's notice.
  const nearest = await page.request.get("/api/salespeople?zip=10007&sort=distance&limit=1");
  expect(nearest.status()).toBe(200);
  const [first] = (await nearest.json()) as { dealershipId: number }[];
  const sql = e2eDatabase();
  const rules = {
    ...DEFAULT_BOOKING_RULES,
    visitMinutes: { ...DEFAULT_BOOKING_RULES.visitMinutes, "Test Drive": 60 },
    minNoticeHours: 24,
  };
  const [person] = await sql<{ id: number; name: string }[]>`
    update salespeople set booking_rules = ${sql.json(rules)}
     where id = (select id from salespeople
                  where dealership_id = ${first!.dealershipId} and verified_at is not null
                    and email <> 'sam.rivera@example.com' and booking_rules is null and working_hours is null
                  order by id offset 2 limit 1)
    returning id, name`;
  await sql.end();
  expect(person?.id).toBeGreaterThan(0);

  // Within 25 miles of the ZIP code, nearest first: every card with its distance and its open times.
  await page.goto("/");
  await page.getByRole("button", { name: /Filters/ }).click();
  await page.getByLabel("Near ZIP code").fill("10007");
  await expect(page).toHaveURL(/zip=(%22)?10007/);
  await expect(page.getByLabel("Within")).toHaveValue("25");
  await page.getByRole("combobox", { name: "Sort by" }).selectOption({ label: "Distance" });
  await expect(page).toHaveURL(/sort=distance/);
  const card = page.getByRole("article").first();
  await expect(card.locator("[data-distance-miles]")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(
    card
      .getByRole("button", { name: /^(Book the next open time, |Book \d{1,2}:\d{2} (AM|PM) today)/ })
      .first(),
  ).toBeVisible();

  // The nearest card's dealership: its page lists the team, each with their next open time.
  await card.getByRole("link").and(page.locator('[href^="/dealerships/"]')).click();
  await expect(page).toHaveURL(/\/dealerships\/[a-z0-9-]+$/);
  const team = page.getByRole("region", { name: "Meet the team" });
  const member = team
    .getByTestId("team-member")
    .filter({ has: page.locator(`a[href="/salesperson/${person!.id}"]`) });
  await expect(member.getByTestId("team-next-open")).toHaveText(/^Next open: /, {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await member.locator(`a[href="/salesperson/${person!.id}"]`).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(person!.name);

  // A test drive takes an hour: the grid offers only hours that fit before the 8 PM close, none inside the notice.
  await page.getByRole("button", { name: "Schedule Meeting" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Appointment type").selectOption("Test Drive");
  const date = daysAhead(3);
  await dialog.getByLabel("Date").fill(date);
  await expect(dialog.getByText("Takes 1 hour: the times below fit it.")).toBeVisible();
  await expect(dialog.locator('[data-slot-state="available"]').last()).toHaveText("7:00 PM");
  // Nor does the API take a time past the close for its length.
  const late = await page.request.post("/api/appointments", {
    data: {
      salespersonId: person!.id,
      date,
      time: "19:30",
      appointmentType: "Test Drive",
      customerName: "Robin Finder",
      customerPhone: "(212) 555-0147",
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(late.status()).toBe(422);
  expect((await late.json()).code).toBe("OUTSIDE_OPENING_HOURS");

  await dialog.getByRole("button", { name: "11:00 AM", exact: true }).click();
  await dialog.getByLabel("Your name").fill("Robin Finder");
  await dialog.getByLabel("Phone").fill("(212) 555-0147");
  await dialog.getByRole("button", { name: "Schedule Appointment" }).click();
  await expect(page.getByText("Appointment Scheduled")).toBeVisible();
  await phone.close();
});
