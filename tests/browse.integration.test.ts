import superjson, { type SuperJSONResult } from "superjson";
import { describe, expect, it } from "vitest";
import { sharedBuffersMb } from "../src/server/operations/embedded";
import { BROWSE_TOTAL_LIMIT } from "../src/shared/constants";
import { AVERAGE_WINDOW_MONTHS } from "../src/shared/purchases";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.5);
/**
 * With the browse cache on, as in production (the harness turns it off), and the database's walks answering
 * (the browse index, which counts every browse afresh, is tested in browse-index.integration.test.ts).
 */
const cached = await createHarness({ BROWSE_CACHE_TTL_MS: "60000", BROWSE_INDEX: "false" });
await cached.seed(0.05);

type Card = {
  id: number;
  name: string;
  city: string;
  specialties: string[];
  averageRating: number;
  totalReviews: number;
  status: string;
  yearsOfExperience: number;
  dealership: string | null;
};

async function browse(query: string) {
  const res = await h.request("GET", `/api/salespeople${query}`);
  return { ...res, items: res.json as Card[], total: Number(res.headers.get("x-total-count")) };
}

describe("GET /api/salespeople", () => {
  it("answers a JSON array, paged, with the total in X-Total-Count", async () => {
    const all = await browse("");
    expect(all.status).toBe(200);
    expect(Array.isArray(all.items)).toBe(true);
    expect(all.items).toHaveLength(24);
    const [row] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where dealership_id is null or verified_at is not null`;
    expect(all.total).toBe(row!.n);
    const next = await browse("?limit=24&offset=24");
    expect(next.items[0]!.id).not.toBe(all.items[0]!.id);
    expect(new Set([...all.items, ...next.items].map((s) => s.id)).size).toBe(48);
    expect((await browse("?limit=100")).items).toHaveLength(100);
  });

  it("sorts by average rating, then review count", async () => {
    const { items } = await browse("?limit=50");
    for (let i = 1; i < items.length; i++) {
      expect(items[i - 1]!.averageRating).toBeGreaterThanOrEqual(items[i]!.averageRating);
    }
  });

  it("averages and counts equal the aggregate over rating rows", async () => {
    const { items } = await browse("?limit=100");
    const rows = await h.sql<{ id: number; avg: string | null; n: number }[]>`
      select s.id, round(avg(r.overall_rating), 2)::text as avg, count(r.id)::int as n
        from salespeople s left join ratings r on r.salesperson_id = s.id
       where s.id in ${h.sql(items.map((i) => i.id))} group by s.id`;
    for (const card of items) {
      const agg = rows.find((r) => r.id === card.id)!;
      expect(card.totalReviews).toBe(agg.n);
      expect(card.averageRating).toBe(agg.avg === null ? 0 : Number(agg.avg));
    }
  });

  it("filters by city, rating, specialty, status, experience, dealership and search together", async () => {
    const [top] = await h.sql<{ city: string }[]>`
      select city::text from salespeople group by city order by count(*) desc limit 1`;
    const city = top!.city;
    const res = await browse(
      `?city=${encodeURIComponent(city.toLowerCase())}&rating=4%2B&specialty=Used%20Cars&status=available&yearsOfExperience=1&limit=100`,
    );
    expect(res.status).toBe(200);
    const [expected] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople
       where city = ${city} and average_rating >= 4 and 'Used Cars' = any(specialties) and status = 'available' and years_of_experience >= 1`;
    expect(res.total).toBe(expected!.n);
    for (const s of res.items) {
      expect(s.city).toBe(city);
      expect(s.averageRating).toBeGreaterThanOrEqual(4);
      expect(s.specialties).toContain("Used Cars");
      expect(s.status).toBe("available");
      expect(s.yearsOfExperience).toBeGreaterThanOrEqual(1);
    }

    const five = await browse("?rating=5&limit=100");
    for (const s of five.items) expect(s.averageRating).toBeGreaterThanOrEqual(4.95);
    const three = await browse("?rating=3");
    expect(three.total).toBeGreaterThan(five.total);

    const [dealer] = await h.sql<
      { id: number; name: string }[]
    >`select id, name from dealerships order by id limit 1`;
    const byDealer = await browse(`?dealership=${encodeURIComponent(dealer!.name)}&limit=100`);
    expect(byDealer.total).toBeGreaterThan(0);
    for (const s of byDealer.items) expect(s.dealership).toBe(dealer!.name);
    expect((await browse(`?dealership=${dealer!.id}`)).total).toBe(byDealer.total);

    const search = await browse(`?search=${encodeURIComponent(dealer!.name.slice(0, 6))}`);
    expect(search.total).toBeGreaterThan(0);
    const byName = await browse("?search=rivera");
    expect(byName.items.some((s) => s.name === "Sam Rivera")).toBe(true);
    const noMatch = await browse("?search=%25%25zzqx");
    expect(noMatch.total).toBe(0);
    expect(noMatch.items).toEqual([]);
  });

  it("treats 'all' and empty values as no filter", async () => {
    const plain = await browse("");
    const all = await browse(
      "?specialty=all&rating=all&status=all&search=&dealership=all&city=all&yearsOfExperience=all",
    );
    expect(all.status).toBe(200);
    expect(all.total).toBe(plain.total);
  });

  it("answers 400 with { message, code } for bad filters, never 500", async () => {
    for (const q of [
      "?rating=6",
      "?status=asleep",
      "?yearsOfExperience=abc",
      "?yearsOfExperience=51",
      "?limit=0",
      "?limit=101",
      "?offset=-1",
      "?bogus=1",
      `?search=${"x".repeat(101)}`,
      "?after=page-2",
      "?after=r4.5_3",
    ]) {
      const res = await h.request("GET", `/api/salespeople${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.code).toBe("BAD_REQUEST");
      expect(typeof res.json.message).toBe("string");
    }
    // A cursor pages on from its own place, in its own order.
    for (const [q, message] of [
      ["?after=r4.50_3_10&offset=24", "Give after or offset (or page), not both"],
      ["?after=r4.50_3_10&page=2", "Give after or offset (or page), not both"],
      ["?after=r4.50_3_10&offset=1", "Give after or offset (or page), not both"],
      ["?after=r4.50_3_10&sort=pressure", "after is a cursor of another sort order"],
      ["?after=p0_0_10", "after is a cursor of another sort order"],
    ] as const) {
      const res = await h.request("GET", `/api/salespeople${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.message, q).toBe(message);
    }
  });
});

describe("GET /api/salespeople/{id}", () => {
  it("answers the profile with dealership, reviews and category averages", async () => {
    const [top] = await h.sql<
      { id: number }[]
    >`select id from salespeople where total_reviews > 0 and dealership_id is not null and verified_at is not null limit 1`;
    const res = await h.request("GET", `/api/salespeople/${top!.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: top!.id, dealershipInfo: { timeZone: expect.any(String) } });
    expect(res.json.ratings.length).toBeGreaterThan(0);
    expect(res.json.categoryAverages.pressureLevel).toBeGreaterThan(0);
  });

  it("carries exactly the latest published reviews, the categories' averages and the verified certifications", async () => {
    const [who] = await h.sql<{ id: number }[]>`
      select s.id from salespeople s
       where s.dealership_id is not null and s.verified_at is not null
       order by s.total_reviews desc, s.id limit 1`;
    const id = who!.id;
    // Two certifications, one verified later than the other's year, and one never verified (not shown).
    await h.sql`
      insert into certifications (salesperson_id, name, issuer, year, verified_at)
      values (${id}, 'Older', 'Issuer A', 2019, now()), (${id}, 'Newer', 'Issuer B', 2023, now()),
             (${id}, 'Unverified', 'Issuer C', 2024, null)`;
    const published = await h.sql<{ id: number; created_at: Date }[]>`
      select id, created_at from ratings
       where salesperson_id = ${id} and moderation_status = 'published' and removed_at is null
       order by created_at desc, id desc`;
    const [averages] = await h.sql<{ helpfulness: number; pressure: number; communication: number }[]>`
      select avg(helpfulness_rating)::float8 as helpfulness, avg(pressure_level_rating)::float8 as pressure,
             avg(communication_rating)::float8 as communication
        from ratings
       where salesperson_id = ${id} and moderation_status = 'published' and removed_at is null
         and created_at > now() - make_interval(months => ${AVERAGE_WINDOW_MONTHS})`;
    expect(published.length).toBeGreaterThan(1);

    const profile = await h.request("GET", `/api/salespeople/${id}`);
    expect(profile.status).toBe(200);
    expect(profile.json.ratings.map((r: { id: number }) => r.id)).toEqual(
      published.slice(0, 20).map((r) => r.id),
    );
    expect(profile.json.ratings[0].createdAt).toBe(published[0]!.created_at.toISOString());
    expect(profile.json.categoryAverages.helpfulness).toBeCloseTo(averages!.helpfulness, 10);
    expect(profile.json.categoryAverages.pressureLevel).toBeCloseTo(averages!.pressure, 10);
    expect(profile.json.categoryAverages.communication).toBeCloseTo(averages!.communication, 10);
    expect(profile.json.certifications.map((c: { name: string }) => c.name)).toEqual(["Newer", "Older"]);
    expect(profile.json.certifications[0]).toMatchObject({ issuer: "Issuer B", year: 2023 });

    const summary = await h.request("GET", `/api/salespeople/${id}/ratings`);
    expect(summary.json.ratings.map((r: { id: number }) => r.id)).toEqual(
      published.slice(0, 50).map((r) => r.id),
    );
    // Through tRPC (superjson), an instant stays a Date.
    const viaTrpc = await h.caller().salespeople.byId({ id });
    expect(viaTrpc.ratings[0]!.createdAt).toEqual(published[0]!.created_at);
    const ratings = await h.caller().salespeople.ratings({ id });
    expect(ratings.ratings.at(-1)!.createdAt).toBeInstanceOf(Date);
  });

  it("answers 404 for a missing salesperson and 400 for a malformed id", async () => {
    expect(await h.request("GET", "/api/salespeople/99999999")).toMatchObject({
      status: 404,
      json: { message: "Salesperson Not Found", code: "SALESPERSON_NOT_FOUND" },
    });
    for (const id of ["abc", "-1", "0", "1.5", "99999999999"]) {
      const res = await h.request("GET", `/api/salespeople/${id}`);
      expect(res.status, id).toBe(400);
    }
  });

  it("answers the ratings summary", async () => {
    const [row] = await h.sql<{ id: number; average_rating: string; total_reviews: number }[]>`
      select id, average_rating::text, total_reviews from salespeople where total_reviews > 2 limit 1`;
    const res = await h.request("GET", `/api/salespeople/${row!.id}/ratings`);
    expect(res.status).toBe(200);
    expect(res.json.averageRating).toBe(Number(row!.average_rating));
    expect(res.json.totalReviews).toBe(row!.total_reviews);
    expect((await h.request("GET", "/api/salespeople/99999999/ratings")).status).toBe(404);
  });
});

describe("a registration that claims a dealership", () => {
  it("stays out of browse, the public profile and booking until that dealership's manager confirms it, who is told", async () => {
    const [dealer] = await h.sql<{ id: number; name: string; manager_id: string; email: string }[]>`
      select d.id, d.name, dm.user_id as manager_id, u.email::text as email
        from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 1`;
    const registered = await h.request("POST", "/api/salesperson/auth/register", {
      body: {
        name: "Quillon Verity",
        email: "quillon.verity@sales.example.org",
        dealership: dealer!.name,
        yearsExperience: 30,
        specialties: ["Leasing"],
      },
    });
    expect(registered.status).toBe(201);
    const id = registered.json.id as number;
    await h.sql`update salespeople set average_rating = 5, total_reviews = 900 where id = ${id}`;
    const queries = [
      "",
      "?search=quillon",
      "?search=qui",
      "?search=quillon&city=" +
        encodeURIComponent((await h.sql`select city::text as c from salespeople where id = ${id}`)[0]!.c),
      `?dealership=${dealer!.id}&limit=100`,
      "?specialty=Leasing",
      "?yearsOfExperience=30&rating=5",
    ];
    const listedIn = async () => {
      const found: string[] = [];
      for (const query of queries) {
        const answer = await browse(query);
        expect(answer.status, query).toBe(200);
        if (answer.items.some((card) => card.id === id)) found.push(query);
      }
      return found;
    };
    expect(await listedIn()).toEqual([]);
    const customer = await h.signIn("unlisted.booker@example.org");
    for (const cookie of [undefined, customer.cookie]) {
      expect((await h.request("GET", `/api/salespeople/${id}`, { cookie })).status).toBe(404);
      expect((await h.request("GET", `/api/salespeople/${id}/ratings`, { cookie })).status).toBe(404);
    }
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const booker = h.caller({
      user: customer.user,
      session: { id: "s", userId: customer.userId, expiresAt: new Date(), authenticatedAt: new Date() },
    });
    await expect(
      booker.appointments.book({
        salespersonId: id,
        date: tomorrow,
        time: "10:00",
        appointmentType: "Test Drive",
        customerName: "Unlisted Booker",
        customerPhone: "(512) 555-0100",
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [booked] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from appointments where salesperson_id = ${id}`;
    expect(booked!.n).toBe(0);

    // Its calendar and availability do not exist to the public either, with the answer of an unknown id.
    const missing = 99_999_999;
    const calendarPaths = (who: number) => [
      `/api/appointments/salesperson/${who}`,
      `/api/appointments/salesperson/${who}/${tomorrow}`,
    ];
    const refusal = (error: { code: string; message: string }) => ({
      code: error.code,
      message: error.message,
    });
    const calendarSeenBy = async (cookie: string | undefined, user: typeof customer.user | null) => {
      const seen: string[] = [];
      for (const [path, none] of calendarPaths(id).map((p, i) => [p, calendarPaths(missing)[i]!] as const)) {
        const answer = await h.request("GET", path, { cookie });
        if (answer.status === 200) {
          seen.push(path);
          continue;
        }
        const unknown = await h.request("GET", none, { cookie });
        expect(answer.status, path).toBe(404);
        expect({ status: answer.status, json: answer.json }, path).toEqual({
          status: unknown.status,
          json: unknown.json,
        });
      }
      const api = h.caller({
        user,
        session: user
          ? { id: "s", userId: user.id, expiresAt: new Date(), authenticatedAt: new Date() }
          : null,
      });
      const today = await api.appointments.availableToday({ id }).catch(refusal);
      if ("slots" in today) seen.push("availableToday");
      else expect(today).toEqual(await api.appointments.availableToday({ id: missing }).catch(refusal));
      if (id in (await api.appointments.availableTodayMany({ ids: [id] }))) seen.push("availableTodayMany");
      return seen;
    };
    const everywhere = [...calendarPaths(id), "availableToday", "availableTodayMany"];
    expect(await calendarSeenBy(undefined, null)).toEqual([]);
    expect(await calendarSeenBy(customer.cookie, customer.user)).toEqual([]);
    await expect(
      booker.appointments.joinWaitlist({ salespersonId: id, date: tomorrow }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    // The salesperson and the dealership's manager still see the profile; the manager was told.
    const manager = await h.signIn(dealer!.email, "manager");
    const own = await h.signIn("quillon.verity@sales.example.org", "salesperson");
    expect((await h.request("GET", `/api/salespeople/${id}`, { cookie: manager.cookie })).status).toBe(200);
    expect((await h.request("GET", `/api/salespeople/${id}`, { cookie: own.cookie })).status).toBe(200);
    expect(await calendarSeenBy(manager.cookie, manager.user)).toEqual(everywhere);
    expect(await calendarSeenBy(own.cookie, own.user)).toEqual(everywhere);
    const notices = await h.sql<{ type: string; body: string }[]>`
      select type, body from notifications where user_id = ${dealer!.manager_id} and type = 'salesperson_registration'`;
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body).toContain("Quillon Verity");

    const verified = await h.request("POST", "/api/manager/verify-salesperson", {
      cookie: manager.cookie,
      body: { salespersonId: id },
    });
    expect(verified.status).toBe(200);
    expect(await listedIn()).toEqual(queries);
    expect((await h.request("GET", `/api/salespeople/${id}`)).status).toBe(200);
    expect(await calendarSeenBy(undefined, null)).toEqual(everywhere);
  });

  it("keeps independents listed, without a dealership on the card", async () => {
    const [row] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, average_rating, total_reviews, payment_model)
      values ('Indira Solo', 'indira.solo@sales.example.org', 'Austin', 'TX', 'America/Chicago', 5, 950, 'individual')
      returning id`;
    const answer = await browse("?search=indira");
    expect(answer.items.find((card) => card.id === row!.id)).toMatchObject({ dealership: null });
    expect((await h.request("GET", `/api/salespeople/${row!.id}`)).json.dealershipInfo).toBeNull();
  });
});

describe("tRPC browse procedure", () => {
  it("answers items and total for the same filters", async () => {
    const api = h.caller();
    const out = await api.salespeople.list({ rating: "4", limit: 5 });
    expect(out.items).toHaveLength(5);
    expect(out.total).toBeGreaterThan(5);
    // The next page, from the cursor this one gave, is the one an offset gives.
    expect(out.nextCursor).toMatch(/^r/);
    const next = await api.salespeople.list({ rating: "4", limit: 5, after: out.nextCursor! });
    const byOffset = await api.salespeople.list({ rating: "4", limit: 5, offset: 5 });
    expect(next.items.map((s) => s.id)).toEqual(byOffset.items.map((s) => s.id));
    const options = await api.salespeople.filterOptions();
    expect(options.dealerships.length).toBe(60);
    expect(options.cities.length).toBeGreaterThanOrEqual(55);
  });

  it("answers pages that share one getter of their cards, not a closure each (decision 013)", async () => {
    const api = h.caller();
    const [first, second] = await Promise.all([
      api.salespeople.list({ rating: "4", limit: 5 }),
      api.salespeople.list({ rating: "3", limit: 5 }),
    ]);
    const getter = (page: object) => Object.getOwnPropertyDescriptor(page, "items")?.get;
    expect(getter(first)).toBeTypeOf("function");
    expect(getter(first)).toBe(getter(second));
    expect(JSON.parse(JSON.stringify(first)).items).toHaveLength(5);
  });
});

describe("REST's browse answer", () => {
  it("is the JSON of the cards tRPC answers, byte for byte, whatever their text and instants", async () => {
    const [person] = await h.sql<{ id: number }[]>`
      select id from salespeople where dealership_id is not null order by id limit 1`;
    // Quotes, a backslash, control characters, a line break, a tab, a slash, accents, an emoji; an instant
    // with microseconds (a Date keeps milliseconds) and no pressure average.
    await h.sql`
      update salespeople
         set name = 'Ottoline Quayle', bio = ${'Say "hi" \\ \u0001\u001f\n\tdone / é 😀'},
             verified_at = '2025-03-04 05:06:07.891734+00', pressure_average = null
       where id = ${person!.id}`;
    const queries = ["?search=ottoline", "?limit=100", "?rating=4&limit=50&offset=12", "?search=zzzqqq"];
    for (const query of queries) {
      const rest = await h.request("GET", `/api/salespeople${query}`);
      const input = Object.fromEntries(
        [...new URLSearchParams(query)].map(([k, v]) => [k, k === "limit" || k === "offset" ? Number(v) : v]),
      );
      const trpc = await h.caller().salespeople.list(input);
      expect(rest.text).toBe(JSON.stringify(trpc.items));
      // Over HTTP, tRPC answers the form browseSuperjson builds: superjson's own, which reads back as the page.
      const http = await h.request(
        "GET",
        `/trpc/salespeople.list?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
      );
      const data = (http.json as { result: { data: SuperJSONResult } }).result.data;
      expect(data).toEqual(superjson.serialize(trpc));
      expect(superjson.deserialize(data)).toEqual({ ...trpc, items: trpc.items });
    }
    const [card] = (await h.caller().salespeople.list({ search: "ottoline" })).items;
    expect(card).toMatchObject({ id: person!.id, pressureAverage: null });
    expect(card!.bio).toBe('Say "hi" \\ \u0001\u001f\n\tdone / é 😀');
    expect(card!.verifiedAt).toEqual(new Date("2025-03-04T05:06:07.891Z"));
  });
});

