// [ADMIN] The console's Dealer groups tab (docs/product/dealer-groups.md#administrators): the demo group with its
// three dealerships and its owner; an administrator creates a group and adds a dealership of no group to it. At
// 1280 and 390 px, with axe on each; GROUP_SHOTS names a folder for the screens to be looked at.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_GROUP_NAME } from "../../src/server/seed/group";
import { seriousAxeViolations } from "../public/support";
import { signInAsAdmin } from "../support/admin";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT } from "../support/session";

const SHOTS = process.env.GROUP_SHOTS;

async function lookAtBothWidths(page: Page, name: string, ready: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expect(ready).toBeVisible();
    expect(await seriousAxeViolations(page), `${name} at ${width}px`).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A dealership in no group, to add. */
async function ungroupedDealership(): Promise<string> {
  const sql = e2eDatabase();
  try {
    const [row] = await sql<{ name: string }[]>`
      select name from dealerships where group_id is null order by name desc, id limit 1`;
    return row!.name;
  } finally {
    await sql.end();
  }
}

test("[ADMIN] dealer groups: the demo group is listed, and a new group gets its first dealership", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const dealership = await ungroupedDealership();
  await signInAsAdmin(page);
  await page.goto("/admin/dashboard?tab=groups");
  await expect(page.getByRole("tab", { name: "Dealer groups" })).toHaveAttribute("aria-selected", "true", {
    timeout: FIRST_RENDER_TIMEOUT,
  });
  const demo = page.getByRole("region", { name: `Dealer group ${DEMO_GROUP_NAME}` });
  await expect(
    demo.getByRole("list", { name: `Dealerships of ${DEMO_GROUP_NAME}` }).getByRole("listitem"),
  ).toHaveCount(3);
  await expect(demo.getByRole("list", { name: `People of ${DEMO_GROUP_NAME}` })).toContainText("Group owner");
  await lookAtBothWidths(page, "admin-groups", demo);

  const name = `Riverside Motor Group ${Date.now()}`;
  await page.getByRole("button", { name: "Create a group" }).click();
  const create = page.getByRole("dialog", { name: "Create a dealer group" });
  await create.getByLabel("Name").fill(name);
  await create.getByRole("button", { name: "Create group" }).click();
  const made = page.getByRole("region", { name: `Dealer group ${name}` });
  await expect(made.getByText("No dealerships yet.")).toBeVisible();

  await made.getByRole("button", { name: "Add a dealership" }).click();
  const add = page.getByRole("dialog", { name: "Add a dealership" });
  await add.getByLabel("Find a dealership").fill(dealership);
  const choice = add.getByRole("combobox", { name: "Dealership" });
  await expect(choice.locator("option", { hasText: dealership })).toHaveCount(1);
  await choice.selectOption({
    label: (await choice.locator("option", { hasText: dealership }).textContent())!,
  });
  await add.getByRole("button", { name: "Add to the group" }).click();
  await expect(add).toBeHidden();
  await expect(made.getByRole("list", { name: `Dealerships of ${name}` })).toContainText(dealership);

  // Its owner is invited; the invitation waits with Resend and Revoke, and a revoked one is gone.
  const invitee = `riverside.owner.${Date.now()}@example.org`;
  await made.getByRole("button", { name: "Invite the owner" }).click();
  const invite = page.getByRole("dialog", { name: "Invite the group's owner" });
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(invite).toBeHidden();
  const waiting = made.getByRole("list", { name: `Invitations to ${name} waiting` });
  await expect(waiting).toContainText(invitee);
  // One notification shows at a time: the invitation's is closed before the resend's. Each is closed from the
  // keyboard: a click aims at where the button was, and a toast can still move as the one before it leaves.
  const sent = page.getByRole("status").filter({ hasText: "Invitation sent" });
  await sent.getByRole("button", { name: "Close notification" }).press("Enter");
  await expect(sent).toBeHidden();
  await waiting.getByRole("button", { name: `Resend the invitation to ${invitee}` }).click();
  const again = page.getByRole("status").filter({ hasText: "Invitation sent again" });
  await expect(again).toBeVisible();
  await again.getByRole("button", { name: "Close notification" }).press("Enter");
  await expect(again).toBeHidden();
  await lookAtBothWidths(page, "admin-group-invitation", made);
  await waiting.getByRole("button", { name: `Revoke the invitation to ${invitee}` }).click();
  await page
    .getByRole("alertdialog", { name: "Revoke this invitation?" })
    .getByRole("button", { name: "Revoke" })
    .click();
  await expect(made.getByRole("list", { name: `Invitations to ${name} waiting` })).toHaveCount(0);
});
