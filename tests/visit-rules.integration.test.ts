// When a visit may be closed and what a closing rests on (docs/product/booking.md#closing-a-visit,
// docs/product/reviews.md#badges): staff record an outcome only once the visit has started, and the buyer of a
// no-show hears of it at once.
import { describe, expect, it } from "vitest";
import { closeVisits } from "../src/server/domains/appointments/closing";
import { reviewBadgeLabel } from "../src/shared/visits";
import { freeVisitStart } from "./support/freeVisitStart";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

type Place = { id: number; email: string; time_zone: string; dealership_id: number; manager_email: string };
const [A] = await h.sql<Place[]>`
  select s.id, s.email::text as email, s.time_zone, d.id as dealership_id, u.email::text as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id
   where s.verified_at is not null
   order by d.id, s.id limit 1`;
if (!A) throw new Error("the seed has a dealership with a verified salesperson");
// The visits below are placed relative to the clock; the seed's open bookings of A could overlap one of them.
await h.sql`
  update appointments set status = 'cancelled', cancelled_by = 'salesperson', cancellation_reason = 'Test setup'
   where salesperson_id = ${A.id} and status = 'scheduled'`;

const buyer = await h.signIn("rules.buyer@example.org");
const salesperson = await h.signIn(A.email, "salesperson");
const manager = await h.signIn(A.manager_email, "manager");

/**
 * A scheduled visit of the buyer (or `customer`) with A, starting `minutesFromNow` from now (or the first free
 * hour after, clear of the seed's visits: tests/support/freeVisitStart.ts).
 */
async function visit(minutesFromNow: number, customer: { userId: string } = buyer) {
  const at = await freeVisitStart(h.sql, A!.id, new Date(Date.now() + minutesFromNow * 60_000));
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
    values (${A!.id}, ${customer.userId}, 'Test Drive', ${at},
            'Rue Les', '(512) 555-0102')
    returning id`;
  return row!.id;
}

function trpcAs(who: { user: typeof buyer.user; userId: string }) {
  return h.caller({
    user: who.user,
    session: { id: "s", userId: who.userId, expiresAt: new Date(), authenticatedAt: new Date() },
  });
}

async function statusOf(id: number) {
  const [row] = await h.sql<{ status: string; completed_at: Date | null }[]>`
    select status, completed_at from appointments where id = ${id}`;
  return row!;
}

describe("closing a visit before it starts", () => {
  it("refuses completed and no-show before the start, over REST and tRPC, with a stable code", async () => {
    const ahead = await visit(2 * 24 * 60);
    for (const status of ["no-show", "completed"] as const) {
      const early = await h.request("PATCH", `/api/appointments/${ahead}`, {
        cookie: salesperson.cookie,
        body: { status },
      });
      expect(early.status, early.text).toBe(409);
      expect(early.json.code).toBe("VISIT_NOT_STARTED");
      expect(early.json.message).toMatch(/only once it has started/);
      const byManager = await h.request("PATCH", `/api/appointments/${ahead}`, {
        cookie: manager.cookie,
        body: { status },
      });
      expect(byManager.json.code).toBe("VISIT_NOT_STARTED");
      const overTrpc = await trpcAs(salesperson)
        .appointments.updateStatus({ id: ahead, status })
        .then(
          () => null,
          (error: { code: string; message: string; cause?: { reason?: string } }) => error,
        );
      expect(overTrpc).toMatchObject({ code: "CONFLICT", cause: { reason: "VISIT_NOT_STARTED" } });
    }
    // A visit starting in a minute is still ahead.
    const soon = await visit(1);
    const stillAhead = await h.request("PATCH", `/api/appointments/${soon}`, {
      cookie: salesperson.cookie,
      body: { status: "completed" },
    });
    expect(stillAhead.json.code).toBe("VISIT_NOT_STARTED");
    expect(await statusOf(ahead)).toEqual({ status: "scheduled", completed_at: null });
    expect(await statusOf(soon)).toEqual({ status: "scheduled", completed_at: null });
    const [trail] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from appointment_events where appointment_id in ${h.sql([ahead, soon])}`;
    expect(trail!.n).toBe(0);
  });

  it("allows both once the visit has started", async () => {
    const started = await visit(-40);
    const done = await trpcAs(salesperson).appointments.updateStatus({ id: started, status: "completed" });
    expect(done.status).toBe("completed");
    const other = await visit(-90);
    const missed = await h.request("PATCH", `/api/appointments/${other}`, {
      cookie: manager.cookie,
      body: { status: "no-show" },
    });
    expect(missed.status, missed.text).toBe(200);
    expect(missed.json.status).toBe("no-show");
  });

  it("tells the buyer of a no-show on their bell and by e-mail", async () => {
    const missedVisit = await visit(-150);
    const marked = await h.request("PATCH", `/api/appointments/${missedVisit}`, {
      cookie: salesperson.cookie,
      body: { status: "no-show" },
    });
    expect(marked.status, marked.text).toBe(200);
    const [notice] = await h.sql<{ title: string; body: string; link: string | null }[]>`
      select title, body, link from notifications
       where user_id = ${buyer.userId} and type = 'appointment_no_show' order by id desc limit 1`;
    expect(notice).toMatchObject({ title: "Visit marked as a no-show", link: "/appointments" });
    expect(notice!.body).toMatch(/marked your Test Drive on .* as a no-show/);
    const mail = await h.waitForMail(
      (m) => m.to.includes("rules.buyer@example.org") && m.subject.startsWith("Marked as a no-show"),
    );
    expect(mail.text).toContain("I was there");
    expect(mail.text).toContain("/appointments");
  });
});

