// What one request costs in CPU, split between the server process and PostgreSQL: closed-loop load on a running
// benchmark server (bench/serve.ts), with both processes' CPU time read from /proc before and after. Throughput
// at saturation says which process is the bound; CPU per request says what a change saved, more steadily than
// req/s on a machine whose speed drifts (bench/history/2026-11.md, "Where the figures stand").
// Kinds: health (GET /api/health), hit (one browse the cache answers), rest and trpc (the long-tail browse list,
// bench/browseMix.ts, each request once until it wraps), finding (its when-and-where shapes alone, through
// REST), profile (a profile or its ratings) and slots (a day's slot grid), each of 2,000 salespeople in turn as
// the mixed benchmark asks for them (bench/mixedLoad.ts); `shapes`, each shape of the finding mix alone through
// REST (2 s unmeasured, then BENCH_SECONDS), with the bytes of its answers.
// Usage: npm run build && npx tsx bench/serve.ts &   then   npx tsx bench/cpu-cost.ts [health|hit|rest|trpc|finding|profile|slots|shapes ...]
//        (BENCH_SCALE (80) and BENCH_PORT (3920) name the server as bench/serve.ts did; BENCH_SECONDS (12))
import autocannon from "autocannon";
import postgres from "postgres";
import { addDays } from "../src/shared/time";
import { runningBenchDatabaseUrl } from "./benchDatabase";
import { inTurn, interleave, longTailShapes, restRequest, trpcRequest } from "./browseMix";
import { cpuTicksByRole, TICKS_PER_SECOND } from "./processCpu";
import { connections } from "./support";

const port = Number(process.env.BENCH_PORT ?? 3920);
const seconds = Number(process.env.BENCH_SECONDS ?? 12);
const base = `http://127.0.0.1:${port}`;
const plainShapes = await longTailShapes(runningBenchDatabaseUrl());
const all = interleave(plainShapes);
const findingShapes = await longTailShapes(runningBenchDatabaseUrl(), true);
/** The finding shapes alone (when and where): those `--finding` adds after the long tail's. */
const findingOnly = interleave(findingShapes.slice(plainShapes.length));
const today = new Date().toISOString().slice(0, 10);
const db = postgres(runningBenchDatabaseUrl(), { max: 1 });
const [counted] = await db<{ n: number }[]>`select count(*)::int as n from salespeople`;
const n = counted!.n;
await db.end();
/** The i-th of 2,000 salespeople, spread over the seed's ids. */
const someone = (i: number) => 1 + ((i * 52_783) % n);

/** CPU time (in clock ticks) of the built server and of every PostgreSQL process, summed. */
function cpuTicks(): { server: number; postgres: number } {
  const ticks = cpuTicksByRole();
  return { server: ticks.server, postgres: ticks.postgres + ticks.autovacuum + ticks["postgres upkeep"] };
}

const TICK_MS = 1000 / TICKS_PER_SECOND;

const requests: Record<string, () => autocannon.Request[]> = {
  health: () => [{ method: "GET", path: "/api/health" }],
  hit: () => [restRequest(all[0]!)],
  rest: () => inTurn(all, restRequest),
  trpc: () => inTurn([...all].reverse(), trpcRequest),
  finding: () => inTurn(findingOnly, restRequest),
  profile: () =>
    Array.from({ length: 2000 }, (_, i) => ({
      method: "GET" as const,
      path: `/api/salespeople/${someone(i)}${i % 2 === 0 ? "" : "/ratings"}`,
    })),
  slots: () =>
    Array.from({ length: 2000 }, (_, i) => ({
      method: "GET" as const,
      path: `/api/appointments/salesperson/${someone(i)}/${addDays(today, 1 + (i % 14))}`,
    })),
};

/** Load of `requests` for `duration` seconds, with the CPU both processes spent on it. */
async function measured(requests: autocannon.Request[], duration: number) {
  const before = cpuTicks();
  const result = await autocannon({ url: base, connections, duration, requests });
  const after = cpuTicks();
  const answered = result.requests.total;
  const perRequest = (ticks: number) => ((ticks * TICK_MS) / answered).toFixed(3);
  const share = (ticks: number) => ((ticks * TICK_MS) / (duration * 10)).toFixed(0);
  return {
    result,
    server: perRequest(after.server - before.server),
    postgres: perRequest(after.postgres - before.postgres),
    serverShare: share(after.server - before.server),
    postgresShare: share(after.postgres - before.postgres),
  };
}

for (const kind of process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["health", "rest"]) {
  if (kind === "shapes") {
    for (const shape of findingShapes) {
      const requests = inTurn(shape.queries, restRequest);
      await autocannon({ url: base, connections, duration: 2, requests });
      const { result, server, postgres } = await measured(requests, seconds);
      const bytes = (result.throughput.total / result.requests.total).toFixed(0);
      console.log(
        `${shape.name.padEnd(30)} ${result.requests.average.toFixed(0).padStart(6)} req/s  CPU per request: server ${server} ms, PostgreSQL ${postgres} ms  (${bytes} bytes an answer)`,
      );
    }
    continue;
  }
  const build = requests[kind];
  if (!build)
    throw new Error(`unknown kind ${kind}: one of ${[...Object.keys(requests), "shapes"].join(", ")}`);
  const { result, server, postgres, serverShare, postgresShare } = await measured(build(), seconds);
  console.log(
    `${kind.padEnd(6)} ${result.requests.average.toFixed(0).padStart(6)} req/s  non-2xx ${result.non2xx}  ` +
      `CPU per request: server ${server} ms, PostgreSQL ${postgres} ms  ` +
      `(server ${serverShare} %, PostgreSQL ${postgresShare} % of a core)`,
  );
}
