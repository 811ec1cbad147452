// The browse index (src/server/domains/salespeople/browseIndex.ts) answers as the database's walks do: the same
// cards in the same order, the same bounded total and the same cursors, for every filter, order and page it
// holds; and it follows the database, by its notices, through each kind of change.
import { describe, expect, it, vi } from "vitest";
import { browseSalespeople } from "../src/server/domains/salespeople/browse";
import { createBrowseCache } from "../src/server/domains/salespeople/browseCache";
import { BROWSE_CHANNEL } from "../src/server/domains/salespeople/browseIndex";
import { indexPage, nearPage } from "../src/server/domains/salespeople/browseIndexPage";
import { nearDealerships, nearPlace } from "../src/server/domains/salespeople/browseNear";
import { indexHolds, indexPlan } from "../src/server/domains/salespeople/indexPlan";
import { rng } from "../src/server/seed/words";
import { BROWSE_SPECIALTIES, BROWSE_TOTAL_LIMIT, RATING_FILTERS } from "../src/shared/constants";
import type { BrowseSalespeopleInput } from "../src/shared/schemas/salespeople";
import { browseSalespeopleInput } from "../src/shared/schemas/salespeople";
import { addDays, todayIn } from "../src/shared/time";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(1);
/** As in production: answers may be kept, and the index is synced once per TTL unless a write here says so. */
const kept = await createHarness({ BROWSE_CACHE_TTL_MS: "60000" });
await kept.seed(0.05);

/** The database's walks alone: the same pools, no index. */
const walks = {
  searchSql: h.deps.searchSql,
  browseSql: h.deps.browseSql,
  browseCache: createBrowseCache({ ttlMs: 0, maxEntries: 10 }),
};

async function fromIndex(input: BrowseSalespeopleInput, knownMatches?: number) {
  const q = browseSalespeopleInput.parse(input);
  expect(indexHolds(q)).toBe(true);
  const data = await h.deps.browseCache.index!.current();
  expect(data).not.toBeNull();
  const plan = indexPlan(data!, q, new Date());
  expect(plan).not.toBeNull();
  const index = h.deps.browseCache.index!;
  const cards = (ids: number[]) => index.cardsOf(ids, h.deps.browseSql);
  const near = nearPlace(q);
  return near
    ? nearPage(data!, plan!, await nearDealerships(h.deps.browseSql, near), cards, q, knownMatches)
    : indexPage(data!, plan!, cards, q, knownMatches);
}

const answer = (page: Awaited<ReturnType<typeof fromIndex>>) => ({
  ids: page.items.map((card) => card.id),
  total: page.total,
  totalExact: page.totalExact,
  nextCursor: page.nextCursor,
});

async function sameAnswers(input: BrowseSalespeopleInput) {
  const walked = await browseSalespeople(walks, browseSalespeopleInput.parse(input));
  const indexed = await fromIndex(input);
  expect(answer(indexed), JSON.stringify(input)).toEqual(answer(walked));
  expect(indexed.items, JSON.stringify(input)).toEqual(walked.items);
  // As a later page of the same filter is answered: beside the total the browse cache kept.
  const besideTotal = await fromIndex(input, walked.totalExact ? walked.total : BROWSE_TOTAL_LIMIT + 1);
  expect(answer(besideTotal), `${JSON.stringify(input)} beside its total`).toEqual(answer(walked));
  return indexed;
}

