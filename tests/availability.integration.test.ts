// Browsing by when salespeople are free: "available today", "this weekend" and "on a date", and the soonest
// available first, from the open times the server keeps (salesperson_openings), which follow the slot rules of
// booking, the visits booked and the clock.
import { beforeAll, describe, expect, it } from "vitest";
import {
  moveLapsedOpenings,
  refreshAllOpenings,
  refreshDueOpenings,
  refreshOpenings,
} from "../src/server/domains/appointments/openings";
import { calendarsOf, openTimes, people } from "../src/server/domains/appointments/slotLists";
import { DEFAULT_BOOKING_RULES } from "../src/shared/bookingRules";
import { SLOT_MINUTES } from "../src/shared/slots";
import { addDays, fromZoned, todayIn } from "../src/shared/time";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.05);

/**
 * A zone whose clock reads about 10:00 now (an Etc/GMT zone, whose sign is the reverse of its offset), so that
 * today has open times left however late the test runs: the grid runs from 09:00 to 21:00.
 */
function morningZone(now = new Date()): string {
  let offset = (10 - now.getUTCHours() + 24) % 24;
  if (offset > 14) offset -= 24;
  return offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}
const zone = morningZone();
const today = todayIn(zone);
/** A date three days on, and the coming Saturday and Sunday (today's weekend when it is one). */
const later = addDays(today, 3);
const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
const saturday = addDays(today, weekday === 0 ? -1 : 6 - weekday);
const WEEKDAYS_ONLY = {
  monday: { open: "09:00", close: "21:00" },
  tuesday: { open: "09:00", close: "21:00" },
  wednesday: { open: "09:00", close: "21:00" },
  thursday: { open: "09:00", close: "21:00" },
  friday: { open: "09:00", close: "21:00" },
  saturday: null,
  sunday: null,
};

const [dealership] = await h.sql<{ id: number }[]>`
  insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
  values ('Freetime Motors', '1 Clock St', 'Freetime', 'TX', '78701', ${zone}, 30.27, -97.74) returning id`;

