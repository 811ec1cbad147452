// Shared plumbing for the benchmarks: start the built server on 127.0.0.1 with its own embedded PostgreSQL,
// wait for health, run autocannon for a bounded time, print a result row.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import autocannon from "autocannon";
import postgres from "postgres";
import { createSession } from "../src/server/credentials/session";
import type { Sql } from "../src/server/db/client";
import { deleteWaitingAppointmentJobs, queueDepths } from "../src/server/jobs/bossInternals";
import { QUEUES } from "../src/server/jobs/queue";
import { declaredNodeFlags, missingNodeFlags, SERVER_NODE_FLAGS } from "../src/server/nodeFlags";
import { embeddedUrl } from "../src/server/operations/embedded";
import { projectPath } from "../src/server/paths";
import { benchDataDir } from "./benchDatabase";
import { leanPool } from "./lean-http";
import { cpuTicksByRole, TICKS_PER_SECOND } from "./processCpu";

export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

export type BenchServer = {
  base: string;
  pgUrl: string;
  env: Record<string, string>;
  /** The server process, for reading its memory from /proc. */
  pid: number;
  stop: () => Promise<void>;
};

/** The node flags the server runs with in production (package.json's config, README "Production"). */
export { SERVER_NODE_FLAGS };

/**
 * The node flags of the benchmarks' own process, the client (package.json, `config.benchClientNodeFlags`, which
 * `npm run bench:*` passes). A young generation held at 32 MB or more: left to size itself, V8 kept the client's
 * small, promoted the objects of requests in flight, and mostly collected the old generation every ~0.6 s, each
 * a pause of 3-13 ms that every request due meanwhile waited out: the mix paced alone at 1,470 a second had a p99
 * of 20-22 ms in most runs without the flags, 8-9 ms with them (docs/operations/runtime-tuning.md, "The
 * benchmarks' client").
 */
export const CLIENT_NODE_FLAGS = declaredNodeFlags("benchClientNodeFlags");

let clientFlagsChecked = false;
/** Says once, before a measured run, when this client runs without its flags (started other than by npm). */
function warnOfMissingClientFlags(): void {
  if (clientFlagsChecked) return;
  clientFlagsChecked = true;
  const missing = missingNodeFlags(CLIENT_NODE_FLAGS);
  if (missing.length > 0)
    console.warn(
      `this client runs without ${missing.join(" ")}: its own garbage collections will add to the latencies; run it with npm run bench:*, or tsx ${CLIENT_NODE_FLAGS.join(" ")} bench/<file>.ts`,
    );
}