describe("the browse index answers as the database's walks", () => {
  it("for every filter, order and page, and on through their cursors", async () => {
    const cities = (await h.sql<{ city: string }[]>`select distinct city::text from salespeople`).map(
      (r) => r.city,
    );
    const names = (
      await h.sql<{ piece: string }[]>`
        select distinct lower(substr(name, 1 + (id % 4), 2 + (id % 4))) as piece from salespeople limit 60`
    ).map((r) => r.piece);
    const dealerships = (await h.sql<{ id: number }[]>`select id from dealerships limit 20`).map((r) =>
      String(r.id),
    );
    const zips = (await h.sql<{ zip: string }[]>`select distinct zip_code as zip from dealerships`).map(
      (r) => r.zip,
    );
    const today = todayIn("UTC");
    const whens = ["today", "weekend", today, addDays(today, 1), addDays(today, 3), addDays(today, 6)];
    // Deterministic, so a failure can be read again.
    const next = rng(62).next;
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    const maybe = <T>(share: number, value: () => T) => (next() < share ? value() : undefined);
    let compared = 0;
    let withCursor = 0;
    for (let i = 0; i < 400; i++) {
      const city = maybe(0.35, () => pick(cities));
      const zip = maybe(0.25, () => pick(zips));
      const input = Object.fromEntries(
        Object.entries({
          city: city && next() < 0.2 ? city.toUpperCase() : city,
          rating: maybe(0.3, () => pick(RATING_FILTERS).value),
          specialty: maybe(0.3, () => {
            const specialty = pick(BROWSE_SPECIALTIES);
            return next() < 0.3 ? specialty.toLowerCase() : specialty;
          }),
          status: maybe(0.15, () => pick(["available", "busy", "unavailable", "offline"] as const)),
          yearsOfExperience: maybe(0.2, () => Math.floor(next() * 20)),
          minPressure: maybe(0.1, () => pick([2, 3.5, 4, 4.5])),
          verifiedPurchases: maybe(0.1, () => true),
          search: maybe(0.3, () => pick([...names, "zz", "q", "son", "motors", "no such name"])),
          dealership: maybe(0.1, () => pick(dealerships)),
          available: maybe(0.3, () => pick(whens)),
          zip,
          radius: zip && maybe(0.7, () => pick([10, 25, 50, 100])),
          sort: maybe(0.5, () =>
            pick(
              zip
                ? (["rating", "pressure", "soonest", "distance"] as const)
                : (["rating", "pressure", "soonest"] as const),
            ),
          ),
          offset: maybe(0.3, () => pick([0, 12, 24, 48])),
          limit: maybe(0.3, () => pick([1, 12, 100])),
        }).filter(([, value]) => value !== undefined),
      ) as BrowseSalespeopleInput;
      let page = await sameAnswers(input);
      compared++;
      // Two pages further by cursor, where the first was a first page.
      for (let more = 0; more < 2 && page.nextCursor && input.offset === undefined; more++) {
        page = await sameAnswers({ ...input, after: page.nextCursor });
        withCursor++;
      }
    }
    expect(compared).toBe(400);
    expect(withCursor).toBeGreaterThan(100);
  });

  /**
   * A Tuesday, Wednesday or Thursday at least two days ahead: most dealerships open all of it, whatever the time
   * of the run ("this weekend" on a Saturday evening is a few hours of Saturday, most dealerships closed).
   */
  const aWeekdayAhead = () => {
    let date = addDays(todayIn("UTC"), 2);
    while (![2, 3, 4].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) date = addDays(date, 1);
    return date;
  };

  it("for the broad filters whose totals reach the bound, and deep pages of them", async () => {
    for (const input of [
      {},
      { sort: "soonest" },
      { sort: "pressure" },
      { rating: "3" },
      { offset: 990, limit: 24 },
      { sort: "soonest", offset: 1000 },
      { available: aWeekdayAhead(), sort: "soonest" },
    ] as BrowseSalespeopleInput[]) {
      const page = await sameAnswers(input);
      expect(page.totalExact, JSON.stringify(input)).toBe(false);
    }
  });

  it("for a search of one piece in another order than the rating's, its first page walked along that order", async () => {
    // A small first page of a common piece: walking the whole order's list is cheaper than sorting the matches.
    for (const input of [
      { search: "son", sort: "pressure", limit: 1 },
      { search: "son", sort: "soonest", limit: 1 },
      { search: "ann", sort: "pressure", limit: 2 },
    ] as BrowseSalespeopleInput[]) {
      const page = await sameAnswers(input);
      expect(page.items.length, JSON.stringify(input)).toBeGreaterThan(0);
    }
  });

  it("holds the cards of the first salespeople in the rating order once read whole", async () => {
    const index = h.deps.browseCache.index!;
    const before = await index.current();
    // Read whole again, as at a start (the seed added everyone one notice at a time).
    await h.sql`select pg_notify(${BROWSE_CHANNEL}, '*')`;
    await vi.waitFor(async () => {
      const now = await index.current();
      expect(now === null || now === before).toBe(false);
    });
    const data = await index.current();
    const first = Array.from(data!.all.slots.subarray(0, 48), (slot) => data!.id[slot]!);
    // A database that answers nothing: the cards come from memory, or the call fails.
    const noDatabase = (() => {
      throw new Error("a card was read from the database");
    }) as unknown as Parameters<NonNullable<typeof h.deps.browseCache.index>["cardsOf"]>[1];
    const cards = await index.cardsOf(first, noDatabase);
    expect(cards.map((card) => card && (JSON.parse(card) as { id: number }).id)).toEqual(first);
  });

  it("leaves to the walks what it does not hold", () => {
    for (const input of [
      { certification: "ASE Certified" },
      { dealership: "Some Motors" },
      { search: "josé" },
      { city: "Zürich" },
    ] as BrowseSalespeopleInput[])
      expect(indexHolds(browseSalespeopleInput.parse(input)), JSON.stringify(input)).toBe(false);
  });
});

