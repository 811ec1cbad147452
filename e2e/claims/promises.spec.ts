// [claims] Every support promise a page makes, compared with what backs it (docs/product/support.md): the reply
// times and the application decision time with their constants in src/shared/support.ts, the phone line with
// the e2e server's SUPPORT_PHONE (scripts/e2e-server.ts), the toast after sending with the tier the server gave
// the case, and the administrators' queues with the due times and overdue flags the API answers.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { dueLabel } from "../../src/client/ui/format";
import {
  APPLICATION_DECISION_HOURS,
  APPLICATION_PROMISE,
  hoursText,
  REPLY_PROMISE,
  SUPPORT_PHONE_HOURS,
  SUPPORT_REPLY_HOURS,
} from "../../src/shared/support";
import { settle } from "../public/support";
import { signInAsAdmin } from "../support/admin";
import { e2eDatabase } from "../support/database";
import { FIRST_RENDER_TIMEOUT, type SessionRole, signInWithSession } from "../support/session";
import { E2E_SUPPORT_PHONE } from "../support/supportPhone";

const STANDARD = hoursText(SUPPORT_REPLY_HOURS.standard);
const PRIORITY = hoursText(SUPPORT_REPLY_HOURS.priority);
/** The reply and decision times as a page would write them ("24 hours", "48-hour"). */
const PROMISED_HOURS = new RegExp(
  `\\b(${[SUPPORT_REPLY_HOURS.standard, SUPPORT_REPLY_HOURS.priority, APPLICATION_DECISION_HOURS].join("|")})[\\s-]?hours?\\b`,
  "i",
);
/** Words of the promises the pages made before they were backed: none may come back. */
const UNBACKED = [/9AM/, /\bEST\b/, /24\/7/, /live within/i, /priority phone/i];

async function open(page: Page, path: string) {
  await page.goto(path);
  await settle(page);
  await expect(page.getByRole("main")).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  return page.getByRole("main");
}

async function expectNoUnbacked(page: Page) {
  const text = (await page.getByRole("main").textContent()) ?? "";
  for (const words of UNBACKED) expect(text, `${page.url()} still says ${words}`).not.toMatch(words);
}

/** The contact page's promises: reply times and onboarding from their constants, the phone from SUPPORT_PHONE. */
async function expectContactPromises(page: Page) {
  const main = await open(page, "/contact");
  await expect(
    main.getByText(`Within ${STANDARD}, every day of the week; within ${PRIORITY} for paid plans`),
  ).toBeVisible();
  await expect(main.getByText(REPLY_PROMISE)).toBeVisible();
  await expect(main.getByText(APPLICATION_PROMISE)).toHaveCount(2);
  await expect(main.getByText(`${E2E_SUPPORT_PHONE}, ${SUPPORT_PHONE_HOURS}`, { exact: true })).toBeVisible();
  await expect(main.getByText(`Yes: call ${E2E_SUPPORT_PHONE}, ${SUPPORT_PHONE_HOURS}.`)).toBeVisible();
  await expectNoUnbacked(page);
}

/** Sends the contact form and answers the toast's reply-time sentence. */
async function sendContact(page: Page, tag: string) {
  const form = page.getByRole("form", { name: "Send us a message" });
  await form.getByLabel("Full Name").fill(`Promise ${tag}`);
  await form.getByLabel("Email").fill(`${tag}@example.org`);
  await form.getByLabel("Subject").selectOption("support");
  await form.getByLabel("Message").fill(`Checking the reply time (${tag}).`);
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Message Sent!")).toBeVisible();
}

const ACCOUNTS: Record<SessionRole, string> = {
  customer: "alex.morgan@example.com",
  salesperson: "sam.rivera@example.com",
  manager: "morgan.lee@example.com",
};

