import { expect, test } from "@playwright/test";
import { DEFAULT_BOOKING_RULES } from "../../src/shared/bookingRules";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

test("[customer] on a phone, a card with no time left today shows its next open time, by the salesperson's rules, and books it", async ({
  browser,
}) => {
  // A salesperson who asks for two days' notice has nothing today: their card offers the first time after that.
  const sql = e2eDatabase();
  const [person] = await sql<{ id: number; name: string }[]>`
    update salespeople set booking_rules = ${sql.json({ ...DEFAULT_BOOKING_RULES, minNoticeHours: 48 })}
     where id = (select s.id from salespeople s
                  where s.dealership_id is not null and s.verified_at is not null and s.booking_rules is null
                    and s.working_hours is null and s.name not like '% % %'
                  order by s.id desc offset 9 limit 1)
    returning id, name`;
  await sql.end();
  expect(person?.id).toBeGreaterThan(0);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, reducedMotion: "reduce" });
  const page = await phone.newPage();
  await signInWithSession(page, `e2e.next.${Date.now()}@example.org`, "customer");
  const next = await page.request.get(`/api/appointments/next-open?ids=${person!.id}`);
  const expected = (await next.json())[String(person!.id)] as { date: string; time: string; label: string };
  expect(new Date(`${expected.date}T00:00:00Z`).getTime()).toBeGreaterThan(Date.now());

  await page.goto(`/?search=${encodeURIComponent(person!.name)}`);
  // Names repeat in the seed: the card is found by its id.
  const card = page.locator(`article[aria-labelledby="salesperson-${person!.id}-name"]`);
  await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const button = card.getByRole("button", { name: /^Book the next open time/ });
  await expect(button).toContainText(expected.label);
  await button.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Date")).toHaveValue(expected.date);
  await expect(dialog.getByRole("button", { name: expected.label, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await phone.close();
});
