// Browse benchmark: seeds ~100,000 salespeople into a dedicated embedded PostgreSQL, starts the built server,
// then runs autocannon (50 connections, 10 s each) against the health route, the REST filtered browse and the
// tRPC browse procedure, all on 127.0.0.1, and prints throughput, ratios and p50/p99 latency.
// Usage: npm run build && npm run bench:browse   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS to adjust)
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import autocannon from "autocannon";
import { loadCities } from "../src/server/db/seed";
import { BROWSE_SPECIALTIES } from "../src/shared/constants";

const scale = Number(process.env.BENCH_SCALE ?? 80);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 3900);
const base = `http://127.0.0.1:${port}`;
const env = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATA_DIR: `.data/bench-x${scale}`,
  EMBEDDED_PG_PORT: String(port + 1),
  SEED_SCALE: String(scale),
  DB_POOL_SIZE: process.env.DB_POOL_SIZE ?? "10",
  LOG_LEVEL: "warn",
  ADMIN_CODE: process.env.ADMIN_CODE ?? "bench-admin-code",
  RATE_LIMIT_DISABLED: "true",
  BROWSE_CACHE_TTL_MS: process.env.BROWSE_CACHE_TTL_MS ?? "5000",
};

if (!existsSync("dist/server/index.js")) {
  console.error("Build first: npm run build");
  process.exit(1);
}

async function waitForHealth(child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not become healthy in time");
}

function run(title: string, requests: autocannon.Request[]) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, requests, title }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const cities = loadCities().map((c) => c.city);
const ratings = ["4", "3", "5"];
const browseQueries = Array.from({ length: 60 }, (_, i) => ({
  city: cities[i % cities.length]!,
  rating: ratings[i % ratings.length]!,
  specialty: BROWSE_SPECIALTIES[i % BROWSE_SPECIALTIES.length]!,
}));
const restRequests = browseQueries.map((q) => ({
  method: "GET" as const,
  path: `/api/salespeople?${new URLSearchParams(q)}`,
}));
const trpcRequests = browseQueries.map((q) => ({
  method: "GET" as const,
  path: `/trpc/salespeople.list?input=${encodeURIComponent(JSON.stringify({ json: q }))}`,
}));

const started = Date.now();
const server = spawn(process.execPath, ["dist/server/index.js"], {
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  await waitForHealth(server, 240_000);
  console.log(
    `server ready with scale ${scale} in ${((Date.now() - started) / 1000).toFixed(1)} s (includes first-run seed)`,
  );
  const count = await fetch(`${base}/api/salespeople?limit=1`);
  console.log(`salespeople in database: ${count.headers.get("x-total-count")}`);
  // Warm up caches and plans.
  await run("warmup", restRequests.slice(0, 10));

  const health = await run("health", [{ method: "GET", path: "/api/health" }]);
  const rest = await run("rest-browse", restRequests);
  const trpc = await run("trpc-browse", trpcRequests);

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;
  console.log(
    `\n${connections} connections, ${seconds} s each, 127.0.0.1:${port}, browse cache TTL ${env.BROWSE_CACHE_TTL_MS} ms`,
  );
  console.log(row("GET /api/health", health));
  console.log(row("GET /api/salespeople", rest));
  console.log(row("tRPC salespeople.list", trpc));
  console.log(
    `REST browse / health throughput: ${((100 * rest.requests.average) / health.requests.average).toFixed(1)}%`,
  );
  console.log(
    `tRPC browse / health throughput: ${((100 * trpc.requests.average) / health.requests.average).toFixed(1)}%`,
  );
} finally {
  server.kill("SIGINT");
  await new Promise((r) => server.once("exit", r));
}
