// The contract of the fence around pg-boss's private schema (src/server/jobs/bossInternals.ts): the release and
// schema version it was written against, and every table column, index and function its entries touch, checked
// in the schema pg-boss itself installed. A failure names the fence entry to review.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BOSS_FENCE, queueDepths } from "../src/server/jobs/bossInternals";
import { QUEUES } from "../src/server/jobs/queue";
import { createHarness } from "./support/harness";

const h = await createHarness();

function installedPgBossVersion(): string {
  // The package's entry point, then its package.json beside dist/ (its exports do not list package.json).
  const entry = createRequire(import.meta.url).resolve("pg-boss");
  const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
  return JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version;
}

describe("the pg-boss fence (jobs/bossInternals.ts)", () => {
  it("was written for the installed pg-boss release and the schema version it installs", async () => {
    expect(
      installedPgBossVersion(),
      "pg-boss was upgraded: review every entry of BOSS_FENCE against its release notes and schema, then update packageVersion",
    ).toBe(BOSS_FENCE.packageVersion);
    const [row] = await h.sql<{ version: number }[]>`select version from pgboss.version`;
    expect(
      row!.version,
      "pg-boss's schema version changed: review every entry of BOSS_FENCE, then update schemaVersion",
    ).toBe(BOSS_FENCE.schemaVersion);
  });

  it("finds pg-boss's job states in the order its statements compare them", async () => {
    const [states] = await h.sql<{ labels: string[] }[]>`
      select array_agg(enumlabel::text order by enumsortorder) as labels from pg_enum
       where enumtypid = 'pgboss.job_state'::regtype`;
    expect(states!.labels, "pgboss.job_state changed: review every entry comparing states").toEqual(
      BOSS_FENCE.jobStates,
    );
  });

  for (const [entry, uses] of Object.entries(BOSS_FENCE.entries)) {
    it(`finds what ${entry} touches`, async () => {
      for (const [table, columns] of Object.entries("columns" in uses ? uses.columns : {})) {
        const found = await h.sql<{ column_name: string }[]>`
          select column_name::text from information_schema.columns
           where table_schema = 'pgboss' and table_name = ${table}`;
        const names = new Set(found.map((c) => c.column_name));
        for (const column of columns)
          expect(names.has(column), `fence entry ${entry}: pgboss.${table}.${column} is gone`).toBe(true);
      }
      for (const index of "indexes" in uses ? uses.indexes : []) {
        const [found] = await h.sql<{ definition: string | null }[]>`
          select indexdef as definition from pg_indexes
           where schemaname = 'pgboss' and tablename = ${index.table} and indexname = ${index.name}`;
        expect(
          found?.definition ?? "",
          `fence entry ${entry}: pg-boss's index ${index.name} on pgboss.${index.table} changed or is gone`,
        ).toContain(index.definition);
      }
      for (const signature of "functions" in uses ? uses.functions : []) {
        const [found] = await h.sql<{ present: boolean }[]>`
          select to_regprocedure(${signature}) is not null as present`;
        expect(found!.present, `fence entry ${entry}: ${signature} is gone`).toBe(true);
      }
    });
  }

  it("leaves a worker's fetch and the queue depths to pg-boss's own indexes (the app adds none to pgboss.job)", async () => {
    // pg-boss names its indexes job_i<n>, job_common_i<n> on the table of the queues without their own.
    const ours = await h.sql<{ indexname: string }[]>`
      select indexname from pg_indexes
       where schemaname = 'pgboss' and tablename in ('job', 'job_common')
         and indexname !~ '^job(_common)?_(i[0-9]+|pkey)$'`;
    expect(ours.map((i) => i.indexname)).toEqual([]);
    // The fetch's order: priority, then age, of the jobs not yet running.
    const [fetch] = await h.sql<{ definition: string }[]>`
      select indexdef as definition from pg_indexes
       where schemaname = 'pgboss' and tablename = 'job_common' and indexname = 'job_common_i11'`;
    expect(fetch?.definition).toContain(
      "(name, priority DESC, created_on, start_after) WHERE ((state < 'active'",
    );
  });

  it("counts a queue's waiting and running jobs and ages the one due longest, not one still waiting on others", async () => {
    // The workers stop taking jobs, so the rows stay as written.
    await h.deps.jobs.pause();
    const queue = QUEUES.crmDelivery;
    await h.sql`
      insert into pgboss.job (name, data, state, start_after, blocked, policy)
      values (${queue}, '{}', 'created', now() - interval '90 seconds', false, 'standard'),
             (${queue}, '{}', 'created', now() - interval '300 seconds', true, 'standard'),
             (${queue}, '{}', 'created', now() + interval '1 day', false, 'standard'),
             (${queue}, '{}', 'active', now() - interval '400 seconds', false, 'standard')`;
    const [row] = await queueDepths(h.sql, [queue], 10_000);
    expect(row).toMatchObject({ queue, created: 3, retry: 0, active: 1 });
    expect(row!.oldest).toBeGreaterThanOrEqual(90);
    expect(row!.oldest).toBeLessThan(150);
    await h.sql`
      insert into pgboss.job (name, data, state, start_after, policy)
      values (${queue}, '{}', 'retry', now() - interval '200 seconds', 'standard')`;
    const [withRetry] = await queueDepths(h.sql, [queue], 10_000);
    expect(withRetry!.retry).toBe(1);
    expect(withRetry!.oldest).toBeGreaterThanOrEqual(200);
    expect(withRetry!.oldest).toBeLessThan(260);
  });
});
