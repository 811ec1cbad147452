// Visits that close themselves and the buyer's word on a no-show (docs/product/booking.md, reviews.md): every
// status change on the trail, auto-completion once across two instances with one invitation each, the one-click
// stop of invitations, and a dispute from the buyer through the manager to administrators.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../src/server/db/client";
import { closeVisits } from "../src/server/domains/appointments/closing";
import { escalateOverdueDisputes } from "../src/server/domains/appointments/disputeEscalation";
import type { Mailer } from "../src/server/mail/mailer";
import { submitRatingInput } from "../src/shared/schemas/reviews";
import { freeVisitStart } from "./support/freeVisitStart";
import { createHarness } from "./support/harness";
import { openDay } from "./support/openHours";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

type Place = { id: number; email: string; time_zone: string; dealership_id: number; manager_email: string };
const places = await h.sql<Place[]>`
  select distinct on (d.id) s.id, s.email::text as email, s.time_zone, d.id as dealership_id,
         u.email::text as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where s.verified_at is not null
   order by d.id, s.id limit 2`;
const [A, B] = [places[0]!, places[1]!];
// The seed books these salespeople on its own slots, and the visits below are placed relative to the clock: at
// some times of day a seeded booking still open overlapped one of them (the one-booking-per-slot rule refused
// it). Their seeded open bookings are cancelled first, so every visit here is the test's own.
await h.sql`
  update appointments set status = 'cancelled', cancelled_by = 'salesperson', cancellation_reason = 'Test setup'
   where salesperson_id in ${h.sql([A.id, B.id])} and status = 'scheduled'`;
const [independent] = await h.sql<{ id: number }[]>`
  insert into salespeople (name, email, dealership_id, city, state, time_zone, payment_model)
  values ('Indie Pendent', 'indie@sales.example.org', null, 'Austin', 'TX', ${A.time_zone}, 'individual')
  returning id`;

const buyer = await h.signIn("visits.buyer@example.org");
const otherBuyer = await h.signIn("visits.other@example.org");
const salesperson = await h.signIn(A.email, "salesperson");
const managerA = await h.signIn(A.manager_email, "manager");
const managerB = await h.signIn(B.manager_email, "manager");
const admin = await h.signIn("visits.admin@example.org", "admin");

/**
 * A visit of `customer` with `salespersonId`, starting `minutesFromNow` from now, in `status`; a scheduled one
 * at the first free hour after when the seed's visits are in the way (tests/support/freeVisitStart.ts).
 */
