// [claims] Every page that states a count, as the role that sees it, against its source: a count made with SQL
// on the e2e server's database (scripts/e2e-server.ts starts it on the app port + 1), independently of the
// page's own query. Landing "Counted live" figures, the salesperson's overview tiles (profile views included:
// a person's visit counts, a headless browser's does not), the manager's overview, the admin console's
// overview and business intelligence's key metrics with their demo-data label.

import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { headlineFigures } from "../../src/shared/marketing";
import { signInAsAdmin } from "../support/admin";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** A person's browser: not headless, so the server counts its visit (HeadlessChrome is a bot to it). */
const PERSON_BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

const HEADLESS_BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36";

const sql = e2eDatabase();
test.afterAll(async () => {
  await sql.end({ timeout: 2 });
});

const n = (v: number) => v.toLocaleString("en-US");
const PUBLISHED = "moderation_status = 'published' and removed_at is null";

async function one<T>(query: Promise<T[]>): Promise<T> {
  const [row] = await query;
  return row!;
}

/** A stat tile (a <dl> group named by its label) and its value. */
function tile(page: Page | Locator, label: string): Locator {
  return page.getByRole("group", { name: label, exact: true }).locator("dd").first();
}

test("[claims] the landing page's live counts are the database's, and say they include demo data", async ({
  page,
}) => {
  const counts = await one(
    sql<{ verified: number; average: number | null; ratings: number; dealerships: number }[]>`
      select (select count(*) from salespeople where verified_at is not null)::int as verified,
             (select avg(overall_rating)::float8 from ratings where ${sql.unsafe(PUBLISHED)}) as average,
             (select count(*) from ratings where ${sql.unsafe(PUBLISHED)})::int as ratings,
             (select count(*) from dealerships)::int as dealerships`,
  );
  const demo = await one(
    sql<{ verified: number; ratings: number; dealerships: number }[]>`
      select (select count(*) from salespeople where demo and verified_at is not null)::int as verified,
             (select count(*) from ratings where demo and ${sql.unsafe(PUBLISHED)})::int as ratings,
             (select count(*) from dealerships where demo)::int as dealerships`,
  );
  const expected = headlineFigures({
    verifiedSalespeople: counts.verified,
    averageRating: counts.average,
    ratingsCount: counts.ratings,
    dealershipPartners: counts.dealerships,
    demoData: null,
  });
  await page.goto("/");
  for (const figure of expected) {
    await expect(page.locator(`dt:text-is("${figure.label}") + dd`).first()).toHaveText(figure.value, {
      timeout: FIRST_RENDER_TIMEOUT,
    });
  }
  const note = page.getByText(/^Counted live from KnowBefore/).first();
  await expect(note).toContainText(
    `Demo data: includes ${n(demo.verified)} verified salespeople, ${n(demo.ratings)} ratings and ${n(demo.dealerships)} dealerships`,
  );
});

