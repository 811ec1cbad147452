// Bookings honour opening hours: slot lists hold only visits wholly inside the dealership's hours (and the
// salesperson's own working hours), and a booking or a move outside them is refused, by REST and tRPC alike.
import { describe, expect, it } from "vitest";
import { weekdayOf } from "../src/shared/openingHours";
import { SLOT_TIMES } from "../src/shared/slots";
import { addDays, todayIn } from "../src/shared/time";
import { createHarness } from "./support/harness";
import { DEMO_HOURS } from "./support/openHours";

const h = await createHarness();
await h.seed(0.05);

const [ny] = await h.sql<{ id: number; email: string; time_zone: string }[]>`
  select s.id, s.email, s.time_zone from salespeople s join dealerships d on d.id = s.dealership_id
   where s.time_zone = 'America/New_York' and d.hours is not null order by s.id limit 1`;
const customer = await h.signIn("hours.booker@example.org");

/** The next local date (from a week ahead, clear of today's passing hours) that falls on `weekday`. */
function next(weekday: string, from = 7): string {
  let date = addDays(todayIn(ny!.time_zone), from);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
}
const sunday = next("sunday");
const monday = next("monday");
const saturday = next("saturday");

function booking(date: string, time: string, salespersonId = ny!.id) {
  return {
    salespersonId,
    date,
    time,
    appointmentType: "Test Drive" as const,
    customerName: "Hours Booker",
    customerPhone: "(512) 555-0177",
  };
}

const buyer = h.caller({
  user: customer.user,
  session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
});

describe("slot lists", () => {
  it("list a closed day with no slots, and say who is closed", async () => {
    expect(DEMO_HOURS.sunday).toBeNull();
    const day = await buyer.appointments.daySlots({ id: ny!.id, date: sunday });
    expect(day).toMatchObject({ date: sunday, hours: null, closed: "dealership", slots: [] });
  });

  it("hold only slots whose whole half hour ends by closing time", async () => {
    const weekday = await buyer.appointments.daySlots({ id: ny!.id, date: monday });
    expect(weekday.hours).toEqual({ open: "09:00", close: "20:00" });
    expect(weekday.closed).toBeNull();
    expect(weekday.slots.map((s) => s.time)).toEqual(SLOT_TIMES.filter((t) => t <= "19:30"));
    const short = await buyer.appointments.daySlots({ id: ny!.id, date: saturday });
    expect(short.slots.at(-1)?.time).toBe("17:30");
    // The REST twin answers the same list.
    const rest = await h.request("GET", `/api/appointments/salesperson/${ny!.id}/${saturday}`);
    expect(rest.status).toBe(200);
    expect(rest.json.slots.at(-1).time).toBe("17:30");
  });
});