async function visit(
  customer: { userId: string },
  minutesFromNow: number,
  options: { salespersonId?: number; status?: string } = {},
) {
  const salespersonId = options.salespersonId ?? A.id;
  const wanted = new Date(Date.now() + minutesFromNow * 60_000);
  const status = options.status ?? "scheduled";
  const at = status === "scheduled" ? await freeVisitStart(h.sql, salespersonId, wanted) : wanted;
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone)
    values (${salespersonId}, ${customer.userId}, 'Test Drive', ${at}, ${status}, 'Vi Sitor', '(512) 555-0101')
    returning id`;
  return row!.id;
}

async function trailOf(id: number) {
  return h.sql<
    { from_status: string | null; to_status: string; actor_role: string; actor_id: string | null }[]
  >`
    select from_status, to_status, actor_role, actor_id from appointment_events
     where appointment_id = ${id} order by created_at, id`;
}

async function statusOf(id: number) {
  const [row] = await h.sql<{ status: string; review_invited_at: Date | null }[]>`
    select status, review_invited_at from appointments where id = ${id}`;
  return row!;
}

/** A review of the visit, with every score the review form asks for. */
function reviewOf(appointmentId: number, stars = 4) {
  const scores = [
    "overallRating",
    "helpfulnessRating",
    "pressureLevelRating",
    "communicationRating",
    "knowledgeRating",
  ];
  return {
    salespersonId: A.id,
    appointmentId,
    ...Object.fromEntries(scores.filter((key) => key in submitRatingInput.shape).map((key) => [key, stars])),
  };
}

/** Polls a condition (every 50 ms, at most 10 s) instead of sleeping a fixed time. */
async function until(condition: () => Promise<boolean>) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What one app instance's visit-closing job runs with: `sql` its own connections. */
function closingDeps(sql = h.sql) {
  return { ...h.noticeDeps, sql, secrets: h.deps.secrets, events: { jobs: h.deps.jobs, env: h.env } };
}

/** The appointment.completed events queued for the CRM of A's dealership, by visit. */
async function completedEventsFor(ids: number[]) {
  const rows = await h.sql<{ entity: string; n: number }[]>`
    select data->'payload'->>'entityId' as entity, count(*)::int as n from pgboss.job
     where name = 'crm-delivery' and data->'payload'->>'type' = 'appointment.completed'
       and data->'payload'->>'entityId' = any(${ids.map(String)})
     group by 1`;
  return Object.fromEntries(rows.map((r) => [Number(r.entity), r.n]));
}

const invitations = (email: string) =>
  h.smtp.messages.filter((m) => m.to.includes(email) && m.subject.startsWith("How was your"));

describe("status trail", () => {
  it("records the booking, a salesperson's completion and a cancellation, and shows them to the visit's parties only", async () => {
    const date = openDay(A.time_zone, 3);
    const booked = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: {
        salespersonId: A.id,
        date,
        time: "11:00",
        appointmentType: "Test Drive",
        customerName: "Vi Sitor",
        customerPhone: "(512) 555-0101",
      },
    });
    expect(booked.status).toBe(201);
    const id = booked.json.id as number;
    const cancelled = await h.request("PATCH", `/api/appointments/${id}/cancel`, {
      cookie: buyer.cookie,
      body: { reason: "Bought elsewhere" },
    });
    expect(cancelled.status).toBe(200);
    expect(await trailOf(id)).toEqual([
      { from_status: null, to_status: "scheduled", actor_role: "customer", actor_id: buyer.userId },
      { from_status: "scheduled", to_status: "cancelled", actor_role: "customer", actor_id: buyer.userId },
    ]);

    const past = await visit(buyer, -60);
    const done = await h.request("PATCH", `/api/appointments/${past}`, {
      cookie: salesperson.cookie,
      body: { status: "completed" },
    });
    expect(done.status).toBe(200);
    const record = await h.request("GET", `/api/visits/${past}/record`, { cookie: buyer.cookie });
    expect(record.status).toBe(200);
    expect(record.json.trail).toMatchObject([
      { from: "scheduled", to: "completed", actorRole: "salesperson", actorName: expect.any(String) },
    ]);
    const theirs = await h.request("GET", `/api/visits/${past}/record`, { cookie: otherBuyer.cookie });
    expect(theirs.status).toBe(404);
  });
});

describe("auto-completion", () => {
  it("two instances closing visits at once complete each due visit once and invite its buyer once", async () => {
    const due = [await visit(buyer, -200), await visit(buyer, -24 * 60), await visit(otherBuyer, -151)];
    const missed = await visit(buyer, -300, { status: "no-show" });
    const future = await visit(buyer, 60 * 24);
    const recent = await visit(buyer, -120); // ended 90 minutes ago: not yet
    // A's dealership has a CRM that takes appointment events, as it does when staff complete a visit.
    const crm = createServer((_req, res) => res.writeHead(200).end("{}"));
    await new Promise<void>((resolve) => crm.listen(0, "127.0.0.1", resolve));
    afterAll(() => new Promise<void>((resolve) => crm.close(() => resolve())));
    const crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}`;
    const integration = await h.request("POST", "/api/crm/integrations", {
      cookie: managerA.cookie,
      body: {
        crmProvider: "hubspot",
        integrationName: "Visits CRM",
        apiEndpoint: crmUrl,
        authType: "api_key",
        credentials: { apiKey: "visits-crm-key" },
        webhookUrl: `${crmUrl}/hook`,
      },
    });
    expect(integration.status, integration.text).toBe(201);
    // A second app instance: its own connections and mailer on the same database and SMTP sink.
    const second = createDatabase(h.dbUrl, { max: 4 });
    const one = closingDeps();
    const two = closingDeps(second.sql);
    try {
      // Both instances start while a third session holds the due visits, so both have chosen them and wait when
      // it lets go: exactly the race the claim must settle.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let holding = () => {};
      const locked = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = h.sql.begin(async (tx) => {
        await tx`select id from appointments where id in ${tx(due)} for update`;
        holding();
        await held;
      });
      await locked;
      const racing = Promise.all([closeVisits(one), closeVisits(two)]);
      await until(async () => {
        const [waiting] = await h.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and datname = current_database()`;
        return waiting!.n >= 2;
      });
      release();
      await holder;
      const runs = [...(await racing), await closeVisits(one), await closeVisits(two)];
      expect(runs.reduce((n, r) => n + r.completed, 0)).toBe(due.length);
      expect(runs.reduce((n, r) => n + r.invited, 0)).toBe(due.length);
    } finally {
      await second.end({ timeout: 5 });
    }
    for (const id of due) {
      expect(await statusOf(id)).toMatchObject({ status: "completed", review_invited_at: expect.any(Date) });
      expect(await trailOf(id)).toEqual([
        { from_status: "scheduled", to_status: "completed", actor_role: "system", actor_id: null },
      ]);
    }
    expect((await statusOf(missed)).status).toBe("no-show");
    expect((await statusOf(future)).status).toBe("scheduled");
    expect((await statusOf(recent)).status).toBe("scheduled");
    expect(await trailOf(missed)).toEqual([]);
    // The CRM hears of each visit the platform closed once, whichever instance closed it, and of no other.
    expect(await completedEventsFor([...due, missed, future, recent])).toEqual(
      Object.fromEntries(due.map((id) => [id, 1])),
    );
    expect(invitations("visits.buyer@example.org")).toHaveLength(2);
    expect(invitations("visits.other@example.org")).toHaveLength(1);
    // The review window runs from the completion: the buyer may review it now.
    const reviewed = await h.request("POST", "/api/ratings-submit", {
      cookie: otherBuyer.cookie,
      body: reviewOf(due[2]!, 5),
    });
    expect(reviewed.status).toBe(201);
  });

  it("a buyer who clicks the link in an invitation gets no more, and a forged link is refused", async () => {
    const mail = invitations("visits.buyer@example.org")[0]!;
    const token = decodeURIComponent(/\/unsubscribe\?token=([^\s]+)/.exec(mail.text)![1]!);
    const forged = await h.request("POST", `/api/unsubscribe/${token.slice(0, -4)}AAAA`);
    expect(forged.status).toBe(400);
    const stopped = await h.request("POST", `/api/unsubscribe/${token}`);
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({ kind: "review_invitations", unsubscribed: true });
    expect((await h.request("POST", `/api/unsubscribe/${token}`)).status).toBe(200);
    const later = await visit(buyer, -180);
    await closeVisits(closingDeps());
    expect(await statusOf(later)).toMatchObject({ status: "completed", review_invited_at: expect.any(Date) });
    expect(invitations("visits.buyer@example.org")).toHaveLength(2);
  });
});

describe("review invitations while the mail server refuses", () => {
  it("are given back and sent once on the retry, with no transaction open while the mail server answers", async () => {
    const later = await visit(otherBuyer, -200);
    const invitedAt = async () =>
      (
        await h.sql<
          { at: Date | null }[]
        >`select review_invited_at as at from appointments where id = ${later}`
      )[0]!.at;
    const refusing: Mailer = {
      send: async () => {
        throw Object.assign(new Error("SMTP refused"), { responseCode: 451 });
      },
      close: () => {},
    };
    await expect(closeVisits({ ...closingDeps(), mailer: refusing })).rejects.toThrow("SMTP refused");
    expect(await statusOf(later)).toMatchObject({ status: "completed", review_invited_at: null });
    const seen: { openTransactions: number; taken: boolean; invitedMeanwhile: number }[] = [];
    const watching: Mailer = {
      send: async (message) => {
        // A transaction that has written to appointments and waits: the closing's own, were it held open. Others
        // of the test server (the job queue's, the open times') may be idle in a transaction at this moment too.
        const [open] = await h.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity a
           where a.datname = current_database() and a.state like 'idle in transaction%'
             and exists (select from pg_locks l
                          where l.pid = a.pid and l.relation = 'appointments'::regclass
                            and l.mode = 'RowExclusiveLock')`;
        // A second run meanwhile finds the invitation taken.
        const meanwhile = await closeVisits(closingDeps());
        seen.push({
          openTransactions: open!.n,
          taken: (await invitedAt()) !== null,
          invitedMeanwhile: meanwhile.invited,
        });
        return h.noticeDeps.mailer.send(message);
      },
      close: () => {},
    };
    expect(await closeVisits({ ...closingDeps(), mailer: watching })).toMatchObject({ invited: 1 });
    expect(seen).toEqual([{ openTransactions: 0, taken: true, invitedMeanwhile: 0 }]);
    await h.waitForMail(
      (m) => m.to.includes("visits.other@example.org") && m.subject.startsWith("How was your"),
    );
    expect(invitations("visits.other@example.org")).toHaveLength(2);
  });
});

