// The weekly e-mail report to those who lead a dealership (docs/product/dealerships.md#weekly-report): its figures
// are the manager's report's for the same dealership and week, in the dealership's time zone; it goes out once per
// week, recipient and dealership however often and from however many places the job runs; a failed e-mail is
// sent again by a later attempt and never twice.
import { describe, expect, it } from "vitest";
import { claimWeeklyReports, replyTime, sendWeeklyReport } from "../src/server/domains/manager/weeklyReport";
import type { JobQueue } from "../src/server/jobs/queue";
import { QUEUES } from "../src/server/jobs/queue";
import type { Mailer, MailMessage } from "../src/server/mail/mailer";
import { createHarness } from "./support/harness";
import { makeManager } from "./support/members";
import { until } from "./support/until";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });

// Week 2024-W27: Monday, July 1 to Sunday, July 7, 2024. Chicago is on UTC-5 then, Los Angeles on UTC-7; the
// week before is all in June and the week itself all in July, so the monthly reports of June and July (of a
// dealership with nothing else) are the two weeks' own figures.
const MONDAY_CHICAGO_0730 = new Date("2024-07-08T12:30:00Z");
const MONDAY_LA_0730 = new Date("2024-07-08T14:30:00Z");

let serial = 0;
async function dealership(name: string, timeZone: string, options: { createdAt?: Date } = {}) {
  serial++;
  const manager = await h.signIn(`weekly.manager${serial}@example.org`, "manager");
  const [row] = await h.sql<{ id: number }[]>`
    insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude, created_at)
    values (${name}, '1 Main St', 'Austin', 'TX', '78701', ${timeZone}, 30.27, -97.74,
            ${options.createdAt ?? new Date("2024-06-01T00:00:00Z")})
    returning id`;
  await makeManager(h.sql, row!.id, manager.userId);
  return { id: row!.id, name, manager, email: `weekly.manager${serial}@example.org` };
}

async function salesperson(name: string, dealershipId: number) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at)
    values (${name}, ${`${name.toLowerCase().replace(/ /g, ".")}@sales.example.org`}, ${dealershipId},
            'Austin', 'TX', 'America/Chicago', now())
    returning id`;
  return row!.id;
}

const lakeside = await dealership("Lakeside Motors", "America/Chicago");
const hillcrest = await dealership("Hillcrest Autos", "America/Los_Angeles");
const avery = await salesperson("Avery Stone", lakeside.id);
const blake = await salesperson("Blake Rivers", lakeside.id);
const buyers = await Promise.all([1, 2, 3, 4, 5].map((i) => h.signIn(`weekly.buyer${i}@example.org`)));

async function visit(salespersonId: number, at: string, status: string) {
  await h.sql`
    insert into appointments (salesperson_id, appointment_type, starts_at, status, customer_name, customer_phone)
    values (${salespersonId}, 'Test Drive', ${new Date(at)}, ${status}, 'Weekly Buyer', '5125550100')`;
}
async function review(
  salespersonId: number,
  buyer: number,
  at: string,
  overall: number,
  status = "published",
) {
  await h.sql`
    insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                         communication_rating, moderation_status, created_at)
    values (${salespersonId}, ${buyers[buyer]!.userId}, ${overall}, 4, 4, 4, ${status}, ${new Date(at)})`;
}
async function conversation(salespersonId: number, buyer: number, asked: string, answered: string) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into conversations (customer_id, salesperson_id, contact_method)
    values (${buyers[buyer]!.userId}, ${salespersonId}, 'email') returning id`;
  await h.sql`
    insert into messages (conversation_id, sender_role, body, created_at) values
      (${row!.id}, 'customer', 'Is it still for sale?', ${new Date(asked)}),
      (${row!.id}, 'salesperson', 'It is.', ${new Date(answered)})`;
}

// The week: 5 visits (3 completed, 1 no-show, 1 cancelled), 3 published reviews (5, 4 and 3 stars) and one held,
// and three buyers' messages answered after 45 and 120 minutes (Avery) and 10 minutes (Blake).
await visit(avery, "2024-07-01T15:00:00Z", "completed");
await visit(avery, "2024-07-02T15:00:00Z", "completed");
await visit(avery, "2024-07-03T15:00:00Z", "no-show");
await visit(blake, "2024-07-04T15:00:00Z", "cancelled");
await visit(blake, "2024-07-05T15:00:00Z", "completed");
await review(avery, 0, "2024-07-02T18:00:00Z", 5);
await review(avery, 1, "2024-07-03T18:00:00Z", 4);
await review(blake, 2, "2024-07-05T18:00:00Z", 3);
await review(blake, 3, "2024-07-04T18:00:00Z", 1, "held");
await conversation(avery, 0, "2024-07-01T15:00:00Z", "2024-07-01T15:45:00Z");
await conversation(avery, 1, "2024-07-02T14:00:00Z", "2024-07-02T16:00:00Z");
await conversation(blake, 2, "2024-07-03T15:00:00Z", "2024-07-03T15:10:00Z");
// The week before: two reviews (5 and 4 stars), one of them on Sunday at 23:30 in Chicago, which is Monday in UTC,
// and a visit at that time too: both count in the week before.
await review(avery, 4, "2024-06-25T15:00:00Z", 5);
await review(blake, 0, "2024-07-01T04:30:00Z", 4);
await visit(blake, "2024-07-01T04:30:00Z", "completed");

