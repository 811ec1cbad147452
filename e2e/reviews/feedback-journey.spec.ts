// [reviews] journey: a buyer's past visit closes itself, the invitation to review reaches the SMTP sink, the
// buyer reviews through its link, and the dealership's manager finds the comment in the Feedback tab and replies;
// then the salesperson reads the same feedback about themselves and downloads it as CSV.
import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/demo";
import { seriousAxeViolations } from "../public/support";
import { e2eDatabase } from "../support/database";
import { daysAhead } from "../support/dates";
import { mailboxURL } from "../support/mailbox";
import { createTestSession, FIRST_RENDER_TIMEOUT, signInWithSession } from "../support/session";

/** Where the screens are saved to be looked at (FEEDBACK_SHOTS); no screenshots without it. */
const SHOTS = process.env.FEEDBACK_SHOTS;

/**
 * The screen at 1280 and 390 px wide: the whole page, or the view around `focus`. Both widths are checked with
 * axe and for sideways scrolling on a phone, screenshots or not.
 */
async function look(page: Page, name: string, focus?: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await focus?.evaluate((element) => element.scrollIntoView({ block: "center" }));
    // Charts take their new width a moment after the window's (recharts watches their box): wait for it.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
      .toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !focus });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const stamp = Date.now();
const BUYER = `feedback.buyer.${stamp}@example.org`;
const COMMENT = `Walked us through three trims without any rush and followed up the next day. (${stamp})`;
const REPLY = `Thank you for coming in, it was a pleasure. (${stamp})`;

/** The salesperson the journey is about: one of the demo manager's team other than Sam Rivera (id 1), whose
 * reviews and visits the other review journeys count on. */
let salesperson: { id: number; name: string; email: string };

// The second test reads the review the first writes (serial: it does not run when the first failed).
test.describe.configure({ mode: "serial" });

