import { expect, test } from "@playwright/test";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("[salesperson] journey: request a transfer to another dealership from the dashboard, see it pending, then withdraw it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const db = e2eDatabase();
  try {
    // A seeded salesperson of a dealership with no transfer request of their own (not the demo account,
    // which other journeys use), and a dealership to move to.
    const [mover] = await db<{ id: number; email: string; dealership_id: number; dealership: string }[]>`
      select s.id, s.email::text as email, s.dealership_id, d.name as dealership
        from salespeople s join dealerships d on d.id = s.dealership_id
       where s.email <> 'sam.rivera@example.com'
         and not exists (select 1 from transfer_requests t where t.salesperson_id = s.id)
       order by s.id desc limit 1`;
    const [target] = await db<{ id: number; name: string; city: string; state: string }[]>`
      select id, name, city::text as city, state from dealerships where id <> ${mover!.dealership_id}
       order by id limit 1`;

    await signInWithSession(page, mover!.email, "salesperson");
    await page.goto("/salesperson-dashboard?tab=profile");
    const card = page.getByRole("region", { name: "Dealership transfer" });
    await expect(card).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(card.getByText(`You work at ${mover!.dealership}.`)).toBeVisible();

    // Asking without a destination is refused before anything is sent.
    await card.getByRole("button", { name: "Request transfer" }).click();
    await expect(card.getByText("Choose a dealership or going independent")).toBeVisible();

    // Search the dealership list, pick the target, add a note and send.
    // The pick is checked in the input: a click while the filtered list is still moving can land beside the
    // option, and the combobox then closes with nothing chosen, so the pick is made again.
    const picker = card.getByRole("combobox", { name: /Move to/ });
    await expect(async () => {
      await picker.click();
      await picker.fill(target!.name);
      await page.getByRole("option", { name: new RegExp(`^${escapeRegExp(target!.name)}`) }).click();
      await expect(picker).toHaveValue(new RegExp(`^${escapeRegExp(target!.name)}`), { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await card.getByLabel("Note").fill("I am relocating and would like to join your team.");
    await card.getByRole("button", { name: "Request transfer" }).click();
    await expect(page.getByText("Transfer Requested")).toBeVisible();

    // The open request shows where to and that it is pending; it stays after a reload (it is on the server).
    const open = card.getByRole("group", { name: "Open transfer request" });
    await expect(open.getByText(`Join ${target!.name}`)).toBeVisible();
    await expect(open.getByText("Pending manager review")).toBeVisible();
    await page.reload();
    await expect(open.getByText("Pending manager review")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await expect(card.getByRole("combobox", { name: /Move to/ })).toHaveCount(0);
    const [pending] = await db<{ status: string; to_dealership_id: number; note: string }[]>`
      select status, to_dealership_id, note from transfer_requests where salesperson_id = ${mover!.id}`;
    expect(pending).toEqual({
      status: "awaiting_manager",
      to_dealership_id: target!.id,
      note: "I am relocating and would like to join your team.",
    });

    // Withdraw it, after confirming: it moves to the past requests and a new request can be made.
    await open.getByRole("button", { name: "Withdraw" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm.getByRole("heading", { name: "Withdraw this transfer request?" })).toBeVisible();
    await confirm.getByRole("button", { name: "Withdraw request" }).click();
    await expect(page.getByText("Request Withdrawn")).toBeVisible();
    await expect(open).toHaveCount(0);
    const past = card.getByRole("region", { name: "Past requests" });
    await expect(past.getByText(`Join ${target!.name}`)).toBeVisible();
    await expect(past.getByText("Withdrawn", { exact: true })).toBeVisible();
    await expect(card.getByRole("combobox", { name: /Move to/ })).toBeVisible();
    const [withdrawn] = await db<{ status: string }[]>`
      select status from transfer_requests where salesperson_id = ${mover!.id}`;
    expect(withdrawn!.status).toBe("withdrawn");
  } finally {
    await db.end();
  }
});
