// Logical backup and restore of the app's database (schemas public, drizzle and pgboss) without pg_dump, which
// the embedded PostgreSQL does not ship: `npm run db:backup` / `npm run db:restore` and their integration test.
//
// A backup is one gzip file. Inside: a format line, a manifest (JSON) and then each table's rows as PostgreSQL
// COPY text, framed in length-prefixed chunks so a reader never has to look inside the data:
//
//   KNOWBEFORE-BACKUP 1\n
//   {manifest}\n
//   T {"schema":"public","name":"users"}\n   <length>\n<bytes> ... 0\n     (one block per table, manifest order)
//   E\n
//
// Everything is read in one repeatable-read, read-only transaction, so the file is one consistent moment of
// a database that keeps serving. Materialized views are not stored: restore refreshes them from the tables.
//
// Beside each backup, `<file>.sig` holds an HMAC-SHA256 of the whole file under a key derived from the CRM
// encryption key (CRM_ENCRYPTION_KEY, else the one kept in DATA_DIR): a restore refuses a file changed since.
// A restore keeps the target's erasure journal and erases everyone in it again, so an older backup brings
// no erased person back.
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { once } from "node:events";
import {
  createReadStream,
  createWriteStream,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { open, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { readMigrationFiles } from "drizzle-orm/migrator";
import PgBoss from "pg-boss";
import postgres from "postgres";
import { localKey, parseKey } from "../crypto/secretBox";
import { replayErasureJournal } from "../domains/compliance/erasure";
import { type Env, loadDotEnv, loadEnv } from "../env";
import { projectPath } from "../paths";
import { embeddedUrl, runningStarter, startEmbeddedPostgres } from "./embedded";
import { MIGRATIONS_FOLDER, runMigrations } from "./migrate";

export const BACKUP_FORMAT_VERSION = 1;
const MAGIC = "KNOWBEFORE-BACKUP";
/** The schemas the app owns: its tables, drizzle's migration journal and pg-boss's queue. */
export const BACKUP_SCHEMAS = ["public", "drizzle", "pgboss"] as const;
/** COPY sends one message per row; rows are gathered into chunks of about this size before compression. */
const CHUNK_BYTES = 256 * 1024;
/** Connections of a running app (the pool and the job queue), which a restore must not pull the floor from. */
const APP_CONNECTIONS = ["knowbefore", "knowbefore-jobs"];

/** A backup or restore that cannot go on, told in one line with its cause and the fix. */
export class BackupError extends Error {
  override readonly name = "BackupError";
}

export type BackupTable = { schema: string; name: string; columns: string[]; rows: number };

export type BackupManifest = {
  format: typeof MAGIC;
  version: number;
  createdAt: string;
  /** The server's version, for the record (`show server_version`). */
  postgres: string;
  /** drizzle.__drizzle_migrations as it was: the schema level the rows fit. */
  migrations: { id: number; hash: string; createdAt: number }[];
  /** pg-boss's schema version and its queues (each has its own partition of pgboss.job); null without pg-boss. */
  pgboss: { schemaVersion: number; queues: string[] } | null;
  tables: BackupTable[];
  /** Each sequence's position, so ids are never handed out twice even when the newest rows were deleted. */
  sequences: { schema: string; name: string; lastValue: string; isCalled: boolean }[];
};

export type BackupSummary = { file: string; tables: number; rows: number; bytes: number; seconds: number };

/** The key that signs backups: derived from the CRM encryption key, so whoever keeps that one can restore. */
export function backupSigningKey(env: Env): Buffer {
  const secret =
    (env.CRM_ENCRYPTION_KEY ? parseKey(env.CRM_ENCRYPTION_KEY) : null) ?? localKey(projectPath(env.DATA_DIR));
  return Buffer.from(hkdfSync("sha256", secret, Buffer.alloc(0), "knowbefore backup signature v1", 32));
}

const signatureFile = (file: string) => `${file}.sig`;

async function fileMac(file: string, key: Buffer): Promise<Buffer> {
  const mac = createHmac("sha256", key);
  for await (const chunk of createReadStream(file)) mac.update(chunk as Buffer);
  return mac.digest();
}

/** Refuses a backup whose signature is missing or does not match its bytes. */
async function verifySignature(file: string, key: Buffer): Promise<void> {
  const sig = signatureFile(file);
  if (!existsSync(sig))
    throw new BackupError(
      `${file} has no signature (${sig}): restore only a backup made by npm run db:backup, with its .sig file beside it`,
    );
  const expected = /^hmac-sha256 ([0-9a-f]{64})\s*$/.exec(await readFile(sig, "utf8"))?.[1];
  const actual = await fileMac(file, key);
  if (!expected || !timingSafeEqual(Buffer.from(expected, "hex"), actual))
    throw new BackupError(
      `${file} does not match its signature: it was changed after the backup was made (or signed with another CRM_ENCRYPTION_KEY); use an intact backup`,
    );
}

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

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

function qualified(table: { schema: string; name: string }): string {
  return `${ident(table.schema)}.${ident(table.name)}`;
}

function connect(url: string, purpose: "backup" | "restore") {
  return postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: `knowbefore-${purpose}` },
  });
}

