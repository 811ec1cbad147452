// Every use the app makes of pg-boss's own tables, statements and functions, behind one fence. pg-boss's
// public API is its contract; these statements read or change its private schema, which any release may
// reshape (11 rewrote it and offered no migration from 10's). Each entry says why the public API does not do
// its work, and BOSS_FENCE lists what each one touches: the contract test (bossInternals.integration.test.ts)
// checks every item against a real schema of the pinned pg-boss and fails, naming the entry to review, when
// an upgrade changes one.
import type postgres from "postgres";
import type { Fragment, Queryable } from "../db/client";

/** What a fence entry relies on in pg-boss's schema (all in the `pgboss` schema). */
type FenceEntry = {
  /** Columns by table. */
  columns?: Record<string, readonly string[]>;
  /** pg-boss's own indexes the entry's statements are answered from, by name and the definition they have. */
  indexes?: readonly { table: string; name: string; definition: string }[];
  /** Functions by their signature, as to_regprocedure reads it. */
  functions?: readonly string[];
};

/**
 * The pg-boss release and schema version these entries were written against, and what each entry touches.
 * An upgrade of pg-boss fails the contract test until each entry is reviewed and these are updated.
 */
export const BOSS_FENCE = {
  packageVersion: "12.38.0",
  schemaVersion: 46,
  /** pg-boss's job states in its enum's order: the statements below compare them (`state < 'active'`). */
  jobStates: ["created", "retry", "active", "completed", "cancelled", "failed"],
  entries: {
    retryJobsLeftRunning: { columns: { job: ["id", "state", "start_after"] } },
    queueDepths: {
      columns: { job: ["name", "state", "start_after"] },
      indexes: [
        { table: "job_common", name: "job_common_i14", definition: "(name, state, blocked, start_after)" },
      ],
    },
    mailBacklog: {
      columns: { job: ["name", "state", "blocked", "start_after", "output"] },
      indexes: [
        { table: "job_common", name: "job_common_i14", definition: "(name, state, blocked, start_after)" },
      ],
    },
    monitorQueues: {
      columns: { queue: ["name"], job: ["id", "name", "state"] },
      indexes: [
        { table: "job_common", name: "job_common_i14", definition: "(name, state, blocked, start_after)" },
      ],
    },
    eraseJobs: { columns: { job: ["name", "state", "data"] } },
    deleteWaitingAppointmentJobs: { columns: { job: ["name", "state", "data"] } },
    backupManifest: { columns: { version: ["version"], queue: ["name"] } },
    restoreQueues: { functions: ["pgboss.create_queue(text,jsonb)"], columns: { queue: ["name", "policy"] } },
    v10Cutover: { columns: { version: ["version"] } },
  } satisfies Record<string, FenceEntry>,
} as const;

/** pg-boss's oldest schema version the installed release migrates from (its migration chain starts at 25). */
export const OLDEST_MIGRATABLE_SCHEMA = 25;
/** Where a pg-boss 10 schema waits while its jobs move to the new one (v10Cutover). */
export const SET_ASIDE_SCHEMA = "pgboss_v10";

/**
 * retryJobsLeftRunning: the jobs this database holds as running when no process can be running them (it has
 * just been started by this one) are retried at once. pg-boss's `retry()` takes only failed jobs, and `fail()`
 * waits out the retry delay; otherwise they would wait for their expiry (15 minutes) and the next maintenance.
 * The attempt counts: the next fetch adds it to retry_count, as an expired one would.
 */
export async function retryJobsLeftRunning(sql: Queryable): Promise<number> {
  const rows = await sql`
    update pgboss.job set state = 'retry', start_after = now() where state = 'active' returning id`;
  return rows.length;
}

/**
 * queueDepths: per queue, its jobs waiting (created, retry) and running (active), each count stopping at
 * `cap`, and how long the job due longest has waited (since its start_after: a reminder booked for next week
 * is not late; a job waiting on others it depends on is not due). pg-boss's `getQueues()` answers counts its
 * monitor cached up to a minute earlier, and no age; a scrape wants the moment's. The age is read per state
 * from pg-boss's index by (name, state, blocked, start_after): its first entry each, where one `state <
 * 'active'` range read every waiting job of the queue (52 ms a scrape at 28,000 waiting reminders).
 */
export function queueDepths(sql: postgres.Sql, queues: readonly string[], cap: number) {
  return sql<{ queue: string; created: number; retry: number; active: number; oldest: number | null }[]>`
    select q.name as queue,
           (select count(*) from (select 1 from pgboss.job j where j.name = q.name and j.state = 'created'
                                  limit ${cap}) c)::int as created,
           (select count(*) from (select 1 from pgboss.job j where j.name = q.name and j.state = 'retry'
                                  limit ${cap}) c)::int as retry,
           (select count(*) from (select 1 from pgboss.job j where j.name = q.name and j.state = 'active'
                                  limit ${cap}) c)::int as active,
           (select extract(epoch from now() - min(due.start_after))::float8
              from (select (select min(j.start_after) from pgboss.job j
                             where j.name = q.name and j.state = 'created' and not j.blocked
                               and j.start_after <= now()) as start_after
                    union all
                    select (select min(j.start_after) from pgboss.job j
                             where j.name = q.name and j.state = 'retry' and not j.blocked
                               and j.start_after <= now())) due) as oldest
      from unnest(${queues as string[]}::text[]) as q(name)`;
}

