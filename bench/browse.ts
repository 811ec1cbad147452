// Browse benchmark: ~100,000 salespeople in a dedicated embedded PostgreSQL, the built server on 127.0.0.1,
// autocannon (50 connections, 10 s each) on the health route, the REST filtered browse and the tRPC browse.
// Usage: npm run build && npm run bench:browse   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BROWSE_CACHE_TTL_MS)
import { loadCities } from "../src/server/db/seed";
import { BROWSE_SPECIALTIES } from "../src/shared/constants";
import { connections, ratio, row, run, seconds, startBenchServer } from "./support";

const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3900), scale });

const cities = loadCities().map((c) => c.city);
const ratings = ["4", "3", "5"];
const queries = Array.from({ length: 60 }, (_, i) => ({
  city: cities[i % cities.length]!,
  rating: ratings[i % ratings.length]!,
  specialty: BROWSE_SPECIALTIES[i % BROWSE_SPECIALTIES.length]!,
}));
const rest = queries.map((q) => ({
  method: "GET" as const,
  path: `/api/salespeople?${new URLSearchParams(q)}`,
}));
const trpc = queries.map((q) => ({
  method: "GET" as const,
  path: `/trpc/salespeople.list?input=${encodeURIComponent(JSON.stringify({ json: q }))}`,
}));

try {
  const total = await fetch(`${server.base}/api/salespeople?limit=1`);
  console.log(`salespeople in database: ${total.headers.get("x-total-count")}`);
  await run(server.base, "warmup", { requests: rest.slice(0, 10), duration: 3 });
  const health = await run(server.base, "health", { requests: [{ method: "GET", path: "/api/health" }] });
  const restResult = await run(server.base, "rest-browse", { requests: rest });
  const trpcResult = await run(server.base, "trpc-browse", { requests: trpc });
  console.log(
    `\n${connections} connections, ${seconds} s each, ${server.base}, browse cache TTL ${server.env.BROWSE_CACHE_TTL_MS} ms`,
  );
  console.log(row("GET /api/health", health));
  console.log(row("GET /api/salespeople", restResult));
  console.log(row("tRPC salespeople.list", trpcResult));
  console.log(ratio("REST browse", restResult, health));
  console.log(ratio("tRPC browse", trpcResult, health));
} finally {
  await server.stop();
}
