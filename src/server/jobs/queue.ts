// Background jobs on pg-boss (a PostgreSQL-backed queue): e-mails, reminders and waitlist notices survive
// restarts and run once across any number of app instances.

import { createHash } from "node:crypto";
import { performance } from "node:perf_hooks";
import { PgBoss, type WorkOptions } from "pg-boss";
import postgres from "postgres";
import type { Fragment, Queryable } from "../db/client";
import { withStartupLock } from "../db/migrate";
import type { Logger } from "../logger";
import { executorOn, fragmentOf } from "./bossDriver";
import {
  dropSetAsideSchema,
  readSetAsideJobs,
  retryJobsLeftRunning,
  setAsideOldSchema,
} from "./bossInternals";
import { type Cron, cronMatches, parseCron } from "./cron";
import { DEFAULT_MAIL_RETRY_DELAY_SECONDS, mailRetryPolicy } from "./mailRetry";

// What jobs there are and what each carries: jobs/catalog.ts, re-exported here for the queue's users.
export * from "./catalog";

import { type JobData, MAIL_QUEUES, QUEUES, type QueueName } from "./catalog";

/**
 * The backup's queue: a large database takes a while to back up (up to 6 hours before the attempt counts as
 * failed), and a failed backup is tried twice more, 15 to 30 and then 30 to 60 minutes later (pg-boss's backoff).
 */
const BACKUP_QUEUE_POLICY = { expireInSeconds: 6 * 3600, retryLimit: 2, retryDelay: 900, retryBackoff: true };

/** A database handle to enqueue through: pass a transaction so the job exists only if the transaction commits. */
export type JobExecutor = Queryable;

export type JobOptions = {
  startAfter?: Date;
  singletonKey?: string;
  /** This job's own retry policy (the queue's otherwise): attempts after the first, delay doubling each time. */
  retry?: { limit: number; delaySeconds: number };
  /** This job's time limit (the queue's otherwise, 15 minutes): past it, the job counts as failed. */
  expireInSeconds?: number;
};

/** One attempt of a job, as its handler sees it. */
export type JobAttempt = {
  /** The same on every attempt of one job. */
  id: string;
  /**
   * What the job's earlier attempts finished, by the names the handler gave it (a mail: its Message-ID's key):
   * a handler adds what it has done, and an attempt that fails keeps the set with its job, so the retry skips
   * those. An attempt cut off by a crash keeps nothing: its work is done again.
   */
  done: Set<string>;
  /** Whether this is the job's last attempt: if it fails, no other follows. */
  last: boolean;
};

/** One job of a queue, with its options. */
export type JobSpec = { [Q in QueueName]: { name: Q; data: JobData[Q] } & JobOptions }[QueueName];

export type JobQueue = {
  send: <Q extends QueueName>(
    name: Q,
    data: JobData[Q],
    options?: JobOptions & { within?: JobExecutor },
  ) => Promise<string | null>;
  /**
   * pg-boss's own insert of `jobs`, as a fragment of a statement on `sql`: the entries of a WITH clause (one
   * data-modifying CTE per queue, `jobs_0 as (...), ...`), so the jobs exist exactly when the caller's statement
   * commits, without a round trip of their own. Nothing runs until the caller's statement does. With `onlyIf`
   * (a condition of the caller's statement, e.g. `exists (select from changed)`), the jobs are inserted only
   * where it holds.
   */
  insertFragment: (
    sql: Queryable,
    jobs: readonly JobSpec[],
    options?: { onlyIf?: Fragment },
  ) => Promise<{ fragment: Fragment }>;
  /** Runs `handler` for each job of the queue, once per attempt. */
  work: <Q extends QueueName>(
    name: Q,
    handler: (data: JobData[Q], job: JobAttempt) => Promise<void>,
  ) => Promise<void>;
  /** Runs the queue's job on a cron schedule (UTC), once per tick across every instance. */
  schedule: (name: QueueName, cron: string) => void;
  /**
   * Sends the job of each schedule that allows `at`'s minute, once across every instance that does so for the same
   * minute; answers the queues this call sent to (not those another instance had sent to first). A timer calls it
   * as each minute begins; tests call it with a chosen minute.
   */
  runSchedules: (at: Date) => Promise<QueueName[]>;
  /** Takes no new jobs; the ones running go on (a shutdown calls this first, then `stop`). */
  pause: () => Promise<void>;
  /**
   * Waits up to `timeoutMs` (10 s by default, at least 1 s) for running jobs, then closes the queue. A job still
   * running then is marked failed, and its retry runs after the next start.
   */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
};