describe("the embedded database's cache", () => {
  it("is a quarter of the memory, between 128 MB and 1 GB, so the browse working set stays in it", async () => {
    const [row] = await h.sql<{ mb: number }[]>`
      select setting::int * 8 / 1024 as mb from pg_settings where name = 'shared_buffers'`;
    expect(row?.mb).toBe(sharedBuffersMb());
    expect(sharedBuffersMb()).toBeGreaterThanOrEqual(128);
    expect(sharedBuffersMb()).toBeLessThanOrEqual(1024);
  });
});

describe("unknown API paths", () => {
  it("answer 404 JSON", async () => {
    const res = await h.request("GET", "/api/nope");
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("NOT_FOUND");
  });
});

// Last: it adds salespeople, so the exact totals above are checked on the seed alone.
describe("totals past the counted limit", () => {
  it("count exactly up to 1,000 and say so in X-Total-Count-Exact past it", async () => {
    const [before] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where dealership_id is null or verified_at is not null`;
    expect((await browse("")).headers.get("x-total-count-exact")).toBe("true");
    const extra = BROWSE_TOTAL_LIMIT + 50 - before!.n;
    await h.sql`
      insert into salespeople (name, email, city, state, time_zone, specialties)
      select 'Extra Person ' || i, 'extra-' || i || '@example.org', 'Austin', 'TX', 'America/Chicago', '{Trucks}'
        from generate_series(1, ${extra}) i`;
    const all = await browse("");
    expect(all.total).toBe(BROWSE_TOTAL_LIMIT);
    expect(all.headers.get("x-total-count-exact")).toBe("false");
    expect(all.items).toHaveLength(24);
    // Paging past the limit still answers the rows there.
    const far = await browse(`?offset=${BROWSE_TOTAL_LIMIT}&limit=100`);
    expect(far.items).toHaveLength(50);
    expect(far.total).toBe(BROWSE_TOTAL_LIMIT);
    // A narrower filter is counted exactly.
    const narrow = await browse("?search=extra%20person%2010");
    expect(narrow.headers.get("x-total-count-exact")).toBe("true");
    const [expected] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where name ilike '%extra person 10%'`;
    expect(narrow.total).toBe(expected!.n);
    const out = await h.caller().salespeople.list({ limit: 5 });
    expect(out).toMatchObject({ total: BROWSE_TOTAL_LIMIT, totalExact: false });
  });
});

