// The browse benchmark's requests (bench/browse.ts), shared with the benchmarks that replay its mix: the filter
// shapes real visitors send, as REST and tRPC requests, sent in turn across every connection.
import type autocannon from "autocannon";
import postgres from "postgres";
import { loadCities } from "../src/server/db/cities";
import { rng } from "../src/server/seed/words";
import { BROWSE_SPECIALTIES, RATING_FILTERS } from "../src/shared/constants";

export type Query = Record<string, string>;
export type Shape = { name: string; queries: Query[] };

const cities = loadCities().map((c) => c.city);
const ratings = RATING_FILTERS.map((r) => r.value);
const offsets = Array.from({ length: 9 }, (_, i) => String(i * 12));

/** Up to `count` distinct queries drawn from the choices of each filter. */
function sample(seed: number, count: number, choices: Record<string, readonly string[]>): Query[] {
  // Deterministic, so two runs send the same requests.
  const next = rng(seed).next;
  const seen = new Map<string, Query>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) {
    const query: Query = {};
    for (const [key, values] of Object.entries(choices))
      query[key] = values[Math.floor(next() * values.length)]!;
    seen.set(new URLSearchParams(query).toString(), query);
  }
  return [...seen.values()];
}

async function namePrefixes(pgUrl: string): Promise<string[]> {
  const sql = postgres(pgUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ prefix: string }[]>`
      select lower(left(name, 3)) as prefix from salespeople group by 1 order by count(*) desc limit 400`;
    return rows.map((r) => r.prefix);
  } finally {
    await sql.end();
  }
}

/**
 * What real visitors send: every filter shape, ~2,000 distinct requests each (fewer where fewer exist). With
 * `finding`, also when they are free and where: who has an open time today, this weekend or on a date, the
 * soonest first, and near a ZIP code.
 */
export async function longTailShapes(pgUrl: string, finding = false): Promise<Shape[]> {
  const names = await namePrefixes(pgUrl);
  const zips = await dealershipZips(pgUrl);
  const years = Array.from({ length: 31 }, (_, i) => String(i));
  const specialties = [...BROWSE_SPECIALTIES];
  const findingShapes: [string, Record<string, readonly string[]>][] = [
    ["available (when)", { available: whens, offset: offsets }],
    ["city + available", { city: cities, available: whens, offset: offsets }],
    ["soonest available", { sort: ["soonest"], offset: offsets }],
    ["city + soonest", { city: cities, sort: ["soonest"], offset: offsets }],
    [
      "rating + available + soonest",
      { rating: ratings, available: whens, sort: ["soonest"], offset: offsets },
    ],
    ["near a ZIP", { zip: zips, radius: radii, offset: offsets }],
    ["near a ZIP, nearest first", { zip: zips, radius: radii, sort: ["distance"], offset: offsets }],
    ["near a ZIP + available", { zip: zips, radius: radii, available: whens, offset: offsets }],
  ];
  const shapes: [string, Record<string, readonly string[]>][] = [
    ["city", { city: cities, offset: offsets }],
    ["city + rating", { city: cities, rating: ratings, offset: offsets }],
    ["city + specialty", { city: cities, specialty: specialties, offset: offsets }],
    ["city + name search", { city: cities, search: names, offset: offsets }],
    ["name search", { search: names, offset: offsets }],
    ["name search + years", { search: names, yearsOfExperience: years, offset: offsets }],
    ["rating + specialty", { rating: ratings, specialty: specialties, offset: offsets }],
    ["specialty + years", { specialty: specialties, yearsOfExperience: years, offset: offsets }],
    ["rating + name search", { rating: ratings, search: names, offset: offsets }],
    ["verified purchases", { verifiedPurchases: ["true"], offset: offsets }],
    ["city + verified purchases", { city: cities, verifiedPurchases: ["true"], offset: offsets }],
    ...(finding ? findingShapes : []),
  ];
  return shapes.map(([name, choices], i) => ({ name, queries: sample(1000 + i, 2000, choices) }));
}

/** Today, this weekend, or one of the next 14 days (in UTC's calendar, as a visitor's date picker would send). */
const whens = [
  "today",
  "weekend",
  ...Array.from({ length: 14 }, (_, i) =>
    new Date(Date.now() + (i + 1) * 86_400_000).toISOString().slice(0, 10),
  ),
];
const radii = ["10", "25", "50", "100"];

async function dealershipZips(pgUrl: string): Promise<string[]> {
  const sql = postgres(pgUrl, { max: 1, onnotice: () => {} });
  try {
    return (await sql<{ zip: string }[]>`select distinct zip_code as zip from dealerships`).map((r) => r.zip);
  } finally {
    await sql.end();
  }
}

/** Distance search near a place (`--near`): each dealership's ZIP code, every radius, by rank or by distance. */
export async function nearShapes(pgUrl: string): Promise<Shape[]> {
  const zips = await dealershipZips(pgUrl);
  const shapes: [string, Record<string, readonly string[]>][] = [
    ["near a ZIP", { zip: zips, radius: radii, offset: offsets }],
    ["near a ZIP, nearest first", { zip: zips, radius: radii, sort: ["distance"], offset: offsets }],
    ["near a ZIP + rating", { zip: zips, radius: radii, rating: ratings, offset: offsets }],
  ];
  return shapes.map(([name, choices], i) => ({ name, queries: sample(2000 + i, 2000, choices) }));
}

/** 60 combinations of city + rating + specialty (what the cache answers best). */
export function defaultShapes(): Shape[] {
  const queries = Array.from({ length: 60 }, (_, i) => ({
    city: cities[i % cities.length]!,
    rating: ["4", "3", "5"][i % 3]!,
    specialty: BROWSE_SPECIALTIES[i % BROWSE_SPECIALTIES.length]!,
  }));
  return [{ name: "city + rating + specialty", queries }];
}

export const restRequest = (q: Query): autocannon.Request => ({
  method: "GET",
  path: `/api/salespeople?${new URLSearchParams(q)}`,
});
/** tRPC's input is typed: numbers stay numbers. */
export const trpcRequest = (q: Query): autocannon.Request => {
  const input = Object.fromEntries(
    Object.entries(q).map(([k, v]) => [k, k === "offset" || k === "yearsOfExperience" ? Number(v) : v]),
  );
  return {
    method: "GET",
    path: `/trpc/salespeople.list?input=${encodeURIComponent(JSON.stringify({ json: input }))}`,
  };
};

/**
 * One autocannon request that sends `queries` in turn across every connection, each once until the list wraps.
 * Given as an array, autocannon walks it from the start on each connection: 50 connections would send every
 * query 50 times in step, and the browse cache would answer all but the first of them.
 */
export function inTurn(queries: Query[], toRequest: (q: Query) => autocannon.Request): autocannon.Request[] {
  let next = 0;
  return [
    {
      ...toRequest(queries[0]!),
      setupRequest: (req) => ({ ...req, ...toRequest(queries[next++ % queries.length]!) }),
    },
  ];
}

/** Interleaves the shapes' queries, so a saturated run of the whole mix visits every shape all the time. */
export function interleave(shapes: Shape[]): Query[] {
  const out: Query[] = [];
  const longest = Math.max(...shapes.map((s) => s.queries.length));
  for (let i = 0; i < longest; i++) for (const s of shapes) if (s.queries[i]) out.push(s.queries[i]!);
  return out;
}
