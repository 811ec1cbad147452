// Logical backup of the app's database (schemas public, drizzle and pgboss) without pg_dump, which the
// embedded PostgreSQL does not ship: `npm run db:backup` and its integration test. The file's format is in
// backupFile.ts, restoring in restore.ts.
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
import { loadEnv } from "../env";
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
} from "./backupFile";

const DEFAULT_BACKUP_NAME = /^knowbefore-\d{8}T\d{6}Z\.kbdump$/;

/**
 * Keeps the newest `keep` backups of the default naming in `dir` (their timestamps sort by name) and deletes
 * the older ones with their signatures. Answers the files deleted.
 */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const backups = readdirSync(dir)
    .filter((name) => DEFAULT_BACKUP_NAME.test(name))
    .sort()
    .reverse();
  const old = backups.slice(Math.max(keep, 1)).map((name) => path.join(dir, name));
  for (const file of old) {
    rmSync(file, { force: true });
    rmSync(signatureFile(file), { force: true });
  }
  return old;
}

/** Whether `file` is named as db:backup names its backups by default (only those are aged out). */
export function isDefaultBackupName(file: string): boolean {
  return DEFAULT_BACKUP_NAME.test(path.basename(file));
}

/** The default file of a backup: backups/knowbefore-<UTC timestamp>.kbdump under the project. */
export function defaultBackupFile(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  return projectPath("backups", `knowbefore-${stamp}.kbdump`);
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
