// Restoring a backup (backupFile.ts) into an empty database, or over one with `replace`: the schema rebuilt
// from this checkout's migrations and pg-boss's own plan, rows copied, sequences set and counts checked, all in
// one transaction. The target's erasure journal is kept and everyone in it erased again, so an older backup
// brings no erased person back. The restore drill (restoreDrill.ts) runs the same two steps, restoreRows and
// eraseAgain, into a scratch database, with the live database's journal.

import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { getConstructionPlans } from "pg-boss";
import type postgres from "postgres";
import { MIGRATIONS_FOLDER, runMigrations } from "../db/migrate";
import { replayErasureJournal } from "../domains/compliance/erasure";
import { loadEnv } from "../env";
import { restoreQueues } from "../jobs/bossInternals";
import {
  BACKUP_SCHEMAS,
  BackupError,
  type BackupManifest,
  type BackupSummary,
  backupSigningKey,
  connect,
  ident,
  listTables,
  qualified,
  readBackup,
  verifyBackup,
} from "./backupFile";

/** Connections of a running app (the pool and the job queue), which a restore must not pull the floor from. */
const APP_CONNECTIONS = ["knowbefore", "knowbefore-jobs"];

/** The checkout's migrations, as drizzle reads them (the journal's `when` is what it records as created_at). */
function checkoutMigrations() {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/** pg-boss's schema as this checkout's pg-boss builds it, without its own BEGIN/COMMIT (restore runs it inside one). */
function pgBossSchema(): { version: number; statements: string } {
  const plan = getConstructionPlans("pgboss").trim();
  const version = /INSERT INTO pgboss\.version\(version\) VALUES \('(\d+)'\)/.exec(plan)?.[1];
  if (!plan.startsWith("BEGIN;") || !plan.endsWith("COMMIT;") || !version)
    throw new BackupError(
      "the installed pg-boss builds its schema in an unexpected way: run npm install to get the pinned version",
    );
  return { version: Number(version), statements: plan.slice("BEGIN;".length, -"COMMIT;".length) };
}

async function tablesWithRows(sql: postgres.Sql): Promise<string[]> {
  const found: string[] = [];
  for (const table of await listTables(sql)) {
    if (table.schema === "drizzle" || (table.schema === "pgboss" && table.name === "version")) continue;
    const [row] = await sql<{ any: boolean }[]>`
      select exists (select 1 from ${sql(table.schema)}.${sql(table.name)}) as any`;
    if (row?.any) found.push(table.schema === "public" ? table.name : qualified(table).replace(/"/g, ""));
  }
  return found;
}

/** Drops what a previous life of the app left: its schemas, and every object of public but extensions'. */
async function wipe(tx: postgres.TransactionSql): Promise<void> {
  await tx`drop schema if exists pgboss cascade`;
  await tx`drop schema if exists drizzle cascade`;
  const notExtension = (catalog: string) =>
    tx.unsafe(`not exists (select 1 from pg_depend d
      where d.classid = '${catalog}'::regclass and d.objid = o.oid and d.deptype = 'e')`);
  const relations = await tx<{ name: string; kind: string }[]>`
    select o.oid::regclass::text as name, o.relkind as kind from pg_class o
     where o.relnamespace = 'public'::regnamespace and o.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
       and not o.relispartition and ${notExtension("pg_class")}
       and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = o.oid
                          and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i'))`;
  const keyword: Record<string, string> = {
    r: "table",
    p: "table",
    v: "view",
    m: "materialized view",
    S: "sequence",
    f: "foreign table",
  };
  for (const r of relations) await tx.unsafe(`drop ${keyword[r.kind]} if exists ${r.name} cascade`);
  const routines = await tx<{ name: string; kind: string }[]>`
    select o.oid::regprocedure::text as name, o.prokind as kind from pg_proc o
     where o.pronamespace = 'public'::regnamespace and ${notExtension("pg_proc")}`;
  for (const r of routines)
    await tx.unsafe(`drop ${r.kind === "a" ? "aggregate" : "routine"} if exists ${r.name} cascade`);
  const types = await tx<{ name: string; kind: string }[]>`
    select o.oid::regtype::text as name, o.typtype as kind from pg_type o
     where o.typnamespace = 'public'::regnamespace and o.typtype in ('e', 'd', 'c', 'r')
       and (o.typrelid = 0 or (select relkind from pg_class where oid = o.typrelid) = 'c')
       and ${notExtension("pg_type")}`;
  for (const t of types)
    await tx.unsafe(`drop ${t.kind === "d" ? "domain" : "type"} if exists ${t.name} cascade`);
}

/** Sets every sequence of the app's schemas past both its backed-up position and the largest id in use. */
async function resetSequences(tx: postgres.TransactionSql, manifest: BackupManifest): Promise<void> {
  const sequences = await tx<
    {
      schema: string;
      name: string;
      table_schema: string | null;
      table_name: string | null;
      column: string | null;
    }[]
  >`
    select n.nspname as schema, c.relname as name, tn.nspname as table_schema, t.relname as table_name,
           a.attname::text as column
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_depend d on d.classid = 'pg_class'::regclass and d.objid = c.oid
            and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
      left join pg_class t on t.oid = d.refobjid
      left join pg_namespace tn on tn.oid = t.relnamespace
      left join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where c.relkind = 'S' and n.nspname in ${tx(BACKUP_SCHEMAS)}`;
  for (const s of sequences) {
    const saved = manifest.sequences.find((m) => m.schema === s.schema && m.name === s.name);
    const backedUp = saved?.isCalled ? saved.lastValue : null;
    const largest =
      s.table_schema && s.table_name && s.column
        ? tx`(select max(${tx(s.column)})::bigint from ${tx(s.table_schema)}.${tx(s.table_name)})`
        : tx`null::bigint`;
    await tx`
      select setval(${`${ident(s.schema)}.${ident(s.name)}`}::regclass, v, true)
        from (select greatest(${largest}, ${backedUp}::bigint) as v) position
       where v is not null`;
  }
}

export type RestoreSummary = BackupSummary & { migrationsApplied: number; erasuresReapplied: number };

/** One entry of erasure_journal: who was erased, and when. */
export type ErasureEntry = { user_id: string; erased_at: Date };

/** What restoreRows did, and the erasures the target held before it (for eraseAgain). */
export type RestoredRows = {
  summary: Omit<RestoreSummary, "erasuresReapplied">;
  manifest: BackupManifest;
  journal: ErasureEntry[];
};

/**
 * Restores `file` into the database at `url`: refused when that database holds data unless `replace` is set.
 * The schema is built from this checkout's migrations up to the backup's level and pg-boss's own plan, the
 * rows are copied, sequences set and counts checked, all in one transaction; newer migrations of this checkout
 * then run as on any start. A failure anywhere before the commit leaves the target as it was. Then everyone
 * the target's erasure journal named before the restore is erased again.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { replace?: boolean; signingKey?: Buffer } = {},
): Promise<RestoreSummary> {
  const restored = await restoreRows(url, file, options);
  const erasuresReapplied = await eraseAgain(url, restored.journal);
  return { ...restored.summary, erasuresReapplied };
}

/**
 * The copy of a restore (restoreDatabase without its last step): checks the file, keeps the target's erasure
 * journal, rebuilds the schema, copies and counts the rows, then runs this checkout's newer migrations. Answers
 * the journal the target held, which eraseAgain must be given next.
 */
export async function restoreRows(
  url: string,
  file: string,
  options: { replace?: boolean; signingKey?: Buffer } = {},
): Promise<RestoredRows> {
  const started = Date.now();
  const source = path.resolve(file);
  if (!existsSync(source) || !statSync(source).isFile())
    throw new BackupError(`${source} does not exist: give the path of a backup file`);
  // The whole file is read and checked once before anything is touched: its framing, row counts and signature.
  const manifest = await verifyBackup(source, options.signingKey ?? backupSigningKey(loadEnv()));

  const migrations = checkoutMigrations();
  const known = new Set(migrations.map((m) => m.folderMillis));
  const unknown = manifest.migrations.find((m) => !known.has(m.createdAt));
  if (unknown)
    throw new BackupError(
      `the backup's schema is newer than this checkout (its migration of ${new Date(unknown.createdAt).toISOString()} is not in drizzle/): restore with a checkout at least as new as the one that made it`,
    );
  const level = manifest.migrations.at(-1)?.createdAt;
  if (level === undefined)
    throw new BackupError(
      `${source} holds no applied migrations: it was not made from a KnowBefore database`,
    );
  const boss = manifest.pgboss ? pgBossSchema() : null;
  if (manifest.pgboss && boss && manifest.pgboss.schemaVersion !== boss.version)
    throw new BackupError(
      `the backup's job queue schema is version ${manifest.pgboss.schemaVersion}, this checkout's pg-boss builds version ${boss.version}: restore with the version of the app that made the backup, then upgrade`,
    );

  const sql = connect(url, "restore");
  try {
    const withRows = await tablesWithRows(sql);
    if (withRows.length > 0 && !options.replace)
      throw new BackupError(
        `the target database has data (${withRows.length} tables with rows, e.g. ${withRows.slice(0, 3).join(", ")}): add --yes to replace it with the backup`,
      );
    const [apps] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and application_name in ${sql(APP_CONNECTIONS)}`;
    if ((apps?.n ?? 0) > 0)
      throw new BackupError(
        `${apps?.n} connections of a running KnowBefore are open on the target database: stop every app instance, then restore again`,
      );

    // Who was erased here stays erased, whatever the backup holds (re-applied after the copy below).
    const [journalled] = await sql<{ present: boolean }[]>`
      select to_regclass('public.erasure_journal') is not null as present`;
    const journal = journalled?.present
      ? await sql<ErasureEntry[]>`select user_id, erased_at from erasure_journal`
      : [];

    let rows = 0;
    await sql.begin(async (tx) => {
      await tx`set local statement_timeout = 0`;
      await tx`set local lock_timeout = '30s'`;
      await wipe(tx);
      // drizzle's journal table as its migrator creates it; its rows come from the backup.
      await tx`create schema if not exists drizzle`;
      await tx`create table if not exists drizzle.__drizzle_migrations (
                 id serial primary key, hash text not null, created_at bigint)`;
      for (const migration of migrations) {
        if (migration.folderMillis > level) break;
        for (const statement of migration.sql) if (statement.trim()) await tx.unsafe(statement).simple();
      }
      if (boss && manifest.pgboss) {
        await tx.unsafe(boss.statements).simple();
        // Its plan sets short timeouts for itself; the copy below may take longer than they allow.
        await tx`set local lock_timeout = '30s'`;
        await tx`set local idle_in_transaction_session_timeout = 0`;
        await restoreQueues(tx, manifest.pgboss.queues);
      }
      try {
        await tx`set local session_replication_role = replica`;
      } catch {
        throw new BackupError(
          "restore must set session_replication_role (so foreign keys and triggers wait for the whole copy), which this database user may not: restore as the database's superuser, or on PostgreSQL 15+ GRANT SET ON PARAMETER session_replication_role TO the user",
        );
      }
      const present = await listTables(tx);
      if (present.length > 0) await tx.unsafe(`truncate ${present.map(qualified).join(", ")} cascade`);

      await readBackup(source, async (table, data) => {
        if (table.rows === 0) {
          for await (const _ of data);
          return;
        }
        const columns = table.columns.map(ident).join(", ");
        const copy = await tx.unsafe(`copy ${qualified(table)} (${columns}) from stdin`).writable();
        await pipeline(Readable.from(data), copy as Writable);
      });
      await resetSequences(tx, manifest);
      const views = await tx<{ name: string }[]>`
        select oid::regclass::text as name from pg_class
         where relkind = 'm' and relnamespace::regnamespace::text in ${tx(BACKUP_SCHEMAS)} order by oid`;
      for (const view of views) await tx.unsafe(`refresh materialized view ${view.name}`);

      for (const table of manifest.tables) {
        const [count] = await tx<{ n: string }[]>`
          select count(*) as n from ${tx(table.schema)}.${tx(table.name)}`;
        const found = Number(count?.n ?? 0);
        if (found !== table.rows)
          throw new BackupError(
            `${qualified(table)} holds ${found} rows after the copy, the backup's manifest says ${table.rows}: nothing was changed; use another backup`,
          );
        rows += found;
      }
      const [restoredJournal] = await tx<{ present: boolean }[]>`
        select to_regclass('public.erasure_journal') is not null as present`;
      // Kept inside the copy's transaction too: a restore cut off before eraseAgain still has them on record.
      if (restoredJournal?.present) await keepJournal(tx, journal);
    });
    const before = await sql<{ n: number }[]>`select count(*)::int as n from drizzle.__drizzle_migrations`;
    await sql.end({ timeout: 5 });
    try {
      await runMigrations(url);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      throw new BackupError(
        `the backup was restored, but this checkout's newer migrations failed after it (${reason}): fix the cause, then start the app, which runs them`,
      );
    }
    const after = connect(url, "restore");
    try {
      const [applied] = await after<
        { n: number }[]
      >`select count(*)::int as n from drizzle.__drizzle_migrations`;
      return {
        summary: {
          file: source,
          tables: manifest.tables.length,
          rows,
          bytes: statSync(source).size,
          seconds: (Date.now() - started) / 1000,
          migrationsApplied: (applied?.n ?? 0) - (before[0]?.n ?? 0),
        },
        manifest,
        journal,
      };
    } finally {
      await after.end({ timeout: 5 });
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The last step of a restore: adds `journal` (the erasures the target held before it, or any others to honour)
 * to the restored erasure journal, then erases again everyone the journal names, in one transaction. Answers
 * how many accounts were erased again.
 */
export async function eraseAgain(url: string, journal: readonly ErasureEntry[]): Promise<number> {
  const sql = connect(url, "restore");
  try {
    return await sql.begin(async (tx) => {
      await keepJournal(tx, journal);
      return replayErasureJournal(tx);
    });
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
    throw new BackupError(
      `the backup was restored, but erasing again the people in the erasure journal failed (${reason}): keep the app stopped, fix the cause and restore again`,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Adds the erasures recorded on the target before the restore to the restored journal. */
async function keepJournal(tx: postgres.TransactionSql, journal: readonly ErasureEntry[]): Promise<void> {
  for (const entry of journal) {
    await tx`
      insert into erasure_journal (user_id, erased_at) values (${entry.user_id}, ${entry.erased_at})
      on conflict (user_id) do update set erased_at = least(erasure_journal.erased_at, excluded.erased_at)`;
  }
}