/**
 * mailBacklog: the e-mail jobs owed, over the mail queues together: due and not yet tried, failed and waiting to
 * be retried, or being sent; each count stopping at `cap`. And how long the one owed longest has been due: since
 * its start_after for a job not yet tried (or on its first attempt), and for a retried job since the due time its
 * first failed attempt recorded in its output (jobs/queue.ts, FailedAttempt: pg-boss moves start_after to the
 * next attempt and keeps no first due time). queueDepths' age counts only jobs due now, so a job between two
 * attempts does not count there, however long it has been owed. Read from pg-boss's index by (name, state,
 * blocked, start_after): a reminder due next week is not read.
 */
export async function mailBacklog(
  sql: postgres.Sql,
  queues: readonly string[],
  cap: number,
): Promise<{ jobs: number; oldest: number }> {
  const names = queues as string[];
  const [row] = await sql<{ jobs: number; oldest: number | null }[]>`
    select (select count(*) from (select 1 from pgboss.job j
                                   where j.name = any(${names}::text[]) and j.state = 'created'
                                     and not j.blocked and j.start_after <= now() limit ${cap}) c)::int
         + (select count(*) from (select 1 from pgboss.job j
                                   where j.name = any(${names}::text[]) and j.state in ('retry', 'active')
                                   limit ${cap}) c)::int as jobs,
           extract(epoch from now() - least(
             (select min(j.start_after) from pgboss.job j
               where j.name = any(${names}::text[]) and j.state = 'created'
                 and not j.blocked and j.start_after <= now()),
             (select min(coalesce((j.output ->> 'dueSince')::timestamptz, j.start_after)) from pgboss.job j
               where j.name = any(${names}::text[]) and j.state in ('retry', 'active'))))::float8 as oldest`;
  return { jobs: row?.jobs ?? 0, oldest: Math.max(row?.oldest ?? 0, 0) };
}

/**
 * monitorQueues: every queue pg-boss knows with its jobs waiting and running now, for the administrators'
 * monitor. As for queueDepths, `getQueues()` answers its monitor's cached counts, up to a minute old, and an
 * administrator who has just retried a job expects to see it.
 */
export function monitorQueues(sql: Queryable) {
  return sql<{ name: string; waiting: number; active: number }[]>`
    select q.name,
           count(j.id) filter (where j.state in ('created', 'retry'))::int as waiting,
           count(j.id) filter (where j.state = 'active')::int as active
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state < 'completed'
     -- pg-boss's own bookkeeping queues (__pgboss__...) are not the app's work.
     where q.name not like '\\_\\_pgboss%'
     group by q.name
     order by q.name`;
}

/** A piece of SQL text, as `sql.unsafe` makes it. */
type SqlText = ReturnType<postgres.Sql["unsafe"]>;

/** What eraseJobs matches: a CRM payload about them, and the ids of their bookings and conversations (as text). */
export type ErasedJobs = {
  tied: (payload: SqlText) => Fragment;
  redacted: (payload: SqlText) => Fragment;
  bookingIds: ReturnType<postgres.Sql["array"]>;
  conversationIds: ReturnType<postgres.Sql["array"]>;
};

/**
 * eraseJobs: an erased person's waiting jobs are not sent at all (deliveries to a CRM, notices and reminders
 * to the account), and the CRM payloads about them in every job, finished ones included (pg-boss 12 keeps
 * finished jobs in pgboss.job until their deletion time; 10 moved them to pgboss.archive), are redacted, in
 * the erasure's own transaction. pg-boss's API finds jobs by id or singleton key only, deletes them outside
 * the caller's transaction, and cannot rewrite a job's data. Answers the rows each statement touched; null
 * when the database has no job table.
 */
export async function eraseJobs(
  tx: Queryable,
  match: ErasedJobs,
): Promise<{ deleted: readonly unknown[]; redacted: readonly unknown[] } | null> {
  const [present] = await tx<{ job: boolean }[]>`select to_regclass('pgboss.job') is not null as job`;
  if (!present?.job) return null;
  const payload = tx.unsafe("data->'payload'");
  const deleted = await tx`
    delete from pgboss.job
     where state in ('created', 'retry')
       and ((name = 'crm-delivery' and ${match.tied(payload)})
            or (name in ('appointment-notice', 'appointment-reminder')
                and data->>'appointmentId' = any(${match.bookingIds}::text[]))
            or (name = 'message-notice' and data->>'conversationId' = any(${match.conversationIds}::text[])))
    returning 1`;
  const redacted = await tx`
    update pgboss.job set data = jsonb_set(data, '{payload}', ${match.redacted(payload)})
     where name = 'crm-delivery' and ${match.tied(payload)}
       and data->'payload' is distinct from ${match.redacted(payload)} returning 1`;
  return { deleted, redacted };
}

