// The spans of "available today", "this weekend" and "on a date" that the server works out once a minute for
// the usual zones (availabilityWindows.ts) are the spans the database works out for each salesperson of another
// zone (browseConditions.ts, availableSql): checked against PostgreSQL's own arithmetic at instants through a
// year, around midnight in every zone, and on the days the clocks change.
import { describe, expect, it } from "vitest";
import { availabilityWindows } from "../src/server/domains/salespeople/availabilityWindows";
import { availabilitySpanSql } from "../src/server/domains/salespeople/browseConditions";
import { USUAL_TIME_ZONES } from "../src/server/geo/zipPlaces";
import { addDays, fromZoned } from "../src/shared/time";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

/** PostgreSQL's span for each of `zones` as of `now`, by the expressions availableSql falls back on. */
async function databaseSpans(available: string, now: Date, zones: readonly string[]) {
  const span = availabilitySpanSql(h.sql, available, h.sql`${now.toISOString()}::timestamptz`, h.sql`z.zone`);
  const rows = await h.sql<{ zone: string; start: Date; end: Date }[]>`
    select z.zone, ${span.start} as start, ${span.end} as end from unnest(${zones as string[]}::text[]) z(zone)`;
  return new Map(rows.map((r) => [r.zone, [r.start.toISOString(), r.end.toISOString()]]));
}

async function expectSameSpans(available: string, now: Date) {
  const known = availabilityWindows(available, now);
  const database = await databaseSpans(available, now, known.zones);
  known.zones.forEach((zone, i) => {
    expect([known.starts[i], known.ends[i]], `${available} at ${now.toISOString()} in ${zone}`).toEqual(
      database.get(zone),
    );
  });
  return known;
}

describe("availability spans worked out by the server", () => {
  it("are the database's, every 7 hours through 2026, for today, the weekend and a date", async () => {
    for (let ms = Date.UTC(2026, 0, 1); ms < Date.UTC(2027, 0, 1); ms += 7 * 3_600_000) {
      const now = new Date(ms);
      await expectSameSpans("today", now);
      await expectSameSpans("weekend", now);
      await expectSameSpans(addDays(now.toISOString().slice(0, 10), 3), now);
    }
  }, 60_000);

  it("are the database's a minute either side of midnight in every zone, on Saturdays, Sundays and Mondays", async () => {
    for (const zone of USUAL_TIME_ZONES)
      for (const date of ["2026-06-13", "2026-06-14", "2026-06-15", "2026-12-31"]) {
        const midnight = fromZoned(date, "00:00", zone).getTime();
        for (const now of [midnight - 60_000, midnight, midnight + 60_000]) {
          const known = await expectSameSpans("weekend", new Date(now));
          expect(known.zones).toEqual(USUAL_TIME_ZONES);
          await expectSameSpans("today", new Date(now));
        }
      }
  });

  it("leave a zone to the database on a day its clocks change, and keep every other zone", async () => {
    // 2026-03-08: the United States' clocks spring forward (Phoenix, Honolulu and Puerto Rico keep theirs).
    const known = await expectSameSpans("today", new Date("2026-03-08T18:00:00Z"));
    expect(known.zones).toContain("America/Phoenix");
    expect(known.zones).not.toContain("America/New_York");
    const ordinary = await expectSameSpans("today", new Date("2026-03-18T18:00:00Z"));
    expect(ordinary.zones).toEqual(USUAL_TIME_ZONES);
  });
});

describe("browsing by availability in the usual zones", () => {
  it("finds whom the database finds with its own spans, today, this weekend and on a date", async () => {
    const zones = await h.sql<{ zone: string }[]>`select distinct time_zone as zone from salespeople`;
    expect(zones.map((z) => z.zone).filter((zone) => USUAL_TIME_ZONES.includes(zone)).length).toBeGreaterThan(
      1,
    );
    const now = new Date();
    for (const available of ["today", "weekend", addDays(now.toISOString().slice(0, 10), 2)]) {
      const res = await h.request("GET", `/api/salespeople?available=${available}&limit=100`);
      expect(res.status, res.text).toBe(200);
      const found = (res.json as { id: number }[]).map((c) => c.id);
      const span = availabilitySpanSql(h.sql, available, h.sql`now()`, h.sql`o.time_zone`);
      const expected = await h.sql<{ id: number }[]>`
        select s.id from salespeople s join salesperson_openings o on o.salesperson_id = s.id
         cross join lateral (select greatest(${span.start}, now() + make_interval(mins => o.notice_minutes)) as lo,
                                    ${span.end} as hi) w
         where salesperson_listed(s.dealership_id, s.verified_at)
           and o.open_ranges && tstzrange(least(w.lo, w.hi), w.hi)
         order by s.average_rating desc, s.total_reviews desc, s.id limit 100`;
      expect(found, available).toEqual(expected.map((r) => r.id));
      // Late in the evening no zone may have a time left today, or this weekend on a Sunday: a date ahead has.
      if (available !== "today" && available !== "weekend")
        expect(found.length, available).toBeGreaterThan(0);
    }
  });
});
