// Calendars people already use: a salesperson's private feed (made, read by calendar apps with no session,
// replaced, turned off) lists exactly their visits, as ical.js reads it; a buyer's visit downloads as an .ics
// file only for the people the visit belongs to.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { hashToken } from "../src/server/credentials/tokens";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

/** The seeded salesperson with the most visits in the feed's window, and another one. */
const [seller, neighbour] = await h.sql<{ id: number; email: string; name: string }[]>`
  select s.id, s.email, s.name from salespeople s
   order by (select count(*) from appointments a
              where a.salesperson_id = s.id and a.starts_at > now() - interval '90 days') desc, s.id
   limit 2`;
const sellerSession = await h.signIn(seller!.email, "salesperson");
const buyer = await h.signIn("calendar.buyer@example.org");
const stranger = await h.signIn("calendar.stranger@example.org");

async function visit(salespersonId: number, startsAt: Date, status = "scheduled", customerId?: string) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                              customer_phone, cancelled_at)
    values (${salespersonId}, ${customerId ?? null}, 'Test Drive', ${startsAt}, ${status}, 'Cal Endar',
            '(512) 555-0199', ${status === "cancelled" ? new Date() : null})
    returning id`;
  return row!.id;
}

/** The events of an iCalendar text, as a calendar app reads them. */
function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
}

const feedPath = (url: string) => new URL(url).pathname;

describe("a salesperson's calendar feed", () => {
  it("is off until made; made, it answers its address once and keeps only the secret's hash", async () => {
    const before = await h.request("GET", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    expect(before.json).toEqual({ active: false, createdAt: null, lastReadAt: null });
    const made = await h.request("POST", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    expect(made.status).toBe(201);
    const token = feedPath(made.json.url).split("/").at(-1)!;
    expect(made.json.url).toBe(`${h.deps.env.APP_URL}/api/calendar-feeds/${token}`);
    expect(made.json.webcalUrl).toBe(made.json.url.replace(/^https?:/, "webcal:"));
    const [row] = await h.sql<Record<string, unknown>[]>`
      select * from calendar_feeds where salesperson_id = ${seller!.id}`;
    expect(row!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const after = await h.request("GET", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    expect(after.json).toMatchObject({ active: true, lastReadAt: null });
    expect(after.text).not.toContain(token);
  });

  it("lists exactly the salesperson's visits of the window, as ical.js parses them, with no session", async () => {
    const ahead = new Date(Date.now() + 9 * 86_400_000);
    ahead.setUTCMinutes(0, 0, 0);
    const upcoming = await visit(seller!.id, ahead);
    const cancelled = await visit(seller!.id, new Date(ahead.getTime() + 3_600_000), "cancelled");
    const tooOld = await visit(seller!.id, new Date(Date.now() - 91 * 86_400_000), "completed");
    const theirs = await visit(neighbour!.id, new Date(ahead.getTime() + 7_200_000));
    const made = await h.request("POST", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    const res = await h.request("GET", feedPath(made.json.url));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    const expected = await h.sql<{ id: number; starts_at: Date }[]>`
      select id, starts_at from appointments
       where salesperson_id = ${seller!.id} and status <> 'cancelled' and starts_at > now() - interval '90 days'
       order by starts_at, id`;
    expect(expected.length).toBeGreaterThan(1);
    const events = eventsOf(res.text);
    expect(events.map((e) => e.uid)).toEqual(expected.map((v) => `appointment-${v.id}@knowbefore`));
    for (const missing of [cancelled, tooOld, theirs])
      expect(events.some((e) => e.uid === `appointment-${missing}@knowbefore`)).toBe(false);
    const event = events.find((e) => e.uid === `appointment-${upcoming}@knowbefore`)!;
    expect(event.startDate.toJSDate().getTime()).toBe(ahead.getTime());
    expect(event.endDate.toJSDate().getTime() - ahead.getTime()).toBe(30 * 60_000);
    expect(event.summary).toBe("Test Drive with Cal Endar");
    const status = await h.request("GET", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    expect(new Date(status.json.lastReadAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a new address replaces the old one, and turning it off makes it answer 404", async () => {
    const first = await h.request("POST", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    const second = await h.request("POST", "/api/salesperson/calendar-feed", {
      cookie: sellerSession.cookie,
    });
    expect(second.json.url).not.toBe(first.json.url);
    const old = await h.request("GET", feedPath(first.json.url));
    expect(old.status).toBe(404);
    expect(old.json).toEqual({
      message: "This calendar address no longer works",
      code: "CALENDAR_FEED_NOT_FOUND",
    });
    expect((await h.request("GET", feedPath(second.json.url))).status).toBe(200);
    const off = await h.request("DELETE", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    expect(off.json).toEqual({ revoked: true });
    expect((await h.request("GET", feedPath(second.json.url))).status).toBe(404);
    const status = await h.request("GET", "/api/salesperson/calendar-feed", { cookie: sellerSession.cookie });
    expect(status.json.active).toBe(false);
    expect((await h.request("GET", "/api/calendar-feeds/not-a-feed")).status).toBe(404);
  });

  it("is a salesperson's own: buyers and visitors cannot make one", async () => {
    const asBuyer = await h.request("POST", "/api/salesperson/calendar-feed", { cookie: buyer.cookie });
    expect(asBuyer.status).toBe(403);
    expect((await h.request("POST", "/api/salesperson/calendar-feed")).status).toBe(401);
  });
});

describe("a visit as a calendar file", () => {
  it("adds the buyer's visit to their calendar, and is nobody else's to download", async () => {
    const startsAt = new Date(Date.now() + 12 * 86_400_000);
    startsAt.setUTCMinutes(30, 0, 0);
    const id = await visit(seller!.id, startsAt, "scheduled", buyer.userId);
    const res = await h.request("GET", `/api/visits/${id}/calendar`, { cookie: buyer.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/calendar");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="knowbefore-visit-${id}.ics"`);
    const [event, ...more] = eventsOf(res.text);
    expect(more).toHaveLength(0);
    expect(event!.uid).toBe(`appointment-${id}@knowbefore`);
    expect(event!.startDate.toJSDate().getTime()).toBe(startsAt.getTime());
    expect(event!.summary).toBe(`Test Drive with ${seller!.name}`);
    const asStranger = await h.request("GET", `/api/visits/${id}/calendar`, { cookie: stranger.cookie });
    expect(asStranger.status).toBe(404);
    expect((await h.request("GET", `/api/visits/${id}/calendar`)).status).toBe(401);
    const asSeller = await h.request("GET", `/api/visits/${id}/calendar`, { cookie: sellerSession.cookie });
    expect(eventsOf(asSeller.text)[0]!.summary).toBe("Test Drive with Cal Endar");
  });
});