describe("a filter's total while the browse cache keeps it", () => {
  const listed = cached.sql`(dealership_id is null or verified_at is not null)`;

  it("is counted once for every page of the filter, and again once a write clears the cache", async () => {
    const [{ city } = { city: "" }] = await cached.sql<{ city: string }[]>`
      select city::text from salespeople where ${listed} group by 1 order by count(*) desc limit 1`;
    const page = async (offset: number) => {
      const res = await cached.request(
        "GET",
        `/api/salespeople?city=${encodeURIComponent(city)}&limit=2&offset=${offset}`,
      );
      expect(res.status).toBe(200);
      return { ids: (res.json as Card[]).map((c) => c.id), total: Number(res.headers.get("x-total-count")) };
    };
    const expectedIds = async (offset: number) =>
      (
        await cached.sql<{ id: number }[]>`
          select id from salespeople where city = ${city} and ${listed}
           order by average_rating desc, total_reviews desc, id limit 2 offset ${offset}`
      ).map((r) => r.id);
    const counted = async () =>
      (
        await cached.sql<
          { n: number }[]
        >`select count(*)::int as n from salespeople where city = ${city} and ${listed}`
      )[0]!.n;

    const first = await page(0);
    expect(first.total).toBe(await counted());
    // A salesperson moves to the city by a path that leaves the cache alone: the next page is read from the
    // database as it is now, beside the total counted for the first.
    const [moved] = await cached.sql`
      update salespeople set city = ${city}
       where id = (select id from salespeople where city <> ${city} and ${listed} order by id limit 1) returning id`;
    expect(moved).not.toBeUndefined();
    const second = await page(2);
    expect(second.ids).toEqual(await expectedIds(2));
    expect(second.total).toBe(first.total);
    const viaTrpc = await cached.caller().salespeople.list({ city, limit: 2, offset: 4 });
    expect(viaTrpc.total).toBe(first.total);

    cached.deps.browseCache.clear();
    const third = await page(4);
    expect(third.ids).toEqual(await expectedIds(4));
    expect(third.total).toBe(first.total + 1);
    expect(third.total).toBe(await counted());
  });
});

