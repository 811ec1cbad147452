// [manager] The dealership's own team (docs/product/dealerships.md#the-team-and-its-roles): the demo manager, the
// dealership's one owner, invites a staff member from the Sales Team tab; the invitee accepts through the
// e-mailed link, signs in and lands on the dealership's Bookings page, not the manager dashboard. The owner
// cannot leave or step down while the dealership has no other owner, and takes the staff member off the team.
// On a desktop (1280 px) and on a phone (390 px), with axe on each.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { freeVisitStart } from "../../tests/support/freeVisitStart";
import { seriousAxeViolations } from "../public/support";
import { e2eDatabase } from "../support/database";
import { waitForSignInLink } from "../support/mailbox";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";
import { openSignInLink } from "../support/signInLink";

const OWNER = DEMO_ACCOUNTS.manager;
/** Where the screens are saved to be looked at (TEAM_SHOTS); no screenshots without it. */
const SHOTS = process.env.TEAM_SHOTS;
const WIDTHS = [1280, 390] as const;

/** Axe at 1280 and 390 px (and the screens, with TEAM_SHOTS), scrolled to `focus`; back to 1280 after. */
async function lookAtBothWidths(page: Page, name: string, focus: Locator) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(focus).toBeVisible();
    expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    if (SHOTS) {
      // Clear of the sticky top bar and tabs.
      await focus.evaluate((element) => {
        element.scrollIntoView({ block: "start" });
        window.scrollBy(0, -140);
      });
      await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: width === 390 });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("[manager] journey: the owner invites staff, who accept, sign in and handle the dealership's bookings; the last owner stays", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now();
  const staffEmail = `e2e.staff.${stamp}@example.org`;
  const staffName = `Riley Staff ${stamp % 10_000}`;
  const buyer = `Booking Buyer ${stamp % 10_000}`;

  // A visit booked with one of the owner's salespeople, three days ahead (or the first free hour after, clear of
  // the seed's visits: tests/support/freeVisitStart.ts).
  const sql = e2eDatabase();
  const [person] = await sql<{ id: number; name: string }[]>`
    select s.id, s.name from salespeople s
     where s.dealership_id = (select m.dealership_id from dealership_members m join users u on u.id = m.user_id
                               where u.email = ${OWNER} and m.role = 'owner')
     order by s.id limit 1`;
  expect(person?.id, "the demo dealership has a salesperson").toEqual(expect.any(Number));
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  const at = await freeVisitStart(sql, person!.id, new Date(hour.getTime() + (3 * 24 + 2) * 3_600_000));
  const [inserted] = await sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
    values (${person!.id}, null, 'Test Drive', ${at}, ${buyer}, '2125550123')
    returning id`;
  const visit = { id: inserted!.id, salesperson: person!.name };

  try {
    // The owner's Sales Team tab: the team's members, the owner marked as the one signed in.
    await signInWithSession(page, OWNER, "manager");
    await page.goto("/manager-dashboard?tab=team");
    const card = page.getByRole("region", { name: "Team members" });
    await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(card).toContainText("staff the dealership's bookings");
    const members = card.getByRole("list", { name: "Team members" });
    const me = members.getByRole("listitem").filter({ hasText: OWNER });
    await expect(me.getByText("You", { exact: true })).toBeVisible();
    await expect(me.locator("[data-member-role]")).toHaveText("Owner");

    // Invite a staff member: an owner may give any of the three roles.
    await card.getByRole("button", { name: "Invite a team member" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a team member" });
    const role = dialog.getByLabel("Role");
    await expect(role.locator("option")).toHaveText(["Owner", "Manager", "Staff"]);
    await dialog.getByLabel("Email").fill(staffEmail);
    await dialog.getByLabel("Name").fill(staffName);
    await role.selectOption("staff");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await expect(dialog).toBeHidden();
    const waiting = card.getByRole("list", { name: "Team invitations waiting" });
    await expect(waiting.getByRole("listitem").filter({ hasText: staffName })).toContainText("Staff");
    await expect(
      waiting.getByRole("button", { name: `Resend the invitation to ${staffName}` }),
    ).toBeVisible();
    await lookAtBothWidths(page, "team-members", card);

    // The invitee, in a browser of their own, accepts through the e-mailed link.
    const invitee = await browser.newContext({ reducedMotion: "reduce" });
    const theirs = await invitee.newPage();
    const invitation = new URL(await waitForSignInLink(staffEmail, 20_000));
    expect(invitation.pathname).toBe("/invitations/accept");
    await theirs.goto(invitation.pathname + invitation.search);
    await expect(theirs.getByText("Accepting adds you to the dealership's team as staff.")).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    await theirs.getByRole("button", { name: /Accept invitation/ }).click({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(theirs).toHaveURL(/\/bookings$/, { timeout: FIRST_RENDER_TIMEOUT });

    // Signed out, they sign in again at the portal by e-mailed link and land on Bookings.
    await invitee.clearCookies();
    await theirs.goto("/salesperson-login");
    await theirs.getByLabel("Email address").fill(staffEmail);
    await theirs.getByRole("button", { name: /sign-in link/i }).click();
    await expect(theirs.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await openSignInLink(theirs, await waitForSignInLink(staffEmail, 20_000), staffEmail);
    await expect(theirs).toHaveURL(/\/bookings$/, { timeout: FIRST_RENDER_TIMEOUT });
    await expect(theirs.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    const nav = theirs.getByRole("navigation", { name: "Account" });
    await expect(nav.getByRole("link", { name: "Bookings" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Manager dashboard" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Plans" })).toHaveCount(0);
    // The visit booked with a colleague: who booked, with whom, and the salesperson's actions.
    const booked = theirs.getByRole("listitem").filter({ hasText: buyer });
    await expect(booked).toContainText(`With ${visit.salesperson}`);
    await expect(booked).toContainText("Test Drive");
    await expect(booked.getByRole("button", { name: /Cancel/ })).toBeVisible();
    await lookAtBothWidths(theirs, "bookings", booked);
    // The leads' dashboard is not theirs: it sends them to Bookings.
    await theirs.goto("/manager-dashboard");
    await expect(theirs).toHaveURL(/\/bookings$/, { timeout: FIRST_RENDER_TIMEOUT });
    await invitee.close();

    // Back with the owner: the staff member is on the team, as staff.
    await page.reload();
    const staff = members.getByRole("listitem").filter({ hasText: staffEmail });
    await expect(staff.locator("[data-member-role]")).toHaveText("Staff", { timeout: FIRST_RENDER_TIMEOUT });
    await expect(waiting.getByRole("listitem").filter({ hasText: staffName })).toHaveCount(0);

    // The last owner can neither step down nor leave: the server's refusal shows where it was tried.
    await me.getByRole("combobox", { name: /^Role of / }).selectOption("manager");
    await expect(me.getByRole("alert")).toContainText("A dealership keeps at least one owner");
    await me.getByRole("button", { name: "Leave the team" }).click();
    const leave = page.getByRole("alertdialog", { name: "Leave the team?" });
    await leave.getByRole("button", { name: "Leave", exact: true }).click();
    await expect(leave.getByRole("alert")).toContainText(
      "A dealership keeps at least one owner. Make someone else an owner first.",
    );
    await leave.getByRole("button", { name: "Go back" }).click();
    await expect(leave).toBeHidden();
    await page.reload();
    await expect(me.locator("[data-member-role]")).toHaveText("Owner", { timeout: FIRST_RENDER_TIMEOUT });
    await expect(staff.locator("[data-member-role]")).toHaveText("Staff");

    // The owner takes the staff member off the team.
    await staff.getByRole("button", { name: `Remove ${staffName} from the team` }).click();
    const remove = page.getByRole("alertdialog", { name: "Remove from the team?" });
    await remove.getByRole("button", { name: "Remove", exact: true }).click();
    await expect(remove).toBeHidden();
    await expect(members.getByRole("listitem").filter({ hasText: staffEmail })).toHaveCount(0);
  } finally {
    await sql`delete from appointments where id = ${visit.id}`;
    await sql.end();
  }
});
