import { describe, expect, it } from "vitest";
import { sendWaitlistNotice } from "../src/server/domains/appointments/notices";
import { SLOT_TIMES } from "../src/shared/slots";
import { addDays, fromZoned, todayIn, zoneOffsetMinutes } from "../src/shared/time";
import { createHarness } from "./support/harness";
import { openDay } from "./support/openHours";

const h = await createHarness();
await h.seed(0.05);

async function salespersonIn(timeZone: string) {
  const [row] = await h.sql<{ id: number; email: string; time_zone: string }[]>`
    select id, email, time_zone from salespeople where time_zone = ${timeZone} order by id limit 1`;
  return row!;
}

const ny = await salespersonIn("America/New_York");
/** Booking days are weekdays, when the demo dealerships are open 09:00 to 20:00. */
const tomorrow = openDay(ny.time_zone);
const customer = await h.signIn("booker@example.org");
const other = await h.signIn("other.customer@example.org");

function booking(overrides: Record<string, unknown> = {}) {
  return {
    salespersonId: ny.id,
    date: tomorrow,
    time: "10:00",
    appointmentType: "Test Drive",
    customerName: "Bo Oker",
    customerPhone: "(512) 555-0134",
    customerEmail: "booker@example.org",
    notes: "Interested in the hybrid",
    ...overrides,
  };
}

