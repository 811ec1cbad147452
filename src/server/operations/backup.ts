// Logical backup of the app's database (schemas public, drizzle and pgboss) without pg_dump, which the
// embedded PostgreSQL does not ship: the app's scheduled backup (jobs/workers.ts), `npm run db:backup` and their
// tests. The file's format is in backupFile.ts, restoring in restore.ts, the restore drill in restoreDrill.ts.
//
// Everything is read in one repeatable-read, read-only transaction, so the file is one consistent moment of
// a database that keeps serving. Materialized views are not stored: restore refreshes them from the tables.
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import type postgres from "postgres";
import { type Env, loadEnv } from "../env";
import { backupManifest } from "../jobs/bossInternals";
import { projectPath } from "../paths";
import {
  BACKUP_FORMAT_VERSION,
  BACKUP_SCHEMAS,
  BackupError,
  type BackupManifest,
  type BackupSummary,
  type BackupTable,
  backupSigningKey,
  CHUNK_BYTES,
  connect,
  countRows,
  fileMac,
  ident,
  listTables,
  MAGIC,
  qualified,
  signatureFile,
  verifyBackup,
} from "./backupFile";

const DEFAULT_BACKUP_NAME = /^knowbefore-(\d{8}T\d{6}Z)\.kbdump$/;
const DAY_MS = 86_400_000;

/** A time as backups are named by it: 20260102T023000Z (UTC, to the second). */
export function timeStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

/** The time a timeStamp names (in either case), or null for anything else. */
export function stampTime(stamp: string): Date | null {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/i.exec(stamp);
  if (!parts) return null;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  const time = new Date(Date.UTC(year!, month! - 1, day, hour, minute, second));
  return Number.isNaN(time.getTime()) ? null : time;
}

/** When a backup of the default naming was made, read from its name; null for any other name. */
export function backupTime(file: string): Date | null {
  const stamp = DEFAULT_BACKUP_NAME.exec(path.basename(file))?.[1];
  return stamp ? stampTime(stamp) : null;
}

/** Whether `file` is named as backups are by default (only those are aged out or drilled). */
export function isDefaultBackupName(file: string): boolean {
  return backupTime(file) !== null;
}

/** The backups of the default naming in `dir` with the time each was made, newest first. */
export function listBackups(dir: string): { file: string; madeAt: Date }[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const madeAt = backupTime(name);
      return madeAt ? [{ file: path.join(dir, name), madeAt }] : [];
    })
    .sort((a, b) => b.madeAt.getTime() - a.madeAt.getTime());
}

/**
 * Deletes the backups of the default naming in `dir` made more than `keepDays` days before `now`, with their
 * signatures. The newest backup always stays, however old: a schedule that stopped never leaves none. Answers
 * the files deleted.
 */
export function pruneBackups(dir: string, keepDays: number, now = new Date()): string[] {
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const old = listBackups(dir)
    .slice(1)
    .filter((backup) => backup.madeAt.getTime() < cutoff)
    .map((backup) => backup.file);
  for (const file of old) {
    rmSync(file, { force: true });
    rmSync(signatureFile(file), { force: true });
  }
  return old;
}

/** The default file of a backup made at `now`: knowbefore-<UTC timestamp>.kbdump in `dir`. */
export function defaultBackupFile(dir: string, now = new Date()): string {
  return path.join(dir, `knowbefore-${timeStamp(now)}.kbdump`);
}

/** The folder of the default backups: BACKUP_DIR, relative paths from the project root. */
export function backupDir(env: Env): string {
  return projectPath(env.BACKUP_DIR);
}

export type TakenBackup = BackupSummary & { removed: string[] };

/**
 * A backup as the schedule and `npm run db:backup` take it: written to `out`, else to a new default file in
 * BACKUP_DIR; then read back whole and checked against its manifest and signature (a file that cannot be
 * restored fails here, not on the day it is needed); then, for the default naming, the backups older than
 * BACKUP_KEEP_DAYS are deleted.
 */
export async function takeBackup(url: string, env: Env, out?: string): Promise<TakenBackup> {
  const signingKey = backupSigningKey(env);
  const summary = await backupDatabase(url, out ?? defaultBackupFile(backupDir(env)), { signingKey });
  await verifyBackup(summary.file, signingKey);
  const removed = isDefaultBackupName(summary.file)
    ? pruneBackups(path.dirname(summary.file), env.BACKUP_KEEP_DAYS)
    : [];
  return { ...summary, removed };
}