export async function startBenchServer(options: {
  port: number;
  scale: number;
  extraEnv?: Record<string, string>;
}): Promise<BenchServer> {
  if (!existsSync("dist/server/index.js")) {
    console.error("Build first: npm run build");
    process.exit(1);
  }
  const base = `http://127.0.0.1:${options.port}`;
  // A server left running by an interrupted benchmark would answer in this one's place.
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false,
    )
  ) {
    console.error(`Port ${options.port} already answers: stop what runs there first (an earlier benchmark?)`);
    process.exit(1);
  }
  // Production requires a real mail transport: a local SMTP sink on 127.0.0.1, in its own process as a real
  // mail server would be, receives the e-mails.
  const smtp = await startSmtpProcess();
  const dataDir = benchDataDir(options.scale);
  const seeded = existsSync(projectPath(dataDir));
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(options.port),
    HOST: "127.0.0.1",
    APP_URL: base,
    SMTP_URL: smtp.url,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(options.port + 1),
    SEED_SCALE: String(options.scale),
    // Production does not seed by default; a benchmark database is seeded on its first run.
    SEED_ON_START: "true",
    // The product's own default (twice the cores with the embedded database) unless DB_POOL_SIZE says.
    ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    ADMIN_CODE: process.env.ADMIN_CODE ?? "bench-admin-code",
    CRM_ENCRYPTION_KEY: process.env.CRM_ENCRYPTION_KEY ?? randomBytes(32).toString("base64"),
    RATE_LIMIT_DISABLED: "true",
    BROWSE_CACHE_TTL_MS: process.env.BROWSE_CACHE_TTL_MS ?? "5000",
    // Every client of a benchmark is 127.0.0.1, and a run opens a pool of connections for each of its phases
    // while the last one's are still closing: more than one address may hold (HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    // docs/operations/connection-limits.md). Connections past it would be cut, and their requests counted as
    // unanswered.
    HTTP_MAX_CONNECTIONS_PER_ADDRESS: "10000",
    ...options.extraEnv,
  };
  const started = Date.now();
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, "dist/server/index.js"],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  const stop = async () => {
    child.kill("SIGINT");
    await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
    await smtp.close();
  };
  // A first run seeds the database on start: at scale 80 that takes a few minutes more than a start does, at
  // 800 about 25 minutes on a 2-core machine.
  const deadline = Date.now() + (seeded ? 240_000 : 3_600_000);
  for (;;) {
    if (child.exitCode !== null) {
      await smtp.close();
      throw new Error(`server exited with ${child.exitCode}`);
    }
    if (Date.now() > deadline) {
      // Not left running: the next benchmark of this data directory would be refused as a second start.
      await stop();
      throw new Error("server did not become healthy in time");
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(
    `server ready (scale ${options.scale}) in ${((Date.now() - started) / 1000).toFixed(1)} s, including any first-run seed`,
  );
  const pgUrl = embeddedUrl(projectPath(dataDir), options.port + 1);
  // At 105,600 salespeople all due (after the migration that adds them) took the job about four minutes.
  const left = await leftoverWorkDone(pgUrl, "the server and its database", {
    openTimesSeconds: 1_800,
    jobsSeconds: 300,
    settleSeconds: 300,
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  if (left.recomputed > 1)
    console.log(`open times recomputed by the server's job in ${left.recomputed.toFixed(0)} s`);
  if (left.drained > 1) console.log(`jobs left by an earlier run done in ${left.drained.toFixed(0)} s`);
  if (left.vacuumed.length)
    console.log(`vacuumed and analyzed what earlier runs left due: ${left.vacuumed.join(", ")}`);
  return {
    base,
    env,
    // The superuser password the embedded cluster keeps in its DATA_DIR.
    pgUrl,
    pid: child.pid!,
    stop,
  };
}

/**
 * Waits until the work a run (or the server's start) left behind is done, so that the next measurement does not
 * run among it: the open times it left stale recomputed, its jobs (notices) done, what its writes made due for
 * autovacuum done now (autovacuumCaughtUp), then a quiet second (`settled`, which says `what` when it waited).
 * Answers how long the first two took, in seconds, and the tables vacuumed.
 */
export async function leftoverWorkDone(
  pgUrl: string,
  what: string,
  limits: { openTimesSeconds: number; jobsSeconds: number; settleSeconds: number },
): Promise<{ recomputed: number; drained: number; vacuumed: string[] }> {
  const recomputed = await openTimesKept(pgUrl, Date.now() + limits.openTimesSeconds * 1000);
  const sql = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const drained = await jobsDrained(sql, limits.jobsSeconds).finally(() => sql.end());
  const vacuumed = await autovacuumCaughtUp(pgUrl);
  await settled(what, limits.settleSeconds);
  return { recomputed, drained, vacuumed };
}

/**
 * Waits until the server's job has recomputed every salesperson's kept open times that are stale or whose two
 * weeks have moved on (domains/appointments/openings.ts): a database migrated or seeded a day before has them all
 * due, and a saturated run's bookings leave thousands stale; their recomputing would otherwise run inside the
 * next measurement. Answers the seconds waited.
 */
export async function openTimesKept(pgUrl: string, deadline: number): Promise<number> {
  const sql = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const started = Date.now();
  try {
    for (;;) {
      const [row] = await sql<{ due: number }[]>`
        select count(*)::int as due from salesperson_openings
         where stale or computed_at is null or computed_at < now() - interval '12 hours'`;
      if (row!.due === 0) break;
      if (Date.now() > deadline) throw new Error(`${row!.due} salespeople's open times still due`);
      await new Promise((r) => setTimeout(r, 2000));
    }
  } finally {
    await sql.end();
  }
  return (Date.now() - started) / 1000;
}

/**
 * Does now the vacuuming and analyzing that a saturated run's writes made due, which autovacuum would otherwise
 * start within its next nap (a minute) and run inside the next measurement: each table past the threshold
 * autovacuum goes by (dead rows, rows inserted since its last vacuum, rows changed since its last analyze, from
 * the cluster's own settings) is vacuumed and analyzed. On two cores an analyze of pg-boss's job table or of the
 * kept open times took 0.2-0.3 s of CPU each, and a paced run's slowest moment fell on them (bench/README.md).
 * Answers the tables it did.
 */
export async function autovacuumCaughtUp(pgUrl: string): Promise<string[]> {
  const sql = postgres(pgUrl, { max: 1, onnotice: () => {} });
  try {
    const due = await sql<{ name: string }[]>`
      with s as (
        select max(setting::float) filter (where name = 'autovacuum_vacuum_threshold') as vt,
               max(setting::float) filter (where name = 'autovacuum_vacuum_scale_factor') as vs,
               max(setting::float) filter (where name = 'autovacuum_vacuum_insert_threshold') as it,
               max(setting::float) filter (where name = 'autovacuum_vacuum_insert_scale_factor') as "is",
               max(setting::float) filter (where name = 'autovacuum_analyze_threshold') as at,
               max(setting::float) filter (where name = 'autovacuum_analyze_scale_factor') as "as"
          from pg_settings)
      select format('%I.%I', t.schemaname, t.relname) as name
        from pg_stat_user_tables t join pg_class c on c.oid = t.relid, s
       where t.n_dead_tup > s.vt + s.vs * greatest(c.reltuples, 0)
          or t.n_ins_since_vacuum > s.it + s."is" * greatest(c.reltuples, 0)
          or t.n_mod_since_analyze > s.at + s."as" * greatest(c.reltuples, 0)
       order by 1`;
    for (const { name } of due) await sql.unsafe(`vacuum (analyze) ${name}`);
    return due.map((t) => t.name);
  } finally {
    await sql.end();
  }
}

/**
 * Waits (up to `limitSeconds`) for a second in which the server and PostgreSQL (its backends, autovacuum and
 * upkeep) used less than a tenth of a core together, and says how long that took when it was more than a
 * second. A start can leave work behind the readiness it waits for: after the open times of every salesperson
 * were recomputed (a database idle for twelve hours has them all due), the browse index reads the salespeople
 * they changed and autovacuum analyzes the rows they rewrote. Measured among that work, a first run answered a
 * third fewer mixed requests than the runs after it (bench/README.md, 2026-12-06). Answers the seconds waited.
 */
export async function settled(what: string, limitSeconds = 300): Promise<number> {
  const started = performance.now();
  const busy = () => {
    const ticks = cpuTicksByRole();
    return ticks.server + ticks.postgres + ticks.autovacuum + ticks["postgres upkeep"];
  };
  for (let before = busy(); ; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = busy();
    if (now - before < TICKS_PER_SECOND / 10) break;
    before = now;
    if (performance.now() - started > limitSeconds * 1000) {
      console.log(`${what} still busy after ${limitSeconds} s: measuring anyway`);
      return limitSeconds;
    }
  }
  const waited = (performance.now() - started) / 1000;
  if (waited > 1.5) console.log(`${what} settled in ${waited.toFixed(0)} s`);
  return waited;
}

/** bench/smtp-sink.ts in a process of its own, on a free port of 127.0.0.1. */
export async function startSmtpProcess(): Promise<{ url: string; close: () => Promise<void> }> {
  // Its standard input is a pipe from this process: it ends when this process does, however it ends, and the
  // sink then exits too rather than outlive a benchmark that was killed.
  const child = spawn(process.execPath, ["--import", "tsx", "bench/smtp-sink.ts"], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the SMTP sink exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      const match = chunk.toString().match(/listening (\d+)/);
      if (match) resolve(Number(match[1]));
    });
  });
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: async () => {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode === null ? child.once("exit", r) : r(null)));
    },
  };
}

