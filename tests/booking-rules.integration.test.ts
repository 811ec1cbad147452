// Booking rules a salesperson keeps (visit lengths by kind, minimum notice, a gap after visits, a daily limit):
// set by the salesperson, enforced by the server on every booking, and shown by the slot grid, which never
// offers a time the server would refuse.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOOKING_RULES } from "../src/shared/bookingRules";
import { addDays, todayIn } from "../src/shared/time";
import { createHarness } from "./support/harness";
import { openDay } from "./support/openHours";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

/** A dealership's salesperson (its hours: weekdays 09:00 to 20:00) and an independent one (no hours at all). */
const [atDealership] = await h.sql<{ id: number; email: string; time_zone: string }[]>`
  select s.id, s.email, s.time_zone from salespeople s join dealerships d on d.id = s.dealership_id
   where s.verified_at is not null and d.hours is not null and s.working_hours is null
   order by s.id desc limit 1`;
const [independent] = await h.sql<{ id: number; email: string; time_zone: string }[]>`
  select id, email, time_zone from salespeople where dealership_id is null order by id limit 1`;
const seller = await h.signIn(atDealership!.email, "salesperson");
const soloSeller = await h.signIn(independent!.email, "salesperson");
const buyer = await h.signIn("rules.buyer@example.org");

type Rules = typeof DEFAULT_BOOKING_RULES;
const rulesWith = (
  changes: Partial<Omit<Rules, "visitMinutes">> & { visitMinutes?: Partial<Rules["visitMinutes"]> },
): Rules => ({
  ...DEFAULT_BOOKING_RULES,
  ...changes,
  visitMinutes: { ...DEFAULT_BOOKING_RULES.visitMinutes, ...changes.visitMinutes },
});

async function setRules(who: { cookie: string }, id: number, rules: Rules | null) {
  const res = await h.request("PUT", `/api/booking-rules/salesperson/${id}`, {
    cookie: who.cookie,
    body: { rules },
  });
  expect(res.status, res.text).toBe(200);
  return res.json;
}

function book(salespersonId: number, date: string, time: string, appointmentType = "Test Drive") {
  return h.request("POST", "/api/appointments", {
    cookie: buyer.cookie,
    body: {
      salespersonId,
      date,
      time,
      appointmentType,
      customerName: "Rue Les",
      customerPhone: "(512) 555-0142",
    },
  });
}