async function seller(
  key: string,
  rating: number,
  extra: { working_hours?: unknown; booking_rules?: unknown } = {},
) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into salespeople (name, email, dealership_id, city, state, time_zone, average_rating, total_reviews,
                             verified_at, working_hours, booking_rules)
    values (${`Freetime ${key}`}, ${`freetime.${key}@example.com`}, ${dealership!.id}, 'Freetime', 'TX', ${zone},
            ${rating}, 3, now(), ${extra.working_hours ? h.sql.json(extra.working_hours as never) : null},
            ${extra.booking_rules ? h.sql.json(extra.booking_rules as never) : null})
    returning id`;
  return row!.id;
}
/** Open all day, every day. */
const open = await seller("open", 4.9);
/** Away all of today. */
const awayToday = await seller("away", 4.8);
/** Asks for two days' notice. */
const twoDaysNotice = await seller("notice", 4.7, {
  booking_rules: { ...DEFAULT_BOOKING_RULES, minNoticeHours: 48 },
});
/** Works on weekdays only. */
const weekdaysOnly = await seller("weekdays", 4.6, { working_hours: WEEKDAYS_ONLY });
/** Away all of the later date. */
const awayLater = await seller("later", 4.5);
const everyone = [open, awayToday, twoDaysNotice, weekdaysOnly, awayLater];

async function awayOn(id: number, date: string) {
  await h.sql`
    insert into availability_blocks (salesperson_id, title, starts_at, ends_at)
    values (${id}, 'Away', ${fromZoned(date, "00:00", zone)}, ${fromZoned(addDays(date, 1), "00:00", zone)})`;
}

beforeAll(async () => {
  await awayOn(awayToday, today);
  await awayOn(awayLater, later);
  await refreshAllOpenings(h.sql);
});

type Card = { id: number };
async function browse(query: Record<string, string>) {
  const res = await h.request(
    "GET",
    `/api/salespeople?${new URLSearchParams({ city: "Freetime", ...query })}`,
  );
  expect(res.status, res.text).toBe(200);
  return (res.json as Card[]).map((c) => c.id);
}

/** The open times a salesperson's row keeps, each grid time of its runs (every SLOT_MINUTES from a run's first). */
async function keptGridTimes(id: number): Promise<string[]> {
  const rows = await h.sql<{ at: Date }[]>`
    select g as at from salesperson_openings o cross join lateral unnest(o.open_ranges) r
     cross join lateral generate_series(lower(r), upper(r), make_interval(mins => ${SLOT_MINUTES})) g
     where o.salesperson_id = ${id} order by g`;
  return rows.map((row) => row.at.toISOString());
}

/** The open times the slot rules list for these salespeople as of `now` (what a recompute keeps). */
async function listedTimes(ids: number[], now: Date): Promise<Map<number, string[]>> {
  const calendar = await calendarsOf(h.sql, ids, now);
  return new Map(
    (await people(h.sql, ids, "all")).map((person) => [
      person.id,
      [...openTimes(person, calendar(person.id), now)].map((o) => o.slot.startsAt.toISOString()),
    ]),
  );
}

/**
 * Times from an hour past the salespeople's notice on: what a row keeps and what a recompute lists agree there
 * however the clock moved between the two (a kept time that lapsed meanwhile is one only the row still has).
 */
const aheadOf = (times: readonly string[] | undefined, now: Date, noticeHours = 0) =>
  (times ?? []).filter((at) => Date.parse(at) > now.getTime() + (noticeHours + 1) * 3_600_000);

async function nextOpen(ids: number[]) {
  const res = await h.request("GET", `/api/appointments/next-open?ids=${ids.join(",")}`);
  expect(res.status, res.text).toBe(200);
  return res.json as Record<string, { startsAt: string; date: string } | null>;
}

/** Whom the rules leave free on a date, from the slot grid booking itself serves. */
async function freeOn(date: string) {
  const free: number[] = [];
  for (const id of everyone) {
    const res = await h.request("GET", `/api/appointments/salesperson/${id}/${date}`);
    expect(res.status, res.text).toBe(200);
    if ((res.json as { slots: { state: string }[] }).slots.some((s) => s.state === "available"))
      free.push(id);
  }
  return free;
}

describe("availability filters", () => {
  it("list today only those with an open time left today, as the slot grid has it", async () => {
    const listed = await browse({ available: "today" });
    expect(listed.sort()).toEqual((await freeOn(today)).sort());
    expect(listed).toContain(open);
    expect(listed).not.toContain(awayToday);
    expect(listed).not.toContain(twoDaysNotice);
  });

  it("list on a date those free that day, and this weekend those free on its Saturday or Sunday", async () => {
    const onLater = await browse({ available: later });
    expect(onLater.sort()).toEqual((await freeOn(later)).sort());
    expect(onLater).toContain(twoDaysNotice);
    expect(onLater).not.toContain(awayLater);
    const weekend = await browse({ available: "weekend" });
    const free = new Set([...(await freeOn(saturday)), ...(await freeOn(addDays(saturday, 1)))]);
    expect(weekend.sort()).toEqual([...free].sort());
    expect(weekend).not.toContain(weekdaysOnly);
    expect(weekend).toContain(open);
  });

  it("refuse a date outside the two weeks kept, and anything that is not a date", async () => {
    for (const available of [addDays(todayIn("UTC"), 20), addDays(todayIn("UTC"), -3)]) {
      const res = await h.request("GET", `/api/salespeople?available=${available}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: "AVAILABLE_DATE_OUT_OF_RANGE" });
    }
    const res = await h.request("GET", "/api/salespeople?available=tomorrow");
    expect(res.status).toBe(400);
    expect(res.text).toContain("available must be today, weekend or a date");
  });
});