function countRows(chunk: Buffer): number {
  // COPY text ends every row with a newline and escapes newlines inside values, so newlines are rows.
  let rows = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
  return rows;
}

/** The app's tables (partitions are read through their parent), with the columns COPY moves. */
async function listTables(sql: postgres.Sql | postgres.TransactionSql) {
  return sql<{ schema: string; name: string; kind: string; columns: string[] }[]>`
    select n.nspname as schema, c.relname as name, c.relkind as kind,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ${sql(BACKUP_SCHEMAS)} and c.relkind in ('r', 'p') and not c.relispartition
     order by n.nspname, c.relname`;
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
  const [present] = await tx<{ migrations: boolean; pgboss: boolean; queues: boolean }[]>`
    select to_regclass('drizzle.__drizzle_migrations') is not null as migrations,
           to_regclass('pgboss.version') is not null as pgboss,
           to_regclass('pgboss.queue') is not null as queues`;
  const migrations = present?.migrations
    ? (
        await tx<{ id: number; hash: string; created_at: string }[]>`
          select id, hash, created_at from drizzle.__drizzle_migrations order by created_at, id`
      ).map((m) => ({ id: m.id, hash: m.hash, createdAt: Number(m.created_at) }))
    : [];
  let pgboss: BackupManifest["pgboss"] = null;
  if (present?.pgboss) {
    const [row] = await tx<{ version: number }[]>`select version from pgboss.version`;
    const queues = present.queues
      ? (await tx<{ name: string }[]>`select name from pgboss.queue order by name`).map((q) => q.name)
      : [];
    pgboss = { schemaVersion: row?.version ?? 0, queues };
  }
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

/** Buffered reads of lines and exact byte counts from a stream of chunks. */
class ChunkReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Buffer>;
  private ended = false;

  constructor(
    source: AsyncIterable<Buffer>,
    private readonly cutShort: () => BackupError,
  ) {
    this.source = source[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.source.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    this.pending = this.pending.length === 0 ? next.value : Buffer.concat([this.pending, next.value]);
    return true;
  }

  async line(maxBytes: number): Promise<string> {
    for (;;) {
      const at = this.pending.indexOf(10);
      if (at !== -1) {
        const text = this.pending.subarray(0, at).toString("utf8");
        this.pending = this.pending.subarray(at + 1);
        return text;
      }
      if (this.pending.length > maxBytes) throw this.cutShort();
      if (!(await this.fill())) throw this.cutShort();
    }
  }

  /** Exactly `length` bytes, in the pieces they arrive in. */
  async *bytes(length: number): AsyncGenerator<Buffer> {
    let left = length;
    while (left > 0) {
      if (this.pending.length === 0 && !(await this.fill())) throw this.cutShort();
      const piece = this.pending.subarray(0, Math.min(left, this.pending.length));
      this.pending = this.pending.subarray(piece.length);
      left -= piece.length;
      yield piece;
    }
  }

  async atEnd(): Promise<boolean> {
    return this.pending.length === 0 && !(await this.fill());
  }
}

/** One line for a file that zlib or the framing rejects. */
function unreadable(file: string, error: unknown): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: string }).code;
  const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
  if (code === "Z_BUF_ERROR")
    return new BackupError(`${file} is cut short (${reason}): the copy is incomplete; use a complete backup`);
  if (code === "Z_DATA_ERROR")
    return new BackupError(
      `${file} is damaged or not a KnowBefore backup (gzip: ${reason}): use an intact copy of a backup made by npm run db:backup`,
    );
  return new BackupError(`${file} cannot be read (${reason}): check the path and its permissions`);
}

/**
 * Reads a whole backup: checks its format, the manifest and every table's framing and row count, handing each
 * table's COPY data to `onTable` (or just counting it). Throws a BackupError naming what is wrong.
 */
