// Browsing near a place: distances, the radius, nearest first, paging, and what a location must be.
import { describe, expect, it } from "vitest";
import { zipPlace } from "../src/server/geo/zipPlaces";
import { haversineMiles } from "../src/shared/geo";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

type Card = {
  id: number;
  name: string;
  dealershipId: number | null;
  averageRating: number;
  distanceMiles?: number;
};

async function browse(query: Record<string, string>) {
  const res = await h.request("GET", `/api/salespeople?${new URLSearchParams(query)}`);
  return {
    ...res,
    items: res.json as Card[],
    total: Number(res.headers.get("x-total-count")),
    next: res.headers.get("x-next-cursor"),
  };
}

/**
 * Dealerships of our own in the plains of Nebraska, more than 200 miles from every seeded city: due north of
 * ORIGIN 0, ~6.9, ~20.7, ~41.4, ~82.8 and ~138 miles away, and one ~31 miles north-east, inside the square
 * around a 25-mile circle but not inside the circle.
 */
const ORIGIN = { latitude: 40, longitude: -100 };
const NORTH: [number, number][] = [
  [0, 0],
  [0.1, 0],
  [0.3, 0],
  [0.6, 0],
  [1.2, 0],
  [2, 0],
  [0.3185, 0.4152],
];
/** Each dealership's salespeople, listed: ratings chosen so the rating order and the distance order differ. */
const PER_DEALERSHIP = 5;

const placed: { dealershipId: number; latitude: number; longitude: number; ids: number[] }[] = [];
for (const [i, [north, east]] of NORTH.entries()) {
  const latitude = ORIGIN.latitude + north;
  const longitude = ORIGIN.longitude + east;
  const [dealership] = await h.sql<{ id: number }[]>`
    insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
    values (${`Prairie Motors ${i}`}, '1 Main St', 'Prairie', 'NE', '69001', 'America/Chicago', ${latitude},
            ${longitude})
    returning id`;
  const ids: number[] = [];
  for (let n = 0; n < PER_DEALERSHIP; n++) {
    const [person] = await h.sql<{ id: number }[]>`
      insert into salespeople (name, email, dealership_id, city, state, time_zone, average_rating, total_reviews,
                               verified_at)
      values (${`Prairie Seller ${i}-${n}`}, ${`prairie.${i}.${n}@example.com`}, ${dealership!.id}, 'Prairie', 'NE',
              'America/Chicago', ${(1 + ((i * 3 + n) % 5) * 0.9).toFixed(2)}, ${n}, now())
      returning id`;
    ids.push(person!.id);
  }
  placed.push({ dealershipId: dealership!.id, latitude, longitude, ids });
}
// Not listed (its dealership has not confirmed it), and an independent in the same town: neither has a place of
// its own to be near.
const [unconfirmed] = await h.sql<{ id: number }[]>`
  insert into salespeople (name, email, dealership_id, city, state, time_zone)
  values ('Prairie Pending', 'prairie.pending@example.com', ${placed[0]!.dealershipId}, 'Prairie', 'NE',
          'America/Chicago')
  returning id`;
const [independent] = await h.sql<{ id: number }[]>`
  insert into salespeople (name, email, city, state, time_zone)
  values ('Prairie Independent', 'prairie.independent@example.com', 'Prairie', 'NE', 'America/Chicago')
  returning id`;

const point = { lat: String(ORIGIN.latitude), lng: String(ORIGIN.longitude) };
const milesTo = (dealershipId: number | null) => {
  const d = placed.find((p) => p.dealershipId === dealershipId)!;
  return haversineMiles(ORIGIN, d);
};