/**
 * How long a run's requests still in flight may keep the server busy after it. autocannon ends a run by closing
 * its connections, answered or not, and the server goes on answering them: after a saturated mix, sign-ins still
 * waiting for the SMTP sink's backlog for up to ~1.5 s. The next measurement starts after them, not among them.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 5_000);

/**
 * Waits (up to `limitSeconds`) until no job of the app's queues is due or running: the notices a saturated run
 * queued are sent before a paced run starts, which otherwise measures the server working off that backlog
 * beside its requests rather than the paced load alone. Answers the seconds waited.
 */
export async function jobsDrained(sql: Sql, limitSeconds = 120): Promise<number> {
  const start = performance.now();
  const queues = Object.values(QUEUES);
  while (performance.now() - start < limitSeconds * 1000) {
    const depths = await queueDepths(sql, queues, 1);
    if (depths.every((q) => q.oldest === null && q.active === 0)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return (performance.now() - start) / 1000;
}

export async function run(base: string, title: string, options: Partial<autocannon.Options>) {
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url: base, connections, duration: seconds, title, ...options }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return result;
}

export function row(name: string, r: autocannon.Result): string {
  // Which statuses the non-2xx answers were, e.g. "(409: 12)".
  const statuses = Object.entries(r.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, { count }]) => `${status}: ${count}`)
    .join(", ");
  return `${name.padEnd(30)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   2xx ${r["2xx"]}   non-2xx ${r.non2xx}${statuses ? ` (${statuses})` : ""}   errors ${r.errors}`;
}

