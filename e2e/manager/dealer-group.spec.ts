// [manager] A dealer group's page (docs/product/dealerships.md#the-dealer-group-page): the demo group's owner sees
// its three dealerships, opens the second one's dashboard (the manager dashboard then shows that dealership),
// switches to the third from the dashboard's "Working on" choice, and reads the month's report with its totals.
// Group staff see the dealerships and no report, and open a dealership's Bookings. On a desktop (1280 px) and a
// phone (390 px), with axe on each; GROUP_SHOTS names a folder for the screens to be looked at.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { DEMO_GROUP_NAME } from "../../src/server/seed/group";
import { seriousAxeViolations } from "../public/support";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

const OWNER = DEMO_ACCOUNTS.groupOwner;
const SHOTS = process.env.GROUP_SHOTS;
const WIDTHS = [1280, 390] as const;

/** Axe at 1280 and 390 px (and the whole page's screen, with GROUP_SHOTS) once `ready` shows; back to 1280 after. */
async function lookAtBothWidths(page: Page, name: string, ready: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(ready).toBeVisible();
    expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

type Held = { id: number; name: string };

async function groupDealerships(): Promise<Held[]> {
  const sql = e2eDatabase();
  try {
    return await sql<Held[]>`
      select d.id, d.name from dealerships d join dealer_groups g on g.id = d.group_id
       where g.name = ${DEMO_GROUP_NAME} order by d.name, d.id`;
  } finally {
    await sql.end();
  }
}

/** A figure of the report's table as a number ("12" -> 12). */
const figure = async (cell: Locator) => Number((await cell.textContent())?.trim());

test("[manager] dealer group: the owner compares the group's dealerships, opens the second's dashboard and switches to the third", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const held = await groupDealerships();
  expect(held, "the demo group holds three dealerships").toHaveLength(3);

  await signInWithSession(page, OWNER, "manager");
  await page.goto("/group");
  await expect(page.getByRole("heading", { level: 1, name: DEMO_GROUP_NAME })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await expect(page.locator("[data-group-role]")).toHaveText("Group owner");
  await expect(page.getByText("3 dealerships", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Dealer group" }),
  ).toHaveAttribute("aria-current", "page");

  // The three dealerships by name, the first one worked on until another is chosen.
  const cards = page.getByRole("region", { name: "Dealerships" }).getByRole("article");
  await expect(cards.getByRole("heading", { level: 3 })).toHaveText(held.map((d) => d.name));
  await expect(cards.filter({ hasText: "Working on" })).toHaveCount(1);
  await expect(cards.first()).toContainText("Working on");
  await expect(cards.nth(1).getByRole("link", { name: `Public page of ${held[1]!.name}` })).toHaveAttribute(
    "href",
    /^\/dealerships\//,
  );

  // The month's report: a row per dealership and the group's totals, which add up the dealerships' visits.
  const report = page.getByRole("region", { name: "Group report" });
  await expect(report.getByRole("heading", { name: /^Report for / })).toBeVisible();
  const table = report.getByRole("table");
  await expect(table.getByRole("rowheader")).toHaveText([...held.map((d) => d.name), "Group total"]);
  const rows = table.getByRole("row");
  await expect(rows).toHaveCount(held.length + 2);
  const visitsColumn = 1;
  let visits = 0;
  for (let i = 1; i <= held.length; i++)
    visits += await figure(
      rows
        .nth(i)
        .getByRole("cell")
        .nth(visitsColumn - 1),
    );
  const totals = rows.filter({ hasText: "Group total" });
  expect(await figure(totals.getByRole("cell").first())).toBe(visits);
  // The group's people (its owner, with the owner's actions) and its plan (none yet: an offer per group plan).
  const people = page.getByRole("region", { name: "Group people" });
  await expect(people).toContainText("Group owner");
  // An invitation to the group waits with Resend and Revoke; resending mails a new link.
  const invitee = `group.staff.${Date.now()}@example.org`;
  await people.getByRole("button", { name: "Invite someone" }).click();
  const inviting = page.getByRole("dialog", { name: "Invite someone to the group" });
  await inviting.getByLabel("Email").fill(invitee);
  await inviting.getByLabel("Role").selectOption("group_staff");
  await inviting.getByRole("button", { name: "Send invitation" }).click();
  await expect(inviting).toBeHidden();
  await expect(people.getByRole("button", { name: `Revoke the invitation to ${invitee}` })).toBeVisible();
  await people.getByRole("button", { name: `Resend the invitation to ${invitee}` }).click();
  await expect(page.getByText("Invitation sent again")).toBeVisible();
  const plan = page.getByRole("region", { name: `${DEMO_GROUP_NAME}'s plan` });
  await expect(plan.getByText(/^Dealer Enterprise$/)).toBeVisible();
  await lookAtBothWidths(page, "group-owner", table);

  // Into the second dealership's dashboard: the dashboard is that dealership's.
  await cards
    .nth(1)
    .getByRole("button", { name: /^Open dashboard/ })
    .click();
  await expect(page).toHaveURL(/\/manager\/dashboard/);
  await expect(page.getByRole("heading", { level: 1, name: held[1]!.name })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  const workingOn = page.getByLabel("Working on");
  await expect(workingOn.locator("option:checked")).toHaveText(held[1]!.name);

  // The switcher on the dashboard: the third dealership, and the dashboard follows.
  await workingOn.selectOption({ label: held[2]!.name });
  await expect(page.getByRole("heading", { level: 1, name: held[2]!.name })).toBeVisible();
  await expect(workingOn.locator("option:checked")).toHaveText(held[2]!.name);
  await lookAtBothWidths(page, "group-dashboard", workingOn);

  // Back on the group's page, the third is the one worked on.
  await page.getByRole("link", { name: "Dealer group" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_GROUP_NAME })).toBeVisible();
  await expect(cards.filter({ hasText: "Working on" })).toHaveText(new RegExp(held[2]!.name));
});

test("[manager] dealer group: group staff see the dealerships without the report, and open a dealership's bookings", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const held = await groupDealerships();
  const email = `e2e.group.staff.${Date.now()}@example.org`;
  const sql = e2eDatabase();
  try {
    await sql`
      with account as (
        insert into users (email, first_name, last_name, role) values (${email}, 'Riley', 'Group Staff', 'manager')
        returning id)
      insert into dealer_group_members (user_id, group_id, role)
      select account.id, g.id, 'group_staff' from account, dealer_groups g where g.name = ${DEMO_GROUP_NAME}`;
    await signInWithSession(page, email, "manager");
    await page.goto("/group");
    await expect(page.getByRole("heading", { level: 1, name: DEMO_GROUP_NAME })).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    await expect(page.locator("[data-group-role]")).toHaveText("Group staff");
    const cards = page.getByRole("region", { name: "Dealerships" }).getByRole("article");
    await expect(cards).toHaveCount(held.length);
    await expect(page.getByRole("region", { name: "Group report" })).toHaveCount(0);
    // Staff see the group's people but change nothing, and never its plan.
    await expect(page.getByRole("region", { name: "Group people" })).toContainText("Group owner");
    await expect(page.getByRole("button", { name: "Invite someone" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: `${DEMO_GROUP_NAME}'s plan` })).toHaveCount(0);
    await lookAtBothWidths(page, "group-staff", cards.first());

    // Staff work on bookings: the third dealership's.
    await cards
      .nth(2)
      .getByRole("button", { name: /^Open dashboard/ })
      .click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    await expect(page.getByLabel("Working on").locator("option:checked")).toHaveText(held[2]!.name);
  } finally {
    await sql`delete from users where email = ${email}`;
    await sql.end();
  }
});

test("[manager] dealer group: the page is for a group's people only", async ({ page }) => {
  await page.goto("/group");
  await expect(page).toHaveURL(/\/salesperson-login/, { timeout: FIRST_RENDER_TIMEOUT });

  // The demo manager runs a dealership outside any group.
  await signInWithSession(page, DEMO_ACCOUNTS.manager, "manager");
  await page.goto("/group");
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await page.goto("/manager-dashboard");
  await expect(page.getByRole("tablist")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByLabel("Working on")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Dealer group" })).toHaveCount(0);
});

test("[manager] dealer group: the owner subscribes the whole group, and a dealership's owner sees the group's plan", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInWithSession(page, OWNER, "manager");
  await page.goto("/group");
  const plan = page.getByRole("region", { name: `${DEMO_GROUP_NAME}'s plan` });
  await expect(plan).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  const enterprise = plan.getByText(/^Dealer Enterprise$/).locator("xpath=../..");
  await enterprise.getByRole("link", { name: "Subscribe the group" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Dealer Enterprise", {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  await page.getByRole("radio", { name: /The whole group \(3 dealerships\)/ }).check();
  await expect(page.getByRole("region", { name: "Plan" })).toContainText(
    "Any number of salespeople at every dealership of the group.",
  );
  await page.getByRole("button", { name: /Continue to payment/ }).click();
  await expect(page.getByRole("region", { name: "Payment details" })).toBeVisible({ timeout: 15_000 });

  // The plan's free trial covers the group at once: Houston Nissan's owner, who buys nothing, sees it.
  const houston = await browser.newContext({ reducedMotion: "reduce" });
  const theirs = await houston.newPage();
  await signInWithSession(theirs, "manager.houston@example.com", "manager");
  await theirs.goto("/dealer-subscription");
  const covered = theirs.getByRole("region", { name: "Current plan" });
  await expect(covered.getByText("Through your dealer group")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(covered.getByRole("heading", { name: "Dealer Enterprise" })).toBeVisible();
  await expect(covered).toContainText("Your dealer group's plan covers this dealership");
  await expect(covered).toContainText("no limit on this plan");
  // Every plan card says why it is not this dealership's to buy, in place of its button.
  await expect(
    theirs.getByText("Your dealer group's plan covers your dealership: it needs no plan of its own."),
  ).toHaveCount(3);
  await expect(theirs.getByRole("link", { name: /^Choose / })).toHaveCount(0);
  await lookAtBothWidths(theirs, "covered-dealership", covered);
  await houston.close();
});