describe("booking", () => {
  it("100 concurrent bookings of one slot give exactly one 201 and 99 SCHEDULING_CONFLICT, one row", async () => {
    const date = openDay(ny.time_zone, 3);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        h.request("POST", "/api/appointments", {
          cookie: i % 2 ? customer.cookie : other.cookie,
          body: booking({ date, time: "15:00" }),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(statuses.some((s) => s >= 500)).toBe(false);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.json).toEqual({ message: "Time slot unavailable", code: "SCHEDULING_CONFLICT" });
    }
    const start = fromZoned(date, "15:00", ny.time_zone);
    const [count] = await h.sql<
      { n: number }[]
    >`select count(*)::int as n from appointments where salesperson_id = ${ny.id} and starts_at = ${start}`;
    expect(count!.n).toBe(1);
    // A booking is one statement: its notification and jobs exist with it, and none for the 99 refused.
    const id = results.find((r) => r.status === 201)!.json.id as number;
    const notes = await h.sql<{ n: number }[]>`
      select count(*)::int as n from notifications
       where salesperson_id = ${ny.id} and type = 'appointment_requested' and body like ${`%on ${date} at 15:00.`}`;
    expect(notes[0]!.n).toBe(1);
    const jobs = await h.sql<{ name: string; id: number }[]>`
      select name, (data->>'appointmentId')::int as id from pgboss.job
       where name in ('appointment-notice', 'appointment-reminder')
         and (data->>'appointmentId')::int >= ${id - 100} and (data->>'appointmentId')::int <= ${id + 100}
         and not exists (select 1 from appointments a where a.id = (data->>'appointmentId')::int)`;
    expect(jobs, "jobs for an appointment that does not exist").toEqual([]);
    const own = await h.sql<{ name: string }[]>`
      select name from pgboss.job where (data->>'appointmentId')::int = ${id} order by name`;
    expect(own.map((j) => j.name)).toEqual(["appointment-notice", "appointment-reminder"]);
  });

  it("answers the appointment with an offset instant and notifies the salesperson in-app", async () => {
    const res = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({ time: "11:30", scheduledDateTime: `${tomorrow}T11:30:00` }),
    });
    expect(res.status).toBe(201);
    const offset = zoneOffsetMinutes(fromZoned(tomorrow, "11:30", ny.time_zone), ny.time_zone) / 60;
    expect(res.json.scheduledDateTime).toBe(`${tomorrow}T11:30:00-0${-offset}:00`);
    expect(res.json.status).toBe("scheduled");
    // This booking's own notice (other tests book the same salesperson): its text names this slot.
    const notes = await h.sql<{ body: string; link: string }[]>`
      select body, link from notifications
       where salesperson_id = ${ny.id} and type = 'appointment_requested' and body like ${`%on ${tomorrow} at 11:30.`}`;
    expect(notes).toHaveLength(1);
    // The notice names its appointment (erasure finds it by that id).
    expect(notes[0]!.link).toBe(`/salesperson-dashboard?tab=appointments&appointment=${res.json.id}`);
  });

  it("e-mails an ICS invite (METHOD:REQUEST) to the customer's own account through SMTP, never to a typed address", async () => {
    const res = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({
        time: "13:00",
        customerEmail: "ics.check@example.org",
        notes: "Your account is locked: sign in at https://phish.example.test",
      }),
    });
    expect(res.status).toBe(201);
    // The typed address stays a contact detail on the appointment.
    expect(res.json.customerEmail).toBe("ics.check@example.org");
    const uid = `UID:appointment-${res.json.id}@knowbefore`;
    const mail = await h.waitForMail((m) => m.to.includes("booker@example.org") && m.text.includes(uid));
    // The salesperson's copy goes out after the customer's: once it is here, the notice is complete.
    await h.waitForMail((m) => m.to.includes(ny.email.toLowerCase()) && m.text.includes(uid));
    expect(h.smtp.messages.filter((m) => m.to.includes("ics.check@example.org"))).toEqual([]);
    expect(mail.text).not.toContain("ics.check@example.org");
    expect(mail.subject).toMatch(/^Confirmed: Test Drive/);
    expect(mail.raw).toContain("text/calendar");
    // A whole message: its own id (from its job: the job's id, the recipient's hash and the message's number
    // to them) and date, and every part inside its multipart boundary.
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}\.[0-9a-f]{12}\.0@[^>]+>$/);
    expect(mail.raw).toMatch(/^Date: /m);
    const boundary = mail.raw.match(/^Content-Type: multipart\/mixed;\s+boundary="([^"]+)"/m)?.[1];
    expect(boundary).toBeTruthy();
    expect(mail.raw.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
    expect(mail.text).toContain("METHOD:REQUEST");
    expect(mail.text).toContain(`UID:appointment-${res.json.id}@knowbefore`);
    expect(mail.text).toContain(`DTSTART;TZID=${ny.time_zone}:${tomorrow.replace(/-/g, "")}T130000`);
  });

  it("validates the booking form's input with 4xx, never 500", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [booking({ customerName: "" }), 400],
      [booking({ customerPhone: "" }), 400],
      [booking({ customerPhone: "call me" }), 400],
      [booking({ customerEmail: "nope" }), 400],
      [booking({ time: "08:30" }), 400],
      [booking({ time: "10:15" }), 400],
      [booking({ date: "2020-01-01" }), 400],
      [booking({ date: "2026-02-30" }), 400],
      [booking({ appointmentType: "Joyride" }), 400],
      [booking({ salespersonId: 99999999 }), 404],
      [booking({ salespersonId: "abc" }), 400],
      [booking({ userId: other.userId }), 400],
      [booking({ scheduledDateTime: `${tomorrow}T12:00:00` }), 400],
    ];
    for (const [body, status] of cases) {
      const res = await h.request("POST", "/api/appointments", { cookie: customer.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(typeof res.json.message).toBe("string");
    }
    const missing = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: { salespersonId: ny.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe("Please fill in all required fields.");
    expect((await h.request("POST", "/api/appointments", { body: booking() })).status).toBe(401);
    const salesperson = await h.signIn(ny.email, "salesperson");
    expect(
      (await h.request("POST", "/api/appointments", { cookie: salesperson.cookie, body: booking() })).status,
    ).toBe(403);
  });
});

describe("the EXCLUDE constraint", () => {
  it("rejects scheduled appointments 29 minutes apart and accepts 30 minutes apart", async () => {
    const base = new Date(Date.now() + 30 * 86_400_000);
    base.setUTCSeconds(0, 0);
    const insert = (startsAt: Date) =>
      h.sql`insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone)
            values (${ny.id}, 'Test Drive', ${startsAt}, 'Edge', '5555555555')`;
    await insert(base);
    await expect(insert(new Date(base.getTime() + 29 * 60_000))).rejects.toMatchObject({ code: "23P01" });
    await expect(insert(new Date(base.getTime() - 29 * 60_000))).rejects.toMatchObject({ code: "23P01" });
    await insert(new Date(base.getTime() + 30 * 60_000));
    await insert(new Date(base.getTime() - 30 * 60_000));
    // Cancelled appointments do not hold their slot.
    await h.sql`update appointments set status = 'cancelled' where salesperson_id = ${ny.id} and starts_at = ${base}`;
    await insert(base).catch(() => {
      throw new Error("a cancelled appointment still blocked the slot");
    });
  });
});