/** What a load run sends, for how long, over how many connections, and who sees each answer. */
type SendOptions<K extends string> = {
  seconds: number;
  connections: number;
  next: () => PacedRequest<K>;
  onAnswer?: (request: PacedRequest<K>, status: number, body: string) => void;
};

/**
 * Sends requests closed-loop for `seconds` (each connection sends again as soon as it has its answer: the most
 * the server answers) over `connections` keep-alive sockets of the lean client (bench/lean-http.ts), timed by
 * kind. autocannon in the benchmark's own process topped out near 4,400 health answers a second on the 2-core
 * machine, where a lean keep-alive client measured about 11,000: a share of health measured with it was a share
 * of the client's ceiling. Every saturated rate a benchmark divides by health, and health itself, go through
 * this one client. Each connection finishes its request in flight after the time is up; the rate is counted over
 * the whole, and the next measurement waits for the server to settle.
 */
export async function saturated<K extends string>(base: string, options: SendOptions<K>) {
  warnOfMissingClientFlags();
  const url = new URL(base);
  const pool = leanPool(url.hostname, Number(url.port), options.connections);
  await pool.open();
  const timings = createTimings<K>();
  /** Requests that got no answer, by error code (a reset connection, a refused one). */
  const failed: Record<string, number> = {};
  const start = performance.now();
  const end = start + options.seconds * 1000;
  let answered = 0;
  const connection = async () => {
    while (performance.now() < end) {
      const request = options.next();
      const sentAt = performance.now();
      try {
        const { status, body } = await pool.request(request);
        timings.record(request.kind, performance.now() - sentAt, status);
        answered++;
        options.onAnswer?.(request, status, body.toString());
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        failed[code] = (failed[code] ?? 0) + 1;
        // With the server gone every request fails at once: not a loop as fast as the CPU goes.
        await new Promise((r) => setTimeout(r, 10));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, connection));
  const elapsed = (performance.now() - start) / 1000;
  pool.close();
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  return { timings, failed, elapsed, rate: answered / elapsed };
}

export type Saturated = Awaited<ReturnType<typeof saturated>>;

/** The health route, saturated through the lean client for `seconds` (10 unless said): the 100 % of every share. */
export function measureHealth(base: string, options: { seconds?: number; connections: number }) {
  return saturated(base, {
    seconds: options.seconds ?? 10,
    connections: options.connections,
    next: () => ({ kind: "health", path: "/api/health" }),
  });
}

/** One line of a saturated run: its rate, p50, p99, answers by status class and requests without an answer. */
export function saturatedRow(name: string, r: Saturated): string {
  const all = r.timings.all();
  const kinds = r.timings.byKind();
  const count = (field: "ok" | "client" | "server") => kinds.reduce((sum, k) => sum + k[field], 0);
  const failed = Object.entries(r.failed);
  return `${name.padEnd(30)} ${r.rate.toFixed(0).padStart(8)} req/s   p50 ${percentile(all, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(all, 99).toFixed(1).padStart(6)} ms   2xx/3xx ${count("ok")}   4xx ${count("client")}   5xx ${count("server")}${failed.length ? `   without an answer ${JSON.stringify(r.failed)}` : ""}`;
}

/** A rate as a share of health, with both absolute rates beside it: a share alone hides which side moved. */
export function shareOfHealth(name: string, rate: number, healthRate: number): string {
  return `${name}: ${rate.toFixed(0)} req/s, ${((100 * rate) / healthRate).toFixed(1)}% of health (${healthRate.toFixed(0)} req/s; both through the lean client)`;
}

/** `count` bearer-token customers `<prefix>-<i>@example.org` (made on first use), without their earlier bookings. */
export async function benchCustomers(sql: Sql, prefix: string, count: number): Promise<string[]> {
  // The appointments of earlier runs go, and the notices and reminders still waiting for them: left, they pile
  // up run after run (400,000 reminders after a day of runs) and each run would book into a larger job table.
  const gone = await sql<{ id: number }[]>`
    delete from appointments where customer_email like ${`${prefix}-%@example.org`} returning id`;
  await deleteWaitingAppointmentJobs(
    sql,
    gone.map((a) => a.id),
  );
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const [user] = await sql<{ id: string }[]>`
      insert into users (email, role) values (${`${prefix}-${i}@example.org`}, 'customer')
      on conflict (email) do update set email = excluded.email returning id`;
    tokens.push((await createSession(sql, user!.id, { userAgent: "bench" })).token);
  }
  return tokens;
}

