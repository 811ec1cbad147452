// Business-intelligence benchmark on the ~100,000-salesperson seed: what dashboard readers send, spread over
// every report, period and scope (an administrator's platform view, an administrator looking at one of the 60
// dealerships, each dealership's manager), timed per report. Reports read the day-level rollups, refreshed in
// the background when older than ANALYTICS_MAX_AGE_SECONDS (docs/decisions/009-analytics-rollups.md).
// The health route is measured in the same run for scale (both through the lean client, bench/support.ts), and
// a refresh of the rollups is timed at the end.
// Usage: npm run build && npm run bench:analytics   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS)
import { createSession } from "../src/server/credentials/session";
import { createDatabase } from "../src/server/db/client";
import { ROLLUPS } from "../src/server/domains/analytics/rollup";
import { ANALYTICS_PERIODS } from "../src/shared/analytics";
import {
  measureHealth,
  percentile,
  saturated,
  saturatedRow,
  seededRandom,
  shareOfHealth,
  startBenchServer,
} from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({
  port: Number(process.env.BENCH_PORT ?? 3940),
  scale,
  extraEnv: { ANALYTICS_MAX_AGE_SECONDS: process.env.ANALYTICS_MAX_AGE_SECONDS ?? "300" },
});
const database = createDatabase(server.pgUrl, { max: 2 });

const REPORTS = [
  ["executive-summary", 0.3],
  ["dealerships", 0.2],
  ["market", 0.2],
  ["revenue", 0.15],
  ["predictions", 0.15],
] as const;
type Report = (typeof REPORTS)[number][0];

const { next, pick } = seededRandom(7);

try {
  const sql = database.sql;
  const [admin] = await sql<{ id: string }[]>`
    insert into users (email, role) values ('bench.analytics.admin@example.org', 'admin')
    on conflict (email) do update set role = 'admin' returning id`;
  const adminToken = (await createSession(sql, admin!.id, { userAgent: "bench" })).token;
  const managers = await sql<{ dealership: number; user: string }[]>`
    select dealership_id as dealership, user_id as user from dealership_members where role = 'owner'
     order by dealership_id`;
  const managerTokens = await Promise.all(
    managers.map(async (m) => ({
      dealership: m.dealership,
      token: (await createSession(sql, m.user, { userAgent: "bench" })).token,
    })),
  );
  const [counted] = await sql<{ n: number }[]>`select count(*)::int as n from salespeople`;

  // The first report after a start waits for a refresh: take it before measuring.
  const warm = Date.now();
  await fetch(`${server.base}/api/analytics/executive-summary`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  console.log(`first report (with the initial refresh): ${Date.now() - warm} ms`);

  function choose(): Report {
    let r = next();
    for (const [report, share] of REPORTS) {
      if (r < share) return report;
      r -= share;
    }
    return "executive-summary";
  }

  function nextReport() {
    const report = choose();
    // Predictions always fit the last 12 months: they take no period.
    const params = new URLSearchParams(report === "predictions" ? {} : { period: pick(ANALYTICS_PERIODS) });
    let token = adminToken;
    const who = next();
    if (report !== "revenue" && who < 0.3) {
      const manager = pick(managerTokens);
      token = manager.token;
    } else if (report !== "revenue" && who < 0.5) {
      params.set("dealershipId", String(pick(managers).dealership));
    }
    return {
      kind: report,
      path: `/api/analytics/${report}?${params}`,
      headers: { authorization: `Bearer ${token}` },
    };
  }

  const health = await measureHealth(server.base, { connections });
  const reports = await saturated(server.base, { seconds, connections, next: nextReport });
  const timings = reports.timings;

  const refreshStart = Date.now();
  for (const view of ROLLUPS) await sql`refresh materialized view concurrently ${sql(view)}`;
  const refreshMs = Date.now() - refreshStart;

  console.log(`\n${connections} connections, ${seconds} s, ${server.base}, ${counted!.n} salespeople`);
  console.log(saturatedRow("GET /api/health (10 s)", health));
  console.log(saturatedRow("analytics, all reports", reports));
  console.log(shareOfHealth("analytics, all reports", reports.rate, health.rate));
  const all: number[] = [];
  for (const { kind: report, ...s } of timings.byKind()) {
    const sorted = s.ms;
    all.push(...sorted);
    console.log(
      `  ${report.padEnd(18)} ${String(s.ms.length).padStart(6)} requests  ${(s.ms.length / reports.elapsed).toFixed(0).padStart(5)} req/s  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms  2xx ${s.ok}  4xx ${s.client}  5xx ${s.server}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `  ${"every report".padEnd(18)} ${String(all.length).padStart(6)} requests  p50 ${percentile(all, 50).toFixed(1)} ms  p95 ${percentile(all, 95).toFixed(1)} ms  p99 ${percentile(all, 99).toFixed(1)} ms`,
  );
  console.log(`rollup refresh (every view, concurrently): ${refreshMs} ms`);
} finally {
  await database.end();
  await server.stop();
}