describe("name search text", () => {
  it("follows renames of salespeople and dealerships", async () => {
    const [person] = await h.sql<{ id: number; dealership_id: number }[]>`
      select id, dealership_id from salespeople where dealership_id is not null order by id limit 1`;
    await h.sql`update salespeople set name = 'Quillon Vexmark' where id = ${person!.id}`;
    expect((await browse("?search=VEXMARK")).items.map((s) => s.id)).toEqual([person!.id]);
    await h.sql`update dealerships set name = 'Zarquon Motors' where id = ${person!.dealership_id}`;
    const byDealer = await browse("?search=zarquon&limit=100");
    const [expected] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople
       where dealership_id = ${person!.dealership_id} and verified_at is not null`;
    expect(byDealer.total).toBe(expected!.n);
    expect((await browse("?search=100%25")).total).toBe(0);
  });
});

describe("browse's walks (salesperson_terms and the browse indexes)", () => {
  /** The same filters, answered by a plain scan of salespeople: no terms, no LIKE, no bounded walk. */
  async function plainScan(params: Record<string, string>) {
    const q = params;
    // Listed: independent, or confirmed by the dealership it names.
    const conditions = [h.sql`(dealership_id is null or verified_at is not null)`];
    if (q.specialty)
      conditions.push(h.sql`lower(${q.specialty}) = any(select lower(x) from unnest(specialties) x)`);
    if (q.rating) conditions.push(h.sql`average_rating >= ${{ "5": 4.95, "4": 4, "3": 3 }[q.rating]!}`);
    if (q.status) conditions.push(h.sql`status = ${q.status}`);
    if (q.city) conditions.push(h.sql`lower(city::text) = lower(${q.city})`);
    if (q.yearsOfExperience) conditions.push(h.sql`years_of_experience >= ${Number(q.yearsOfExperience)}`);
    if (q.dealership) conditions.push(h.sql`dealership_id = ${Number(q.dealership)}`);
    if (q.minPressure) conditions.push(h.sql`pressure_average >= ${Number(q.minPressure)}`);
    if (q.search) conditions.push(h.sql`strpos(search_text, lower(${q.search})) > 0`);
    if (q.verifiedPurchases === "true") conditions.push(h.sql`verified_purchase_reviews > 0`);
    const where = conditions.reduce((a, b) => h.sql`${a} and ${b}`);
    const order =
      q.sort === "pressure"
        ? h.sql`pressure_average desc nulls last, total_reviews desc, id`
        : h.sql`average_rating desc, total_reviews desc, id`;
    const rows = await h.sql<{ id: number }[]>`select id from salespeople where ${where} order by ${order}`;
    return rows.map((r) => r.id);
  }

  it("answers every filter combination as a plain scan of salespeople does", async () => {
    // Enough of one name and one specialty for bounded totals, with ratings and experience spread out.
    await h.sql`
      insert into salespeople (name, email, city, state, time_zone, specialties, average_rating, total_reviews,
                               years_of_experience, verified_purchase_reviews)
      select 'Bulkley Seller ' || i, 'bulk-' || i || '@example.org', 'Austin', 'TX', 'America/Chicago',
             '{Luxury Cars,Leasing}', (i % 500) / 100.0, i % 7, i % 40, (i % 11 = 0)::int
        from generate_series(1, 1200) i`;
    // A few of the seeded salespeople have a purchase-backed review as well, in other cities and specialties.
    await h.sql`update salespeople set verified_purchase_reviews = 2 where id % 13 = 0 and name not like 'Bulkley%'`;
    const [someone] = await h.sql<{ name: string; dealership_id: number; city: string }[]>`
      select name, dealership_id, city from salespeople where dealership_id is not null order by id limit 1`;
    const first = someone!.name.toLowerCase();
    const searches = [
      first.slice(0, 1),
      first.slice(1, 3),
      first.slice(0, 3),
      first.slice(0, 3).toUpperCase(),
      first.slice(2, 6),
      first, // with its space: pieces across two words
      "ext",
      "bul", // more than a thousand "Bulkley Seller" rows
      "extra person 10",
      "é",
      "zzq",
      "%",
      "a_b",
    ];
    const queries: Record<string, string>[] = [];
    for (const search of searches) {
      queries.push({ search }, { search, offset: "12", limit: "12" });
      queries.push(
        { search, rating: "4" },
        { search, yearsOfExperience: "10" },
        { search, specialty: "Luxury Cars" },
      );
      queries.push(
        { search, city: someone!.city },
        { search, sort: "pressure" },
        { search, status: "available" },
      );
      queries.push({ search, minPressure: "3" }, { search, dealership: String(someone!.dealership_id) });
    }
    for (const specialty of ["Luxury Cars", "trucks & suvs", "Trucks", "Nonexistent"]) {
      queries.push(
        { specialty },
        { specialty, rating: "5" },
        { specialty, yearsOfExperience: "20", offset: "5" },
      );
      queries.push(
        { specialty, city: someone!.city },
        { specialty, search: "an" },
        { specialty, status: "busy" },
      );
      queries.push({ specialty, limit: "100", offset: "990" });
    }
    queries.push({ city: someone!.city }, { rating: "3", yearsOfExperience: "5" }, { sort: "pressure" });
    const verifiedPurchases = "true";
    queries.push(
      { verifiedPurchases },
      { verifiedPurchases, offset: "96", limit: "24" },
      { verifiedPurchases, city: someone!.city },
      { verifiedPurchases, city: "Austin", rating: "3" },
      { verifiedPurchases, specialty: "Luxury Cars" },
      { verifiedPurchases, search: "bul" },
      { verifiedPurchases, search: first.slice(0, 4) },
      { verifiedPurchases, sort: "pressure" },
      { verifiedPurchases, status: "available", yearsOfExperience: "10" },
      { verifiedPurchases: "false", specialty: "Leasing" },
    );
    const sizes: number[] = [];
    for (const query of queries) {
      const expected = await plainScan(query);
      sizes.push(expected.length);
      const offset = Number(query.offset ?? 0);
      const limit = Number(query.limit ?? 24);
      const answer = await browse(`?${new URLSearchParams(query)}`);
      expect(answer.status, JSON.stringify(query)).toBe(200);
      expect(
        answer.items.map((s) => s.id),
        JSON.stringify(query),
      ).toEqual(expected.slice(offset, offset + limit));
      expect(answer.total, JSON.stringify(query)).toBe(Math.min(expected.length, BROWSE_TOTAL_LIMIT));
      expect(answer.headers.get("x-total-count-exact"), JSON.stringify(query)).toBe(
        String(expected.length <= BROWSE_TOTAL_LIMIT),
      );
      if (query.offset !== undefined) continue;
      // Paging on from each page's cursor gives the same pages; a page that is not full has none.
      let after = answer.headers.get("x-next-cursor");
      let end = limit;
      expect(after !== null, JSON.stringify(query)).toBe(expected.length >= end);
      for (let pages = 0; after !== null && pages < 2; pages++) {
        const next = await browse(`?${new URLSearchParams({ ...query, after })}`);
        expect(
          next.items.map((s) => s.id),
          `${JSON.stringify(query)} after ${after}`,
        ).toEqual(expected.slice(end, end + limit));
        end += limit;
        after = next.headers.get("x-next-cursor");
        expect(after !== null, JSON.stringify(query)).toBe(expected.length >= end);
      }
    }
    // Empty, small, paged and bounded answers were all compared.
    expect(sizes.filter((n) => n === 0).length).toBeGreaterThan(5);
    expect(sizes.filter((n) => n > 24 && n <= BROWSE_TOTAL_LIMIT).length).toBeGreaterThan(5);
    expect(sizes.filter((n) => n > BROWSE_TOTAL_LIMIT).length).toBeGreaterThan(2);
  });

  it("pages through every match with cursors, past the counted 1,000, in each order", async () => {
    // The bulk rows of the test above: more than the counted limit, without reviews (no pressure average).
    const queries: Record<string, string>[] = [
      { search: "bul", limit: "100" },
      { city: "Austin", limit: "100" },
      { sort: "pressure", limit: "100" },
      { sort: "pressure", minPressure: "2", limit: "7" },
    ];
    for (const query of queries) {
      const expected = await plainScan(query);
      expect(expected.length).toBeGreaterThan(query.minPressure ? 7 : BROWSE_TOTAL_LIMIT);
      const seen: number[] = [];
      let after: string | null = null;
      do {
        const page = await browse(`?${new URLSearchParams({ ...query, ...(after ? { after } : {}) })}`);
        expect(page.status, JSON.stringify(query)).toBe(200);
        seen.push(...page.items.map((s) => s.id));
        after = page.headers.get("x-next-cursor");
      } while (after);
      expect(seen, JSON.stringify(query)).toEqual(expected);
    }
  });

  /** Rows of salesperson_terms that differ from what the salespeople table says they should be. */
  async function termsOutOfStep() {
    const [row] = await h.sql<{ n: number }[]>`
      with derived as (
        select t.term, s.average_rating, s.total_reviews, s.id as salesperson_id, s.years_of_experience,
               s.city::text as city, s.status, s.dealership_id, s.specialties
          from salespeople s,
               unnest(salesperson_terms_of(s.search_text, s.specialties, s.verified_purchase_reviews)) as t(term)
         where s.dealership_id is null or s.verified_at is not null),
      kept as (
        select term, average_rating, total_reviews, salesperson_id, years_of_experience, city::text as city,
               status, dealership_id, specialties
          from salesperson_terms)
      select (select count(*) from (table derived except all table kept) a)::int
           + (select count(*) from (table kept except all table derived) b)::int as n`;
    return row!.n;
  }

  it("keeps every salesperson's terms in step with each change, in the same transaction", async () => {
    expect(await termsOutOfStep()).toBe(0);
    const [person] = await h.sql<{ id: number; dealership_id: number }[]>`
      select id, dealership_id from salespeople where dealership_id is not null order by id desc limit 1`;
    const id = person!.id;
    await h.sql`update salespeople set name = 'Wendeline Oxbury', specialties = '{Leasing,Financing}' where id = ${id}`;
    await h.sql`update salespeople set average_rating = 4.97, total_reviews = 3, status = 'busy' where id = ${id}`;
    await h.sql`update salespeople set years_of_experience = 44, city = 'Boise' where id = ${id}`;
    // A first purchase-backed review puts the profile in the verified purchases walk; losing the last takes it out.
    await h.sql`update salespeople set verified_purchase_reviews = 0 where id = ${id}`;
    expect(await termsOutOfStep()).toBe(0);
    expect((await browse("?search=oxb&verifiedPurchases=true")).total).toBe(0);
    await h.sql`update salespeople set verified_purchase_reviews = 1 where id = ${id}`;
    expect(await termsOutOfStep()).toBe(0);
    expect((await browse("?verifiedPurchases=true&city=Boise&limit=100")).items.map((s) => s.id)).toContain(
      id,
    );
    await h.sql`update salespeople set verified_purchase_reviews = 0 where id = ${id}`;
    expect(
      (await browse("?verifiedPurchases=true&city=Boise&limit=100")).items.map((s) => s.id),
    ).not.toContain(id);
    await h.sql`update salespeople set verified_purchase_reviews = 1 where id = ${id}`;
    await h.sql`update dealerships set name = 'Quorvath Autos' where id = ${person!.dealership_id}`;
    expect(await termsOutOfStep()).toBe(0);
    expect((await browse("?search=oxb&rating=5&yearsOfExperience=40")).items.map((s) => s.id)).toEqual([id]);
    expect((await browse("?search=quorvath&limit=100")).items.map((s) => s.id)).toContain(id);
    // A failed transaction leaves the terms as they were.
    await expect(
      h.sql.begin(async (tx) => {
        await tx`update salespeople set name = 'Rolled Back' where id = ${id}`;
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await browse("?search=rolled back")).total).toBe(0);
    // Unconfirmed by its dealership, the profile leaves the terms (and browse); confirmed again, it is back.
    await h.sql`update salespeople set verified_at = null where id = ${id}`;
    expect(await termsOutOfStep()).toBe(0);
    const [kept] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salesperson_terms where salesperson_id = ${id}`;
    expect(kept!.n).toBe(0);
    expect((await browse("?search=oxb")).total).toBe(0);
    await h.sql`update salespeople set verified_at = now() where id = ${id}`;
    expect(await termsOutOfStep()).toBe(0);
    expect((await browse("?search=oxb")).items.map((s) => s.id)).toEqual([id]);
    await h.sql`update salespeople set dealership_id = null where id = ${id}`;
    await h.sql`delete from appointments where salesperson_id = ${id}`;
    await h.sql`delete from ratings where salesperson_id = ${id}`;
    await h.sql`delete from salespeople where id = ${id}`;
    expect(await termsOutOfStep()).toBe(0);
    expect((await browse("?search=oxb")).total).toBe(0);
  });

  /** Stored cards that differ from their salesperson's card as written now, or whose salesperson is gone. */
  async function cardsOutOfStep() {
    const [row] = await h.sql<{ n: number }[]>`
      select (select count(*) from salespeople s left join salesperson_cards c on c.salesperson_id = s.id
               where c.card is distinct from salesperson_card(s))::int
           + (select count(*) from salesperson_cards c
               where not exists (select 1 from salespeople s where s.id = c.salesperson_id))::int as n`;
    return row!.n;
  }

  /** A salesperson's card as browse answers it, and the same fields as their profile answers them. */
  async function cardAndProfile(id: number, name: string) {
    const found = await h.request("GET", `/api/salespeople?search=${encodeURIComponent(name)}&limit=100`);
    const card = (found.json as Record<string, unknown>[]).find((c) => c.id === id);
    const profile = (await h.request("GET", `/api/salespeople/${id}`)).json as Record<string, unknown>;
    return { card, profile: card ? Object.fromEntries(Object.keys(card).map((k) => [k, profile[k]])) : null };
  }

  it("keeps every stored card equal to its salesperson's card as the profile reads it, through each change", async () => {
    expect(await cardsOutOfStep()).toBe(0);
    const [person] = await h.sql<{ id: number; dealership_id: number }[]>`
      select id, dealership_id from salespeople
       where dealership_id is not null and verified_at is not null order by id limit 1`;
    const id = person!.id;
    await h.sql`update salespeople set name = 'Ysolde Carrowmere', bio = ${'Says "hi"\n\ttabs & <tags> é'},
                 specialties = '{Leasing,Financing}', average_rating = 4.25, total_reviews = 8 where id = ${id}`;
    await h.sql`update dealerships set name = 'Brannock & Daughters' where id = ${person!.dealership_id}`;
    await h.sql`update salespeople set verified_at = '2026-03-04T05:06:07.089Z' where id = ${id}`;
    expect(await cardsOutOfStep()).toBe(0);
    const { card, profile } = await cardAndProfile(id, "carrowmere");
    expect(card).toMatchObject({
      name: "Ysolde Carrowmere",
      dealership: "Brannock & Daughters",
      averageRating: 4.25,
      verifiedAt: "2026-03-04T05:06:07.089Z",
    });
    expect(card).toEqual(profile);
    // A failed change leaves the card as it was; a deleted salesperson takes theirs along.
    await expect(
      h.sql.begin(async (tx) => {
        await tx`update salespeople set name = 'Rolled Back' where id = ${id}`;
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await cardAndProfile(id, "carrowmere")).card).toMatchObject({ name: "Ysolde Carrowmere" });
    const [fresh] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, city, state, time_zone, specialties)
      values ('Odalric Penhallow', 'odalric@example.org', 'Austin', 'TX', 'America/Chicago', '{Trucks}') returning id`;
    expect((await cardAndProfile(fresh!.id, "penhallow")).card).toEqual(
      (await cardAndProfile(fresh!.id, "penhallow")).profile,
    );
    await h.sql`delete from salespeople where id = ${fresh!.id}`;
    expect(await cardsOutOfStep()).toBe(0);
  });
});
