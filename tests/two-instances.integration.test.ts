// Two app instances (real server processes on two ports) on one PostgreSQL behave as one: a session made on
// one is valid on the other, a booking race split across both books once, a due job is sent once, a rate
// limit counts across both, a week's report goes to each lead of a dealership once, and one's browse cache never serves a salesperson deleted through the other for
// longer than its stated freshness (2 x BROWSE_CACHE_TTL_MS: fresh, then stale while one reload runs).
import { afterAll, describe, expect, it } from "vitest";
import { addDays, fromZoned, todayIn } from "../src/shared/time";
import { seededDatabase } from "./support/seededDatabase";
import { startServerProcess } from "./support/server-process";
import { startSmtpSink } from "./support/smtp-sink";

const TTL_MS = 1000;
const db = await seededDatabase("two", 0.02);
const { sql } = db;
const smtp = await startSmtpSink();

const env = { SMTP_URL: smtp.url, BROWSE_CACHE_TTL_MS: String(TTL_MS) };
const [a, b] = await Promise.all([
  startServerProcess(env, { database: db.name }),
  startServerProcess(env, { database: db.name }),
]);
afterAll(async () => {
  await Promise.all([a.dispose(), b.dispose()]);
  await smtp.close();
  await db.drop();
}, 60_000);