/** Latencies (ms) and status classes per kind of request, for benchmarks that mix kinds in one run. */
export function createTimings<K extends string>() {
  const stats = new Map<K, { ms: number[]; ok: number; client: number; server: number }>();
  /** [seconds into the run when it was due, ms waited, kind], of requests timed with `at`. */
  const series: [number, number, K][] = [];
  return {
    /** The wall clock (ms) at the run's second 0, for requests timed with `at` (paced sets it). */
    startedAt: 0,
    /**
     * How long this client's own event loop stalled while it timed a paced run: a stalled client delays every
     * request due meanwhile, and the server is not to blame for that (paced sets it).
     */
    client: null as null | { delayP99: number; delayMax: number; gcOver10: number; gcMax: number },
    record(kind: K, ms: number, status: number, at?: number) {
      const s = stats.get(kind) ?? { ms: [], ok: 0, client: 0, server: 0 };
      s.ms.push(ms);
      if (at !== undefined) series.push([at, ms, kind]);
      if (status >= 500) s.server++;
      else if (status >= 400) s.client++;
      else s.ok++;
      stats.set(kind, s);
    },
    /** Every latency of every kind, sorted. */
    all() {
      return [...stats.values()].flatMap((s) => s.ms).sort((a, b) => a - b);
    },
    /**
     * The moments (wall clock, UTC) when the slowest answers were due, slowest first: requests slower than
     * `overMs` due within 100 ms of each other make one moment. To line up with what the server was doing then.
     */
    moments(overMs: number): { at: number; count: number; worst: number; kinds: K[] }[] {
      const slow = series.filter(([, ms]) => ms > overMs).sort((a, b) => a[0] - b[0]);
      const found: { at: number; count: number; worst: number; last: number; kinds: Set<K> }[] = [];
      for (const [at, ms, kind] of slow) {
        const current = found.at(-1);
        if (current && at - current.last < 0.1) {
          current.count++;
          current.worst = Math.max(current.worst, ms);
          current.last = at;
          current.kinds.add(kind);
        } else found.push({ at, count: 1, worst: ms, last: at, kinds: new Set([kind]) });
      }
      return found
        .sort((a, b) => b.worst - a.worst)
        .map(({ at, count, worst, kinds }) => ({
          at: this.startedAt + at * 1000,
          count,
          worst,
          kinds: [...kinds],
        }));
    },
    /**
     * p99 of every kind by window of `seconds` (of requests timed with `at`): whether a run's slowest answers
     * came together (a stall, a start still warming up) or throughout.
     */
    windows(seconds: number): number[] {
      const buckets: number[][] = [];
      for (const [at, ms] of series) {
        const index = Math.floor(at / seconds);
        const bucket = buckets[index] ?? [];
        bucket.push(ms);
        buckets[index] = bucket;
      }
      return Array.from(buckets, (b) =>
        percentile(
          (b ?? []).sort((x, y) => x - y),
          99,
        ),
      );
    },
    /** Every kind, the most requested first, with its latencies sorted. */
    byKind() {
      return [...stats.entries()]
        .sort((a, b) => b[1].ms.length - a[1].ms.length)
        .map(([kind, s]) => ({ kind, ...s, ms: s.ms.sort((a, b) => a - b) }));
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0
    ? 0
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** A seeded linear congruential generator, so every run sends the same requests. */
export function seededRandom(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { next, pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]! };
}

export type PacedRequest<K extends string> = {
  kind: K;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * Sends requests at a fixed rate over at most `connections` keep-alive connections for `seconds`, as visitors
 * arrive: independently of how fast earlier answers came. (A closed loop, where each connection waits for its
 * answer before sending again, measures queueing at saturation: its latency is connections / throughput.)
 * Each latency is counted from the moment the request was due, so time spent waiting for a free connection
 * counts too. `onAnswer` sees every answer's body, for requests that depend on earlier answers.
 */
/** How long a paced run waits, after its last request, for the answers still owed. */
const NO_ANSWER_MS = 30_000;

export async function paced<K extends string>(base: string, options: SendOptions<K> & { rate: number }) {
  warnOfMissingClientFlags();
  const url = new URL(base);
  const pool = leanPool(url.hostname, Number(url.port), options.connections);
  // Every connection is opened before the clock starts: fifty handshakes at once are not what a request costs.
  await pool.open();
  const timings = createTimings<K>();
  const interval = 1000 / options.rate;
  const start = performance.now();
  timings.startedAt = Date.now();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const pauses: number[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  gc.observe({ entryTypes: ["gc"] });
  const end = start + options.seconds * 1000;
  /** Requests sent and not yet answered, with what they asked (to name those never answered). */
  const pending = new Map<Promise<void>, PacedRequest<K>>();
  let sent = 0;
  /** Requests that got no answer, by error code (a reset connection, a refused one). */
  const failed: Record<string, number> = {};
  const send = (due: number, request: PacedRequest<K>) =>
    pool.request(request).then(
      ({ status, body }) => {
        timings.record(request.kind, performance.now() - due, status, (due - start) / 1000);
        // Decoded for every answer, read or not: handing the bytes on instead, decoded only where read, gave this
        // client 10 collections over 10 ms in a paced 30 s, against none (bench/README.md, 2026-12-06).
        options.onAnswer?.(request, status, body.toString());
      },
      (error: NodeJS.ErrnoException) => {
        const code = error.code ?? error.message;
        failed[code] = (failed[code] ?? 0) + 1;
      },
    );
  for (;;) {
    const due = start + sent * interval;
    if (due >= end) break;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait - 0.5));
    else {
      const request = options.next();
      const p = send(due, request).then(() => void pending.delete(p));
      pending.set(p, request);
      // Behind schedule, still let answers in between sends.
      if (++sent % 8 === 0) await new Promise((r) => setImmediate(r));
    }
  }
  // Answers still owed after the run get NO_ANSWER_MS more; any still owed then are named, not waited for.
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending.keys()),
    new Promise((resolve) => {
      timer = setTimeout(resolve, NO_ANSWER_MS);
    }),
  ]);
  clearTimeout(timer);
  for (const request of pending.values()) {
    const code = `no answer in ${NO_ANSWER_MS / 1000} s: ${request.method ?? "GET"} ${request.path}`;
    failed[code] = (failed[code] ?? 0) + 1;
  }
  delay.disable();
  gc.disconnect();
  timings.client = {
    delayP99: delay.percentile(99) / 1e6,
    delayMax: delay.max / 1e6,
    gcOver10: pauses.filter((ms) => ms > 10).length,
    gcMax: Math.max(0, ...pauses),
  };
  pool.close();
  return { timings, failed, elapsed: (performance.now() - start) / 1000 };
}