/** Until no job of the weekly reports is waiting or running (their e-mails' jobs are queued before theirs end). */
async function settled() {
  const left = await until(
    async () =>
      (
        await h.sql<{ n: number }[]>`
          select count(*)::int as n from pgboss.job
           where name in (${QUEUES.weeklyReports}, ${QUEUES.weeklyReportMail})
             and state not in ('completed', 'failed', 'cancelled')`
      )[0]!.n,
    (n) => n === 0,
  );
  expect(left).toBe(0);
}

async function runAt(at: Date) {
  await h.deps.jobs.send(QUEUES.weeklyReports, { at: at.toISOString() });
  await settled();
}

const reportsTo = (email: string) =>
  h.smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("Your week at"));

async function mailJobs(dealershipId: number) {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job
     where name = ${QUEUES.weeklyReportMail} and (data->>'dealershipId')::int = ${dealershipId}`;
  return row!.n;
}

/** The dashboard's own report of a month, as the manager downloads it. */
async function monthly(month: string, manager: { cookie: string }) {
  const res = await h.request("GET", `/api/manager/report?month=${month}&format=json`, {
    cookie: manager.cookie,
  });
  expect(res.status).toBe(200);
  return res.json as {
    rows: { name: string; repliedMessages: number; averageReplyMinutes: number | null }[];
    totals: {
      appointments: number;
      completed: number;
      noShows: number;
      cancellations: number;
      reviews: number;
      averageRating: number | null;
      customerMessages: number;
    };
  };
}

describe("the weekly report", () => {
  it("sends each lead of a due dealership the week's figures, the dashboard's for the same week", async () => {
    await runAt(MONDAY_CHICAGO_0730);
    const [mail, ...more] = reportsTo(lakeside.email);
    expect(more).toEqual([]);
    // 05:30 in Los Angeles: its dealership's report is not due yet.
    expect(reportsTo(hillcrest.email)).toEqual([]);

    const week = await monthly("2024-07", lakeside.manager);
    const before = await monthly("2024-06", lakeside.manager);
    // What was seeded, as the dashboard counts it...
    expect(week.totals).toMatchObject({
      appointments: 5,
      completed: 3,
      noShows: 1,
      cancellations: 1,
      reviews: 3,
      averageRating: 4,
      customerMessages: 3,
    });
    expect(before.totals).toMatchObject({ appointments: 1, reviews: 2, averageRating: 4.5 });
    // ...is what the e-mail says.
    const t = week.totals;
    expect(mail!.subject).toBe(
      `Your week at Lakeside Motors: ${t.appointments} visits, ${t.reviews} new reviews`,
    );
    const text = mail!.text.replace(/=\r?\n/g, "");
    expect(text).toContain("Monday, July 1 to Sunday, July 7, 2024 (2024-W27)");
    expect(text).toContain(
      `${t.appointments} visits booked for the week: ${t.completed} completed, ${t.noShows} no-show, ${t.cancellations} cancelled.`,
    );
    expect(text).toContain(`${t.reviews} new reviews, averaging ${t.averageRating!.toFixed(2)} stars.`);
    expect(text).toContain(
      `${t.averageRating!.toFixed(2)} this week against ${before.totals.averageRating!.toFixed(2)} the week before (${before.totals.reviews} reviews): down 0.50.`,
    );
    const slowest = week.rows
      .filter((r) => r.repliedMessages > 0)
      .sort((a, b) => b.averageReplyMinutes! - a.averageReplyMinutes!);
    expect(slowest.map((r) => [r.name, r.averageReplyMinutes])).toEqual([
      ["Avery Stone", 82.5],
      ["Blake Rivers", 10],
    ]);
    const lines = slowest.map(
      (r) =>
        `${r.name}: ${replyTime(r.averageReplyMinutes!)} on average, over ${r.repliedMessages} ${r.repliedMessages === 1 ? "reply" : "replies"}`,
    );
    expect(lines).toEqual([
      "Avery Stone: 1 h 23 min on average, over 2 replies",
      "Blake Rivers: 10 min on average, over 1 reply",
    ]);
    expect(text.indexOf(lines[0]!)).toBeGreaterThan(-1);
    expect(text.indexOf(lines[1]!)).toBeGreaterThan(text.indexOf(lines[0]!));
    expect(text).toContain("http://localhost:3000/manager-dashboard?tab=reports");
    expect(mail!.raw).toContain("text/html");

    const [row] = await h.sql<{ week: string; sent: boolean }[]>`
      select to_char(week_start, 'IYYY-"W"IW') as week, sent_at is not null as sent from weekly_reports
       where dealership_id = ${lakeside.id} and user_id = ${lakeside.manager.userId}`;
    expect(row).toEqual({ week: "2024-W27", sent: true });
  });

  it("sends nothing more for the same week, and says so plainly when a dealership had no activity", async () => {
    // Later runs within the day, and the same hour again: Lakeside's report is claimed already, and no second
    // e-mail job is even queued for it.
    await runAt(new Date("2024-07-08T13:30:00Z"));
    await runAt(MONDAY_CHICAGO_0730);
    await runAt(MONDAY_LA_0730);
    expect(reportsTo(lakeside.email)).toHaveLength(1);
    expect(await mailJobs(lakeside.id)).toBe(1);

    // Hillcrest's hour came: nothing happened there, and its report says that and no figure.
    const [quiet, ...more] = reportsTo(hillcrest.email);
    expect(more).toEqual([]);
    expect(quiet!.subject).toBe("Your week at Hillcrest Autos: no visits, no new reviews");
    const text = quiet!.text.replace(/=\r?\n/g, "");
    expect(text).toContain("Nothing to report: no visits were booked for the week");
    expect(text).not.toMatch(/averaging|this week against|on average|\d+ completed/);

    // A day after Monday 07:00, a week's report is no longer sent: the next week's is, next Monday.
    const [late] = await h.sql<{ n: number }[]>`select count(*)::int as n from weekly_reports`;
    await runAt(new Date("2024-07-09T13:00:00Z"));
    const [after] = await h.sql<{ n: number }[]>`select count(*)::int as n from weekly_reports`;
    expect(after!.n).toBe(late!.n);
  });

  it("claims a week's report once when two runs claim at the same moment", async () => {
    // Two transactions on two connections, as two instances' jobs would be: each queues what it claimed.
    const queued: unknown[][] = [[], []];
    const jobsOf = (i: number) =>
      ({
        send: async (_name: string, data: unknown) => {
          queued[i]!.push(data);
          return "job";
        },
      }) as unknown as JobQueue;
    const nextMonday = new Date("2024-07-15T12:30:00Z");
    const claimed = await Promise.all([
      claimWeeklyReports({ sql: h.sql, jobs: jobsOf(0) }, nextMonday),
      claimWeeklyReports({ sql: h.sql, jobs: jobsOf(1) }, nextMonday),
    ]);
    expect(claimed.sort()).toEqual([0, 1]);
    expect(queued.flat()).toEqual([
      { dealershipId: lakeside.id, userId: lakeside.manager.userId, weekStart: "2024-07-08" },
    ]);
  });

  it("a failed e-mail leaves its report unsent for the retry, which sends it once", async () => {
    const quiet = await dealership("Riverside Cars", "America/Chicago", { createdAt: new Date() });
    await h.sql`
      insert into weekly_reports (dealership_id, user_id, week_start)
      values (${quiet.id}, ${quiet.manager.userId}, '2024-07-01')`;
    const data = { dealershipId: quiet.id, userId: quiet.manager.userId, weekStart: "2024-07-01" };
    const sent: MailMessage[] = [];
    const mailer = (fail: boolean): Mailer => ({
      send: async (message) => {
        if (fail) throw Object.assign(new Error("SMTP refused"), { responseCode: 451 });
        sent.push(message);
        return "sent";
      },
      close: () => {},
    });
    const deps = (fail: boolean) => ({ sql: h.sql, mailer: mailer(fail), appUrl: "http://localhost:3000" });
    await expect(sendWeeklyReport(deps(true), data)).rejects.toThrow("SMTP refused");
    const unsent =
      await h.sql`select 1 from weekly_reports where dealership_id = ${quiet.id} and sent_at is null`;
    expect(unsent).toHaveLength(1);
    expect(await sendWeeklyReport(deps(false), data)).toBe(true);
    expect(await sendWeeklyReport(deps(false), data)).toBe(false);
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [quiet.email, "Your week at Riverside Cars: no visits, no new reviews"],
    ]);
    // While the mail server answers, the report's row is taken and no transaction of the sender's stays open.
    await h.sql`update weekly_reports set sent_at = null where dealership_id = ${quiet.id}`;
    const seen: { openTransactions: number; taken: boolean }[] = [];
    const watching: Mailer = {
      send: async () => {
        const [open] = await h.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where datname = current_database() and state like 'idle in transaction%'`;
        const [row] = await h.sql<{ taken: boolean }[]>`
          select sent_at is not null as taken from weekly_reports where dealership_id = ${quiet.id}`;
        seen.push({ openTransactions: open!.n, taken: row!.taken });
        // A second run meanwhile finds it taken and sends nothing.
        expect(await sendWeeklyReport(deps(false), data)).toBe(false);
        return "sent";
      },
      close: () => {},
    };
    expect(
      await sendWeeklyReport({ sql: h.sql, mailer: watching, appUrl: "http://localhost:3000" }, data),
    ).toBe(true);
    expect(seen).toEqual([{ openTransactions: 0, taken: true }]);
    expect(sent).toHaveLength(1);
    // A lead no longer (the account disabled since the claim): nothing is sent.
    await h.sql`update weekly_reports set sent_at = null where dealership_id = ${quiet.id}`;
    await h.sql`update users set disabled_at = now() where id = ${quiet.manager.userId}`;
    expect(await sendWeeklyReport(deps(false), data)).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
