// Browse benchmark: ~100,000 salespeople in a dedicated embedded PostgreSQL, the built server on 127.0.0.1,
// autocannon on the health route and on browse, through REST and tRPC, with the browse cache as configured.
//
// Default mode: 60 combinations of city + rating + specialty (what the cache answers best).
// --long-tail: what real visitors send. At least 10,000 distinct requests spread over every filter shape
// (city, rating, specialty, three-letter name search, years of experience, offsets 0-96), sent two ways:
//   - saturated: every connection sends again as soon as it has its answer (the most the server can answer);
//   - paced: visitors arriving at a fixed rate, a share of the health route's throughput (REST 5 %, tRPC
//     3 %, BENCH_REST_SHARE / BENCH_TRPC_SHARE), over the same connections, timed per shape, so a slow shape
//     cannot hide in the average. A saturated closed loop's latency is connections / throughput by
//     construction; the paced run shows what a visitor waits at a given load.
// Usage: npm run build && npm run bench:browse [-- --long-tail]
//        (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BROWSE_CACHE_TTL_MS)
import type autocannon from "autocannon";
import postgres from "postgres";
import { loadCities } from "../src/server/db/cities";
import { BROWSE_SPECIALTIES, RATING_FILTERS } from "../src/shared/constants";
import {
  connections,
  kindRows,
  paced,
  percentile,
  ratio,
  row,
  run,
  seconds,
  startBenchServer,
} from "./support";

type Query = Record<string, string>;
type Shape = { name: string; queries: Query[] };
const restShare = Number(process.env.BENCH_REST_SHARE ?? 0.05);
const trpcShare = Number(process.env.BENCH_TRPC_SHARE ?? 0.03);

const longTail = process.argv.includes("--long-tail");
const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3900), scale });

const cities = loadCities().map((c) => c.city);
const ratings = RATING_FILTERS.map((r) => r.value);
const offsets = Array.from({ length: 9 }, (_, i) => String(i * 12));

/** A small deterministic generator, so two runs send the same requests. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Up to `count` distinct queries drawn from the choices of each filter. */
function sample(seed: number, count: number, choices: Record<string, readonly string[]>): Query[] {
  const next = random(seed);
  const seen = new Map<string, Query>();
  for (let tries = 0; seen.size < count && tries < count * 20; tries++) {
    const query: Query = {};
    for (const [key, values] of Object.entries(choices))
      query[key] = values[Math.floor(next() * values.length)]!;
    seen.set(new URLSearchParams(query).toString(), query);
  }
  return [...seen.values()];
}

async function namePrefixes(): Promise<string[]> {
  const sql = postgres(server.pgUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ prefix: string }[]>`
      select lower(left(name, 3)) as prefix from salespeople group by 1 order by count(*) desc limit 400`;
    return rows.map((r) => r.prefix);
  } finally {
    await sql.end();
  }
}

async function longTailShapes(): Promise<Shape[]> {
  const names = await namePrefixes();
  const years = Array.from({ length: 31 }, (_, i) => String(i));
  const specialties = [...BROWSE_SPECIALTIES];
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
  ];
  return shapes.map(([name, choices], i) => ({ name, queries: sample(1000 + i, 2000, choices) }));
}

function defaultShapes(): Shape[] {
  const queries = Array.from({ length: 60 }, (_, i) => ({
    city: cities[i % cities.length]!,
    rating: ["4", "3", "5"][i % 3]!,
    specialty: BROWSE_SPECIALTIES[i % BROWSE_SPECIALTIES.length]!,
  }));
  return [{ name: "city + rating + specialty", queries }];
}

