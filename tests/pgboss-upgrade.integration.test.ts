import { readFileSync } from "node:fs";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { QUEUES, startJobQueue } from "../src/server/jobs/queue";
import { startWorkers } from "../src/server/jobs/workers";
import { createHarness } from "./support/harness";

const h = await createHarness();

/** Polls a condition (every 100 ms, at most 15 s) instead of sleeping a fixed time. */
async function until(condition: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const REMINDER = "00000000-0000-4000-8000-000000000001";
const DELIVERY = "00000000-0000-4000-8000-000000000002";
const PRUNE = "00000000-0000-4000-8000-000000000003";
const FINISHED = "00000000-0000-4000-8000-000000000004";
const CUT_OFF = "00000000-0000-4000-8000-000000000005";
const nextWeek = new Date(Date.now() + 7 * 86_400_000);

/** The database as the app left it on pg-boss 10: its schema (version 24), its queues and their jobs. */
async function databaseOnPgBoss10() {
  await h.deps.jobs.stop();
  await h.sql`drop schema pgboss cascade`;
  // Its plan opens its own transaction: one connection runs it.
  const one = postgres(h.dbUrl, { max: 1, onnotice: () => {} });
  try {
    await one
      .unsafe(readFileSync(new URL("./fixtures/pgboss-10-schema.sql", import.meta.url), "utf8"))
      .simple();
  } finally {
    await one.end();
  }
  // As the app on pg-boss 10 created its queues (createQueue, through pg-boss 10's create_queue).
  for (const name of [QUEUES.appointmentReminder, QUEUES.crmDelivery, QUEUES.livePrune])
    await h.sql`select pgboss.create_queue(${name}, ${h.sql.json({ name, policy: "standard", retryLimit: 5, retryDelay: 30, retryBackoff: true })}::json)`;
  await h.sql`
    insert into pgboss.job (id, name, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
                            start_after, singleton_key, expire_in, policy)
    values (${REMINDER}, ${QUEUES.appointmentReminder}, '{"appointmentId": 987654}', 'created', 5, 0, 30, true,
            ${nextWeek}, 'reminder-987654', interval '15 minutes', 'standard'),
           (${DELIVERY}, ${QUEUES.crmDelivery}, '{"integrationId": 1}', 'retry', 5, 2, 30, true,
            ${nextWeek}, null, interval '2 minutes', 'standard'),
           (${PRUNE}, ${QUEUES.livePrune}, '{}', 'created', 5, 0, 30, true, now(), null, interval '15 minutes', 'standard'),
           (${FINISHED}, ${QUEUES.livePrune}, '{}', 'completed', 5, 0, 30, true, now(), null, interval '15 minutes', 'standard'),
           (${CUT_OFF}, ${QUEUES.crmDelivery}, '{"integrationId": 2}', 'active', 5, 1, 30, true,
            ${nextWeek}, null, interval '15 minutes', 'standard')`;
}

describe("a database that ran pg-boss 10", () => {
  it("comes through on pg-boss 12: its schema replaced, its unfinished jobs kept with their ids, and run", async () => {
    await databaseOnPgBoss10();
    const jobs = await startJobQueue({
      connectionString: h.dbUrl,
      logger: h.deps.logger,
      pollingIntervalSeconds: 0.5,
    });
    try {
      const [version] = await h.sql<{ version: number }[]>`select version from pgboss.version`;
      expect(version!.version).toBe(46);
      const [aside] = await h.sql<{ n: number }[]>`
        select count(*)::int as n from pg_namespace where nspname = 'pgboss_v10'`;
      expect(aside!.n).toBe(0);

      const moved = await h.sql<
        {
          id: string;
          name: string;
          state: string;
          retry_limit: number;
          singleton_key: string | null;
          start_after: Date;
          expire_seconds: number;
        }[]
      >`select id::text, name, state::text, retry_limit, singleton_key, start_after, expire_seconds
          from pgboss.job where id = any(${[REMINDER, DELIVERY, CUT_OFF, FINISHED]}::uuid[]) order by id`;
      // The finished job stays behind; the waiting ones keep their ids, due times and keys, and the attempts they
      // had left (the delivery had used two of five retries, the one cut off while running one).
      expect(moved.map((job) => [job.id, job.name, job.state, job.retry_limit, job.singleton_key])).toEqual([
        [REMINDER, QUEUES.appointmentReminder, "created", 5, "reminder-987654"],
        [DELIVERY, QUEUES.crmDelivery, "created", 3, null],
        [CUT_OFF, QUEUES.crmDelivery, "created", 4, null],
      ]);
      expect(moved[0]!.start_after.getTime()).toBe(nextWeek.getTime());
      expect(moved[1]!.expire_seconds).toBe(120);

      // A job that was due runs on pg-boss 12's workers.
      await startWorkers(jobs, h.noticeDeps, h.crmDeps);
      await until(async () => {
        const [job] = await h.sql<
          { state: string }[]
        >`select state::text from pgboss.job where id = ${PRUNE}`;
        return job?.state === "completed";
      });
    } finally {
      await jobs.stop();
    }
    // A second start finds nothing more to move.
    const again = await startJobQueue({ connectionString: h.dbUrl, logger: h.deps.logger });
    await again.stop();
    const [count] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from pgboss.job where id = any(${[REMINDER, DELIVERY, CUT_OFF, PRUNE]}::uuid[])`;
    expect(count!.n).toBe(4);
  });
});