/**
 * p99 of each window of `seconds` of a paced run, in order ("p99 by 5 s: 41, 38, 120, ... ms"), and the five
 * moments with the slowest answers over 50 ms, with their wall-clock time to compare with bench/long-tasks.ts
 * or bench/watch-metrics.ts.
 */
export function windowRow<K extends string>(timings: ReturnType<typeof createTimings<K>>, seconds = 5) {
  const moments = timings
    .moments(50)
    .slice(0, 5)
    .map(
      ({ at, count, worst, kinds }) =>
        `${new Date(at).toISOString().slice(11, 22)} (${count} over 50 ms, worst ${worst.toFixed(0)}: ${kinds.join(" ")})`,
    );
  return `  p99 by ${seconds} s: ${timings
    .windows(seconds)
    .map((ms) => ms.toFixed(0))
    .join(", ")} ms\n  slowest moments (UTC): ${moments.join(", ") || "none over 50 ms"}${
    timings.client
      ? `\n  this client's own event loop: delay p99 ${timings.client.delayP99.toFixed(1)} ms, max ${timings.client.delayMax.toFixed(1)} ms; garbage collections over 10 ms: ${timings.client.gcOver10} (longest ${timings.client.gcMax.toFixed(1)} ms)`
      : ""
  }`;
}

/** One line per kind: requests, rate, p50, p99 and answers by status class. */
/** Answers slower than this are counted by kind: which kinds make up the slowest 1 % of the whole. */
const SLOW_MS = 30;

export function kindRows<K extends string>(timings: ReturnType<typeof createTimings<K>>, seconds: number) {
  const total = timings.all().length;
  return timings.byKind().map(({ kind, ms, ok, client, server }) => {
    const slow = ms.filter((m) => m > SLOW_MS).length;
    return `  ${kind.padEnd(36)} ${String(ms.length).padStart(7)} requests ${(ms.length / seconds).toFixed(0).padStart(6)} req/s   p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(ms, 99).toFixed(1).padStart(6)} ms   p99.9 ${percentile(ms, 99.9).toFixed(1).padStart(6)} ms   over ${SLOW_MS} ms ${((100 * slow) / Math.max(total, 1)).toFixed(2)}% of all   2xx/3xx ${ok}   4xx ${client}   5xx ${server}`;
  });
}