const restRequest = (q: Query): autocannon.Request => ({
  method: "GET",
  path: `/api/salespeople?${new URLSearchParams(q)}`,
});
/** tRPC's input is typed: numbers stay numbers. */
const trpcRequest = (q: Query): autocannon.Request => {
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
function inTurn(queries: Query[], toRequest: (q: Query) => autocannon.Request): autocannon.Request[] {
  let next = 0;
  return [
    {
      ...toRequest(queries[0]!),
      setupRequest: (req) => ({ ...req, ...toRequest(queries[next++ % queries.length]!) }),
    },
  ];
}

/** Interleaves the shapes' queries, so a saturated run of the whole mix visits every shape all the time. */
function interleave(shapes: Shape[]): Query[] {
  const out: Query[] = [];
  const longest = Math.max(...shapes.map((s) => s.queries.length));
  for (let i = 0; i < longest; i++) for (const s of shapes) if (s.queries[i]) out.push(s.queries[i]!);
  return out;
}

try {
  const sql = postgres(server.pgUrl, { max: 1, onnotice: () => {} });
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from salespeople`;
  await sql.end();
  console.log(`salespeople in database: ${counted!.n}`);
  const shapes = longTail ? await longTailShapes() : defaultShapes();
  const all = interleave(shapes);
  console.log(`${all.length} distinct browse requests over ${shapes.length} shape(s)`);
  await run(server.base, "warmup", { requests: inTurn(all.slice(0, 200), restRequest), duration: 3 });

  const health = await run(server.base, "health", { requests: [{ method: "GET", path: "/api/health" }] });
  // tRPC sends the list from its other end, so it does not meet what REST left in the cache.
  const restResult = await run(server.base, "rest-browse", { requests: inTurn(all, restRequest) });
  const trpcResult = await run(server.base, "trpc-browse", {
    requests: inTurn([...all].reverse(), trpcRequest),
  });
  const pacedRuns: string[] = [];
  if (longTail) {
    // Every shape gets the same share of the paced requests, in turn, so each shape's p99 stands on as many
    // answers as the others' (sent in proportion to their sizes, the smallest shape had ~150 answers in a run,
    // and its p99 was its second-slowest answer). Each shape walks its own queries, REST from the start, tRPC
    // from the end. A shape with fewer distinct pages than its share (city alone has cities x offsets) sends
    // them again, as its visitors would, and meets the cache as production does: its label says how many.
    const pacedSeconds = 2 * seconds;
    for (const [name, share, toRequest, step] of [
      ["REST", restShare, restRequest, 1],
      ["tRPC", trpcShare, trpcRequest, -1],
    ] as const) {
      const rate = Math.round(share * health.requests.average);
      const sent = shapes.map(() => 0);
      let turn = 0;
      const result = await paced(server.base, {
        rate,
        seconds: pacedSeconds,
        connections,
        next: () => {
          const index = turn++ % shapes.length;
          const { name: shapeName, queries } = shapes[index]!;
          const k = sent[index]!++ % queries.length;
          const query = queries[step === 1 ? k : queries.length - 1 - k]!;
          const { method, path } = toRequest(query) as { method: string; path: string };
          return { kind: `${shapeName} (${queries.length} distinct)`, method, path };
        },
      });
      const answered = result.timings.all();
      pacedRuns.push(
        `${name} paced at ${rate} req/s (${(100 * share).toFixed(1)}% of health), ${pacedSeconds} s: answered ${(answered.length / result.elapsed).toFixed(0)} req/s, p50 ${percentile(answered, 50).toFixed(1)} ms, p99 ${percentile(answered, 99).toFixed(1)} ms, requests without an answer ${JSON.stringify(result.failed)}`,
        ...kindRows(result.timings, pacedSeconds),
      );
    }
  }

  console.log(
    `\n${connections} connections, ${seconds} s each, ${server.base}, browse cache TTL ${server.env.BROWSE_CACHE_TTL_MS} ms`,
  );
  console.log(row("GET /api/health", health));
  console.log(row("GET /api/salespeople", restResult));
  console.log(row("tRPC salespeople.list", trpcResult));
  console.log(ratio("REST browse (saturated)", restResult, health));
  console.log(ratio("tRPC browse (saturated)", trpcResult, health));
  for (const line of pacedRuns) console.log(line);
} finally {
  await server.stop();
}