test.describe("[claims] support promises", () => {
  // The queue test reads the cases the toast test sends.
  test.describe.configure({ mode: "serial" });
  const sql = e2eDatabase();
  const tag = `promise-${Date.now()}`;
  const paidEmail = `${tag}.paid@example.com`;
  const applicationName = `Promise Clock Motors ${Date.now()}`;

  test.beforeAll(async () => {
    // A salesperson of their own on a paid plan (the demo accounts keep their billing as other journeys expect).
    const [person] = await sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone)
      values ('Paige Promise', ${paidEmail}, 'Boise', 'ID', 'America/Boise') returning id`;
    await sql`
      insert into subscriptions (stripe_subscription_id, salesperson_id, plan, interval, status)
      values (${`sub_${tag}`}, ${person!.id}, 'salesperson-professional', 'month', 'active')`;
    // A standard case received 30 hours ago and still new, and an application confirmed past its decision time.
    await sql`
      insert into contact_messages (name, email, subject, message, created_at)
      values ('Olive Overdue', ${`${tag}.late@example.org`}, 'support', ${`Still waiting (${tag}).`},
              now() - make_interval(hours => ${SUPPORT_REPLY_HOURS.standard + 6}))`;
    await sql`
      insert into dealership_applications (dealership_name, address, zip_code, city, state, phone_number,
                                           applicant_name, applicant_email, status, confirmed_at, created_at)
      values (${applicationName}, '1 Clock St', '83702', 'Boise', 'ID', '208-555-0100', 'Clock Tester',
              ${`${tag}.app@example.org`}, 'pending',
              now() - make_interval(hours => ${APPLICATION_DECISION_HOURS + 2}),
              now() - make_interval(hours => ${APPLICATION_DECISION_HOURS + 3}))`;
  });

  test.afterAll(async () => {
    await sql`delete from subscriptions where stripe_subscription_id = ${`sub_${tag}`}`;
    await sql`delete from contact_messages where message like ${`%(${tag}).`}`;
    await sql`delete from dealership_applications where dealership_name = ${applicationName}`;
    await sql`delete from salespeople where email = ${paidEmail}`;
    await sql.end();
  });

  test("other public pages promise no hours of their own and send readers to the contact page", async ({
    page,
  }) => {
    // The contact page states the reply and decision times from their constants; a page elsewhere that gave a
    // number would be a second declaration of it, so none does.
    const pages: { path: string; says: string[] }[] = [
      {
        path: "/pricing",
        says: ["Priority support: shorter reply times"],
      },
      { path: "/features", says: ["within the reply time the contact page gives, sooner on a paid plan"] },
      {
        path: "/marketing",
        says: ["Every application decided by a person, within the time the contact page gives"],
      },
      {
        path: "/dealer-subscription",
        says: ["Priority support: shorter reply times for your manager and your salespeople"],
      },
      { path: "/deployment-guide", says: [] },
      { path: "/faq/salesperson", says: [] },
      { path: "/faq/dealership", says: [] },
    ];
    for (const { path, says } of pages) {
      const main = await open(page, path);
      for (const words of says) await expect(main.getByText(words).first()).toBeVisible();
      const text = (await main.textContent()) ?? "";
      expect(text, `${path} gives a support or decision time`).not.toMatch(PROMISED_HOURS);
      await expectNoUnbacked(page);
    }
    // The pricing page's support answer, behind its question.
    const pricing = await open(page, "/pricing");
    await pricing.getByRole("button", { name: "What kind of support do I get?" }).click();
    await expect(pricing.getByText("which gives our reply times", { exact: false })).toBeVisible();
  });

  test("the contact page offers the configured phone line to every visitor, and none without one", async ({
    browser,
    baseURL,
  }) => {
    const contexts: BrowserContext[] = [];
    for (const role of [null, "customer", "salesperson", "manager"] as const) {
      const context = await browser.newContext({ baseURL, reducedMotion: "reduce" });
      contexts.push(context);
      if (role) await signInWithSession(context, ACCOUNTS[role], role, baseURL);
      await expectContactPromises(await context.newPage());
    }

    // The same page when the server has no SUPPORT_PHONE: its answer is { phone: null } (tests cover the server).
    const page = await contexts[0]!.newPage();
    await page.route("**/trpc/**", async (route) => {
      const url = new URL(route.request().url());
      const procedures = url.pathname.replace(/^\/trpc\//, "").split(",");
      const at = procedures.indexOf("site.supportContact");
      if (at < 0) return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as { result: { data: { json: unknown } } }[];
      body[at] = { result: { data: { json: { phone: null } } } };
      await route.fulfill({ response, json: body });
    });
    const main = await open(page, "/contact");
    await expect(main.getByText(REPLY_PROMISE)).toBeVisible();
    expect((await main.textContent()) ?? "").not.toMatch(/phone/i);
    for (const context of contexts) await context.close();
  });

  test("the toast gives the reply time of the sender's tier", async ({ browser, baseURL }) => {
    const paid = await browser.newContext({ baseURL, reducedMotion: "reduce" });
    await signInWithSession(paid, paidEmail, "salesperson", baseURL);
    const paidPage = await paid.newPage();
    await open(paidPage, "/contact");
    await sendContact(paidPage, `${tag}.paid`);
    await expect(
      paidPage.getByText(`Thank you for contacting us. We'll get back to you within ${PRIORITY}.`),
    ).toBeVisible();
    await paid.close();

    const customer = await browser.newContext({ baseURL, reducedMotion: "reduce" });
    await signInWithSession(customer, ACCOUNTS.customer, "customer", baseURL);
    const customerPage = await customer.newPage();
    await open(customerPage, "/contact");
    await sendContact(customerPage, `${tag}.customer`);
    await expect(
      customerPage.getByText(`Thank you for contacting us. We'll get back to you within ${STANDARD}.`),
    ).toBeVisible();
    await customer.close();
  });

  test("the administrators' queues show each case's and application's clock from its due time", async ({
    page,
  }) => {
    await signInAsAdmin(page);
    // The cases of this run as stored; each one's due time from its tier's reply time (the API's answers are the
    // integration tests' business: tests/support-promises.integration.test.ts).
    const cases = await sql<{ id: number; name: string; priority: boolean; overdue: boolean; dueAt: Date }[]>`
      select id, name, priority, due as "dueAt", now() > due as overdue
        from (select m.*, m.created_at + make_interval(hours => case when m.priority
                then ${SUPPORT_REPLY_HOURS.priority}::int else ${SUPPORT_REPLY_HOURS.standard}::int end) as due
                from contact_messages m where m.message like ${`%(${tag}%`}) c
       order by due`;
    expect(cases.map((c) => c.name)).toEqual([
      "Olive Overdue",
      `Promise ${tag}.paid`,
      `Promise ${tag}.customer`,
    ]);
    expect(cases.map((c) => [c.priority, c.overdue])).toEqual([
      [false, true],
      [true, false],
      [false, false],
    ]);

    await page.goto("/admin/dashboard?tab=messages");
    await expect(
      page.getByText(`due within ${STANDARD}, or ${PRIORITY} when the sender is on a paid plan`, {
        exact: false,
      }),
    ).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
    await page.getByPlaceholder("Search name, email, company or message").fill(tag);
    const cards = page.locator('[aria-label^="Case #"]');
    await expect(cards).toHaveCount(3);
    for (const [index, item] of cases.entries()) {
      const card = cards.nth(index);
      await expect(card).toHaveAttribute("aria-label", `Case #${item.id} from ${item.name}`);
      await expect(card.getByText(dueLabel(new Date(item.dueAt), new Date(), true)!)).toBeVisible();
      await expect(card.getByText("Priority", { exact: true })).toHaveCount(item.priority ? 1 : 0);
    }
    await expect(cards.first().getByText(/^Overdue by 6 h$/)).toBeVisible();

    const [application] = await sql<{ overdue: boolean }[]>`
      select now() > confirmed_at + make_interval(hours => ${APPLICATION_DECISION_HOURS}::int) as overdue
        from dealership_applications where dealership_name = ${applicationName}`;
    expect(application!.overdue).toBe(true);
    await page.goto("/admin/dashboard?tab=applications");
    await expect(
      page.getByText(`within ${hoursText(APPLICATION_DECISION_HOURS)}`, { exact: false }),
    ).toBeVisible({
      timeout: FIRST_RENDER_TIMEOUT,
    });
    await page.getByPlaceholder("Search by dealership, city or applicant").fill(applicationName);
    const row = page.getByLabel(`Application for ${applicationName}`);
    await expect(row.getByText("Overdue by 2 h", { exact: true })).toBeVisible();
    await expect(row.getByText(/Received .* · decision due by /)).toBeVisible();
  });
});
