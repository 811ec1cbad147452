import { describe, expect, it } from "vitest";
import { seedDatabase } from "../src/server/db/seed";
import { BROWSE_TOTAL_LIMIT } from "../src/shared/constants";
import { createHarness } from "./support/harness";

const h = await createHarness();
await seedDatabase(h.sql, { scale: 0.5 });

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
    const [row] = await h.sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
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
    ]) {
      const res = await h.request("GET", `/api/salespeople${q}`);
      expect(res.status, q).toBe(400);
      expect(res.json.code).toBe("BAD_REQUEST");
      expect(typeof res.json.message).toBe("string");
    }
  });
});

describe("GET /api/salespeople/{id}", () => {
  it("answers the profile with dealership, reviews and category averages", async () => {
    const [top] = await h.sql<
      { id: number }[]
    >`select id from salespeople where total_reviews > 0 and dealership_id is not null limit 1`;
    const res = await h.request("GET", `/api/salespeople/${top!.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: top!.id, dealershipInfo: { timeZone: expect.any(String) } });
    expect(res.json.ratings.length).toBeGreaterThan(0);
    expect(res.json.categoryAverages.pressureLevel).toBeGreaterThan(0);
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

describe("tRPC browse procedure", () => {
  it("answers items and total for the same filters", async () => {
    const api = h.caller();
    const out = await api.salespeople.list({ rating: "4", limit: 5 });
    expect(out.items).toHaveLength(5);
    expect(out.total).toBeGreaterThan(5);
    const options = await api.salespeople.filterOptions();
    expect(options.dealerships.length).toBe(60);
    expect(options.cities.length).toBeGreaterThanOrEqual(55);
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
    const [before] = await h.sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
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

describe("name search text", () => {
  it("follows renames of salespeople and dealerships", async () => {
    const [person] = await h.sql<{ id: number; dealership_id: number }[]>`
      select id, dealership_id from salespeople where dealership_id is not null order by id limit 1`;
    await h.sql`update salespeople set name = 'Quillon Vexmark' where id = ${person!.id}`;
    expect((await browse("?search=VEXMARK")).items.map((s) => s.id)).toEqual([person!.id]);
    await h.sql`update dealerships set name = 'Zarquon Motors' where id = ${person!.dealership_id}`;
    const byDealer = await browse("?search=zarquon&limit=100");
    const [expected] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople where dealership_id = ${person!.dealership_id}`;
    expect(byDealer.total).toBe(expected!.n);
    expect((await browse("?search=100%25")).total).toBe(0);
  });
});
