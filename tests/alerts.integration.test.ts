// Alerts to those who lead a dealership, through a real server process, its job queue and a real SMTP server: a
// low review reaches both leads' (and their dealer group manager's) open pages within a second and their inboxes; a good one reaches their bell only;
// a purchase claim and a misconduct case's outcome are e-mailed at once; whoever acted is not told of their act.
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "../src/server/credentials/session";
import { mailBacklog } from "../src/server/jobs/bossInternals";
import { MAIL_QUEUES } from "../src/server/jobs/queue";
import { type LiveStreamClient, openLiveStream } from "./support/live-stream";
import { makeManager } from "./support/members";
import { seededDatabase } from "./support/seededDatabase";
import { startServerProcess } from "./support/server-process";
import { startSmtpSink } from "./support/smtp-sink";
import { until } from "./support/until";

const db = await seededDatabase("alerts", 0.02);
const { sql } = db;
const smtp = await startSmtpSink();
const server = await startServerProcess(
  { SMTP_URL: smtp.url, RATE_LIMIT_DISABLED: "true" },
  { database: db.name },
);
const streams: LiveStreamClient[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await server.dispose();
  await smtp.close();
  await db.drop();
}, 60_000);

const base = `http://127.0.0.1:${server.port}`;

async function account(email: string, role: string) {
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, role, first_name) values (${email}, ${role}, ${email.split("@")[0]!}) returning id`;
  return { id: user!.id, email, token: (await createSession(sql, user!.id, {})).token };
}

async function call(method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      origin: server.origin,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

// A listed salesperson of a dealership whose manager is a fresh account of this test's.
const [person] = await sql<{ id: number; name: string; dealershipId: number }[]>`
  select s.id, s.name, s.dealership_id as "dealershipId" from salespeople s
   where s.dealership_id is not null and s.verified_at is not null order by s.id limit 1`;
const manager = await account("alerts.manager@example.org", "manager");
await makeManager(sql, person!.dealershipId, manager.id);
// A second lead of the same dealership: a manager beside its owner.
const secondManager = await account("alerts.second@example.org", "manager");
await sql`insert into dealership_members (user_id, dealership_id, role)
          values (${secondManager.id}, ${person!.dealershipId}, 'manager')`;
// The dealer group the dealership belongs to: its manager leads every dealership of it; its staff lead none.
const [group] = await sql<
  { id: number }[]
>`insert into dealer_groups (name) values ('Alerts Auto Group') returning id`;
await sql`update dealerships set group_id = ${group!.id} where id = ${person!.dealershipId}`;
const groupManager = await account("alerts.group.manager@example.org", "manager");
const groupStaff = await account("alerts.group.staff@example.org", "manager");
await sql`insert into dealer_group_members (user_id, group_id, role)
          values (${groupManager.id}, ${group!.id}, 'group_manager'), (${groupStaff.id}, ${group!.id}, 'group_staff')`;
let buyers = 0;

async function completedVisit(buyer: { id: string }, daysAgo: number) {
  const [row] = await sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone, completed_at, visit_evidence)
    values (${person!.id}, ${buyer.id}, 'Test Drive', now() - make_interval(days => ${daysAgo}, hours => 2),
            'completed', 'Ada Buyer', '5125550100', now() - make_interval(days => ${daysAgo}), 'salesperson')
    returning id`;
  return row!.id;
}