/**
 * pg-boss 10 needed four indexes of the app's on pgboss.job: its maintenance (expiry, archiving by completion
 * and by keep_until) and a worker's fetch in priority order each scanned every job (bench/README.md). pg-boss
 * 12 has its own for each: expiry reads (name, state, ...) of unfinished jobs (job_i14), deletion walks each
 * queue by its primary key in batches, and the fetch reads an index in its own order (job_i11). The contract
 * test checks they are there (bossInternals.ts).
 */

export async function startJobQueue(options: {
  connectionString: string;
  logger: Logger;
  pollingIntervalSeconds?: number;
  /** Told (and not awaited) when a job has used its last attempt: the monitor counts these. */
  onFailedForGood?: (queue: QueueName) => void;
  /** Told how each attempt of a job ended: done, failed with another attempt to come, or failed for good. */
  onAttempt?: (queue: QueueName, outcome: "ok" | "retried" | "failed") => void;
  /**
   * No other process can be running this database's jobs (it has just been started by this one): the jobs it
   * holds as running were cut off by a crash or a kill and are retried at once, rather than after their expiry
   * (15 minutes) and the next maintenance.
   */
  retryJobsLeftRunning?: boolean;
  /** The first retry's delay of the mail queues (MAIL_QUEUES), in seconds (jobs/mailRetry.ts). */
  mailRetryDelaySeconds?: number;
}): Promise<JobQueue> {
  // pg-boss runs on the app's driver (postgres.js) through its `db` option, on a pool of its own: one driver's
  // types, timeouts and connection handling, and none of pg-boss's node-postgres pool.
  const jobSql = postgres(options.connectionString, {
    max: 4,
    connection: { application_name: "knowbefore-jobs" },
    onnotice: () => {},
  });
  const boss = new PgBoss({
    db: executorOn(jobSql),
    schema: "pgboss",
    // Schedules are checked here, once a minute (see runSchedules): pg-boss's own scheduler stalled the event loop.
    schedule: false,
  });
  boss.on("error", (error) => {
    // 57P01: PostgreSQL is shutting down (Ctrl-C reaches the embedded server too); the queue resumes on restart.
    if ((error as { code?: string }).code === "57P01")
      options.logger.debug("job queue: database shutting down");
    else options.logger.error("job queue error", error);
  });
  // pg-boss 12 tells what it sees going wrong that is no error (slow statements, a backlog, vacuum lagging).
  boss.on("warning", (warning) => options.logger.warn(`job queue: ${warning.message}`));
  // pg-boss's own schema changes and queues, one instance at a time (see withStartupLock).
  await withStartupLock(options.connectionString, async () => {
    const admin = postgres(options.connectionString, { max: 1, onnotice: () => {} });
    try {
      const setAside = await setAsideOldSchema(admin);
      if (setAside)
        options.logger.info("job queue: pg-boss 10's schema set aside, its jobs move to pg-boss 12's");
      await boss.start();
      for (const name of Object.values(QUEUES)) {
        await boss.createQueue(name, { retryLimit: 5, retryDelay: 30, retryBackoff: true });
      }
      // Set on every start (createQueue leaves a queue that exists as it is): its jobs from now on take it.
      const mailRetry = mailRetryPolicy(options.mailRetryDelaySeconds ?? DEFAULT_MAIL_RETRY_DELAY_SECONDS);
      for (const name of MAIL_QUEUES) await boss.updateQueue(name, mailRetry);
      await boss.updateQueue(QUEUES.databaseBackup, BACKUP_QUEUE_POLICY);
      await moveSetAsideJobs(boss, admin, options.logger);
      // Schedules that pg-boss kept for earlier versions: left, an instance of such a version would send their
      // jobs too (at most once a minute each, unlike these, which are sent once across instances).
      for (const schedule of await boss.getSchedules()) await boss.unschedule(schedule.name, schedule.key);
      if (options.retryJobsLeftRunning) {
        const retried = await retryJobsLeftRunning(admin);
        if (retried > 0)
          options.logger.info(`job queue: ${retried} jobs cut off by the last run's end are retried now`);
      }
    } finally {
      await admin.end();
    }
  });
  const schedules: { name: QueueName; cron: Cron }[] = [];
  let minuteTimer: NodeJS.Timeout | undefined;
  const runSchedules = async (at: Date) => {
    const sent: QueueName[] = [];
    // One job per schedule and minute, whoever sends it first: its id comes from both, and pg-boss skips a job
    // whose id is taken (answering null).
    for (const { name, cron } of schedules)
      if (cronMatches(cron, at) && (await boss.send(name, {}, { id: scheduledJobId(name, at) })))
        sent.push(name);
    return sent;
  };
  /** Runs the schedules a second into each minute (a timer late by more than its minute skips that one). */
  const nextMinute = () => {
    minuteTimer = setTimeout(
      () => {
        runSchedules(new Date()).catch((error: unknown) =>
          options.logger.error("job schedule failed", error),
        );
        nextMinute();
      },
      60_000 - (Date.now() % 60_000) + 1_000,
    );
    minuteTimer.unref();
  };
  return {
    async send(name, data, sendOptions = {}) {
      const within = sendOptions.within;
      return boss.send(name, data as object, {
        ...bossOptions(sendOptions),
        db: within ? executorOn(within) : undefined,
      });
    },
    async insertFragment(sql, jobs, { onlyIf } = {}) {
      // pg-boss inserts one queue's jobs per statement: one CTE entry each.
      const byQueue = new Map<QueueName, JobSpec[]>();
      for (const job of jobs) byQueue.set(job.name, [...(byQueue.get(job.name) ?? []), job]);
      const entries: Fragment[] = [];
      for (const [name, queued] of byQueue) {
        let statement: { text: string; values: unknown[] } | undefined;
        // pg-boss builds its statement and hands it to the executor; this one keeps it instead of running it.
        await boss.insert(
          name,
          queued.map((job) => ({ data: job.data, ...bossOptions(job) })),
          {
            db: {
              executeSql: async (text: string, values: unknown[] = []) => {
                statement = { text, values };
                return { rows: [] };
              },
            },
          },
        );
        if (!statement) throw new Error("pg-boss built no insert statement");
        // Its one value is the jobs as JSON text, which the statement casts itself: an empty array where
        // `onlyIf` does not hold.
        const [jobsJson, ...rest] = statement.values;
        if (rest.length > 0) throw new Error("pg-boss's insert statement took more than the jobs");
        const values = [
          onlyIf ? sql`(case when ${onlyIf} then ${jobsJson as string}::text else '[]' end)` : jobsJson,
        ];
        entries.push(fragmentOf(sql, `jobs_${entries.length} as (${statement.text})`, values));
      }
      if (entries.length === 0) throw new Error("insertFragment needs at least one job");
      // Wrapped: a fragment is thenable, and resolving a promise with it would run it on its own.
      return { fragment: fragmentOf(sql, entries.map((_, i) => `$${i + 1}`).join(", "), entries) };
    },
    async work(name, handler) {
      // pg-boss waits out the polling interval after every fetch, full or not: one job per fetch would send at
      // most one notice every two seconds, however many wait. A worker takes up to WORK_BATCH jobs, runs them one
      // after another (below), and after a full batch fetches again at once, unless the server is
      // busy answering requests: then the rest waits for the next poll (WORK_BATCH a polling interval), and
      // requests keep the CPU a burst of notices would take.
      let workerId: string | undefined;
      workerId = await boss.work<JobData[typeof name], unknown, WorkOptions & { includeMetadata: true }>(
        name,
        {
          batchSize: WORK_BATCH,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
          // The output an earlier attempt failed with (what it finished) and when the job fell due.
          includeMetadata: true,
        },
        async (batch) => {
          // One job at a time. Every step of a running job (building a mail and its calendar invite, handing it
          // to SMTP) waits in the event loop's queue beside the requests' steps, so each job running at once adds
          // its step ahead of a request's next one: four at a time put a poll's notices in bursts that the paced
          // mix's slowest answers lined up with (docs/operations/runtime-tuning.md).
          // Each job keeps its own retries: the ones that threw are failed here (their error recorded as pg-boss
          // records its own, with what the attempt finished: FailedAttempt), and pg-boss then completes only the
          // jobs still active, the rest.
          for (const job of batch) {
            const earlier = failedAttemptOf(job.output);
            const attempt: JobAttempt = {
              id: job.id,
              done: new Set(earlier?.done),
              last: job.retryCount >= job.retryLimit,
            };
            try {
              await handler(job.data, attempt);
            } catch (error) {
              await boss.fail(
                name,
                job.id,
                failedAttempt(error, attempt, earlier?.dueSince ?? job.startAfter),
              );
              // pg-boss decides whether another attempt follows: 'retry' if so, 'failed' once none does.
              if (options.onFailedForGood || options.onAttempt) {
                const [after] = await boss.findJobs(name, { id: job.id }).catch(() => []);
                if (after?.state === "failed") options.onFailedForGood?.(name);
                options.onAttempt?.(name, after?.state === "failed" ? "failed" : "retried");
              }
              continue;
            }
            options.onAttempt?.(name, "ok");
          }
          if (batch.length === WORK_BATCH && workerId && !(await busyWhileResting()))
            boss.notifyWorker(workerId);
        },
      );
    },
    schedule(name, cron) {
      schedules.push({ name, cron: parseCron(cron) });
      if (!minuteTimer) nextMinute();
    },
    runSchedules,
    async pause() {
      clearTimeout(minuteTimer);
      for (const name of Object.values(QUEUES)) await boss.offWork(name);
    },
    async stop(stopOptions = {}) {
      clearTimeout(minuteTimer);
      await boss.stop({ graceful: true, timeout: stopOptions.timeoutMs ?? 10_000 });
      await jobSql.end({ timeout: 5 });
    },
  };
}

