// Mixed-load benchmark: what a crowd sends at once (bench/mixedLoad.ts), on the ~100,000-salesperson seed, 100
// connections, 30 s. Each request is timed by kind, so a slow kind cannot hide in the total. The health route is
// measured in the same run for scale, through the same lean client as the saturated mix (bench/support.ts,
// saturated). The mix is sent twice: saturated (each connection sends again as soon as it has its answer: the
// most the server answers) and paced (visitors arriving at a fixed rate, BENCH_RATE or 5 % of health's, over the
// same 100 connections: what a visitor waits at that load), the paced run from a fresh process
// (bench/mixedPaced.ts) that goes on from where the saturated one left the mix.
// Usage: npm run build && npm run bench:mixed   (BENCH_SCALE, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_RATE)
import { spawn } from "node:child_process";
import { createDatabase } from "../src/server/db/client";
import { mixedRequests, prepareMixedLoad } from "./mixedLoad";
import type { PacedMixOptions } from "./mixedPaced";
import {
  CLIENT_NODE_FLAGS,
  kindRows,
  leftoverWorkDone,
  measureHealth,
  saturated,
  saturatedRow,
  shareOfHealth,
  startBenchServer,
} from "./support";

const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const scale = Number(process.env.BENCH_SCALE ?? 80);
const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 3920), scale });
const database = createDatabase(server.pgUrl, { max: 2 });

try {
  const load = mixedRequests(await prepareMixedLoad(database.sql), server.base);
  // Taking back an earlier run's bookings marks their salespeople's open times stale: the server recomputes them
  // (by the next minute's job) before anything is measured, not inside the health run or the saturated one.
  const before = await leftoverWorkDone(server.pgUrl, "before the runs, the server and its database", {
    openTimesSeconds: 300,
    jobsSeconds: 120,
    settleSeconds: 120,
  });
  console.log(
    `  the open times the earlier runs' bookings left were recomputed ${before.recomputed.toFixed(0)} s after they were taken back; the runs started then`,
  );
  const health = await measureHealth(server.base, { connections });
  console.log(`\n${connections} connections, ${seconds} s, ${server.base}, ${load.salespeople} salespeople`);
  console.log(saturatedRow("GET /api/health (10 s)", health));
  // BENCH_SATURATED=0 leaves the saturated run out: to look at the paced tail alone (with BENCH_RATE).
  const saturatedRun = process.env.BENCH_SATURATED !== "0";
  if (saturatedRun) {
    const mixed = await saturated(server.base, {
      seconds,
      connections,
      next: load.nextRequest,
      onAnswer: load.onAnswer,
    });
    console.log(saturatedRow("mixed, saturated, all kinds", mixed));
    console.log(shareOfHealth("mixed, saturated", mixed.rate, health.rate));
    for (const line of kindRows(mixed.timings, mixed.elapsed)) console.log(line);
    // The paced run starts on a settled server: the open times its bookings left stale recomputed (by the next
    // minute's job), its notices sent, and what its writes made due for autovacuum done.
    const left = await leftoverWorkDone(
      server.pgUrl,
      "after the saturated run, the server and its database",
      {
        openTimesSeconds: 300,
        jobsSeconds: 120,
        settleSeconds: 120,
      },
    );
    console.log(
      `  the open times its bookings left stale were recomputed ${left.recomputed.toFixed(0)} s after it ended, its notices all sent ${left.drained.toFixed(1)} s after that, and the tables its writes left due for autovacuum (${left.vacuumed.join(", ") || "none"}) vacuumed and analyzed; the paced run started then`,
    );
  }
  // Paced open-loop at a share of the health route's rate in the same run (BENCH_SHARE, 5 % unless said), or at
  // a fixed BENCH_RATE, sent by a process of its own (bench/mixedPaced.ts) after 5 s of the same paced load, not
  // counted: a fresh client's code runs cold at first (in its first second 82 answers took over 50 ms, up to
  // 215), and a server no saturated run came before has yet to open its pools' connections and prepare its
  // statements.
  const share = Number(process.env.BENCH_SHARE ?? 0.05);
  await pacedMix({
    base: server.base,
    rate: Number(process.env.BENCH_RATE ?? Math.round(share * health.rate)),
    seconds,
    connections,
    healthRate: health.rate,
    state: load.state(),
  });
} finally {
  await database.end();
  await server.stop();
}

/** bench/mixedPaced.ts in a fresh process with the client's node flags; settles when it has printed its rows. */
async function pacedMix(options: PacedMixOptions): Promise<void> {
  const child = spawn(process.execPath, [...CLIENT_NODE_FLAGS, "--import", "tsx", "bench/mixedPaced.ts"], {
    stdio: ["pipe", "inherit", "inherit"],
  });
  child.stdin.end(JSON.stringify(options));
  const code = await new Promise((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`the paced run (bench/mixedPaced.ts) exited with ${String(code)}`);
}