describe("browsing near a place", () => {
  it("gives each card its distance, to one decimal, as the great circle measures it", async () => {
    const page = await browse({ ...point, radius: "100", limit: "100" });
    expect(page.status).toBe(200);
    expect(page.items).toHaveLength(6 * PER_DEALERSHIP);
    for (const card of page.items) {
      expect(typeof card.distanceMiles).toBe("number");
      expect(Math.round(card.distanceMiles! * 10)).toBe(card.distanceMiles! * 10);
      // earthdistance's sphere is 0.1% larger than the haversine's; rounding adds 0.05.
      expect(Math.abs(card.distanceMiles! - milesTo(card.dealershipId))).toBeLessThan(
        0.002 * milesTo(card.dealershipId) + 0.06,
      );
    }
    expect(page.items.map((c) => c.id)).not.toContain(unconfirmed!.id);
    expect(page.items.map((c) => c.id)).not.toContain(independent!.id);
  });

  it("lists only who is within the radius, 25 miles unless told", async () => {
    const within = (miles: number) => placed.filter((p) => milesTo(p.dealershipId) <= miles);
    for (const radius of [undefined, 10, 25, 50, 100]) {
      const page = await browse({ ...point, ...(radius ? { radius: String(radius) } : {}), limit: "100" });
      const expected = within(radius ?? 25).flatMap((p) => p.ids);
      expect(new Set(page.items.map((c) => c.id)), String(radius)).toEqual(new Set(expected));
      expect(page.total).toBe(expected.length);
    }
    // Without a location, nothing is measured.
    const plain = await browse({ limit: "5" });
    expect(plain.items.every((c) => c.distanceMiles === undefined)).toBe(true);
  });

  it("sorts nearest first, then in the browse order; the rating order stays the default", async () => {
    const nearest = await browse({ ...point, radius: "100", sort: "distance", limit: "100" });
    const miles = nearest.items.map((c) => c.distanceMiles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(nearest.items[0]!.dealershipId).toBe(placed[0]!.dealershipId);
    const rated = await browse({ ...point, radius: "100", limit: "100" });
    const ratings = rated.items.map((c) => c.averageRating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(rated.items.map((c) => c.id)).not.toEqual(nearest.items.map((c) => c.id));
  });

  it("pages through every match, by offset and by cursor, with no duplicates or gaps", async () => {
    for (const sort of ["distance", "rating", "pressure"]) {
      const all = (await browse({ ...point, radius: "100", sort, limit: "100" })).items.map((c) => c.id);
      expect(all).toHaveLength(6 * PER_DEALERSHIP);
      const byOffset: number[] = [];
      for (let offset = 0; offset < all.length; offset += 4)
        byOffset.push(
          ...(await browse({ ...point, radius: "100", sort, limit: "4", offset: String(offset) })).items.map(
            (c) => c.id,
          ),
        );
      expect(byOffset, sort).toEqual(all);
      const byCursor: number[] = [];
      let after: string | null = null;
      do {
        const page = await browse({ ...point, radius: "100", sort, limit: "4", ...(after ? { after } : {}) });
        expect(page.status, sort).toBe(200);
        byCursor.push(...page.items.map((c) => c.id));
        after = page.next;
      } while (after);
      expect(byCursor, sort).toEqual(all);
    }
  });

  it("measures from a ZIP code's centre", async () => {
    // The seed's New York dealership stands at 10007's centre, Newark's about ten miles away.
    const page = await browse({ zip: "10007", radius: "25", sort: "distance", limit: "100" });
    expect(page.status).toBe(200);
    const dealerships = await h.sql<{ id: number; city: string; latitude: number; longitude: number }[]>`
      select id, city, latitude, longitude from dealerships where city in ('New York', 'Newark')`;
    const centre = zipPlace("10007")!;
    expect(new Set(page.items.map((c) => c.dealershipId))).toEqual(new Set(dealerships.map((d) => d.id)));
    for (const card of page.items) {
      const d = dealerships.find((x) => x.id === card.dealershipId)!;
      expect(Math.abs(card.distanceMiles! - haversineMiles(centre, d))).toBeLessThan(0.1);
    }
    expect(page.items[0]!.distanceMiles).toBe(0);
    expect(page.items.at(-1)!.distanceMiles).toBeGreaterThan(5);
  });

  it("refuses a location it cannot use, saying why", async () => {
    const cases: [Record<string, string>, string | null][] = [
      [{ zip: "00000" }, "UNKNOWN_ZIP"],
      [{ zip: "1234" }, null],
      [{ lat: "91", lng: "0" }, null],
      [{ lat: "0", lng: "-181" }, null],
      [{ lat: "40" }, "LOCATION_CONFLICT"],
      [{ zip: "10007", ...point }, "LOCATION_CONFLICT"],
      [{ sort: "distance" }, "LOCATION_REQUIRED"],
      [{ radius: "25" }, "LOCATION_REQUIRED"],
      [{ ...point, radius: "30" }, null],
      [{ ...point, sort: "distance", after: "r4.5_3_10" }, "CURSOR_OTHER_ORDER"],
    ];
    for (const [query, code] of cases) {
      const res = await browse(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      if (code) expect((res.json as { code: string }).code, JSON.stringify(query)).toBe(code);
    }
    const unknown = await browse({ zip: "00000" });
    expect((unknown.json as { message: string }).message).toContain("00000");
  });
});