describe("the browse index follows the database", () => {
  const browse = async (query: string) =>
    ((await kept.request("GET", `/api/salespeople?${query}&limit=100`)).json as { id: number }[]).map(
      (card) => card.id,
    );

  it("sees a change made through this server at the next browse, and a change made around it once synced", async () => {
    const [person] = await kept.sql<{ id: number; city: string }[]>`
      select id, city::text from salespeople where dealership_id is null or verified_at is not null
       order by id limit 1`;
    expect(await browse("city=Quillonford")).toEqual([]);
    // Around the app (a script, another server): the notice moves them; this server's own writes say so at once.
    await kept.sql`update salespeople set city = 'Quillonford' where id = ${person!.id}`;
    kept.deps.browseCache.clear();
    expect(await browse("city=Quillonford")).toEqual([person!.id]);
    expect(await browse("search=quillonford")).toEqual([person!.id]);

    // Stopped (an administrator suspended the account): gone from browse; back when restored.
    const [user] = await kept.sql<{ id: string }[]>`
      insert into users (email, role, first_name) values ('quillon@example.org', 'salesperson', 'Q') returning id`;
    await kept.sql`update salespeople set user_id = ${user!.id} where id = ${person!.id}`;
    await kept.sql`update users set disabled_at = now() where id = ${user!.id}`;
    kept.deps.browseCache.clear();
    expect(await browse("city=Quillonford")).toEqual([]);
    await kept.sql`update users set disabled_at = null where id = ${user!.id}`;
    kept.deps.browseCache.clear();
    expect(await browse("city=Quillonford")).toEqual([person!.id]);

    // Unlisted: a dealership's salesperson it has not confirmed.
    const [dealership] = await kept.sql<{ id: number }[]>`select id from dealerships order by id limit 1`;
    await kept.sql`update salespeople set dealership_id = ${dealership!.id}, verified_at = null where id = ${person!.id}`;
    kept.deps.browseCache.clear();
    expect(await browse("city=Quillonford")).toEqual([]);
  });

  it("adds and removes salespeople, and moves them in the order when their rating changes", async () => {
    const [added] = await kept.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, specialties, average_rating, total_reviews)
      values ('Vexmar Ostrander', 'vexmar@example.org', 'Ostrandville', 'TX', 'America/Chicago', '{Trucks}', 2, 1),
             ('Vexmar Bellweather', 'bellweather@example.org', 'Ostrandville', 'TX', 'America/Chicago', '{Trucks}', 3, 1)
      returning id`;
    kept.deps.browseCache.clear();
    const both = await browse("city=Ostrandville");
    expect(both).toHaveLength(2);
    expect(both[1]).toBe(added!.id);
    await kept.sql`update salespeople set average_rating = 4.5 where id = ${added!.id}`;
    kept.deps.browseCache.clear();
    expect((await browse("city=Ostrandville"))[0]).toBe(added!.id);
    expect(await browse("city=Ostrandville&rating=4")).toEqual([added!.id]);
    await kept.sql`delete from salespeople where id = ${added!.id}`;
    kept.deps.browseCache.clear();
    expect(await browse("city=Ostrandville")).toEqual(both.filter((id) => id !== added!.id));
  });

  it("finds a salesperson open on a date by their open times and notice as they are now, after each change", async () => {
    const [person] = await kept.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, specialties, average_rating, total_reviews)
      values ('Ilsabet Varga', 'ilsabet@example.org', 'Openshaw', 'IL', 'America/Chicago', '{Trucks}', 4, 1)
      returning id`;
    const date = addDays(todayIn("UTC"), 3);
    const nextDate = addDays(date, 1);
    // Kept as the open-times job would keep them, and not due for it to work out again.
    const keep = async (from: string, to: string, noticeMinutes: number) => {
      await kept.sql`
        update salesperson_openings
           set open_ranges = tstzmultirange(tstzrange(${from}::timestamptz, ${to}::timestamptz, '[]')),
               next_open_at = ${from}::timestamptz,
               notice_minutes = ${noticeMinutes}, time_zone = 'America/Chicago', stale = false,
               bookable_until = null, computed_at = now()
         where salesperson_id = ${person!.id}`;
      kept.deps.browseCache.clear();
    };
    const openOn = (day: string) => browse(`city=Openshaw&available=${day}`);
    // 09:00 to 10:00 in Chicago on the date.
    await keep(`${date}T15:00:00Z`, `${date}T16:00:00Z`, 0);
    expect(await openOn(date)).toEqual([person!.id]);
    expect(await openOn(nextDate)).toEqual([]);
    // Moved to the next date: what was worked out for the first date's spans goes with the change.
    await keep(`${nextDate}T15:00:00Z`, `${nextDate}T16:00:00Z`, 0);
    expect(await openOn(date)).toEqual([]);
    expect(await openOn(nextDate)).toEqual([person!.id]);
    // A notice of five days puts every time of the next date out of reach.
    await keep(`${nextDate}T15:00:00Z`, `${nextDate}T16:00:00Z`, 5 * 24 * 60);
    expect(await openOn(nextDate)).toEqual([]);
  });

  it("shows a card as it is now once its salesperson changes what only the card shows", async () => {
    const cards = async () =>
      (await kept.request("GET", "/api/salespeople?city=Ostrandville")).json as {
        id: number;
        bio: string | null;
      }[];
    const [first] = await cards();
    expect(first).not.toBeUndefined();
    await kept.sql`update salespeople set bio = 'Trucks, towing and the long haul.' where id = ${first!.id}`;
    kept.deps.browseCache.clear();
    expect((await cards()).find((card) => card.id === first!.id)?.bio).toBe(
      "Trucks, towing and the long haul.",
    );
  });

  it("reads itself again after its listening connection is lost, answering from the database meanwhile", async () => {
    await kept.sql`
      select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'listen%'`;
    const [first] = await kept.sql<{ id: number }[]>`
      select min(id) as id from salespeople where dealership_id is null or verified_at is not null`;
    await kept.sql`update salespeople set city = 'Driftmoor' where id = ${first!.id}`;
    kept.deps.browseCache.clear();
    // Whether the index or the walks answer, the change is there.
    expect(await browse("city=Driftmoor")).toEqual([first!.id]);
  });
});