describe("soonest available first", () => {
  it("orders by the next open time the cards show, ties by id", async () => {
    const order = await browse({ sort: "soonest" });
    const next = await nextOpen(order);
    const keys = order.map((id) => [next[String(id)]?.startsAt ?? "~", id] as const);
    expect(order.length).toBe(everyone.length);
    expect(keys).toEqual(
      [...keys].sort((a, b) =>
        Date.parse(a[0]) === Date.parse(b[0])
          ? a[1] - b[1]
          : a[0] === "~"
            ? 1
            : b[0] === "~"
              ? -1
              : Date.parse(a[0]) - Date.parse(b[0]),
      ),
    );
    expect(order.at(-1)).toBe(twoDaysNotice);
  });

  it("pages by cursor through the same order", async () => {
    const whole = await browse({ sort: "soonest" });
    const seen: number[] = [];
    let after: string | null = null;
    do {
      const query: Record<string, string> = { city: "Freetime", sort: "soonest", limit: "2" };
      if (after) query.after = after;
      const res = await h.request("GET", `/api/salespeople?${new URLSearchParams(query)}`);
      expect(res.status, res.text).toBe(200);
      seen.push(...(res.json as Card[]).map((c) => c.id));
      after = res.headers.get("x-next-cursor");
    } while (after);
    expect(seen).toEqual(whole);
  });

  it("orders a search near a place by the kept next open times too, each card with its distance", async () => {
    const near = { lat: "30.27", lng: "-97.74", radius: "10", sort: "soonest", available: "today" };
    const res = await h.request("GET", `/api/salespeople?${new URLSearchParams({ ...near, limit: "100" })}`);
    expect(res.status, res.text).toBe(200);
    const cards = res.json as (Card & { distanceMiles: number })[];
    expect(cards.map((c) => c.id)).toContain(open);
    expect(cards.every((c) => typeof c.distanceMiles === "number")).toBe(true);
    const kept = await h.sql<{ id: number }[]>`
      select salesperson_id as id from salesperson_openings where salesperson_id in ${h.sql(cards.map((c) => c.id))}
       order by coalesce(next_open_at, 'infinity'), salesperson_id`;
    expect(cards.map((c) => c.id)).toEqual(kept.map((r) => r.id));
    const paged: number[] = [];
    let after: string | null = null;
    do {
      const query = new URLSearchParams({ ...near, limit: "3", ...(after ? { after } : {}) });
      const page = await h.request("GET", `/api/salespeople?${query}`);
      expect(page.status, page.text).toBe(200);
      paged.push(...(page.json as Card[]).map((c) => c.id));
      after = page.headers.get("x-next-cursor");
    } while (after);
    expect(paged).toEqual(cards.map((c) => c.id));
  });

  it("walks the soonest order itself when a filter matches more than the bounded count", async () => {
    const [bulk] = await h.sql<{ id: number }[]>`
      insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
      values ('Bulk Motors', '2 Clock St', 'Bulkton', 'TX', '78701', ${zone}, 30.27, -97.74) returning id`;
    await h.sql`
      insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at, booking_rules)
      select 'Bulk ' || n, 'bulk.' || n || '@example.com', ${bulk!.id}, 'Bulkton', 'TX', ${zone}, now(),
             ${h.sql.json(DEFAULT_BOOKING_RULES as never)}::jsonb
               || jsonb_build_object('minNoticeHours', (array[0, 2, 24, 48])[1 + n % 4])
        from generate_series(1, 1010) n`;
    await refreshAllOpenings(h.sql);
    const res = await h.request("GET", "/api/salespeople?city=Bulkton&sort=soonest&limit=50");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("x-total-count-exact")).toBe("false");
    const ids = (res.json as Card[]).map((c) => c.id);
    const kept = await h.sql<{ id: number }[]>`
      select o.salesperson_id as id from salesperson_openings o join salespeople s on s.id = o.salesperson_id
       where s.city = 'Bulkton' order by coalesce(o.next_open_at, 'infinity'), o.salesperson_id limit 50`;
    expect(ids).toEqual(kept.map((r) => r.id));
    const next = await nextOpen(ids.slice(0, 20));
    const times = ids.slice(0, 20).map((id) => Date.parse(next[String(id)]!.startsAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    // The walk reads the city each row keeps: someone who moves to Bulkton, sooner open than all of it, leads it.
    const [mover] = await h.sql<{ id: number }[]>`
      update salespeople set city = 'Bulkton'
       where id = (select o.salesperson_id from salesperson_openings o join salespeople s on s.id = o.salesperson_id
                    where s.city <> 'Bulkton' and o.next_open_at is not null and s.verified_at is not null
                    order by o.next_open_at, o.salesperson_id limit 1)
       returning id`;
    const moved = await h.request("GET", "/api/salespeople?city=Bulkton&sort=soonest&limit=5");
    expect((moved.json as Card[])[0]?.id).toBe(mover!.id);
  });
});

describe("what is kept", () => {
  it("keeps each salesperson's open times as the slot rules list them, in order, batch after batch", async () => {
    const now = new Date();
    const ids = (await h.sql<{ id: number }[]>`select id from salespeople order by id`).map((r) => r.id);
    // Bulkton's (above) make this more than ten of the refresh's batches, each written while the next is computed.
    expect(ids.length).toBeGreaterThan(1000);
    expect(await refreshOpenings(h.sql, ids, now, null)).toEqual({ written: ids.length, failed: [] });
    const listed = await listedTimes(ids, now);
    const kept = await h.sql<{ id: number; next: Date | null; stale: boolean }[]>`
      select salesperson_id as id, next_open_at as next, stale from salesperson_openings
       where salesperson_id in ${h.sql(ids)} order by salesperson_id`;
    expect(kept.map((row) => row.id)).toEqual(ids);
    for (const row of kept) {
      const starts = listed.get(row.id)!;
      expect(await keptGridTimes(row.id), `salesperson ${row.id}`).toEqual(starts);
      expect(row.next?.toISOString() ?? null).toBe(starts[0] ?? null);
      expect(row.stale).toBe(false);
    }
    expect([...listed.values()].filter((starts) => starts.length > 20).length).toBeGreaterThan(1000);
  });

  it("follows a booking at once: its times leave the row in the booking's own statement", async () => {
    const before = (await nextOpen([open]))[String(open)]!;
    const buyer = await h.signIn("freetime.buyer@example.org");
    const time = before.startsAt.slice(11, 16);
    const booked = await h.request("POST", "/api/appointments", {
      cookie: buyer.cookie,
      body: {
        salespersonId: open,
        date: before.date,
        time,
        appointmentType: "General Consultation",
        customerName: "Fran Time",
        customerPhone: "(512) 555-0177",
      },
    });
    expect(booked.status, booked.text).toBe(201);
    const [row] = await h.sql<{ next: Date; stale: boolean }[]>`
      select next_open_at as next, stale from salesperson_openings where salesperson_id = ${open}`;
    expect(row!.stale).toBe(false);
    expect(row!.next.getTime()).toBeGreaterThan(Date.parse(before.startsAt));
    expect(row!.next.toISOString()).toBe(
      new Date((await nextOpen([open]))[String(open)]!.startsAt).toISOString(),
    );
    const now = new Date();
    expect(aheadOf(await keptGridTimes(open), now)).toEqual(
      aheadOf((await listedTimes([open], now)).get(open), now),
    );
  });

  it("moves a next open time on once the clock passes it, without recomputing", async () => {
    const [first, second] = await keptGridTimes(open);
    const run = await refreshDueOpenings(h.sql, { now: new Date(Date.parse(first!) + 1000), budgetMs: 0 });
    expect(run.moved).toBeGreaterThan(0);
    const [moved] = await h.sql<{ next: Date }[]>`
      select next_open_at as next from salesperson_openings where salesperson_id = ${open}`;
    expect(moved!.next.toISOString()).toBe(second);
  });

  it("moves lapsed rows in batches, passing over a row a booking holds instead of waiting for it", async () => {
    // Three days on, every row with a next open time before then has lapsed: more than one batch of 10.
    const threeDaysOn = new Date(Date.now() + 3 * 86_400_000);
    const due = async () =>
      (
        await h.sql<{ id: number }[]>`
        select salesperson_id as id from salesperson_openings where bookable_until < ${threeDaysOn}`
      ).map((r) => r.id);
    const lapsed = await due();
    expect(lapsed.length).toBeGreaterThan(30);
    const [held, ...rest] = lapsed;
    const holder = await h.sql.reserve();
    const job = await h.sql.reserve();
    try {
      await holder`begin`;
      await holder`update salesperson_openings set stale = stale where salesperson_id = ${held!}`;
      // Waiting on the held row would fail here instead of passing the row over.
      await job`set lock_timeout = '2s'`;
      const moved = await moveLapsedOpenings(job, threeDaysOn, { batch: 10, pace: null });
      expect(moved).toBe(rest.length);
      expect(await due()).toEqual([held]);
      await holder`rollback`;
      expect(await moveLapsedOpenings(job, threeDaysOn, { batch: 10, pace: null })).toBe(1);
      expect(await due()).toEqual([]);
    } finally {
      await job`reset lock_timeout`;
      holder.release();
      job.release();
    }
    await refreshAllOpenings(h.sql);
  });

  it("keeps no open times for a salesperson whose rules cannot be read, and recomputes the rest of the batch", async () => {
    const [broken] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, dealership_id, city, state, time_zone, verified_at)
      values ('Freetime Nowhere', 'freetime.nowhere@example.com', ${dealership!.id}, 'Freetime', 'TX',
              'Nowhere/Atall', now())
      returning id`;
    const run = await refreshOpenings(h.sql, [broken!.id, open]);
    expect(run).toEqual({ written: 2, failed: [broken!.id] });
    const rows = await h.sql<{ id: number; zone: string; next: Date | null }[]>`
      select salesperson_id as id, time_zone as zone, next_open_at as next from salesperson_openings
       where salesperson_id in ${h.sql([broken!.id, open])}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(broken!.id)).toMatchObject({ zone: "UTC", next: null });
    expect(await keptGridTimes(broken!.id)).toEqual([]);
    expect((await keptGridTimes(open)).length).toBeGreaterThan(0);
    expect(byId.get(open)!.next).not.toBeNull();
    // A browse by availability reads every row it reaches, the broken one included, and still answers.
    const res = await h.request("GET", "/api/salespeople?city=Freetime&available=today");
    expect(res.status, res.text).toBe(200);
    await h.sql`delete from salespeople where id = ${broken!.id}`;
  });

  it("marks a salesperson stale when their rules or their dealership's hours change", async () => {
    await h.sql`update salesperson_openings set stale = false where salesperson_id in ${h.sql(everyone)}`;
    await h.sql`update salespeople set booking_rules = ${h.sql.json({ ...DEFAULT_BOOKING_RULES, minNoticeHours: 4 })} where id = ${open}`;
    await h.sql`update dealerships set hours = ${h.sql.json(WEEKDAYS_ONLY)} where id = ${dealership!.id}`;
    const rows = await h.sql<{ id: number; stale: boolean }[]>`
      select salesperson_id as id, stale from salesperson_openings where salesperson_id in ${h.sql(everyone)}`;
    expect(rows.every((r) => r.stale)).toBe(true);
  });
});