async function readBackup(
  file: string,
  onTable?: (table: BackupTable, data: AsyncIterable<Buffer>) => Promise<void>,
): Promise<BackupManifest> {
  const damaged = (what: string) =>
    new BackupError(`${file} is damaged (${what}): use an intact copy of a backup made by npm run db:backup`);
  const gunzip = createGunzip();
  const reading = pipeline(createReadStream(file), gunzip);
  reading.catch(() => {}); // the same error reaches the iteration below
  const reader = new ChunkReader(gunzip, () =>
    damaged("it ends before its last table; the copy may be incomplete"),
  );
  try {
    const magic = await reader.line(64);
    const [word, version] = magic.split(" ");
    if (word !== MAGIC)
      throw new BackupError(`${file} is not a KnowBefore backup: give a file made by npm run db:backup`);
    if (Number(version) !== BACKUP_FORMAT_VERSION)
      throw new BackupError(
        `${file} is a backup of format ${version}, this checkout reads format ${BACKUP_FORMAT_VERSION}: restore it with the version that made it`,
      );
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await reader.line(256 * 1024 * 1024)) as BackupManifest;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw damaged("its manifest is not valid JSON");
    }
    if (!Array.isArray(manifest.tables) || !Array.isArray(manifest.migrations)) throw damaged("no manifest");
    for (const table of manifest.tables) {
      const header = await reader.line(4096);
      const expected = `T ${JSON.stringify({ schema: table.schema, name: table.name })}`;
      if (header !== expected) throw damaged(`expected the rows of ${qualified(table)}`);
      let rows = 0;
      const frames = async function* () {
        for (;;) {
          const sizeLine = await reader.line(32);
          const size = Number(sizeLine);
          if (!/^\d+$/.test(sizeLine) || size > 2 ** 31) throw damaged(`a bad chunk in ${qualified(table)}`);
          if (size === 0) return;
          for await (const piece of reader.bytes(size)) {
            rows += countRows(piece);
            yield piece;
          }
        }
      };
      if (onTable) await onTable(table, frames());
      else for await (const _ of frames());
      if (rows !== table.rows)
        throw damaged(`${qualified(table)} holds ${rows} rows, its manifest says ${table.rows}`);
    }
    if ((await reader.line(8)) !== "E" || !(await reader.atEnd())) throw damaged("data after its last table");
    return manifest;
  } catch (error) {
    gunzip.destroy();
    throw unreadable(file, error);
  }
}

/** The checkout's migrations, as drizzle reads them (the journal's `when` is what it records as created_at). */
function checkoutMigrations() {
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
}

/** pg-boss's schema as this checkout's pg-boss builds it, without its own BEGIN/COMMIT (restore runs it inside one). */
function pgBossSchema(): { version: number; statements: string } {
  const plan = PgBoss.getConstructionPlans("pgboss").trim();
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

/**
 * Restores `file` into the database at `url`: refused when that database holds data unless `replace` is set.
 * The schema is built from this checkout's migrations up to the backup's level and pg-boss's own plan, the
 * rows are copied, sequences set and counts checked, all in one transaction; newer migrations of this checkout
 * then run as on any start. A failure anywhere before the commit leaves the target as it was.
 */
export async function restoreDatabase(
  url: string,
  file: string,
  options: { replace?: boolean; signingKey?: Buffer } = {},
): Promise<RestoreSummary> {
  const started = Date.now();
  const source = path.resolve(file);
  if (!existsSync(source) || !statSync(source).isFile())
    throw new BackupError(`${source} does not exist: give the path of a backup file`);
  // The whole file is read and checked once before anything is touched, then its signature.
  const manifest = await readBackup(source);
  await verifySignature(source, options.signingKey ?? backupSigningKey(loadEnv()));

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
      ? await sql<{ user_id: string; erased_at: Date }[]>`select user_id, erased_at from erasure_journal`
      : [];

    let rows = 0;
    let journalKept = false;
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
        for (const queue of manifest.pgboss.queues)
          await tx`select pgboss.create_queue(${queue}, '{}'::json)`;
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
      if (restoredJournal?.present) {
        await keepJournal(tx, journal);
        journalKept = true;
      }
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
    let erasuresReapplied = 0;
    try {
      erasuresReapplied = await after.begin(async (tx) => {
        if (!journalKept) await keepJournal(tx, journal);
        return replayErasureJournal(tx);
      });
    } catch (error) {
      await after.end({ timeout: 5 });
      const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      throw new BackupError(
        `the backup was restored, but erasing again the people in the erasure journal failed (${reason}): keep the app stopped, fix the cause and restore again`,
      );
    }
    const [applied] = await after<
      { n: number }[]
    >`select count(*)::int as n from drizzle.__drizzle_migrations`;
    await after.end({ timeout: 5 });
    return {
      file: source,
      tables: manifest.tables.length,
      rows,
      bytes: statSync(source).size,
      seconds: (Date.now() - started) / 1000,
      migrationsApplied: (applied?.n ?? 0) - (before[0]?.n ?? 0),
      erasuresReapplied,
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Adds the erasures recorded on the target before the restore to the restored journal. */
async function keepJournal(
  tx: postgres.TransactionSql,
  journal: readonly { user_id: string; erased_at: Date }[],
): Promise<void> {
  for (const entry of journal) {
    await tx`
      insert into erasure_journal (user_id, erased_at) values (${entry.user_id}, ${entry.erased_at})
      on conflict (user_id) do update set erased_at = least(erasure_journal.erased_at, excluded.erased_at)`;
  }
}

/** Where a backup or restore script finds the database: DATABASE_URL, else the embedded cluster of DATA_DIR. */
export async function openDatabaseFor(
  env: Env,
  purpose: "backup" | "restore",
  log: (line: string) => void = () => {},
): Promise<{ url: string; close: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, close: async () => {} };
  const dataDir = projectPath(env.DATA_DIR);
  const starter = runningStarter(dataDir);
  if (starter) {
    if (purpose === "restore")
      throw new BackupError(
        `the app (process ${starter}) is running on DATA_DIR ${dataDir}: stop it, then restore again`,
      );
    // The running app's embedded cluster: its user and database, and the password kept in DATA_DIR.
    const portFile = path.join(dataDir, "pg.port");
    const port =
      env.EMBEDDED_PG_PORT ??
      (existsSync(portFile) ? Number(readFileSync(portFile, "utf8").trim()) : Number.NaN);
    if (!Number.isInteger(port))
      throw new BackupError(
        `the app (process ${starter}) runs the embedded PostgreSQL of ${dataDir} on a port this script cannot tell: set EMBEDDED_PG_PORT as the app has it`,
      );
    return { url: embeddedUrl(dataDir, port), close: async () => {} };
  }
  // As root the cluster lives outside DATA_DIR, which names it in pg-cluster (see embedded.ts).
  const pointer = path.join(dataDir, "pg-cluster");
  const clusterDir = existsSync(pointer)
    ? (readFileSync(pointer, "utf8").split("\n")[0] ?? "")
    : path.join(dataDir, "pg");
  const hasCluster = clusterDir !== "" && existsSync(path.join(clusterDir, "PG_VERSION"));
  if (purpose === "backup" && !hasCluster)
    throw new BackupError(
      `there is no database to back up: DATA_DIR ${dataDir} holds no embedded PostgreSQL; set DATABASE_URL or DATA_DIR to the app's`,
    );
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: env.EMBEDDED_PG_PORT,
    avoidPorts: [env.PORT],
    log,
  });
  return { url: embedded.url, close: embedded.stop };
}