describe("disputes", () => {
  async function markNoShow(id: number) {
    const marked = await h.request("PATCH", `/api/appointments/${id}`, {
      cookie: salesperson.cookie,
      body: { status: "no-show" },
    });
    expect(marked.status).toBe(200);
  }
  const statement = { statement: "I was there at eleven and drove the hybrid." };

  it("goes to the manager, then, left open 7 days, to administrators, who uphold it: the visit is completed", async () => {
    const id = await visit(buyer, -400);
    await markNoShow(id);
    expect(
      (
        await h.request("POST", `/api/visits/${id}/dispute`, {
          cookie: otherBuyer.cookie,
          body: statement,
        })
      ).status,
    ).toBe(404);
    const opened = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: buyer.cookie,
      body: statement,
    });
    expect(opened.status).toBe(201);
    expect(opened.json.dispute).toMatchObject({ status: "open", statement: statement.statement });
    const again = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: buyer.cookie,
      body: statement,
    });
    expect(again.json.code).toBe("ALREADY_DISPUTED");
    const disputeId = opened.json.dispute.id as number;
    await h.waitForMail((m) => m.to.includes(A.manager_email) && m.subject === "A buyer disputes a no-show");

    // While disputed, the buyer may already review; the review is held.
    const written = await h.request("POST", "/api/ratings-submit", {
      cookie: buyer.cookie,
      body: reviewOf(id),
    });
    expect(written.status).toBe(201);
    const [held] = await h.sql<{ moderation_status: string; held_reason: string | null }[]>`
      select moderation_status, held_reason from ratings where appointment_id = ${id}`;
    expect(held).toEqual({ moderation_status: "held", held_reason: "visit disputed" });

    const mine = await h.request("GET", "/api/visit-disputes/manager", { cookie: managerA.cookie });
    expect(mine.json.map((d: { id: number }) => d.id)).toContain(disputeId);
    const notTheirs = await h.request("GET", "/api/visit-disputes/manager", { cookie: managerB.cookie });
    expect(notTheirs.json.map((d: { id: number }) => d.id)).not.toContain(disputeId);
    const decideB = await h.request("POST", `/api/visit-disputes/${disputeId}/manager-decision`, {
      cookie: managerB.cookie,
      body: { decision: "uphold", note: "Seen on camera" },
    });
    expect(decideB.status).toBe(404);
    const tooEarly = await h.request("POST", `/api/visit-disputes/${disputeId}/decision`, {
      cookie: admin.cookie,
      body: { decision: "uphold", note: "Seen on camera" },
    });
    expect(tooEarly.json.code).toBe("DISPUTE_WITH_MANAGER");

    // The manager does nothing for 7 days (moved in the row, not waited out).
    await h.sql`update visit_disputes set opened_at = now() - interval '7 days 1 minute' where id = ${disputeId}`;
    const runs = await Promise.all([
      escalateOverdueDisputes({ sql: h.sql, jobs: h.deps.jobs }),
      escalateOverdueDisputes({ sql: h.sql, jobs: h.deps.jobs }),
    ]);
    expect(runs.flat().filter((d) => d === disputeId)).toHaveLength(1);
    const late = await h.request("POST", `/api/visit-disputes/${disputeId}/manager-decision`, {
      cookie: managerA.cookie,
      body: { decision: "reject", note: "Too late now" },
    });
    expect(late.json.code).toBe("DISPUTE_ESCALATED");
    const queue = await h.request("GET", "/api/visit-disputes?status=escalated", { cookie: admin.cookie });
    expect(queue.json.map((d: { id: number }) => d.id)).toContain(disputeId);

    const upheld = await h.request("POST", `/api/visit-disputes/${disputeId}/decision`, {
      cookie: admin.cookie,
      body: { decision: "uphold", note: "The sign-in sheet shows the visit." },
    });
    expect(upheld.status).toBe(200);
    expect(upheld.json).toMatchObject({ appointmentStatus: "completed", dispute: { status: "upheld" } });
    expect((await statusOf(id)).status).toBe("completed");
    expect(await completedEventsFor([id])).toEqual({ [id]: 1 });
    expect(await trailOf(id)).toEqual([
      {
        from_status: "scheduled",
        to_status: "no-show",
        actor_role: "salesperson",
        actor_id: salesperson.userId,
      },
      { from_status: "no-show", to_status: "completed", actor_role: "admin", actor_id: admin.userId },
    ]);
    const [published] = await h.sql<{ moderation_status: string }[]>`
      select moderation_status from ratings where appointment_id = ${id}`;
    expect(published!.moderation_status).toBe("published");
    const [audit] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log where action = 'visit_dispute.uphold' and entity_id = ${String(disputeId)}`;
    expect(audit!.n).toBe(1);
    const record = await h.request("GET", `/api/visits/${id}/record`, { cookie: buyer.cookie });
    expect(record.json.dispute).toMatchObject({ status: "upheld", escalatedAt: expect.any(String) });
  });

  it("a manager's rejection keeps the no-show and withholds the review written meanwhile", async () => {
    const id = await visit(buyer, -460);
    await markNoShow(id);
    const opened = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: buyer.cookie,
      body: statement,
    });
    expect(opened.status).toBe(201);
    // The buyer's review of the visit upheld above is older than the gaming rules' 90 days between two
    // reviews of one salesperson (docs/product/reviews.md#gaming-rules).
    await h.sql`update ratings set created_at = now() - interval '100 days' where user_id = ${buyer.userId}`;
    expect(
      (await h.request("POST", "/api/ratings-submit", { cookie: buyer.cookie, body: reviewOf(id) })).status,
    ).toBe(201);
    const rejected = await h.request(
      "POST",
      `/api/visit-disputes/${opened.json.dispute.id}/manager-decision`,
      {
        cookie: managerA.cookie,
        body: { decision: "reject", note: "Nobody of that name came in." },
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.json.appointmentStatus).toBe("no-show");
    expect((await statusOf(id)).status).toBe("no-show");
    const [withheld] = await h.sql<{ moderation_status: string; held_reason: string | null }[]>`
      select moderation_status, held_reason from ratings where appointment_id = ${id}`;
    expect(withheld).toEqual({ moderation_status: "rejected", held_reason: "visit not confirmed" });
    await h.waitForMail(
      (m) =>
        m.to.includes("visits.buyer@example.org") && m.subject === "Your no-show dispute was not accepted",
    );
  });

  it("is refused 7 days after the no-show was marked, and goes straight to administrators for an independent salesperson", async () => {
    const id = await visit(buyer, -520);
    await markNoShow(id);
    await h.sql`update appointment_events set created_at = now() - interval '7 days 1 minute'
                 where appointment_id = ${id} and to_status = 'no-show'`;
    const late = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: buyer.cookie,
      body: statement,
    });
    expect(late.status).toBe(422);
    expect(late.json.code).toBe("DISPUTE_WINDOW_CLOSED");

    const alone = await visit(buyer, -100, { salespersonId: independent!.id, status: "no-show" });
    const opened = await h.request("POST", `/api/visits/${alone}/dispute`, {
      cookie: buyer.cookie,
      body: statement,
    });
    expect(opened.status).toBe(201);
    expect(opened.json.dispute.status).toBe("escalated");
  });

  /** A fresh buyer's visit with A's salesperson, marked no-show by `marker`, and disputed: its dispute. */
  async function disputedVisit(email: string, minutesAgo: number, marker: { cookie: string } = salesperson) {
    const who = await h.signIn(email);
    const id = await visit(who, -minutesAgo);
    const marked = await h.request("PATCH", `/api/appointments/${id}`, {
      cookie: marker.cookie,
      body: { status: "no-show" },
    });
    expect(marked.status).toBe(200);
    const opened = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: who.cookie,
      body: statement,
    });
    expect(opened.status).toBe(201);
    return { who, id, disputeId: opened.json.dispute.id as number, dispute: opened.json.dispute };
  }

  /** A salesperson profile at A whose account is A's manager's (made once). */
  async function managerSalesperson() {
    const [own] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, dealership_id, city, state, time_zone, payment_model, user_id)
      values ('Manny Seller', 'manny.seller@sales.example.org', ${A.dealership_id}, 'Austin', 'TX', ${A.time_zone},
              'individual', ${managerA.userId})
      on conflict (email) do update set user_id = excluded.user_id
      returning id`;
    return own!.id;
  }

  it("a buyer asks KnowBefore to review the manager's rejection; the administrators' verdict is final", async () => {
    const { who, id, disputeId } = await disputedVisit("visits.appeal@example.org", 580);
    const asBuyer = h.caller({
      user: who.user,
      session: { id: "s", userId: who.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const notYet = await h.request("POST", `/api/visits/${id}/dispute/escalation`, {
      cookie: who.cookie,
      body: {},
    });
    expect(notYet.status).toBe(409);
    expect(notYet.json.code).toBe("DISPUTE_NOT_REJECTED");
    expect(
      (await h.request("POST", "/api/ratings-submit", { cookie: who.cookie, body: reviewOf(id) })).status,
    ).toBe(201);
    const rejected = await h.request("POST", `/api/visit-disputes/${disputeId}/manager-decision`, {
      cookie: managerA.cookie,
      body: { decision: "reject", note: "The sign-in sheet has no such visit." },
    });
    expect(rejected.status).toBe(200);
    const record = await asBuyer.appointments.record({ id });
    expect(record.appealUntil).toBeInstanceOf(Date);

    // Someone else cannot take it further; the buyer can, with a note, over REST.
    await expect(
      h
        .caller({
          user: otherBuyer.user,
          session: { id: "s", userId: otherBuyer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
        })
        .appointments.escalateDispute({ id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const escalated = await h.request("POST", `/api/visits/${id}/dispute/escalation`, {
      cookie: who.cookie,
      body: { note: "I have the test-drive form with my signature." },
    });
    expect(escalated.status, escalated.text).toBe(200);
    expect(escalated.json.dispute).toMatchObject({
      status: "escalated",
      escalationReason: "appeal",
      appealNote: "I have the test-drive form with my signature.",
      managerNote: "The sign-in sheet has no such visit.",
      resolutionNote: null,
    });
    expect(escalated.json.appealUntil).toBeNull();
    // The review withheld by the rejection waits for the administrators again.
    const [review] = await h.sql<{ moderation_status: string; held_reason: string | null }[]>`
      select moderation_status, held_reason from ratings where appointment_id = ${id}`;
    expect(review).toEqual({ moderation_status: "held", held_reason: "visit disputed" });
    const [audit] = await h.sql<{ actor_user_id: string }[]>`
      select actor_user_id from audit_log where action = 'visit_dispute.appeal' and entity_id = ${String(disputeId)}`;
    expect(audit!.actor_user_id).toBe(who.userId);
    await h.waitForMail(
      (m) =>
        m.to.includes("visits.admin@example.org") &&
        m.subject === "A buyer asks you to review a rejected dispute",
    );
    await h.waitForMail(
      (m) => m.to.includes(A.manager_email) && m.subject === "A rejected dispute goes to KnowBefore",
    );

    // The manager cannot decide it again; it is in the administrators' queue, and their verdict is final.
    const manager = await h.request("POST", `/api/visit-disputes/${disputeId}/manager-decision`, {
      cookie: managerA.cookie,
      body: { decision: "reject", note: "Still no." },
    });
    expect(manager.json.code).toBe("DISPUTE_ESCALATED");
    const queue = await h.request("GET", "/api/visit-disputes?status=escalated", { cookie: admin.cookie });
    expect(queue.json.find((d: { id: number }) => d.id === disputeId)).toMatchObject({
      escalationReason: "appeal",
    });
    const verdict = await h.request("POST", `/api/visit-disputes/${disputeId}/decision`, {
      cookie: admin.cookie,
      body: { decision: "reject", note: "The form is for another day." },
    });
    expect(verdict.status).toBe(200);
    expect(verdict.json.dispute).toMatchObject({
      status: "rejected",
      managerNote: "The sign-in sheet has no such visit.",
    });
    const again = await h.request("POST", `/api/visits/${id}/dispute/escalation`, {
      cookie: who.cookie,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("DISPUTE_DECISION_FINAL");
    expect((await asBuyer.appointments.record({ id })).appealUntil).toBeNull();
    const told = await h.sql<{ user_id: string | null; salesperson_id: number | null; title: string }[]>`
      select user_id, salesperson_id, title from notifications
       where type = 'visit_dispute' and title = 'No-show dispute rejected' order by id`;
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ salesperson_id: A.id }),
        expect.objectContaining({ user_id: managerA.userId }),
      ]),
    );
  });

  it("goes to administrators at once when the dealership's manager marked the no-show or is the salesperson", async () => {
    const marked = await disputedVisit("visits.marked@example.org", 640, managerA);
    expect(marked.dispute).toMatchObject({ status: "escalated", escalationReason: "no_other_manager" });
    await h.waitForMail(
      (m) =>
        m.to.includes("visits.admin@example.org") &&
        m.subject === "A buyer disputes a no-show" &&
        m.text.includes("no manager but the one who marked the no-show"),
    );
    const mine = await h.request("GET", "/api/visit-disputes?status=escalated", { cookie: admin.cookie });
    expect(mine.json.map((d: { id: number }) => d.id)).toContain(marked.disputeId);

    // A's manager also sells at A: a dispute of their own visit goes to administrators, whoever marked it.
    const own = await managerSalesperson();
    const buyer2 = await h.signIn("visits.manny@example.org");
    const id = await visit(buyer2, -700, { salespersonId: own, status: "no-show" });
    const opened = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: buyer2.cookie,
      body: statement,
    });
    expect(opened.status).toBe(201);
    expect(opened.json.dispute).toMatchObject({ status: "escalated", escalationReason: "no_other_manager" });
  });

  it("refuses a decider who is the visit's salesperson or marked it no-show, whatever roles they hold", async () => {
    // Opened while someone else managed the dealership (inserted as such): A's manager is the salesperson now.
    const buyer3 = await h.signIn("visits.own@example.org");
    const id = await visit(buyer3, -760, { salespersonId: await managerSalesperson(), status: "no-show" });
    const [dispute] = await h.sql<{ id: number }[]>`
      insert into visit_disputes (appointment_id, customer_id, dealership_id, statement)
      values (${id}, ${buyer3.userId}, ${A.dealership_id}, 'I was there at noon.') returning id`;
    const refused = await h.request("POST", `/api/visit-disputes/${dispute!.id}/manager-decision`, {
      cookie: managerA.cookie,
      body: { decision: "reject", note: "I never saw them." },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("OWN_DECISION");

    // An administrator whose account is also the independent salesperson's.
    await h.sql`update salespeople set user_id = ${admin.userId} where id = ${independent!.id}`;
    try {
      const alone = await visit(buyer3, -820, { salespersonId: independent!.id, status: "no-show" });
      const opened = await h.request("POST", `/api/visits/${alone}/dispute`, {
        cookie: buyer3.cookie,
        body: statement,
      });
      expect(opened.json.dispute.status).toBe("escalated");
      const asAdmin = await h.request("POST", `/api/visit-disputes/${opened.json.dispute.id}/decision`, {
        cookie: admin.cookie,
        body: { decision: "reject", note: "Not on my calendar." },
      });
      expect(asAdmin.status).toBe(403);
      expect(asAdmin.json.code).toBe("OWN_DECISION");
      const [still] = await h.sql<{ status: string }[]>`
        select status from visit_disputes where id = ${opened.json.dispute.id}`;
      expect(still!.status).toBe("escalated");
    } finally {
      await h.sql`update salespeople set user_id = null where id = ${independent!.id}`;
    }

    // The administrator who marked a visit no-show does not decide its dispute either.
    const marked = await disputedVisit("visits.adminmarked@example.org", 880, admin);
    await h.sql`update visit_disputes set status = 'escalated', escalated_at = now(), escalation_reason = 'overdue'
                 where id = ${marked.disputeId}`;
    const byMarker = await h.request("POST", `/api/visit-disputes/${marked.disputeId}/decision`, {
      cookie: admin.cookie,
      body: { decision: "uphold", note: "Fine." },
    });
    expect(byMarker.status).toBe(403);
    expect(byMarker.json.code).toBe("OWN_DECISION");
  });
});

describe("a review written while its visit is disputed", () => {
  const statement = { statement: "I was there at eleven and drove the hybrid." };
  let sellerB: { cookie: string };

  /** A fresh buyer's visit with B, marked no-show by B's salesperson, disputed and reviewed with `comment`. */
  async function reviewedWhileDisputed(email: string, minutesAgo: number, comment: string) {
    sellerB ??= await h.signIn(B.email, "salesperson");
    const who = await h.signIn(email);
    const id = await visit(who, -minutesAgo, { salespersonId: B.id });
    expect(
      (
        await h.request("PATCH", `/api/appointments/${id}`, {
          cookie: sellerB.cookie,
          body: { status: "no-show" },
        })
      ).status,
    ).toBe(200);
    const opened = await h.request("POST", `/api/visits/${id}/dispute`, {
      cookie: who.cookie,
      body: statement,
    });
    expect(opened.json.dispute.status).toBe("open");
    const written = await h.request("POST", "/api/ratings-submit", {
      cookie: who.cookie,
      body: { ...reviewOf(id), salespersonId: B.id, comment },
    });
    expect(written.status, written.text).toBe(201);
    expect(written.json).toMatchObject({ moderationStatus: "held", heldReason: "visit disputed" });
    const upheld = await h.request("POST", `/api/visit-disputes/${opened.json.dispute.id}/manager-decision`, {
      cookie: managerB.cookie,
      body: { decision: "uphold", note: "We found the visit." },
    });
    expect(upheld.status).toBe(200);
    const [review] = await h.sql<{ moderation_status: string; held_reason: string | null }[]>`
      select moderation_status, held_reason from ratings where appointment_id = ${id}`;
    return review!;
  }

  it("is held for contact details once the dispute is upheld, as any review would be", async () => {
    expect(
      await reviewedWhileDisputed(
        "visits.contact@example.org",
        940,
        "Great drive. Text me on (512) 555-0199.",
      ),
    ).toEqual({
      moderation_status: "held",
      held_reason: "The review contains contact details (a phone number).",
    });
  });

  it("is held for a burst of reviews from new accounts once the dispute is upheld", async () => {
    // Three reviews of B from accounts a day old arrived within the last hours.
    for (const n of [1, 2, 3]) {
      const fresh = await h.signIn(`visits.burst${n}@example.org`);
      await h.sql`
        insert into ratings (salesperson_id, user_id, overall_rating, helpfulness_rating, pressure_level_rating,
                             communication_rating, created_at)
        values (${B.id}, ${fresh.userId}, 5, 5, 5, 5, now() - interval '1 hour')`;
    }
    const review = await reviewedWhileDisputed("visits.burst@example.org", 1000, "A calm, helpful visit.");
    expect(review.moderation_status).toBe("held");
    expect(review.held_reason).toMatch(/reviews of this salesperson from accounts younger than 14 days/);
  });
});