test("[reviews] journey: a past visit closes itself, the buyer is invited and reviews, the manager replies from the Feedback tab", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const sql = e2eDatabase();
  try {
    const [person] = await sql<{ id: number; name: string; email: string }[]>`
      select s.id, s.name, s.email::text as email from salespeople s
        join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users m on m.id = dm.user_id
       where m.email = ${DEMO_ACCOUNTS.manager} and s.id <> 1 and s.verified_at is not null
       order by s.id limit 1`;
    salesperson = person!;

    // A new buyer books that salesperson's first open slot on the next weekday (the dealership closes on Sundays).
    const buyer = await createTestSession(BUYER, "customer");
    // Reviews of one salesperson from accounts younger than 14 days are held after a burst (gaming rules), and
    // other journeys write such reviews; this buyer is a returning customer, so their account is a month old.
    await sql`update users set created_at = now() - interval '30 days', first_name = 'Jordan', last_name = 'Price'
               where email = ${BUYER}`;
    const date = daysAhead(1);
    const day = (await (
      await request.get(`/api/appointments/salesperson/${salesperson.id}/${date}`)
    ).json()) as {
      slots: { time: string; state: string }[];
    };
    const open = day.slots.find((s) => s.state === "available");
    expect(open, `an open slot on ${date}`).toBeTruthy();
    const booked = await request.post("/api/appointments", {
      headers: { origin: baseURL ?? "", cookie: `kb_session=${buyer.token}` },
      data: {
        salespersonId: salesperson.id,
        date,
        time: open!.time,
        appointmentType: "Test Drive",
        customerName: "Jordan Price",
        customerPhone: "(212) 555-0142",
      },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id: visitId } = (await booked.json()) as { id: number };

    // The visit took place yesterday: moved to the first half hour of that day the salesperson had free.
    const [moved] = await sql<{ id: number }[]>`
      update appointments a set starts_at = (
        select t from generate_series(date_trunc('hour', now()) - interval '30 hours',
                                      date_trunc('hour', now()) - interval '6 hours', interval '30 minutes') t
         where not exists (select from appointments o where o.salesperson_id = a.salesperson_id and o.id <> a.id
                             and appointment_span(o.starts_at, o.duration_minutes + o.buffer_minutes)
                                 && appointment_span(t, a.duration_minutes + a.buffer_minutes))
         order by t limit 1)
       where a.id = ${visitId} and a.status = 'scheduled' returning a.id`;
    expect(moved?.id).toBe(visitId);

    // Nobody presses Complete: the scheduled job closes the visit and mails the buyer.
    const queued = await fetch(`${mailboxURL()}/jobs/visit-closing`, { method: "POST" });
    expect(queued.status).toBe(202);
    const subject = `How was your Test Drive with ${salesperson.name}?`;
    let invitation = "";
    await expect
      .poll(
        async () => {
          const res = await fetch(`${mailboxURL()}/messages?to=${encodeURIComponent(BUYER)}`);
          const mails = (await res.json()) as { subject: string; text: string }[];
          invitation = mails.find((m) => m.subject === subject)?.text ?? "";
          return invitation !== "";
        },
        { timeout: 30_000, message: "the invitation to review reaches the buyer" },
      )
      .toBe(true);
    const [closed] = await sql<{ status: string }[]>`select status from appointments where id = ${visitId}`;
    expect(closed?.status).toBe("completed");
    const link = invitation.match(/https?:\/\/\S+\/salesperson\/\d+#write-review/)?.[0];
    expect(link, invitation).toBeTruthy();
    expect(invitation).toContain("Unsubscribe from these e-mails");

    // The buyer follows the link: the review form is open on the visit, in one click.
    await signInWithSession(page, BUYER, "customer");
    await page.goto(new URL(link!).pathname + new URL(link!).hash);
    await expect(page.getByRole("heading", { level: 1, name: salesperson.name })).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("radio", { name: /Test Drive/ })).toBeChecked();
    const stars = (category: string, n: number) =>
      dialog
        .getByRole("radiogroup", { name: category })
        .getByRole("radio", { name: `${n} stars` })
        .click();
    await stars("Overall experience", 4);
    await stars("Helpfulness", 5);
    await stars("Pressure level", 4);
    await stars("Communication", 5);
    await stars("Product knowledge", 4);
    await dialog.getByLabel("Your review").fill(COMMENT);
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText(/New average: \d\.\d from \d+ reviews?\./)).toBeVisible();
    const review = page.locator("#reviews").getByRole("listitem").filter({ hasText: COMMENT });
    await expect(review).toBeVisible();

    // The manager finds the comment in the team's feed, unanswered, and replies from there.
    const managerContext = await browser.newContext({ baseURL, reducedMotion: "reduce" });
    const manager = await managerContext.newPage();
    await signInWithSession(manager, DEMO_ACCOUNTS.manager, "manager");
    await manager.goto("/manager-dashboard?tab=feedback");
    await expect(manager.getByRole("heading", { level: 2, name: "Feedback" })).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    const feed = manager.getByRole("list", { name: "Comments" });
    const card = feed.getByRole("listitem", { name: "Review by Jordan P." }).filter({ hasText: COMMENT });
    await expect(card).toBeVisible();
    await expect(card.getByText(`about ${salesperson.name}`)).toBeVisible();
    await expect(card.getByText("Unanswered")).toBeVisible();
    await look(manager, "manager-feedback-team");

    // One salesperson of the team: their figures, and the feed without the names.
    await manager
      .getByRole("combobox", { name: "Salesperson", exact: true })
      .selectOption(String(salesperson.id));
    await expect(card.getByText(`about ${salesperson.name}`)).toHaveCount(0);
    await expect(card).toBeVisible();
    await look(manager, "manager-feedback-one");

    await card.getByRole("button", { name: "Reply publicly" }).click();
    await card.getByLabel("Public reply to Jordan P.").fill(REPLY);
    await look(manager, "manager-feedback-reply-open", card);
    await card.getByRole("button", { name: "Post reply" }).click();
    await expect(card.getByText(REPLY)).toBeVisible();
    await expect(card.getByText("Replied")).toBeVisible();
    await expect(card.getByRole("button", { name: "Reply publicly" })).toHaveCount(0);
    await look(manager, "manager-feedback-replied", card);
    await managerContext.close();

    // The buyer sees the reply under their review.
    await page.reload();
    await expect(review.getByText(REPLY)).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  } finally {
    await sql.end();
  }
});

test("[salesperson] journey: the salesperson reads their own feedback and downloads it as CSV", async ({
  page,
}) => {
  await signInWithSession(page, salesperson.email, "salesperson");
  await page.goto("/salesperson-dashboard?tab=feedback");
  await expect(page.getByRole("heading", { level: 2, name: "Feedback" })).toBeVisible({
    timeout: FIRST_RENDER_TIMEOUT,
  });
  // Their own feedback only: no salesperson to pick, and the cards do not name whom they are about.
  await expect(page.getByRole("combobox", { name: "Salesperson", exact: true })).toHaveCount(0);
  const card = page
    .getByRole("list", { name: "Comments" })
    .getByRole("listitem")
    .filter({ hasText: COMMENT });
  await expect(card.getByText(REPLY)).toBeVisible();
  await expect(card.getByText(`about ${salesperson.name}`)).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Verified purchases" })).toBeVisible();
  await look(page, "salesperson-feedback");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^feedback-6m-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const [header, ...rows] = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(header).toBe(
    "Review ID,Written,Salesperson,Reviewer,Overall,Helpfulness,Product knowledge,Pressure level,Communication,Verified purchase,Comment,Reply,Replied at",
  );
  expect(rows.some((row) => row.includes(COMMENT) && row.includes(REPLY))).toBe(true);
});