describe("time zones", () => {
  it("reads a booking on the next daylight-saving change day in America/New_York at the right instant", async () => {
    // The change falls on a Sunday, when the demo dealerships are closed: this one opens for the whole grid.
    await h.sql`update dealerships set hours = jsonb_set(hours, '{sunday}', '{"open": "09:00", "close": "21:30"}')
                 where id = (select dealership_id from salespeople where id = ${ny.id})`;
    let day = addDays(todayIn(ny.time_zone), 1);
    for (let i = 0; i < 179; i++) {
      const before = zoneOffsetMinutes(fromZoned(day, "00:00", ny.time_zone), ny.time_zone);
      const after = zoneOffsetMinutes(fromZoned(day, "12:00", ny.time_zone), ny.time_zone);
      if (before !== after) break;
      day = addDays(day, 1);
    }
    const res = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({ date: day, time: "10:00" }),
    });
    expect(res.status).toBe(201);
    const [row] = await h.sql<
      { starts_at: Date }[]
    >`select starts_at from appointments where id = ${res.json.id}`;
    const offset = zoneOffsetMinutes(row!.starts_at, ny.time_zone);
    expect(row!.starts_at.getTime()).toBe(Date.parse(`${day}T10:00:00Z`) - offset * 60_000);
    expect(res.json.scheduledDateTime).toMatch(new RegExp(`^${day}T10:00:00-0[45]:00$`));
    const slots = await h.request("GET", `/api/appointments/salesperson/${ny.id}/${day}`);
    expect(slots.status).toBe(200);
    expect(slots.json.slots).toHaveLength(25);
    expect(slots.json.slots.find((s: { time: string }) => s.time === "10:00").state).toBe("booked");
    expect(slots.json.slots.find((s: { time: string }) => s.time === "10:30").state).toBe("available");
  });
});

