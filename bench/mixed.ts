// Mixed-load benchmark: what a crowd sends at once (bench/mixedLoad.ts), on the ~100,000-salesperson seed, 100
// connections, 30 s. Each request is timed by kind, so a slow kind cannot hide in the total. The health route is
// measured in the same run for scale, through the same lean client as the saturated mix (bench/support.ts,
// saturated). The mix is sent twice: saturated (each connection sends again as soon as it has its answer: the
// most the server answers) and paced (visitors arriving at a fixed rate, BENCH_RATE or 5 % of health's, over the
// same 100 connections: what a visitor waits at that load).
// Usage: npm run build && npm run bench:mixed   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RATE)
import { createDatabase } from "../src/server/db/client";
import { mixedLoad } from "./mixedLoad";
import {
  jobsDrained,
  kindRows,
  measureHealth,
  openTimesKept,
  paced,
  percentile,
  saturated,
  saturatedRow,
  settled,
  shareOfHealth,
  startBenchServer,
  windowRow,
} from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3920), scale });
const database = createDatabase(server.pgUrl, { max: 2 });

try {
  const { nextRequest, onAnswer, salespeople: n } = await mixedLoad(database.sql, server.base);
  const health = await measureHealth(server.base, { connections });
  // BENCH_SATURATED=0 leaves the saturated run out: to look at the paced tail alone (with BENCH_RATE).
  const mixed =
    process.env.BENCH_SATURATED === "0"
      ? undefined
      : await saturated(server.base, { seconds, connections, next: nextRequest, onAnswer });
  // Paced open-loop at a share of the health route's rate in the same run (BENCH_SHARE, 5 % unless said), or at
  // a fixed BENCH_RATE; each latency counts from the moment its request was due.
  const share = Number(process.env.BENCH_SHARE ?? 0.05);
  const rate = Number(process.env.BENCH_RATE ?? Math.round(share * health.rate));
  // The paced run starts on a settled server: the saturated run's notices sent and the open times its bookings
  // left stale recomputed (by the next minute's job), or (without one) its pools' connections opened and its
  // statements prepared by a few seconds of the same paced load, not counted.
  const drained = mixed ? await jobsDrained(database.sql) : 0;
  const recomputed = mixed ? await openTimesKept(server.pgUrl, Date.now() + 300_000) : 0;
  if (mixed) await settled("after the saturated run, the server and its database", 120);
  if (!mixed) await paced(server.base, { rate, seconds: 5, connections, next: nextRequest, onAnswer });
  const pacedRun = await paced(server.base, { rate, seconds, connections, next: nextRequest, onAnswer });
  const pacedAll = pacedRun.timings.all();

  console.log(`\n${connections} connections, ${seconds} s, ${server.base}, ${n} salespeople`);
  console.log(saturatedRow("GET /api/health (10 s)", health));
  if (mixed) {
    console.log(saturatedRow("mixed, saturated, all kinds", mixed));
    console.log(shareOfHealth("mixed, saturated", mixed.rate, health.rate));
    for (const line of kindRows(mixed.timings, mixed.elapsed)) console.log(line);
    console.log(
      `  its notices were all sent ${drained.toFixed(1)} s after it ended, and the open times its bookings left stale recomputed ${recomputed.toFixed(0)} s after that; the paced run started then`,
    );
  }
  console.log(
    `mixed, paced at ${rate} req/s (${((100 * rate) / health.rate).toFixed(1)}% of health's ${health.rate.toFixed(0)} req/s): p50 ${percentile(pacedAll, 50).toFixed(1)} ms, p99 ${percentile(pacedAll, 99).toFixed(1)} ms, p99.9 ${percentile(pacedAll, 99.9).toFixed(1)} ms, max ${(pacedAll.at(-1) ?? 0).toFixed(1)} ms, requests without an answer ${JSON.stringify(pacedRun.failed)}`,
  );
  for (const line of kindRows(pacedRun.timings, seconds)) console.log(line);
  console.log(windowRow(pacedRun.timings));
} finally {
  await database.end();
  await server.stop();
}