/**
 * Moves the jobs of a pg-boss 10 schema set aside at this start (or at one cut short) into pg-boss 12's, through
 * its own insert: with their ids, so a repeat inserts nothing twice, and the attempts they have left. Then the
 * old schema goes.
 */
async function moveSetAsideJobs(boss: PgBoss, sql: Queryable, logger: Logger): Promise<void> {
  const jobs = await readSetAsideJobs(sql);
  if (!jobs) return;
  const queues = new Set<string>(Object.values(QUEUES));
  let moved = 0;
  for (const name of new Set(jobs.map((job) => job.name))) {
    // A queue the app no longer has: its jobs have no worker to run them.
    if (!queues.has(name)) continue;
    const batch = jobs.filter((job) => job.name === name);
    await boss.insert(
      name,
      batch.map(({ name: _, singletonKey, data, ...job }) => ({
        ...job,
        data: data ?? {},
        ...(singletonKey ? { singletonKey } : {}),
      })),
    );
    moved += batch.length;
  }
  await dropSetAsideSchema(sql);
  logger.info(`job queue: ${moved} unfinished jobs of pg-boss 10 moved to pg-boss 12`);
}

/**
 * What a failed attempt leaves as its job's output: its error (as pg-boss records one: name, message, stack and
 * its own fields, such as an SMTP error's code), what the job has finished so far (JobAttempt.done), and since
 * when the job has been due: its start_after before a retry first moved it (the mail backlog's age counts from
 * it: mailBacklog in jobs/bossInternals.ts).
 */