test("[claims] the salesperson's overview tiles, profile views included, are the database's", async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  const sam = await one(
    sql<
      { id: number; time_zone: string }[]
    >`select id, time_zone from salespeople where email = ${DEMO_ACCOUNTS.salesperson}`,
  );
  const views = async () =>
    (
      await one(
        sql<{ n: number }[]>`
          select count(*)::int as n from profile_views
           where salesperson_id = ${sam.id} and day >= (now() at time zone ${sam.time_zone})::date - 29`,
      )
    ).n;
  const reviews = async () =>
    (
      await one(
        sql<
          { n: number }[]
        >`select count(*)::int as n from ratings where salesperson_id = ${sam.id} and ${sql.unsafe(PUBLISHED)}`,
      )
    ).n;
  const upcoming = async () =>
    (
      await one(
        sql<{ n: number }[]>`
          select count(*)::int as n from appointments
           where salesperson_id = ${sam.id} and status = 'scheduled' and starts_at > now()`,
      )
    ).n;

  // A buyer opens Sam's profile in a person's browser: one view. Opening it again adds nothing, and neither
  // does a headless browser that says so in its user-agent (as Chromium's headless shell does unless told
  // otherwise; the projects' device profile presents a desktop Chrome, which counts).
  const recordView = (p: Page) =>
    p.waitForResponse((r) => r.url().includes("portal.recordView") && r.ok()).then((r) => r.text());
  const before = await views();
  const person = await browser.newContext({ userAgent: PERSON_BROWSER });
  const buyer = await person.newPage();
  await signInWithSession(buyer, `e2e.counts.${Date.now()}@example.org`);
  let answer = recordView(buyer);
  await buyer.goto(`/salesperson/${sam.id}`);
  expect(await answer).toContain('"recorded":true');
  await expect.poll(views).toBe(before + 1);
  answer = recordView(buyer);
  await buyer.reload();
  expect(await answer).toContain('"recorded":false');
  await person.close();
  const robot = await browser.newContext({ userAgent: HEADLESS_BROWSER });
  const crawler = await robot.newPage();
  answer = recordView(crawler);
  await crawler.goto(`/salesperson/${sam.id}`);
  expect(await answer).toContain('"recorded":false');
  await robot.close();
  expect(await views()).toBe(before + 1);

  // Sam's own dashboard states those counts.
  await signInWithSession(page, DEMO_ACCOUNTS.salesperson, "salesperson");
  await page.goto("/salesperson-dashboard");
  await expect(tile(page, "Profile views")).toHaveText(String(await views()), {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(tile(page, "Reviews")).toHaveText(String(await reviews()));
  await expect(tile(page, "Upcoming")).toHaveText(String(await upcoming()));
});

test("[claims] the manager's overview counts are the database's", async ({ page }) => {
  const team = await one(
    sql<{ salespeople: number; reviews: number }[]>`
      select (select count(*) from salespeople s where s.dealership_id = d.id)::int as salespeople,
             (select count(*) from ratings r join salespeople s on s.id = r.salesperson_id
               where s.dealership_id = d.id and r.moderation_status = 'published' and r.removed_at is null)::int as reviews
        from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id where u.email = ${DEMO_ACCOUNTS.manager}`,
  );
  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/manager-dashboard");
  await expect(tile(page, "Total salespeople")).toHaveText(n(team.salespeople), {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(tile(page, "Total reviews")).toHaveText(n(team.reviews));
});

test("[claims] the admin console's counts and business intelligence's figures are the database's", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard");
  const platform = await one(
    sql<{ users: number; salespeople: number; dealerships: number }[]>`
      select (select count(*) from users)::int as users, (select count(*) from salespeople)::int as salespeople,
             (select count(*) from dealerships)::int as dealerships`,
  );
  for (const [label, value] of [
    ["Users", platform.users],
    ["Salespeople", platform.salespeople],
    ["Dealerships", platform.dealerships],
  ] as const) {
    // The console's stat card: its label, then its value.
    await expect(page.locator(`p:text-is("${label}") + p`).first()).toHaveText(n(value), {
      timeout: FIRST_RENDER_TIMEOUT,
    });
  }

  // Business intelligence, the platform: its counts, and the label on figures that include seeded rows.
  await page.goto("/admin-business-intelligence?period=30d");
  const panel = page.locator('[role="tabpanel"]:not([hidden])');
  const metric = (label: string) =>
    panel.getByRole("group", { name: label, exact: true }).locator("[data-metric-value]").first();
  await expect(metric("Dealerships")).toHaveText(n(platform.dealerships), { timeout: FIRST_RENDER_TIMEOUT });
  await expect(metric("Salespeople")).toHaveText(n(platform.salespeople));
  const seeded = await one(
    sql<{ dealerships: number; salespeople: number }[]>`
      select (select count(*) from dealerships where demo)::int as dealerships,
             (select count(*) from salespeople where demo)::int as salespeople`,
  );
  const notice = panel.getByRole("alert", { name: "Demo data" }).or(panel.getByLabel("Demo data"));
  await expect(notice.first()).toContainText(
    `Demo data: includes ${n(seeded.dealerships)} dealerships, ${n(seeded.salespeople)} salespeople`,
  );
  // The platform's average rating stands alone: nothing is set beside it as an outside benchmark.
  await expect(page.getByText(/Industry average/)).toHaveCount(0);
  await expect(page.getByText(/Platform average/)).toHaveCount(0);
});

test("[claims] a manager's business intelligence compares their average with the platform's, by name", async ({
  page,
}) => {
  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/business-intelligence?period=30d");
  const panel = page.locator('[role="tabpanel"]:not([hidden])');
  const rating = panel.getByRole("group", { name: "Average rating", exact: true });
  await expect(rating).toContainText(/Platform average (\d\.\d\d ★|—)/, { timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByText(/Industry average/)).toHaveCount(0);
});