type Instance = typeof a;
async function call(
  on: Instance,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
) {
  const headers: Record<string, string> = { origin: on.origin };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`http://127.0.0.1:${on.port}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : null };
}

/** Signs in through a link asked for on one instance and redeemed on it; answers the session token. */
async function signIn(on: Instance, email: string): Promise<string> {
  const asked = await call(on, "POST", "/api/auth/request-login", { body: { email } });
  expect(asked.status, JSON.stringify(asked.json)).toBe(200);
  const token = new URL(asked.json.magicLink).searchParams.get("token");
  const redeemed = await call(on, "POST", "/api/auth/redeem", { body: { token } });
  expect(redeemed.status).toBe(200);
  return redeemed.headers.get("set-cookie")!.match(/kb_session=([^;]+)/)![1]!;
}

/** Every answer is 201 or 409; anything else is a failure the servers logged, shown with the assertion. */
function expectOnlyBookedOrRefused(statuses: number[]) {
  const logged = [a, b].flatMap((i) =>
    i
      .stderr()
      .split("\n")
      .filter((l) => /"level":"error"/.test(l)),
  );
  expect(
    statuses.filter((s) => s !== 201 && s !== 409),
    logged.join("\n"),
  ).toEqual([]);
}

/** Eight customers book one slot at once, alternating between the instances. */
function race(
  customers: string[],
  slot: { salespersonId: number; date: string; time: string },
  name: string,
) {
  return Promise.all(
    customers.map((token, i) =>
      call(i % 2 ? b : a, "POST", "/api/appointments", {
        token,
        body: {
          ...slot,
          appointmentType: "Test Drive",
          customerName: `${name} ${i}`,
          customerPhone: "(512) 555-0101",
        },
      }),
    ),
  );
}

/** Eight signed-in customers, half through each instance (signed in once: links per address are limited). */
let signedIn: Promise<string[]> | undefined;
function racers() {
  signedIn ??= Promise.all(
    Array.from({ length: 8 }, (_, i) => signIn(i % 2 ? b : a, `two.race${i}@example.org`)),
  );
  return signedIn;
}

describe("two instances, one database", () => {
  it("a session made on one is valid on the other, and signing out on the other ends it", async () => {
    const token = await signIn(a, "two.session@example.org");
    const onB = await call(b, "GET", "/api/auth/user", { token });
    expect(onB.status).toBe(200);
    expect(onB.json.email).toBe("two.session@example.org");
    expect((await call(b, "POST", "/api/salesperson/auth/logout", { token })).status).toBe(200);
    expect((await call(a, "GET", "/api/auth/user", { token })).status).toBe(401);
    console.log("two instances: session from A valid on B; signed out on B, refused on A");
  });

  it("a booking race split across both books the slot once; its due reminder is sent once", async () => {
    const [person] = await sql<{ id: number; time_zone: string }[]>`
      select s.id, s.time_zone from salespeople s join dealerships d on d.id = s.dealership_id order by s.id limit 1`;
    // Hours stated nowhere: the grid's every time, every day. With the seed's hours a Saturday evening (UTC) had
    // no open time within a day, the dealerships being closed on Sundays.
    await sql`update dealerships set hours = null
               where id = (select dealership_id from salespeople where id = ${person!.id})`;
    await sql`update salespeople set working_hours = null where id = ${person!.id}`;
    // The first free slot less than a day ahead, so the booking schedules no reminder of its own (its
    // reminder would be due at once). "Tomorrow" is more than a day ahead in the small hours, local time.
    const dayAhead = Date.now() + 24 * 3_600_000;
    let date = "";
    let time = "";
    for (const ahead of [0, 1]) {
      const day = addDays(todayIn(person!.time_zone), ahead);
      const grid = await call(a, "GET", `/api/appointments/salesperson/${person!.id}/${day}`);
      const slot = (grid.json.slots as { state: string; time: string }[]).find(
        (s) => s.state === "available" && fromZoned(day, s.time, person!.time_zone).getTime() < dayAhead,
      );
      if (slot) {
        date = day;
        time = slot.time;
        break;
      }
    }
    expect(time).not.toBe("");
    const customers = await racers();
    const answers = await race(customers, { salespersonId: person!.id, date, time }, "Racer");
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expectOnlyBookedOrRefused(statuses);
    const winner = answers.find((r) => r.status === 201)!.json;
    const [{ n } = { n: 0 }] = await sql<{ n: number }[]>`
      select count(*)::int as n from appointments
       where salesperson_id = ${person!.id} and customer_name like 'Racer %' and status <> 'cancelled'`;
    expect(n).toBe(1);

    // Both instances' workers poll one queue: the confirmation (enqueued by the booking) goes out once, and
    // so does a reminder scheduled to run 2 seconds from now (the booking is within a day, so it scheduled
    // none itself; this is the job a booking further ahead schedules, due soon).
    await sql`
      insert into pgboss.job (name, data, start_after, singleton_key)
      values ('appointment-reminder', ${sql.json({ appointmentId: winner.id })}, now() + interval '2 seconds',
              ${`reminder-${winner.id}`})`;
    const winnerEmail = (
      await sql<{ email: string }[]>`
        select u.email from appointments x join users u on u.id = x.customer_id where x.id = ${winner.id}`
    )[0]!.email;
    const deadline = Date.now() + 20_000;
    const mails = () => smtp.messages.filter((m) => m.to.includes(winnerEmail));
    while (Date.now() < deadline && !mails().some((m) => /^Reminder/.test(m.subject)))
      await new Promise((r) => setTimeout(r, 200));
    // Every mail job of this booking has ended (on whichever instance took it), so nothing more can arrive.
    const unfinished = async () =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from pgboss.job
           where name in ('appointment-notice', 'appointment-reminder')
             and data->>'appointmentId' = ${String(winner.id)}
             and state not in ('completed', 'failed', 'cancelled')`
      )[0]!.n;
    while (Date.now() < deadline && (await unfinished()) > 0) await new Promise((r) => setTimeout(r, 200));
    expect(await unfinished()).toBe(0);
    const reminders = mails().filter((m) => /^Reminder/.test(m.subject));
    const confirmations = mails().filter((m) => /^Confirmed/.test(m.subject));
    expect(
      reminders,
      mails()
        .map((m) => m.subject)
        .join(" | "),
    ).toHaveLength(1);
    expect(confirmations).toHaveLength(1);
    const jobs = await sql<{ state: string; retry_count: number }[]>`
      select state, retry_count from pgboss.job
       where name = 'appointment-reminder' and data->>'appointmentId' = ${String(winner.id)}`;
    expect(jobs).toEqual([{ state: "completed", retry_count: 0 }]);
    console.log(
      `two instances: booking race ${statuses.join(",")} -> one booking; confirmation ${confirmations.length}x, scheduled reminder ${reminders.length}x`,
    );
  });

  it("races for twenty slots split across both each book once and refuse the rest, with no deadlock", async () => {
    // Overlapping inserts at once used to wait for each other at the EXCLUDE check, and PostgreSQL ended some as
    // deadlocks (500). The booking lock lines them up: every loser is a 409.
    const [person] = await sql<{ id: number; time_zone: string }[]>`
      select id, time_zone from salespeople order by id offset 1 limit 1`;
    const customers = await racers();
    const statuses: number[] = [];
    let rounds = 0;
    for (let ahead = 2; rounds < 20 && ahead < 9; ahead++) {
      const date = addDays(todayIn(person!.time_zone), ahead);
      const grid = await call(a, "GET", `/api/appointments/salesperson/${person!.id}/${date}`);
      const free = (grid.json.slots as { state: string; time: string }[]).filter(
        (s) => s.state === "available",
      );
      for (const { time } of free.slice(0, 20 - rounds)) {
        rounds++;
        const answers = await race(customers, { salespersonId: person!.id, date, time }, "Rounds");
        statuses.push(...answers.map((r) => r.status));
      }
    }
    expect(rounds).toBe(20);
    expectOnlyBookedOrRefused(statuses);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    console.log(
      `two instances: 20 slots raced by 8 customers each -> 20 booked, ${statuses.length - 20} refused (409)`,
    );
  });

  it("the weekly reports of one moment, run several times on both, reach each lead once per dealership", async () => {
    // Monday, July 8, 2024 at 15:30 UTC: from 07:30 in Alaska to 11:30 in New York, every dealership of the
    // mainland is due (for the week before), if it existed then.
    const at = "2024-07-08T15:30:00Z";
    await sql`update dealerships set created_at = '2024-01-01T00:00:00Z'`;
    const expected = await sql<{ email: string; name: string }[]>`
      select u.email::text as email, d.name from dealerships d
        join (select m.dealership_id, m.user_id from dealership_members m where m.role in ('owner', 'manager')
              union
              select gd.id, g.user_id from dealer_group_members g join dealerships gd on gd.group_id = g.group_id
               where g.role in ('group_owner', 'group_manager')) lead on lead.dealership_id = d.id
        join users u on u.id = lead.user_id
       where u.disabled_at is null
         and extract(isodow from ${at}::timestamptz at time zone d.time_zone) = 1
         and (${at}::timestamptz at time zone d.time_zone)::time >= '07:00'
       order by 1, 2`;
    expect(expected.length).toBeGreaterThan(1);
    // Four runs at once, for both instances' workers to take.
    await sql`
      insert into pgboss.job (name, data)
      select 'weekly-reports', ${sql.json({ at })} from generate_series(1, 4)`;
    // The hourly scheduled run may fire meanwhile (it carries no `at`, and on a real Monday claims another week):
    // only this moment's runs and the week they claim count.
    const weekStart = "2024-07-01";
    const ours = sql`((name = 'weekly-reports' and data->>'at' = ${at})
                      or (name = 'weekly-report-mail' and data->>'weekStart' = ${weekStart}))`;
    const unfinished = async () =>
      (
        await sql<{ n: number }[]>`
          select count(*)::int as n from pgboss.job
           where ${ours} and state not in ('completed', 'failed', 'cancelled')`
      )[0]!.n;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && (await unfinished()) > 0) await new Promise((r) => setTimeout(r, 200));
    expect(await unfinished()).toBe(0);
    const reports = smtp.messages
      .filter((m) => m.subject.startsWith("Your week at ") && m.text.includes("Sunday, July 7, 2024"))
      .map((m) => ({ email: m.to.join(","), name: m.subject.slice("Your week at ".length).split(":")[0]! }))
      .sort((x, y) => x.email.localeCompare(y.email) || x.name.localeCompare(y.name));
    expect(reports).toEqual(expected.map((e) => ({ email: e.email.toLowerCase(), name: e.name })));
    const [jobs] = await sql<{ runs: number; mails: number }[]>`
      select count(*) filter (where name = 'weekly-reports')::int as runs,
             count(*) filter (where name = 'weekly-report-mail')::int as mails
        from pgboss.job where ${ours}`;
    expect(jobs).toEqual({ runs: 4, mails: expected.length });
    console.log(
      `two instances: 4 runs of the weekly reports -> ${reports.length} e-mails to ${expected.length} due leads`,
    );
  });

  it("a rate limit counts requests to both", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (
          await call(i % 2 ? b : a, "POST", "/api/auth/request-login", {
            body: { email: "two.limit@example.org" },
          })
        ).status,
      );
    // 5 links per address at once (RATE_LIMITS.loginPerEmail), whichever instance is asked.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    console.log(`two instances: sign-in links for one address, alternating A/B: ${statuses.join(",")}`);
  });

  it("one's browse cache drops a salesperson deleted through the other within 2 x its TTL", async () => {
    const [person] = await sql<{ id: number; name: string }[]>`
      select id, name from salespeople where dealership_id is not null order by id desc limit 1`;
    const search = `/api/salespeople?search=${encodeURIComponent(person!.name)}`;
    const listed = async (on: Instance) =>
      (await call(on, "GET", search)).json.some((p: { id: number }) => p.id === person!.id) as boolean;
    expect(await listed(a)).toBe(true); // A's cache now holds it
    expect(await listed(a)).toBe(true);

    const login = await call(b, "POST", "/api/admin/login", {
      body: { email: "admin@example.com", password: "demo-admin-password", adminCode: "KB-DEMO-2026" },
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const deleted = await call(b, "DELETE", `/api/admin/salesperson/${person!.id}`, {
      token: login.json.token,
      body: { reason: "Left the company" },
    });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    const at = Date.now();
    expect(await listed(b)).toBe(false);
    let goneAfter = -1;
    while (Date.now() - at < 4 * TTL_MS) {
      if (!(await listed(a))) {
        goneAfter = Date.now() - at;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(goneAfter, `still listed on A ${4 * TTL_MS} ms after the delete`).not.toBe(-1);
    expect(goneAfter).toBeLessThanOrEqual(2 * TTL_MS + 250);
    // And it stays gone.
    for (let i = 0; i < 5; i++) expect(await listed(a)).toBe(false);
    console.log(
      `two instances: A stopped listing the salesperson deleted on B after ${goneAfter} ms (bound ${2 * TTL_MS} ms)`,
    );
  });
});
