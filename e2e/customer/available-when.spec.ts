import { expect, test } from "@playwright/test";
import { refreshOpenings } from "../../src/server/domains/appointments/openings";
import { DEFAULT_BOOKING_RULES } from "../../src/shared/bookingRules";
import { addDays, fromZoned, todayIn } from "../../src/shared/time";
import { seriousAxeViolations } from "../public/support";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

const ZONE = "America/Chicago";

test("[customer] on a phone, a buyer lists who is free on a date, soonest available first", async ({
  browser,
}) => {
  // Four independent salespeople of a town of our own (no dealership, so the journeys that take a dealership's
  // salesperson by the newest id never meet them): no notice, a day's, two days', and one away on the date.
  const date = addDays(todayIn(ZONE), 3);
  const town = `Clockwork${Date.now().toString(36)}`;
  const sql = e2eDatabase();
  const people: Record<string, number> = {};
  for (const [key, notice] of [
    ["Ada", 48],
    ["Bea", 0],
    ["Cy", 24],
    ["Dee", 0],
  ] as const) {
    const [row] = await sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, verified_at, booking_rules)
      values (${`${key} ${town}`}, ${`${key.toLowerCase()}.${town.toLowerCase()}@example.com`}, ${town}, 'TX',
              ${ZONE}, now(), ${sql.json({ ...DEFAULT_BOOKING_RULES, minNoticeHours: notice })})
      returning id`;
    people[key] = row!.id;
  }
  await sql`
    insert into availability_blocks (salesperson_id, title, starts_at, ends_at)
    values (${people.Dee!}, 'Away', ${fromZoned(date, "00:00", ZONE)}, ${fromZoned(addDays(date, 1), "00:00", ZONE)})`;
  await refreshOpenings(sql, Object.values(people));
  await sql.end();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  const page = await phone.newPage();
  await signInWithSession(page, `e2e.when.${Date.now()}@example.org`, "customer");
  await page.goto(`/?search=${town}`);
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(4, { timeout: FIRST_RENDER_TIMEOUT });

  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("combobox", { name: "Availability" }).selectOption("date");
  const dateInput = page.getByLabel("Date", { exact: true });
  await dateInput.fill(date);
  await page.getByRole("combobox", { name: "Sort by" }).selectOption("soonest");
  await expect(page).toHaveURL(new RegExp(`available=${date}`));
  await expect(page).toHaveURL(/sort=soonest/);

  // Dee is away that day; the others in the order of their next open times: no notice, a day's, two days'.
  await expect(cards).toHaveCount(3);
  await expect(cards.locator("h3")).toHaveText([`Bea ${town}`, `Cy ${town}`, `Ada ${town}`]);
  await expect(page.getByRole("combobox", { name: "Availability" })).toHaveValue("date");
  await expect(dateInput).toHaveValue(date);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await phone.close();
});