describe("refused bookings", () => {
  it("REST: a visit on a closed day, or ending after closing, is 422 OUTSIDE_OPENING_HOURS; one at 19:30 books", async () => {
    const closed = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking(sunday, "20:30"),
    });
    expect(closed.status).toBe(422);
    expect(closed.json).toEqual({
      message:
        "The dealership is closed at that time (Sunday 20:30). Choose a time within its opening hours.",
      code: "OUTSIDE_OPENING_HOURS",
    });
    const late = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking(monday, "20:00"),
    });
    expect(late.status).toBe(422);
    expect(late.json.code).toBe("OUTSIDE_OPENING_HOURS");
    const [none] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from appointments where salesperson_id = ${ny!.id} and customer_id = ${customer.userId}`;
    expect(none!.n).toBe(0);
    const last = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking(monday, "19:30"),
    });
    expect(last.status).toBe(201);
  });

  it("tRPC: the same refusal, with its reason", async () => {
    await expect(buyer.appointments.book(booking(saturday, "18:00"))).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
      message:
        "The dealership is closed at that time (Saturday 18:00). Choose a time within its opening hours.",
      cause: { reason: "OUTSIDE_OPENING_HOURS" },
    });
  });

  it("a move to a closed time is refused and leaves the visit as it was", async () => {
    const booked = await buyer.appointments.book(booking(monday, "11:00"));
    const moved = await h.request("POST", `/api/appointments/${booked.id}/reschedule`, {
      cookie: customer.cookie,
      body: { date: sunday, time: "11:00" },
    });
    expect(moved.status).toBe(422);
    expect(moved.json.code).toBe("OUTSIDE_OPENING_HOURS");
    await expect(
      buyer.appointments.reschedule({ id: booked.id, date: sunday, time: "11:00" }),
    ).rejects.toMatchObject({
      code: "UNPROCESSABLE_CONTENT",
    });
    const [still] = await h.sql<
      { status: string }[]
    >`select status from appointments where id = ${booked.id}`;
    expect(still!.status).toBe("scheduled");
  });
});

describe("a salesperson's own working hours", () => {
  it("narrow the slots and refuse bookings outside them; cleared, the dealership's hours apply", async () => {
    const seller = await h.signIn(ny!.email, "salesperson");
    const staff = h.caller({
      user: seller.user,
      session: { id: "s", userId: seller.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    const own = { ...DEMO_HOURS, monday: { open: "13:00", close: "22:00" }, saturday: null };
    const saved = await staff.availability.setWorkingHours({ id: ny!.id, hours: own });
    expect(saved).toMatchObject({ salespersonId: ny!.id, hours: own, dealershipHours: DEMO_HOURS });

    const day = await buyer.appointments.daySlots({ id: ny!.id, date: monday });
    expect(day.hours).toEqual({ open: "13:00", close: "20:00" });
    expect(day.slots[0]?.time).toBe("13:00");
    expect(day.slots.at(-1)?.time).toBe("19:30");
    expect((await buyer.appointments.daySlots({ id: ny!.id, date: saturday })).closed).toBe("salesperson");

    const refused = await h.request("POST", "/api/appointments", {
      cookie: customer.cookie,
      body: booking(monday, "10:00"),
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(
      "The salesperson is not working at that time (Monday 10:00). Choose a time within their working hours.",
    );

    await staff.availability.setWorkingHours({ id: ny!.id, hours: null });
    expect((await staff.availability.workingHours({ id: ny!.id })).hours).toBeNull();
    expect((await buyer.appointments.daySlots({ id: ny!.id, date: monday })).slots[0]?.time).toBe("09:00");
  });

  it("are read and set by REST too: the salesperson's own path, bad hours a 400, another's a refusal", async () => {
    const seller = await h.signIn(ny!.email, "salesperson");
    const path = `/api/working-hours/salesperson/${ny!.id}`;
    const own = { ...DEMO_HOURS, monday: { open: "10:00", close: "12:00" }, tuesday: null };
    const put = await h.request("PUT", path, { cookie: seller.cookie, body: { hours: own } });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ salespersonId: ny!.id, hours: own, dealershipHours: DEMO_HOURS });
    const read = await h.request("GET", path, { cookie: seller.cookie });
    expect(read.status).toBe(200);
    expect(read.json.hours).toEqual(own);
    expect((await buyer.appointments.daySlots({ id: ny!.id, date: monday })).hours).toEqual({
      open: "10:00",
      close: "12:00",
    });

    const backwards = await h.request("PUT", path, {
      cookie: seller.cookie,
      body: { hours: { ...own, monday: { open: "12:00", close: "10:00" } } },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.message).toContain("Closing time must be after opening time");
    expect((await h.request("GET", path, { cookie: customer.cookie })).status).toBe(403);
    expect((await h.request("GET", path)).status).toBe(401);

    const cleared = await h.request("PUT", path, { cookie: seller.cookie, body: { hours: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.json.hours).toBeNull();
  });

  it("an independent salesperson with no hours keeps the whole grid, every day", async () => {
    const [independent] = await h.sql<{ id: number }[]>`
      select id from salespeople where dealership_id is null and working_hours is null order by id limit 1`;
    const day = await buyer.appointments.daySlots({ id: independent!.id, date: sunday });
    expect(day.hours).toBeNull();
    expect(day.closed).toBeNull();
    expect(day.slots.map((s) => s.time)).toEqual(SLOT_TIMES);
  });
});