type FailedAttempt = Record<string, unknown> & { done: string[]; dueSince: string };

function failedAttempt(error: unknown, attempt: JobAttempt, dueSince: Date | string): FailedAttempt {
  return {
    ...(typeof error === "object" && error !== null ? error : { value: String(error) }),
    ...(error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : {}),
    done: [...attempt.done],
    dueSince: new Date(dueSince).toISOString(),
  };
}

/** The earlier attempt's record in a job's output, if it failed with one. */
function failedAttemptOf(output: unknown): Pick<FailedAttempt, "done" | "dueSince"> | null {
  const record = output as Partial<FailedAttempt> | null;
  if (!Array.isArray(record?.done) || typeof record.dueSince !== "string") return null;
  return { done: record.done.filter((key) => typeof key === "string"), dueSince: record.dueSince };
}

/** The most jobs a worker takes from its queue at once (pg-boss times a batch out at its longest job's limit). */
export const WORK_BATCH = 20;

/**
 * Whether the server is busy without this worker: its event loop is in use more than a quarter of the 100 ms
 * the worker rests. Measured at rest, so a worker's own batches never count as load. Bookings at 456 a second,
 * ~1.4 ms of the server's CPU each, keep it near two thirds; over a 50 ms rest and against half, a chance lull
 * let workers take full batches while the bookings went on (bench/history/2026-11.md).
 */
async function busyWhileResting(): Promise<boolean> {
  const before = performance.eventLoopUtilization();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return performance.eventLoopUtilization(before).utilization > 0.25;
}

/** A UUID made of a schedule's queue and the minute of `at` (UTC). */
export function scheduledJobId(name: QueueName, at: Date): string {
  const minute = new Date(at.getTime() - (at.getTime() % 60_000)).toISOString();
  const hex = createHash("sha256").update(`${name}@${minute}`).digest("hex");
  // Shaped as a version 8 (custom) UUID: PostgreSQL's uuid type takes any, and the shape says what it is.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A job's options as pg-boss names them (a retry policy doubles its delay each time). */
function bossOptions(options: JobOptions) {
  return {
    startAfter: options.startAfter,
    singletonKey: options.singletonKey,
    ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
    ...(options.retry
      ? { retryLimit: options.retry.limit, retryDelay: options.retry.delaySeconds, retryBackoff: true }
      : {}),
  };
}