/** Writes a backup of the database at `url` to `file` (refused when the file exists), signed beside it. */
export async function backupDatabase(
  url: string,
  file: string,
  options: { signingKey?: Buffer } = {},
): Promise<BackupSummary> {
  const signingKey = options.signingKey ?? backupSigningKey(loadEnv());
  const started = Date.now();
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose another --out or move it`);
  mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target and renamed when complete: a file with the final name is always whole.
  const partial = `${target}.${randomBytes(4).toString("hex")}.partial`;
  const gzip = createGzip({ level: 6 });
  const written = pipeline(gzip, createWriteStream(partial, { flags: "wx", mode: 0o600 }));
  written.catch(() => {}); // awaited below; a failure also surfaces through the writes
  const write = async (data: string | Buffer) => {
    if (!gzip.write(data)) await once(gzip, "drain");
  };

  const sql = connect(url, "backup");
  let tables = 0;
  let rows = 0;
  try {
    await sql.begin("isolation level repeatable read read only", async (tx) => {
      await tx`set local statement_timeout = 0`;
      await tx`set local idle_in_transaction_session_timeout = 0`;
      const manifest = await readManifest(tx);
      if (manifest.migrations.length === 0)
        throw new BackupError(
          "this database holds no KnowBefore schema (no applied migrations): point DATABASE_URL or DATA_DIR at the app's database",
        );
      await write(`${MAGIC} ${BACKUP_FORMAT_VERSION}\n${JSON.stringify(manifest)}\n`);
      const kinds = new Map((await listTables(tx)).map((t) => [qualified(t), t.kind]));
      for (const table of manifest.tables) {
        await write(`T ${JSON.stringify({ schema: table.schema, name: table.name })}\n`);
        const columns = table.columns.map(ident).join(", ");
        // A partitioned table (pgboss.job) cannot be copied by name, only through a query.
        const source =
          kinds.get(qualified(table)) === "p"
            ? `(select ${columns} from ${qualified(table)})`
            : `${qualified(table)} (${columns})`;
        const stream = await tx.unsafe(`copy ${source} to stdout`).readable();
        let batch: Buffer[] = [];
        let size = 0;
        let copied = 0;
        const flush = async () => {
          if (size === 0) return;
          await write(`${size}\n`);
          for (const piece of batch) await write(piece);
          batch = [];
          size = 0;
        };
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          copied += countRows(chunk);
          batch.push(chunk);
          size += chunk.length;
          if (size >= CHUNK_BYTES) await flush();
        }
        // postgres.js pauses its socket when the stream's buffer is full and resumes it only when the stream
        // is read; a pause that came with the last rows would outlive the stream and stall the next query.
        (stream as unknown as { _read: (size: number) => void })._read(0);
        await flush();
        await write("0\n");
        if (copied !== table.rows)
          throw new BackupError(
            `${qualified(table)} gave ${copied} rows, its count said ${table.rows}: run the backup again`,
          );
        tables++;
        rows += copied;
      }
      await write("E\n");
    });
    gzip.end();
    await written;
    const handle = await open(partial, "r+");
    await handle.sync();
    await handle.close();
    const mac = await fileMac(partial, signingKey);
    await writeFile(signatureFile(target), `hmac-sha256 ${mac.toString("hex")}\n`, { mode: 0o600 });
    await rename(partial, target);
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { file: target, tables, rows, bytes: statSync(target).size, seconds: (Date.now() - started) / 1000 };
}

async function readManifest(tx: postgres.TransactionSql): Promise<BackupManifest> {
  const [server] = await tx<{ version: string }[]>`select current_setting('server_version') as version`;
  const [present] = await tx<{ migrations: boolean }[]>`
    select to_regclass('drizzle.__drizzle_migrations') is not null as migrations`;
  const migrations = present?.migrations
    ? (
        await tx<{ id: number; hash: string; created_at: string }[]>`
          select id, hash, created_at from drizzle.__drizzle_migrations order by created_at, id`
      ).map((m) => ({ id: m.id, hash: m.hash, createdAt: Number(m.created_at) }))
    : [];
  const pgboss: BackupManifest["pgboss"] = await backupManifest(tx);
  const tables: BackupTable[] = [];
  for (const table of await listTables(tx)) {
    const [count] = await tx<
      { n: string }[]
    >`select count(*) as n from ${tx(table.schema)}.${tx(table.name)}`;
    tables.push({
      schema: table.schema,
      name: table.name,
      columns: table.columns,
      rows: Number(count?.n ?? 0),
    });
  }
  const sequences: BackupManifest["sequences"] = [];
  const names = await tx<{ schema: string; name: string }[]>`
    select n.nspname as schema, c.relname as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind = 'S' and n.nspname in ${tx(BACKUP_SCHEMAS)}
     order by 1, 2`;
  for (const s of names) {
    const [position] = await tx<{ last_value: string; is_called: boolean }[]>`
      select last_value::text, is_called from ${tx(s.schema)}.${tx(s.name)}`;
    if (position) sequences.push({ ...s, lastValue: position.last_value, isCalled: position.is_called });
  }
  return {
    format: MAGIC,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    postgres: server?.version ?? "unknown",
    migrations,
    pgboss,
    tables,
    sequences,
  };
}