async function grid(salespersonId: number, date: string, appointmentType?: string) {
  const query = appointmentType ? `?appointmentType=${encodeURIComponent(appointmentType)}` : "";
  const res = await h.request("GET", `/api/appointments/salesperson/${salespersonId}/${date}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.json as { visitMinutes: number; slots: { time: string; state: string }[] };
}
const stateAt = (day: { slots: { time: string; state: string }[] }, time: string) =>
  day.slots.find((s) => s.time === time)?.state;

describe("the rules themselves", () => {
  it("start as the defaults, are the salesperson's to set, and refuse values outside the choices", async () => {
    const before = await h.request("GET", `/api/booking-rules/salesperson/${atDealership!.id}`, {
      cookie: seller.cookie,
    });
    expect(before.json).toEqual({
      salespersonId: atDealership!.id,
      rules: DEFAULT_BOOKING_RULES,
      custom: false,
    });
    const bad = await h.request("PUT", `/api/booking-rules/salesperson/${atDealership!.id}`, {
      cookie: seller.cookie,
      body: {
        rules: {
          ...DEFAULT_BOOKING_RULES,
          visitMinutes: { ...DEFAULT_BOOKING_RULES.visitMinutes, "Test Drive": 50 },
        },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("Test Drive length must be one of 30, 45, 60, 90, 120");
    const noCap = await h.request("PUT", `/api/booking-rules/salesperson/${atDealership!.id}`, {
      cookie: seller.cookie,
      body: { rules: rulesWith({ dailyCap: 0 }) },
    });
    expect(noCap.status).toBe(400);
    const asBuyer = await h.request("PUT", `/api/booking-rules/salesperson/${atDealership!.id}`, {
      cookie: buyer.cookie,
      body: { rules: null },
    });
    expect(asBuyer.status).toBe(403);
    const saved = await setRules(seller, atDealership!.id, rulesWith({ visitMinutes: { "Test Drive": 60 } }));
    expect(saved).toMatchObject({ custom: true, rules: { visitMinutes: { "Test Drive": 60 } } });
  });
});

describe("lengths and the gap after visits", () => {
  it("hold a 60-minute test drive and 30 minutes after it, in the grid and at the server alike", async () => {
    await setRules(
      seller,
      atDealership!.id,
      rulesWith({ visitMinutes: { "Test Drive": 60 }, bufferMinutes: 30 }),
    );
    const date = openDay(atDealership!.time_zone, 6);
    const booked = await book(atDealership!.id, date, "10:00");
    expect(booked.status, booked.text).toBe(201);
    expect(booked.json.durationMinutes).toBe(60);
    const drives = await grid(atDealership!.id, date, "Test Drive");
    expect(drives.visitMinutes).toBe(60);
    // A new hour plus its 30 minutes may not reach 10:00, and nothing starts before 11:30.
    for (const time of ["09:00", "09:30", "10:00", "10:30", "11:00"])
      expect(stateAt(drives, time)).toBe("booked");
    expect(stateAt(drives, "11:30")).toBe("available");
    const viewings = await grid(atDealership!.id, date, "Car Viewing");
    expect(viewings.visitMinutes).toBe(30);
    expect(stateAt(viewings, "09:00")).toBe("available");
    expect(stateAt(viewings, "09:30")).toBe("booked");
    expect((await book(atDealership!.id, date, "09:30", "Car Viewing")).json.code).toBe(
      "SCHEDULING_CONFLICT",
    );
    expect((await book(atDealership!.id, date, "11:00", "Car Viewing")).json.code).toBe(
      "SCHEDULING_CONFLICT",
    );
    expect((await book(atDealership!.id, date, "11:30", "Car Viewing")).status).toBe(201);
  });

  it("offer no hour-long visit that would run past closing, and the server refuses one", async () => {
    await setRules(seller, atDealership!.id, rulesWith({ visitMinutes: { "Test Drive": 60 } }));
    const date = openDay(atDealership!.time_zone, 7);
    const drives = await grid(atDealership!.id, date, "Test Drive");
    expect(drives.slots.at(-1)?.time).toBe("19:00");
    const late = await book(atDealership!.id, date, "19:30");
    expect(late.status).toBe(422);
    expect(late.json.code).toBe("OUTSIDE_OPENING_HOURS");
    expect((await grid(atDealership!.id, date, "Car Viewing")).slots.at(-1)?.time).toBe("19:30");
  });

  it("never offer a time the server refuses, nor refuse one they offer", async () => {
    await setRules(
      seller,
      atDealership!.id,
      rulesWith({ visitMinutes: { "Test Drive": 90 }, bufferMinutes: 15 }),
    );
    const date = openDay(atDealership!.time_zone, 8);
    expect((await book(atDealership!.id, date, "13:00")).status).toBe(201);
    const day = await grid(atDealership!.id, date, "Test Drive");
    const closed = day.slots.filter((s) => s.state !== "available");
    expect(closed.length).toBeGreaterThan(2);
    for (const slot of closed)
      expect((await book(atDealership!.id, date, slot.time)).status).toBeGreaterThanOrEqual(400);
    const open = day.slots.filter((s) => s.state === "available");
    const first = await book(atDealership!.id, date, open[0]!.time);
    expect(first.status, first.text).toBe(201);
  });
});

describe("notice and the daily limit", () => {
  it("mark times inside the notice as too soon, and the server refuses them with the rule's words", async () => {
    await setRules(soloSeller, independent!.id, rulesWith({ minNoticeHours: 48 }));
    const tomorrow = addDays(todayIn(independent!.time_zone), 1);
    const day = await grid(independent!.id, tomorrow);
    expect(new Set(day.slots.map((s) => s.state))).toEqual(new Set(["too-soon"]));
    const refused = await book(independent!.id, tomorrow, "15:00");
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({
      message: "This salesperson needs at least 48 hours' notice: choose a later time",
      code: "NOTICE_TOO_SHORT",
    });
    const later = addDays(tomorrow, 3);
    expect(stateAt(await grid(independent!.id, later), "15:00")).toBe("available");
    expect((await book(independent!.id, later, "15:00")).status).toBe(201);
  });

  it("fill a day at its limit: the rest of it shows full and concurrent bookings stop at the limit", async () => {
    await setRules(soloSeller, independent!.id, rulesWith({ dailyCap: 2 }));
    const date = addDays(todayIn(independent!.time_zone), 9);
    const times = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"];
    const results = await Promise.all(times.map((time) => book(independent!.id, date, time)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.json.code)).toEqual(Array(6).fill("DAILY_LIMIT_REACHED"));
    const day = await grid(independent!.id, date);
    expect(day.slots.filter((s) => s.state === "available")).toHaveLength(0);
    expect(day.slots.filter((s) => s.state === "full").length).toBeGreaterThan(10);
    const [count] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from appointments
       where salesperson_id = ${independent!.id} and status = 'scheduled'
         and (starts_at at time zone ${independent!.time_zone})::date = ${date}::date`;
    expect(count!.n).toBe(2);
  });
});

describe("the next open time", () => {
  it("is the first time the slot grid offers, day by day, for each salesperson asked about", async () => {
    await setRules(soloSeller, independent!.id, rulesWith({ minNoticeHours: 48, bufferMinutes: 30 }));
    const res = await h.request(
      "GET",
      `/api/appointments/next-open?ids=${independent!.id},${atDealership!.id}`,
    );
    expect(res.status, res.text).toBe(200);
    for (const person of [independent!, atDealership!]) {
      let expected: { date: string; time: string } | null = null;
      for (let d = 0; d <= 14 && !expected; d++) {
        const date = addDays(todayIn(person.time_zone), d);
        const open = (await grid(person.id, date)).slots.find((s) => s.state === "available");
        if (open) expected = { date, time: open.time };
      }
      expect(expected).not.toBeNull();
      expect(res.json[String(person.id)]).toMatchObject(expected!);
    }
    // Two days of notice: nothing sooner than 48 hours from now.
    const next = res.json[String(independent!.id)];
    expect(new Date(next.startsAt).getTime()).toBeGreaterThanOrEqual(Date.now() + 48 * 3_600_000 - 60_000);
    const missing = await h.request("GET", "/api/appointments/next-open?ids=99999999");
    expect(missing.json).toEqual({});
    expect((await h.request("GET", "/api/appointments/next-open?ids=abc")).status).toBe(400);
  });
});