describe("reading calendars", () => {
  it("shows instants publicly but customer details only to the salesperson and their manager", async () => {
    const publicList = await h.request("GET", `/api/appointments/salesperson/${ny.id}`);
    expect(publicList.status).toBe(200);
    expect(publicList.json.length).toBeGreaterThan(0);
    expect(JSON.stringify(publicList.json)).not.toContain("Bo Oker");
    expect(publicList.json[0]).toEqual({
      id: expect.any(Number),
      salespersonId: ny.id,
      scheduledDateTime: expect.any(String),
      scheduledAt: expect.any(String),
      status: "scheduled",
    });

    const owner = await h.signIn(ny.email, "salesperson");
    const ownList = await h.request("GET", `/api/appointments/salesperson/${ny.id}`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(ownList.json)).toContain("Bo Oker");

    const [manager] = await h.sql<{ email: string }[]>`
      select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id join salespeople s on s.dealership_id = d.id where s.id = ${ny.id}`;
    if (manager) {
      const m = await h.signIn(manager.email, "manager");
      expect(
        JSON.stringify(
          (await h.request("GET", `/api/appointments/salesperson/${ny.id}`, { cookie: m.cookie })).json,
        ),
      ).toContain("Bo Oker");
    }
  });

  it("lists only the caller's own appointments (theirs without a userId); another user's id answers 403", async () => {
    const own = await h.request("GET", `/api/appointments/customer?userId=${customer.userId}`, {
      cookie: customer.cookie,
    });
    expect(own.status).toBe(200);
    expect(own.json.every((a: { customerName: string }) => a.customerName === "Bo Oker")).toBe(true);
    // Without userId: the caller's own list, the same one.
    const implicit = await h.request("GET", "/api/appointments/customer", { cookie: customer.cookie });
    expect(implicit.status).toBe(200);
    expect(implicit.json).toEqual(own.json);
    expect(own.json.length).toBeGreaterThan(0);
    expect(
      (await h.request("GET", `/api/appointments/customer/${customer.userId}`, { cookie: customer.cookie }))
        .status,
    ).toBe(200);
    expect(
      (
        await h.request("GET", `/api/appointments/customer?userId=${customer.userId}`, {
          cookie: other.cookie,
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.request("GET", `/api/appointments/customer/${customer.userId}`, { cookie: other.cookie }))
        .status,
    ).toBe(403);
    expect((await h.request("GET", `/api/appointments/customer/${customer.userId}`)).status).toBe(401);
    expect(
      (await h.request("GET", "/api/appointments/customer?userId=garbage", { cookie: customer.cookie }))
        .status,
    ).toBe(400);
    expect((await h.request("GET", `/api/appointments/salesperson/${ny.id}/not-a-date`)).status).toBe(400);
  });
});

describe("changes", () => {
  /**
   * A scheduled visit at `startsAt`, which is relative to the clock: a seeded visit of the salesperson that
   * happens to overlap it (depending on the time of day the suite runs) is taken out of the way first.
   */
  async function appointmentAt(startsAt: Date, salespersonId = ny.id) {
    await h.sql`
      delete from appointments
       where salesperson_id = ${salespersonId} and status = 'scheduled'
         and appointment_span(starts_at, duration_minutes + buffer_minutes) && appointment_span(${startsAt}, 30)`;
    const [row] = await h.sql<{ id: number }[]>`
      insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name, customer_phone)
      values (${salespersonId}, ${customer.userId}, 'Car Viewing', ${startsAt}, 'Bo Oker', '5125550134') returning id`;
    return row!.id;
  }

  it("cancels only while the start is more than 2 hours away, on both sides of the edge", async () => {
    const [started] = await h.sql<{ since: Date }[]>`select now() as since`;
    const since = started!.since;
    const outside = await appointmentAt(new Date(Date.now() + 2 * 3_600_000 + 90_000));
    const [second] = await h.sql<
      { id: number }[]
    >`select id from salespeople where id <> ${ny.id} order by id limit 1`;
    const inside = await appointmentAt(new Date(Date.now() + 2 * 3_600_000 - 90_000), second!.id);
    const ok = await h.request("PATCH", `/api/appointments/${outside}/cancel`, {
      cookie: customer.cookie,
      body: { cancelledBy: "customer", reason: "Found a car" },
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({
      status: "cancelled",
      cancelledBy: "customer",
      cancellationReason: "Found a car",
    });
    expect(ok.json.cancelledAt).toBeTruthy();
    const late = await h.request("PATCH", `/api/appointments/${inside}/cancel`, {
      cookie: customer.cookie,
      body: { cancelledBy: "customer" },
    });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe("CANCELLATION_WINDOW_PASSED");
    const twice = await h.request("PATCH", `/api/appointments/${outside}/cancel`, {
      cookie: customer.cookie,
      body: {},
    });
    expect(twice.status).toBe(409);
    expect(twice.json.code).toBe("NOT_SCHEDULED");
    // The cancellation is one statement whose parts are written only with the change: the one that changed has
    // its trail, its salesperson's notice and its jobs once; the two refused left none of them.
    const written = await h.sql<{ id: number; trail: number; notices: number; jobs: string[] }[]>`
      select a.id,
             (select count(*)::int from appointment_events c
               where c.appointment_id = a.id and c.to_status = 'cancelled') as trail,
             (select count(*)::int from notifications n
               where n.type = 'appointment_cancelled' and n.link like '%appointment=' || a.id) as notices,
             array(select j.name || ':' || coalesce(j.data->>'kind', j.data->>'date') from pgboss.job j
                    where j.created_on >= ${since}
                      and ((j.name = 'appointment-notice' and (j.data->>'appointmentId')::int = a.id
                            and j.data->>'kind' = 'cancelled')
                           or (j.name = 'waitlist-notice' and (j.data->>'salespersonId')::int = a.salesperson_id))
                    order by j.name) as jobs
        from appointments a where a.id in (${outside}, ${inside}) order by a.id = ${outside} desc`;
    expect(written).toEqual([
      {
        id: outside,
        trail: 1,
        notices: 1,
        jobs: ["appointment-notice:cancelled", expect.stringMatching(/^waitlist-notice:\d{4}-\d\d-\d\d$/)],
      },
      { id: inside, trail: 0, notices: 0, jobs: [] },
    ]);
  });

  it("e-mails a CANCEL invite and refuses other people's appointments (404) and the wrong side (403)", async () => {
    const id = await appointmentAt(new Date(Date.now() + 5 * 86_400_000));
    expect(
      (await h.request("PATCH", `/api/appointments/${id}/cancel`, { cookie: other.cookie, body: {} })).status,
    ).toBe(404);
    expect(
      (
        await h.request("PATCH", `/api/appointments/${id}/cancel`, {
          cookie: customer.cookie,
          body: { cancelledBy: "salesperson" },
        })
      ).status,
    ).toBe(403);
    const res = await h.request("PATCH", `/api/appointments/${id}/cancel`, {
      cookie: customer.cookie,
      body: { cancelledBy: "customer" },
    });
    expect(res.status).toBe(200);
    const mail = await h.waitForMail(
      (m) => m.text.includes(`UID:appointment-${id}@knowbefore`) && m.text.includes("METHOD:CANCEL"),
    );
    expect(mail.subject).toMatch(/^Cancelled/);
    expect(
      (await h.request("PATCH", "/api/appointments/99999999/cancel", { cookie: customer.cookie, body: {} }))
        .status,
    ).toBe(404);
  });

  it("answers someone else's appointment exactly as a missing one, and records the attempt", async () => {
    const id = await appointmentAt(new Date(Date.now() + 6 * 86_400_000));
    const missing = 99_999_999;
    const [elsewhere] = await h.sql<{ email: string }[]>`
      select email::text from salespeople
       where dealership_id is not null
         and dealership_id is distinct from (select dealership_id from salespeople where id = ${ny.id})
       order by id limit 1`;
    const stranger = await h.signIn(elsewhere!.email, "salesperson");
    const attempts = [
      { cookie: other.cookie, method: "PATCH", path: "/cancel", body: {} },
      {
        cookie: other.cookie,
        method: "POST",
        path: "/reschedule",
        body: { date: openDay(ny.time_zone, 10), time: "10:00" },
      },
      { cookie: stranger.cookie, method: "PATCH", path: "", body: { status: "completed" } },
    ] as const;
    for (const { cookie, method, path, body } of attempts) {
      const theirs = await h.request(method, `/api/appointments/${id}${path}`, { cookie, body });
      const none = await h.request(method, `/api/appointments/${missing}${path}`, { cookie, body });
      expect(theirs.status, `${method} ${path}`).toBe(404);
      expect(none.status, `${method} ${path}`).toBe(404);
      expect(theirs.json, `${method} ${path}`).toEqual(none.json);
    }
    const api = h.caller({
      user: other.user,
      session: { id: "s", userId: other.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const refusal = (error: { code: string; message: string }) => ({
      code: error.code,
      message: error.message,
    });
    const theirs = await api.appointments.byId({ id }).catch(refusal);
    expect(theirs).toEqual({ code: "NOT_FOUND", message: "Appointment not found" });
    expect(await api.appointments.byId({ id: missing }).catch(refusal)).toEqual(theirs);

    const [still] = await h.sql`select status from appointments where id = ${id}`;
    expect(still).toEqual({ status: "scheduled" });
    const denied = await h.sql<{ details: string }[]>`
      select details from security_events
       where event_type = 'authorization_denied' and details like ${`% appointment ${id}`} order by details`;
    expect(denied.map((e) => e.details)).toEqual([
      `cancellation of appointment ${id}`,
      `read of appointment ${id}`,
      `reschedule of appointment ${id}`,
      `status change of appointment ${id}`,
    ]);
  });

  it("lets the salesperson complete or mark no-show from scheduled only; customers and strangers get 403", async () => {
    // A visit that has started (an outcome is recorded only then: visit-rules.integration.test.ts).
    const id = await appointmentAt(new Date(Date.now() - 7 * 86_400_000 - 13 * 60_000));
    const owner = await h.signIn(ny.email, "salesperson");
    expect(
      (
        await h.request("PATCH", `/api/appointments/${id}`, {
          cookie: customer.cookie,
          body: { status: "completed" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await h.request("PATCH", `/api/appointments/${id}`, {
          cookie: owner.cookie,
          body: { status: "cancelled" },
        })
      ).status,
    ).toBe(400);
    const done = await h.request("PATCH", `/api/appointments/${id}`, {
      cookie: owner.cookie,
      body: { status: "completed" },
    });
    expect(done.status).toBe(200);
    expect(done.json.completedAt).toBeTruthy();
    const again = await h.request("PATCH", `/api/appointments/${id}`, {
      cookie: owner.cookie,
      body: { status: "no-show" },
    });
    expect(again.status).toBe(409);
  });

  it("reschedules as cancel-and-book in one transaction, and leaves both untouched on conflict", async () => {
    const date = openDay(ny.time_zone, 5);
    const first = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({ date, time: "09:00" }),
    });
    const taken = await h.request("POST", "/api/appointments", {
      cookie: other.cookie,
      body: booking({ date, time: "12:00" }),
    });
    expect(first.status).toBe(201);
    expect(taken.status).toBe(201);
    const clash = await h.request("POST", `/api/appointments/${first.json.id}/reschedule`, {
      cookie: customer.cookie,
      body: { date, time: "12:00" },
    });
    expect(clash.status).toBe(409);
    const [still] = await h.sql<
      { status: string }[]
    >`select status from appointments where id = ${first.json.id}`;
    expect(still!.status).toBe("scheduled");
    const moved = await h.request("POST", `/api/appointments/${first.json.id}/reschedule`, {
      cookie: customer.cookie,
      body: { date, time: "16:30" },
    });
    expect(moved.status).toBe(200);
    expect(moved.json.cancelled.status).toBe("cancelled");
    expect(moved.json.appointment.scheduledDateTime).toContain(`${date}T16:30`);
  });
});

describe("availability blocks", () => {
  it("blocks booking inside a block (409), lists clashing appointments, and enforces end after start", async () => {
    const owner = await h.signIn(ny.email, "salesperson");
    const date = openDay(ny.time_zone, 7);
    const booked = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({ date, time: "14:00" }),
    });
    expect(booked.status).toBe(201);
    const block = await h.request("POST", "/api/availability-blocks", {
      cookie: owner.cookie,
      body: {
        title: "Training",
        startDateTime: `${date}T13:00`,
        endDateTime: `${date}T15:00`,
        blockType: "training",
        reason: "Product launch",
        isRecurring: false,
        salespersonId: ny.id,
      },
    });
    expect(block.status).toBe(201);
    expect(block.json.clashingAppointments.map((a: { id: number }) => a.id)).toEqual([booked.json.id]);
    const inside = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({ date, time: "13:30" }),
    });
    expect(inside.status).toBe(409);
    expect(inside.json.code).toBe("SLOT_BLOCKED");
    const slots = await h.request("GET", `/api/appointments/salesperson/${ny.id}/${date}`);
    const state = (t: string) => slots.json.slots.find((s: { time: string }) => s.time === t).state;
    expect([state("12:30"), state("13:00"), state("14:00"), state("15:00")]).toEqual([
      "available",
      "blocked",
      "booked",
      "available",
    ]);

    const bad = await h.request("POST", "/api/availability-blocks", {
      cookie: owner.cookie,
      body: { title: "Oops", startDateTime: `${date}T15:00`, endDateTime: `${date}T14:00` },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe("End time must be after start time");
    const missing = await h.request("POST", "/api/availability-blocks", {
      cookie: owner.cookie,
      body: { title: "", startDateTime: `${date}T15:00`, endDateTime: `${date}T16:00` },
    });
    expect(missing.json.message).toBe("Please fill in all required fields");

    const list = await h.request("GET", `/api/availability-blocks/salesperson/${ny.id}`, {
      cookie: owner.cookie,
    });
    expect(list.json[0]).toMatchObject({
      title: "Training",
      blockType: "training",
      startTime: expect.any(String),
      endTime: expect.any(String),
    });
    const patched = await h.request("PATCH", `/api/availability-blocks/${block.json.id}`, {
      cookie: owner.cookie,
      body: { endDateTime: `${date}T13:30` },
    });
    expect(patched.status).toBe(200);
    expect(patched.json.clashingAppointments).toEqual([]);
    expect(
      (
        await h.request("PATCH", `/api/availability-blocks/${block.json.id}`, {
          cookie: customer.cookie,
          body: { title: "x" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.request("GET", `/api/availability-blocks/salesperson/${ny.id}`, { cookie: customer.cookie }))
        .status,
    ).toBe(403);
    expect(
      (await h.request("DELETE", `/api/availability-blocks/${block.json.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(200);
    expect(
      (await h.request("DELETE", `/api/availability-blocks/${block.json.id}`, { cookie: owner.cookie }))
        .status,
    ).toBe(404);
  });

  it("repeats weekly blocks and defaults the type to personal", async () => {
    const owner = await h.signIn(ny.email, "salesperson");
    const date = openDay(ny.time_zone, 9);
    const block = await h.request("POST", "/api/availability-blocks", {
      cookie: owner.cookie,
      body: {
        title: "Team meeting",
        startDateTime: `${date}T09:00`,
        endDateTime: `${date}T10:00`,
        isRecurring: true,
      },
    });
    expect(block.json.blockType).toBe("personal");
    const nextWeek = await h.request("GET", `/api/appointments/salesperson/${ny.id}/${addDays(date, 7)}`);
    expect(nextWeek.json.slots.slice(0, 3).map((s: { state: string }) => s.state)).toEqual([
      "blocked",
      "blocked",
      "available",
    ]);
    await h.request("DELETE", `/api/availability-blocks/${block.json.id}`, { cookie: owner.cookie });
  });
});

describe("waitlist", () => {
  it("e-mails the first waiting customer when a slot of that day frees up", async () => {
    const date = openDay(ny.time_zone, 11);
    const held = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking({ date, time: SLOT_TIMES[4] }),
    });
    const waiter = await h.signIn("waiter@example.org");
    const joined = await h.request("POST", "/api/appointments/waitlist", {
      cookie: waiter.cookie,
      body: { salespersonId: ny.id, date },
    });
    expect(joined.status).toBe(201);
    await h.request("PATCH", `/api/appointments/${held.json.id}/cancel`, {
      cookie: customer.cookie,
      body: {},
    });
    const mail = await h.waitForMail((m) => m.to.includes("waiter@example.org"));
    expect(mail.subject).toContain(date);
  });

  it("gives a refused notice back to the first waiting customer, and sends it on the retry once", async () => {
    const date = openDay(ny.time_zone, 12);
    const waiter = await h.signIn("second.waiter@example.org");
    const joined = await h.request("POST", "/api/appointments/waitlist", {
      cookie: waiter.cookie,
      body: { salespersonId: ny.id, date },
    });
    expect(joined.status).toBe(201);
    const notified = async () =>
      (
        await h.sql<{ at: Date | null }[]>`
          select w.notified_at as at from waitlist_entries w join users u on u.id = w.customer_id
           where u.email = 'second.waiter@example.org' and w.date = ${date}`
      )[0]!.at !== null;
    const refusing = {
      ...h.noticeDeps,
      mailer: {
        send: async () => {
          throw Object.assign(new Error("SMTP refused"), { responseCode: 451 });
        },
        close: () => {},
      },
    };
    const data = { salespersonId: ny.id, date };
    await expect(sendWaitlistNotice(refusing, data)).rejects.toThrow("SMTP refused");
    expect(await notified()).toBe(false);
    const before = h.smtp.messages.length;
    await sendWaitlistNotice(h.noticeDeps, data);
    await sendWaitlistNotice(h.noticeDeps, data);
    expect(await notified()).toBe(true);
    await h.waitForMail(
      (m) => h.smtp.messages.indexOf(m) >= before && m.to.includes("second.waiter@example.org"),
    );
    expect(
      h.smtp.messages.slice(before).filter((m) => m.to.includes("second.waiter@example.org")),
    ).toHaveLength(1);
  });
});
