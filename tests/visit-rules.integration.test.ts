// When a visit may be closed and what a closing rests on (docs/product/booking.md#closing-a-visit,
// docs/product/reviews.md#badges): staff record an outcome only once the visit has started, and the buyer of a
// no-show hears of it at once.
import { describe, expect, it } from "vitest";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

type Place = { id: number; email: string; time_zone: string; dealership_id: number; manager_email: string };
const [A] = await h.sql<Place[]>`
  select s.id, s.email::text as email, s.time_zone, d.id as dealership_id, u.email::text as manager_email
    from salespeople s join dealerships d on d.id = s.dealership_id join users u on u.id = d.manager_id
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

/** A scheduled visit of the buyer with A, starting `minutesFromNow` from now. */
async function visit(minutesFromNow: number) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
    values (${A!.id}, ${buyer.userId}, 'Test Drive', ${new Date(Date.now() + minutesFromNow * 60_000)},
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
