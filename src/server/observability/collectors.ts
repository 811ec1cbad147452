// Series read from PostgreSQL when scraped: the connection pools of this process and the job queues. Each reads
// at most one statement per source a scrape (docs/operations/observability.md#database-pools-and-job-queues).
import { readdir, readFile, readlink } from "node:fs/promises";
import { Gauge, type Registry } from "prom-client";
import type { Sql } from "../db/client";
import { mailBacklog, queueDepths } from "../jobs/bossInternals";
import { MAIL_QUEUES, QUEUES } from "../jobs/queue";

/** A pool by the name its series carry (`sql`, `browseSql`, `searchSql`: see db/client.ts). */
export type NamedPool = { name: string; sql: Sql };

/** Runs `work` once for all the collectors of one scrape (prom-client collects every series at once). */
function perScrape<T>(work: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= work().finally(() => {
      pending = null;
    });
    return pending;
  };
}

/**
 * The local TCP ports of this process's sockets, from Linux's /proc (the sockets its descriptors name, looked
 * up in the kernel's TCP tables). PostgreSQL sees a connection's port as `client_port`, so these pick out this
 * process's connections among every instance's. Empty where /proc is not there.
 */
async function ownTcpPorts(): Promise<number[]> {
  const inodes = new Set<string>();
  const fds = await readdir("/proc/self/fd").catch(() => [] as string[]);
  await Promise.all(
    fds.map(async (fd) => {
      const target = await readlink(`/proc/self/fd/${fd}`).catch(() => "");
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) inodes.add(inode);
    }),
  );
  const ports: number[] = [];
  for (const table of ["/proc/self/net/tcp", "/proc/self/net/tcp6"]) {
    const text = await readFile(table, "utf8").catch(() => "");
    for (const line of text.split("\n").slice(1)) {
      const columns = line.trim().split(/\s+/);
      const port = columns[1]?.split(":")[1];
      if (port && columns[9] && inodes.has(columns[9])) ports.push(Number.parseInt(port, 16));
    }
  }
  return ports;
}

/**
 * Pool series. The configured size comes from the pool itself. Connections in use and idle are PostgreSQL's
 * view of this process's connections (pg_stat_activity, by each pool's application_name and by the client
 * ports this process holds), since postgres.js keeps its queues to itself: `in_use` is a connection running a
 * statement or inside a transaction, `idle` one waiting for work. Where the app reaches PostgreSQL through a
 * proxy (PgBouncer) ports do not match and these read 0. The probe is how long `select 1` takes through
 * each pool at the scrape: a free connection answers in well under a millisecond, so the rest of the time is
 * the wait behind busy connections a query of that moment had.
 */
export function watchPools(registry: Registry, pools: readonly NamedPool[], main: Sql): void {
  const names = new Map(pools.map((p) => [String(p.sql.options.connection.application_name), p.name]));
  const size = new Gauge({
    name: "db_pool_max_connections",
    help: "Connections each pool may open (its configured size)",
    labelNames: ["pool"] as const,
    registers: [registry],
  });
  for (const pool of pools) size.set({ pool: pool.name }, pool.sql.options.max);

  const activity = perScrape(async () => {
    const ports = await ownTcpPorts();
    const rows = await main<{ app: string; inUse: number; idle: number }[]>`
      select application_name as app,
             count(*) filter (where state <> 'idle')::int as "inUse",
             count(*) filter (where state = 'idle')::int as idle
        from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()
         and application_name in ${main([...names.keys()])}
         and client_port in ${main(ports.length > 0 ? ports : [-2])}
       group by application_name`;
    return rows;
  });
  new Gauge({
    name: "db_pool_connections",
    help: "This process's open connections of each pool, by state (in_use: running or in a transaction)",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const pool of pools)
        for (const state of ["in_use", "idle"]) this.set({ pool: pool.name, state }, 0);
      for (const row of await activity()) {
        const pool = names.get(row.app);
        if (!pool) continue;
        this.set({ pool, state: "in_use" }, row.inUse);
        this.set({ pool, state: "idle" }, row.idle);
      }
    },
  });
  new Gauge({
    name: "db_pool_probe_seconds",
    help: "How long `select 1` took through each pool at the scrape: mostly the wait for a free connection",
    labelNames: ["pool"] as const,
    registers: [registry],
    async collect() {
      await Promise.all(
        pools.map(async (pool) => {
          const started = performance.now();
          await pool.sql`select 1`;
          this.set({ pool: pool.name }, (performance.now() - started) / 1000);
        }),
      );
    },
  });
}

/** Queues counted up to this many jobs per state: past it the depth reads as this (a scrape stays cheap). */
const QUEUE_DEPTH_CAP = 10_000;

const JOB_STATES = ["created", "retry", "active"] as const;

/**
 * Job queue series from one statement over pg-boss's job table (queueDepths in jobs/bossInternals.ts): per
 * queue, its jobs waiting (created, retry) and running (active), each count stopping at QUEUE_DEPTH_CAP, and
 * how long the job due longest has waited. And the mail backlog from one more (mailBacklog): the e-mail jobs
 * owed over the mail queues, and how long the oldest has been due (docs/operations/mail-outages.md).
 */
export function watchJobQueues(registry: Registry, sql: Sql): void {
  const queues = Object.values(QUEUES);
  const snapshot = perScrape(() => queueDepths(sql, queues, QUEUE_DEPTH_CAP));
  new Gauge({
    name: "job_queue_depth",
    help: `Jobs per queue and state: created and retry wait, active run (counted up to ${QUEUE_DEPTH_CAP})`,
    labelNames: ["queue", "state"] as const,
    registers: [registry],
    async collect() {
      for (const row of await snapshot())
        for (const state of JOB_STATES) this.set({ queue: row.queue, state }, row[state]);
    },
  });
  new Gauge({
    name: "job_queue_oldest_waiting_seconds",
    help: "How long the queue's job that has been due longest has waited to start (0 when none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
    async collect() {
      for (const row of await snapshot()) this.set({ queue: row.queue }, Math.max(row.oldest ?? 0, 0));
    },
  });
  const mail = perScrape(() => mailBacklog(sql, MAIL_QUEUES, QUEUE_DEPTH_CAP));
  new Gauge({
    name: "mail_backlog_jobs",
    help: `E-mail jobs owed: due and not yet tried, waiting for a retry, or being sent (counted up to ${QUEUE_DEPTH_CAP} each)`,
    registers: [registry],
    async collect() {
      this.set((await mail()).jobs);
    },
  });
  new Gauge({
    name: "mail_backlog_oldest_seconds",
    help: "How long the e-mail job owed longest has been due, across its retries (0 when none is owed)",
    registers: [registry],
    async collect() {
      this.set((await mail()).oldest);
    },
  });
}