/**
 * deleteWaitingAppointmentJobs: the benchmarks remove the notices and reminders still waiting for the bookings
 * of their earlier runs (left, 400,000 reminders piled up after a day of runs). pg-boss deletes a queue's
 * waiting jobs all at once (`deleteQueuedJobs`) or by id, not by what their data names.
 */
export async function deleteWaitingAppointmentJobs(sql: Queryable, appointmentIds: readonly number[]) {
  await sql`
    delete from pgboss.job
     where name in ('appointment-notice', 'appointment-reminder') and state < 'active'
       and (data ->> 'appointmentId')::int = any(${appointmentIds as number[]}::int[])`;
}

/**
 * backupManifest: the schema version and queues of the database being backed up, read in the backup's own
 * snapshot. pg-boss's `schemaVersion()` and `getQueues()` run on the job queue's pool, outside that snapshot.
 */
export async function backupManifest(
  tx: postgres.TransactionSql,
): Promise<{ schemaVersion: number; queues: string[] } | null> {
  const [present] = await tx<{ version: boolean; queues: boolean }[]>`
    select to_regclass('pgboss.version') is not null as version, to_regclass('pgboss.queue') is not null as queues`;
  if (!present?.version) return null;
  const [row] = await tx<{ version: number }[]>`select version from pgboss.version`;
  const queues = present.queues
    ? (await tx<{ name: string }[]>`select name from pgboss.queue order by name`).map((q) => q.name)
    : [];
  return { schemaVersion: row?.version ?? 0, queues };
}

/**
 * restoreQueues: a restore builds pg-boss's schema and its queues in the restore's one transaction (the rows
 * of pgboss.queue are then copied over these). pg-boss's `createQueue()` runs on the job queue's pool, outside it.
 * Partitioned queues get their table from create_queue; the app's are not partitioned.
 */
export async function restoreQueues(tx: postgres.TransactionSql, queues: readonly string[]): Promise<void> {
  for (const queue of queues)
    await tx`select pgboss.create_queue(${queue}, ${tx.json({ policy: "standard" })}::jsonb)`;
}

/**
 * v10Cutover, first step: pg-boss 11 rewrote its schema and migrates nothing older than version 25 (neither
 * 11 nor 12 migrates 10's version 24; 11.0's release notes leave the jobs to be moved by hand). A database
 * still at 10's schema has it renamed out of the way, in one statement, so pg-boss installs its own; the
 * jobs waiting in it then move over (readSetAsideJobs) and it goes (dropSetAsideSchema). Answers whether a
 * schema was set aside.
 */
export async function setAsideOldSchema(sql: Queryable): Promise<boolean> {
  const [present] = await sql<
    { found: boolean }[]
  >`select to_regclass('pgboss.version') is not null as found`;
  if (!present?.found) return false;
  const [row] = await sql<{ version: number }[]>`select version from pgboss.version`;
  if (!row || row.version >= OLDEST_MIGRATABLE_SCHEMA) return false;
  await sql`alter schema pgboss rename to ${sql(SET_ASIDE_SCHEMA)}`;
  return true;
}

/** A job of the set-aside pg-boss 10 schema, as pg-boss 12's `insert()` takes it. */
export type SetAsideJob = {
  name: string;
  id: string;
  data: object | null;
  priority: number;
  startAfter: Date;
  singletonKey: string | null;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
};

/**
 * v10Cutover, second step: the jobs of the set-aside schema that had yet to finish (waiting, or running when
 * the last pg-boss 10 process stopped: those run again), to be inserted through pg-boss's `insert()` with
 * their ids, so a repeat after a crash inserts nothing twice. Only SQL reads pg-boss 10's tables once 12 is
 * installed. Null when no schema is set aside.
 */
export async function readSetAsideJobs(sql: Queryable): Promise<SetAsideJob[] | null> {
  const [present] = await sql<{ found: boolean }[]>`
    select to_regclass(${`${SET_ASIDE_SCHEMA}.job`}) is not null as found`;
  if (!present?.found) return null;
  return sql<SetAsideJob[]>`
    select name, id::text, data, priority, start_after as "startAfter", singleton_key as "singletonKey",
           retry_limit - retry_count as "retryLimit", retry_delay as "retryDelay", retry_backoff as "retryBackoff",
           greatest(extract(epoch from expire_in)::int, 1) as "expireInSeconds"
      from ${sql(SET_ASIDE_SCHEMA)}.job
     where state in ('created', 'retry', 'active')
     order by created_on, id`;
}

/** v10Cutover, last step: the set-aside schema goes once its jobs are in the new one. */
export async function dropSetAsideSchema(sql: Queryable): Promise<void> {
  await sql`drop schema if exists ${sql(SET_ASIDE_SCHEMA)} cascade`;
}
