// [public] What the pages claim is what the product does: the landing page promises visit-verified reviews (not
// purchase-verified ones), a salesperson without reviews is "Not yet rated" rather than "0.0", and a salesperson
// their dealership confirmed says "Verified by <dealership>" on the browse card and the profile.

import { expect, type Page, test } from "@playwright/test";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** Where the screens are saved to be looked at (CLAIMS_SHOTS); no screenshots without it. */
const SHOTS = process.env.CLAIMS_SHOTS;

async function shoot(page: Page, name: string, focus: string) {
  if (!SHOTS) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.locator(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-after-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("[public] the landing page promises visit-verified reviews, with a purchase badge where a sale was confirmed", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText("Beta · Visit-verified reviews only")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Visit-verified reviews" })).toBeVisible();
  await expect(page.getByText(/purchase-verified|real purchase|verified purchases\./i)).toHaveCount(0);
  await shoot(page, "3-landing", "text=Beta · Visit-verified reviews only");
});

test("[customer] 'Not yet rated' without reviews, and 'Verified by <dealership>', on the browse card and the profile", async ({
  page,
}) => {
  const sql = e2eDatabase();
  let unratedId: number;
  let verified: { id: number; name: string; dealership: string };
  try {
    const [fresh] = await sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Wrenna Calloway', 'wrenna.calloway@example.org', 'Austin', 'TX', 'America/Chicago')
      on conflict (email) do update set name = excluded.name returning id`;
    unratedId = fresh!.id;
    const [sam] = await sql<{ id: number; name: string; dealership: string }[]>`
      select s.id, s.name, d.name as dealership from salespeople s join dealerships d on d.id = s.dealership_id
       where s.email = 'sam.rivera@example.com' and s.verified_at is not null`;
    verified = sam!;
  } finally {
    await sql.end();
  }
  await signInWithSession(page, "jordan.smith@example.com", "customer");

  await page.goto("/?search=Wrenna%20Calloway");
  const unratedCard = page.getByRole("article", { name: "Wrenna Calloway" });
  await expect(unratedCard.getByText("Not yet rated")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(unratedCard.getByText("0.0")).toHaveCount(0);
  await expect(unratedCard.getByText(/0 reviews/)).toHaveCount(0);
  await expect(unratedCard.getByText(/Verified by/)).toHaveCount(0);
  await shoot(page, "8-card-not-yet-rated", "article");

  await page.goto(`/salesperson/${unratedId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Wrenna Calloway" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByLabel("Not yet rated")).toBeVisible();
  await expect(page.getByText("0.0")).toHaveCount(0);
  await expect(page.getByText(/\(0 reviews\)/)).toHaveCount(0);
  await shoot(page, "8-profile-not-yet-rated", "h1");

  await page.goto(`/?search=${encodeURIComponent(verified.name)}`);
  const verifiedCard = page.getByRole("article", { name: verified.name });
  await expect(verifiedCard.getByText(`Verified by ${verified.dealership}`)).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await shoot(page, "7-card-verified-by", "article");
  await page.goto(`/salesperson/${verified.id}`);
  await expect(page.getByRole("heading", { level: 1, name: verified.name })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.getByText(`Verified by ${verified.dealership}`).first()).toBeVisible();
  await shoot(page, "7-profile-verified-by", "h1");
});