describe("a booking's own times", () => {
  /** Salespeople of Bookton, each with rules of their own: visit lengths off the half hour, gaps, notice. */
  const rulesByKey = {
    plain: DEFAULT_BOOKING_RULES,
    gap: { ...DEFAULT_BOOKING_RULES, bufferMinutes: 15 },
    long: {
      ...DEFAULT_BOOKING_RULES,
      visitMinutes: { ...DEFAULT_BOOKING_RULES.visitMinutes, "Test Drive": 45, "Trade-In Appraisal": 90 },
      bufferMinutes: 30,
    },
    notice: { ...DEFAULT_BOOKING_RULES, minNoticeHours: 2, bufferMinutes: 60 },
    wide: {
      ...DEFAULT_BOOKING_RULES,
      visitMinutes: Object.fromEntries(Object.keys(DEFAULT_BOOKING_RULES.visitMinutes).map((t) => [t, 45])),
    },
  };
  const ids = new Map<string, number>();

  beforeAll(async () => {
    for (const [key, rules] of Object.entries(rulesByKey))
      ids.set(key, await seller(`bookton-${key}`, 4, { booking_rules: rules }));
    await refreshOpenings(h.sql, [...ids.values()], new Date(), null);
  });

  /** A visit held from `at` for `minutes` (its length and gap), written as a booking writes it. */
  async function book(id: number, at: string, minutes: number, buffer = 0): Promise<Date> {
    const [row] = await h.sql<{ now: Date }[]>`
      insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone,
                                customer_email, duration_minutes, buffer_minutes)
      values (${id}, 'Test Drive', ${at}, 'Kept Time', '(512) 555-0101', 'kept.time@example.org', ${minutes},
              ${buffer})
      returning now() as now`;
    return row!.now;
  }

  it("takes out exactly the times a recompute would, for every kind of rule, visit after visit", async () => {
    const random = (() => {
      let state = 7;
      return () => {
        state = (state * 48_271) % 2_147_483_647;
        return state / 2_147_483_647;
      };
    })();
    const lengths = [30, 45, 60, 90, 120];
    for (let round = 0; round < 12; round++) {
      for (const id of ids.values()) {
        const free = await keptGridTimes(id);
        expect(free.length, `salesperson ${id} has times left to book`).toBeGreaterThan(0);
        // Mostly at a kept time, sometimes a quarter past one (a visit the grid did not offer, as an import
        // or a manager's change may write), for as long as any kind may last: one that overlaps a visit already
        // held is refused by the database, and another is drawn.
        let bookedAt: Date | null = null;
        while (!bookedAt) {
          const offset = random() < 0.3 ? 900_000 : 0;
          const at = new Date(Date.parse(free[Math.floor(random() * free.length)]!) + offset);
          const minutes = lengths[Math.floor(random() * lengths.length)]!;
          bookedAt = await book(id, at.toISOString(), minutes, random() < 0.5 ? 0 : 15).catch((error) => {
            if ((error as { code?: string }).code !== "23P01") throw error;
            return null;
          });
        }
        const [row] = await h.sql<{ stale: boolean; version: number; next: Date | null; notice: number }[]>`
          select stale, version::int, next_open_at as next, notice_minutes as notice
            from salesperson_openings where salesperson_id = ${id}`;
        expect(row!.stale).toBe(false);
        expect(row!.version).toBe(round + 1);
        const kept = await keptGridTimes(id);
        // The next open time: the first kept one after the booking's moment and outside the notice.
        const first = kept.find(
          (t) =>
            Date.parse(t) > bookedAt.getTime() && Date.parse(t) >= bookedAt.getTime() + row!.notice * 60_000,
        );
        expect(row!.next?.toISOString() ?? null).toBe(first ?? null);
        const now = new Date();
        const hours = row!.notice / 60;
        expect(aheadOf(kept, now, hours), `salesperson ${id}, round ${round}`).toEqual(
          aheadOf((await listedTimes([id], now)).get(id), now, hours),
        );
      }
    }
  });

  it("leaves to the refresh a row with a daily limit, two visits at once, or a stale row", async () => {
    const capped = await seller("bookton-capped", 4, {
      booking_rules: { ...DEFAULT_BOOKING_RULES, dailyCap: 1 },
    });
    await refreshOpenings(h.sql, [capped], new Date(), null);
    const plain = ids.get("plain")!;
    const gap = ids.get("gap")!;
    const [first] = await keptGridTimes(capped);
    await book(capped, first!, 30);
    const [a, , , b] = await keptGridTimes(plain);
    await h.sql`
      insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone,
                                customer_email)
      values (${plain}, 'Test Drive', ${a!}, 'Two At Once', '(512) 555-0102', 'two@example.org'),
             (${plain}, 'Test Drive', ${b!}, 'Two At Once', '(512) 555-0102', 'two@example.org')`;
    await h.sql`update salesperson_openings set stale = true where salesperson_id = ${gap}`;
    const [c] = await keptGridTimes(gap);
    await book(gap, c!, 30);
    const rows = await h.sql<{ id: number; stale: boolean; hold: number | null }[]>`
      select salesperson_id as id, stale, hold_minutes as hold from salesperson_openings
       where salesperson_id in ${h.sql([capped, plain, gap])} order by salesperson_id`;
    expect(rows).toEqual(
      [
        { id: capped, stale: true, hold: null },
        { id: plain, stale: true, hold: 30 },
        { id: gap, stale: true, hold: 45 },
      ].sort((x, y) => x.id - y.id),
    );
    await refreshDueOpenings(h.sql);
    const now = new Date();
    const listed = await listedTimes([capped, plain, gap], now);
    for (const id of [capped, plain, gap])
      expect(aheadOf(await keptGridTimes(id), now), `salesperson ${id}`).toEqual(
        aheadOf(listed.get(id), now),
      );
    // A day limit of one reached: the whole day is gone, not only the visit's own times.
    const day = todayIn(zone, new Date(first!));
    expect(listed.get(capped)!.filter((at) => todayIn(zone, new Date(at)) === day)).toEqual([]);
    expect(listed.get(capped)!.length).toBeGreaterThan(0);
  });

  it("keeps a booking made while a recompute of the row is under way, and marks the row for the next", async () => {
    const id = ids.get("gap")!;
    await refreshOpenings(h.sql, [id], new Date(), null);
    const [at] = await keptGridTimes(id);
    const booking = await h.sql.reserve();
    const job = await h.sql.reserve();
    try {
      // The booking's statement has taken its times out of the row, and holds the row until it commits.
      await booking`begin`;
      await booking`
        insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone,
                                  customer_email)
        values (${id}, 'Test Drive', ${at!}, 'Mid Recompute', '(512) 555-0103', 'mid@example.org')`;
      // The recompute reads the calendar without it, then waits for the row to write its times over it.
      const recompute = refreshOpenings(job, [id], new Date(), null);
      for (;;) {
        const [waiting] = await h.sql<{ n: number }[]>`
          select count(*)::int as n from pg_stat_activity
           where wait_event_type = 'Lock' and query like '%insert into salesperson_openings%'`;
        if (waiting!.n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await booking`commit`;
      expect(await recompute).toEqual({ written: 1, failed: [] });
    } finally {
      booking.release();
      job.release();
    }
    const [row] = await h.sql<{ stale: boolean }[]>`
      select stale from salesperson_openings where salesperson_id = ${id}`;
    expect(row!.stale).toBe(true);
    // The booking's times are still out of the row, and the next refresh keeps them out.
    expect(await keptGridTimes(id)).not.toContain(at);
    await refreshDueOpenings(h.sql);
    const now = new Date();
    expect(aheadOf(await keptGridTimes(id), now)).toEqual(
      aheadOf((await listedTimes([id], now)).get(id), now),
    );
    expect(await keptGridTimes(id)).not.toContain(at);
  });
});
