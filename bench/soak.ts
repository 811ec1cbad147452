// Soak: the mixed load (bench/mixedLoad.ts) paced at 5 % of health's rate (BENCH_SHARE, or BENCH_RATE) for 30
// minutes (BENCH_MINUTES), in windows of a minute. After each window it reads what would grow if something
// leaked: the server's resident memory and V8 heap in use, its open file handles and sockets, the app's
// connections to PostgreSQL, the job queue's backlog (jobs due or running; a booking's reminders wait for their
// day and are not backlog), and the window's p99. Memory is judged after a warm-up (BENCH_WARMUP_MINUTES, 5): the slope of a least-squares
// line through the windows after it, per ten minutes.
// Usage: npm run build && npm run bench:soak   (BENCH_SCALE, BENCH_MINUTES, BENCH_SHARE, BENCH_RATE, BENCH_PORT)
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createDatabase } from "../src/server/db/client";
import { mixedLoad } from "./mixedLoad";
import { measureHealth, paced, percentile, startBenchServer } from "./support";

const minutes = Number(process.env.BENCH_MINUTES ?? 30);
const warmupMinutes = Number(process.env.BENCH_WARMUP_MINUTES ?? 5);
const windowSeconds = Number(process.env.BENCH_WINDOW_SECONDS ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const scale = Number(process.env.BENCH_SCALE ?? 80);
const port = Number(process.env.BENCH_PORT ?? 3980);
const metricsPort = port + 2;
const server = await startBenchServer({ port, scale, extraEnv: { METRICS_PORT: String(metricsPort) } });
const database = createDatabase(server.pgUrl, { max: 2 });

type Sample = {
  minute: number;
  rssMb: number;
  heapMb: number;
  fds: number;
  sockets: number;
  dbConnections: number;
  backlog: number;
  p99: number;
  answered: number;
  failed: number;
};

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+) kB/);
  return Number(line?.[1] ?? 0) / 1024;
}

function handles(pid: number): { fds: number; sockets: number } {
  const entries = readdirSync(`/proc/${pid}/fd`);
  let sockets = 0;
  for (const fd of entries) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith("socket:")) sockets++;
    } catch {}
  }
  return { fds: entries.length, sockets };
}

async function heapMb(): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  const used = text.match(/^nodejs_heap_size_used_bytes (\S+)$/m);
  return Number(used?.[1] ?? Number.NaN) / 1024 / 1024;
}

/** The slope of the least-squares line through (x, y), per unit of x. */
function slope(points: [number, number][]): number {
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : sxy / sxx;
}

try {
  const load = await mixedLoad(database.sql, server.base);
  const health = await measureHealth(server.base, { connections });
  const share = Number(process.env.BENCH_SHARE ?? 0.05);
  const rate = Number(process.env.BENCH_RATE ?? Math.round(share * health.rate));
  console.log(
    `soak: ${minutes} min of the mix at ${rate} req/s (${((100 * rate) / health.rate).toFixed(1)} % of health's ${health.rate.toFixed(0)} req/s), ${connections} connections, ${load.salespeople} salespeople`,
  );
  console.log("minute  rss MB  heap MB  fds  sockets  db conns  job backlog  p99 ms  answered  failed");
  const samples: Sample[] = [];
  const windows = Math.round((minutes * 60) / windowSeconds);
  for (let w = 1; w <= windows; w++) {
    const run = await paced(server.base, {
      rate,
      seconds: windowSeconds,
      connections,
      next: load.nextRequest,
      onAnswer: load.onAnswer,
    });
    const all = run.timings.all();
    const [db] = await database.sql<{ connections: number; backlog: number }[]>`
      select (select count(*)::int from pg_stat_activity where application_name like 'knowbefore%') as connections,
             (select count(*)::int from pgboss.job
               where state = 'active' or (state in ('created', 'retry') and start_after <= now())) as backlog`;
    const sample: Sample = {
      minute: (w * windowSeconds) / 60,
      rssMb: rssMb(server.pid),
      heapMb: await heapMb(),
      ...handles(server.pid),
      dbConnections: db!.connections,
      backlog: db!.backlog,
      p99: percentile(all, 99),
      answered: all.length,
      failed: Object.values(run.failed).reduce((a, b) => a + b, 0),
    };
    samples.push(sample);
    console.log(
      [
        sample.minute.toFixed(1).padStart(6),
        sample.rssMb.toFixed(0).padStart(6),
        sample.heapMb.toFixed(0).padStart(7),
        String(sample.fds).padStart(4),
        String(sample.sockets).padStart(7),
        String(sample.dbConnections).padStart(8),
        String(sample.backlog).padStart(11),
        sample.p99.toFixed(1).padStart(6),
        String(sample.answered).padStart(8),
        String(sample.failed).padStart(6),
      ].join("  "),
    );
    if (sample.failed > 0) console.log(`  without an answer: ${JSON.stringify(run.failed)}`);
  }
  const after = samples.filter((s) => s.minute > warmupMinutes);
  const per10 = (pick: (s: Sample) => number) => 10 * slope(after.map((s) => [s.minute, pick(s)]));
  const range = (pick: (s: Sample) => number) =>
    `${Math.min(...after.map(pick))}-${Math.max(...after.map(pick))}`;
  console.log(
    `after the ${warmupMinutes}-minute warm-up: rss ${per10((s) => s.rssMb).toFixed(1)} MB per 10 min, heap ${per10((s) => s.heapMb).toFixed(1)} MB per 10 min; fds ${range((s) => s.fds)}, sockets ${range((s) => s.sockets)}, db connections ${range((s) => s.dbConnections)}, job backlog ${range((s) => s.backlog)}; p99 ${range((s) => Math.round(s.p99))} ms; requests without an answer ${samples.reduce((a, s) => a + s.failed, 0)}`,
  );
} finally {
  await database.end();
  await server.stop();
}