/** A review by a buyer of its own (one buyer reviews a salesperson once a season). */
async function review(stars: number, daysAgo: number) {
  const buyer = await account(`alerts.buyer${++buyers}@example.org`, "customer");
  const res = await call("POST", "/api/ratings-submit", buyer.token, {
    appointmentId: await completedVisit(buyer, daysAgo),
    salespersonId: person!.id,
    overallRating: stars,
    helpfulnessRating: stars,
    pressureLevelRating: 3,
    communicationRating: stars,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

/** Waits until no mail job is waiting or running: every alert queued before has been sent or not at all. */
async function mailSettled() {
  const backlog = await until(
    () => mailBacklog(sql, MAIL_QUEUES, 100),
    (b) => b.jobs === 0,
  );
  expect(backlog.jobs).toBe(0);
}

describe("alerts to a dealership's leads", () => {
  it("a one-star review reaches both leads' and their group manager's open pages within a second, and their inboxes", async () => {
    const leads = [manager, secondManager, groupManager];
    const open = await Promise.all(leads.map((lead) => openLiveStream(base, lead.token, null)));
    streams.push(...open);
    const started = performance.now();
    await review(1, 1);
    for (const stream of open) {
      const got = await stream.waitFor(
        (e) => e.event.kind === "notification" && e.event.payload.type === "low_review",
        1000,
      );
      expect(got.at - started).toBeLessThan(1000);
    }
    for (const lead of leads) {
      const mail = await until(
        async () => mailsTo(lead.email).find((m) => m.subject.includes("1-star review")),
        (m) => m !== undefined,
      );
      expect(mail?.subject).toBe(`A 1-star review of ${person!.name} was just published`);
      expect(mail?.text).toContain(`/salesperson/${person!.id}#reviews`);
    }
    // The group's staff handle bookings: reviews are not theirs to hear of.
    await mailSettled();
    const [staffNotices] = await sql<{ n: number }[]>`
      select count(*)::int as n from notifications where user_id = ${groupStaff.id}`;
    expect(staffNotices!.n).toBe(0);
    expect(mailsTo(groupStaff.email)).toEqual([]);
  });

  it("a four-star review reaches the manager's bell, not their inbox", async () => {
    const before = mailsTo(manager.email).length;
    await review(4, 2);
    const [notice] = await sql<{ title: string }[]>`
      select title from notifications where user_id = ${manager.id} and type = 'team_review'`;
    expect(notice?.title).toBe(`New review of ${person!.name}`);
    await mailSettled();
    expect(mailsTo(manager.email).length).toBe(before);
  });

  it("a purchase claim is e-mailed to the manager at once", async () => {
    const buyer = await account("alerts.claimant@example.org", "customer");
    const res = await call("POST", "/api/purchase-claims", buyer.token, {
      salespersonId: person!.id,
      vehicle: "2024 Civic",
      purchaseDate: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10),
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const mail = await until(
      async () => mailsTo(manager.email).find((m) => m.subject.includes("bought a car")),
      (m) => m !== undefined,
    );
    expect(mail?.subject).toBe(`A buyer says they bought a car from ${person!.name}`);
  });

  it("a misconduct case's outcome alerts the manager, but not when the manager decided it", async () => {
    const file = async () => {
      const [report] = await sql<{ id: number }[]>`
        insert into misconduct_reports (salesperson_id, dealership_id, category, description, status,
                                        tracking_code_hash)
        values (${person!.id}, ${person!.dealershipId}, 'high-pressure', 'Kept us there for hours.', 'open',
                ${`alerts-${Math.random()}`})
        returning id`;
      return report!.id;
    };
    const own = await file();
    const decided = await call("POST", "/trpc/misconduct.updateCase", manager.token, {
      json: { reportId: own, status: "resolved", resolution: "Spoke with the salesperson." },
    });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    await mailSettled();
    expect(mailsTo(manager.email).filter((m) => m.subject.includes("misconduct report"))).toEqual([]);
    const [ownNotice] = await sql`
      select 1 from notifications where user_id = ${manager.id} and type = 'misconduct_outcome'`;
    expect(ownNotice).toBeUndefined();

    const admin = await account("alerts.admin@example.org", "admin");
    const other = await file();
    const dismissed = await call("POST", "/trpc/misconduct.updateCase", admin.token, {
      json: { reportId: other, status: "dismissed", resolution: "No evidence." },
    });
    expect(dismissed.status, JSON.stringify(dismissed.json)).toBe(200);
    const mail = await until(
      async () => mailsTo(manager.email).find((m) => m.subject.includes("misconduct report")),
      (m) => m !== undefined,
    );
    expect(mail?.subject).toBe(`A misconduct report about ${person!.name} was dismissed`);
    expect(mail?.text).toContain("No evidence.");
  });
});