// Reviewers here are not the new accounts the burst rule holds back.
const reviewers = await Promise.all(
  ["rules.two@example.org", "rules.three@example.org", "rules.four@example.org"].map((e) => h.signIn(e)),
);
const [buyer2, buyer3, buyer4] = reviewers as [typeof buyer, typeof buyer, typeof buyer];
await h.sql`update users set created_at = now() - interval '60 days'
             where id in ${h.sql([buyer.userId, buyer2.userId, buyer3.userId, buyer4.userId])}`;

describe("evidence of a visit", () => {
  function reviewOf(appointmentId: number, who: { cookie: string }) {
    return h.request("POST", "/api/ratings-submit", {
      cookie: who.cookie,
      body: {
        salespersonId: A!.id,
        appointmentId,
        overallRating: 4,
        helpfulnessRating: 4,
        pressureLevelRating: 4,
        communicationRating: 4,
        knowledgeRating: 4,
      },
    });
  }

  async function badgeOf(ratingId: number) {
    const page = await h.request("GET", `/api/salespeople/${A!.id}/reviews?limit=50`);
    const review = (
      page.json.items as { id: number; verification: string; visitEvidence: string; verifiedVisit: boolean }[]
    ).find((r) => r.id === ratingId);
    if (!review) return null;
    return {
      verification: review.verification,
      visitEvidence: review.visitEvidence,
      verifiedVisit: review.verifiedVisit,
      label: reviewBadgeLabel(review.verification as never, review.visitEvidence as never),
    };
  }

  it("staff show today's check-in code; the buyer enters it around the start; guessing is limited", async () => {
    const shown = await h.request("GET", `/api/salespeople/${A!.id}/check-in-code`, {
      cookie: salesperson.cookie,
    });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.json.code).toMatch(/^\d{6}$/);
    const managers = await h.request("GET", `/api/salespeople/${A!.id}/check-in-code`, {
      cookie: manager.cookie,
    });
    expect(managers.json.code).toBe(shown.json.code);
    expect(
      (await h.request("GET", `/api/salespeople/${A!.id}/check-in-code`, { cookie: buyer.cookie })).status,
    ).toBe(403);
    const code = shown.json.code as string;
    const wrong = code === "000000" ? "000001" : "000000";

    const far = await visit(3 * 24 * 60);
    const early = await h.request("POST", `/api/visits/${far}/check-in`, {
      cookie: buyer.cookie,
      body: { code },
    });
    expect(early.status).toBe(409);
    expect(early.json.code).toBe("CHECK_IN_CLOSED");

    const here = await visit(-35);
    expect(
      (await h.request("POST", `/api/visits/${here}/check-in`, { cookie: buyer2.cookie, body: { code } }))
        .status,
    ).toBe(404);
    const miss = await h.request("POST", `/api/visits/${here}/check-in`, {
      cookie: buyer.cookie,
      body: { code: wrong },
    });
    expect(miss.status).toBe(422);
    expect(miss.json.code).toBe("WRONG_CHECK_IN_CODE");
    const checkedIn = await trpcAs(buyer).appointments.checkIn({ id: here, code });
    expect(checkedIn.checkedInAt).toBeInstanceOf(Date);
    // The check-in is evidence of the visit: no no-show, and completing it rests on the check-in.
    const noShow = await h.request("PATCH", `/api/appointments/${here}`, {
      cookie: salesperson.cookie,
      body: { status: "no-show" },
    });
    expect(noShow.status).toBe(409);
    expect(noShow.json.code).toBe("VISIT_CHECKED_IN");
    const done = await h.request("PATCH", `/api/appointments/${here}`, {
      cookie: salesperson.cookie,
      body: { status: "completed" },
    });
    expect(done.json).toMatchObject({ status: "completed", visitEvidence: "checked_in" });
    const review = await reviewOf(here, buyer);
    expect(review.status, review.text).toBe(201);
    expect(await badgeOf(review.json.id)).toEqual({
      verification: "visit",
      visitEvidence: "checked_in",
      verifiedVisit: true,
      label: "Checked in at the dealership",
    });

    // Guessing: five wrong codes, then even the right one waits.
    const guessed = await visit(-100, buyer3);
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) {
      answers.push(
        (
          await h.request("POST", `/api/visits/${guessed}/check-in`, {
            cookie: buyer3.cookie,
            body: { code: wrong },
          })
        ).status,
      );
    }
    expect(answers).toEqual([422, 422, 422, 422, 422, 429]);
    const locked = await h.request("POST", `/api/visits/${guessed}/check-in`, {
      cookie: buyer3.cookie,
      body: { code },
    });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe("TOO_MANY_ATTEMPTS");
  });

  it("a visit that closed by itself is unconfirmed: the buyer may confirm it, staff may mark it no-show for 48 hours", async () => {
    const confirmedBySalesperson = await visit(-260, buyer4);
    expect(
      (
        await h.request("PATCH", `/api/appointments/${confirmedBySalesperson}`, {
          cookie: salesperson.cookie,
          body: { status: "completed" },
        })
      ).json.visitEvidence,
    ).toBe("salesperson");
    const unconfirmed = await visit(-300, buyer2);
    const confirmed = await visit(-400, buyer3);
    const stale = await visit(-500, buyer);
    await closeVisits({
      ...h.noticeDeps,
      secrets: h.deps.secrets,
      events: { jobs: h.deps.jobs, env: h.env },
    });
    const closed = await h.sql<{ id: number; status: string; visit_evidence: string | null }[]>`
      select id, status, visit_evidence from appointments where id in ${h.sql([unconfirmed, confirmed, stale])}
       order by id`;
    expect(closed.map((r) => [r.status, r.visit_evidence])).toEqual([
      ["completed", "auto"],
      ["completed", "auto"],
      ["completed", "auto"],
    ]);

    // The buyer says they went: the visit rests on their word, still not a verified visit.
    const said = await h.request("POST", `/api/visits/${confirmed}/confirm`, { cookie: buyer3.cookie });
    expect(said.status, said.text).toBe(200);
    expect(said.json.visitEvidence).toBe("buyer_confirmed");
    expect(
      (await h.request("POST", `/api/visits/${confirmed}/confirm`, { cookie: buyer2.cookie })).status,
    ).toBe(404);
    const bySalesperson = await reviewOf(confirmedBySalesperson, buyer4);
    const byBuyer = await reviewOf(confirmed, buyer3);
    const unbacked = await reviewOf(unconfirmed, buyer2);
    expect([bySalesperson.status, byBuyer.status, unbacked.status]).toEqual([201, 201, 201]);
    expect(await badgeOf(bySalesperson.json.id)).toEqual({
      verification: "visit",
      visitEvidence: "salesperson",
      verifiedVisit: true,
      label: "Visit confirmed by the salesperson",
    });
    expect(await badgeOf(byBuyer.json.id)).toEqual({
      verification: "unconfirmed",
      visitEvidence: "buyer_confirmed",
      verifiedVisit: false,
      label: "Visit confirmed by the buyer",
    });
    expect(await badgeOf(unbacked.json.id)).toEqual({
      verification: "unconfirmed",
      visitEvidence: "auto",
      verifiedVisit: false,
      label: "Visit not confirmed",
    });

    // Within 48 hours of closing, the salesperson may still say nobody came: the review stops counting and
    // the buyer is told.
    const view = await trpcAs(salesperson).appointments.byId({ id: unconfirmed });
    expect(view.noShowUntil).toBeInstanceOf(Date);
    const missed = await h.request("PATCH", `/api/appointments/${unconfirmed}`, {
      cookie: salesperson.cookie,
      body: { status: "no-show" },
    });
    expect(missed.status, missed.text).toBe(200);
    expect(missed.json).toMatchObject({ status: "no-show", visitEvidence: null });
    expect(await badgeOf(unbacked.json.id)).toBeNull();
    const [trail] = await h.sql<{ from_status: string; to_status: string; actor_role: string }[]>`
      select from_status, to_status, actor_role from appointment_events
       where appointment_id = ${unconfirmed} order by id desc limit 1`;
    expect(trail).toEqual({ from_status: "completed", to_status: "no-show", actor_role: "salesperson" });
    await h.waitForMail(
      (m) => m.to.includes("rules.two@example.org") && m.subject.startsWith("Marked as a no-show"),
    );

    // After 48 hours it may not.
    await h.sql`update appointments set completed_at = now() - interval '49 hours' where id = ${stale}`;
    const late = await h.request("PATCH", `/api/appointments/${stale}`, {
      cookie: salesperson.cookie,
      body: { status: "no-show" },
    });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("NO_SHOW_WINDOW_CLOSED");
    expect((await trpcAs(salesperson).appointments.byId({ id: stale })).noShowUntil).toBeNull();
  });
});