/** One line for any failure of a backup or restore: ours as they are, the driver's with the fix they need. */
export function describeFailure(error: unknown, purpose: "backup" | "restore", url?: string): string {
  if (error instanceof BackupError) return error.message;
  let code: string | undefined;
  for (let e: unknown = error; e && !code; e = (e as { cause?: unknown }).cause)
    code = (e as { code?: string }).code;
  const target = (() => {
    try {
      const u = new URL(url ?? "");
      return `${u.hostname}:${u.port || 5432}`;
    } catch {
      return "DATABASE_URL";
    }
  })();
  const reason = (error instanceof Error ? error.message : String(error)).split("\n")[0];
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT" || code === "EHOSTUNREACH")
    return `the database at ${target} cannot be reached (${code}): start it, or fix DATABASE_URL`;
  if (code === "28P01" || code === "28000")
    return `the database at ${target} refused the user or password: fix DATABASE_URL`;
  if (code === "3D000") return `the database at ${target} does not exist: create it, or fix DATABASE_URL`;
  if (code === "42501") return `the database user lacks a privilege (${reason}): run as the database's owner`;
  if (code === "55P03")
    return `another session holds locks on the target's tables (${reason}): stop every app instance, then try again`;
  return purpose === "restore"
    ? `${reason}: the target is as it was (a restore commits all or nothing); fix the cause and run again`
    : `${reason}: no backup file was written; fix the cause and run again`;
}

/**
 * The command-line frame of db:backup and db:restore: loads the environment, opens the database, runs the
 * task (which answers its summary line), closes the database (an embedded PostgreSQL started for the task
 * stops with it), then prints the line, or one failure line and exits 1.
 */
export async function runDatabaseCommand(
  purpose: "backup" | "restore",
  task: (url: string) => Promise<string>,
): Promise<void> {
  const fail = (message: string): never => {
    console.error(`db:${purpose}: ${message}`);
    process.exit(1);
  };
  let env: ReturnType<typeof loadEnv>;
  try {
    loadDotEnv();
    env = loadEnv();
  } catch (error) {
    return fail((error as Error).message);
  }
  let database: Awaited<ReturnType<typeof openDatabaseFor>> | undefined;
  let outcome: string;
  let ok = false;
  try {
    database = await openDatabaseFor(env, purpose);
    outcome = `db:${purpose}: ${await task(database.url)}`;
    ok = true;
  } catch (error) {
    outcome = describeFailure(error, purpose, database?.url ?? env.DATABASE_URL);
  } finally {
    await database?.close().catch(() => {});
  }
  if (ok) console.log(outcome);
  else fail(outcome);
}
