// The backup file and what reads it. A backup is one gzip file. Inside: a format line, a manifest (JSON) and
// then each table's rows as PostgreSQL COPY text, framed in length-prefixed chunks so a reader never has to
// look inside the data:
//
//   KNOWBEFORE-BACKUP 1\n
//   {manifest}\n
//   T {"schema":"public","name":"users"}\n   <length>\n<bytes> ... 0\n     (one block per table, manifest order)
//   E\n
//
// Beside each backup, `<file>.sig` holds an HMAC-SHA256 of the whole file under a key derived from the CRM
// encryption key (CRM_ENCRYPTION_KEY, else the one kept in DATA_DIR): a restore refuses a file changed since.

import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import postgres from "postgres";
import { localKey, parseKey } from "../crypto/secretBox";
import type { Env } from "../env";
import { projectPath } from "../paths";

export const BACKUP_FORMAT_VERSION = 1;
export const MAGIC = "KNOWBEFORE-BACKUP";
/** The schemas the app owns: its tables, drizzle's migration journal and pg-boss's queue. */
export const BACKUP_SCHEMAS = ["public", "drizzle", "pgboss"] as const;
/** COPY sends one message per row; rows are gathered into chunks of about this size before compression. */
export const CHUNK_BYTES = 256 * 1024;

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

export const signatureFile = (file: string) => `${file}.sig`;

export async function fileMac(file: string, key: Buffer): Promise<Buffer> {
  const mac = createHmac("sha256", key);
  for await (const chunk of createReadStream(file)) mac.update(chunk as Buffer);
  return mac.digest();
}

/** Refuses a backup whose signature is missing or does not match its bytes. */
export async function verifySignature(file: string, key: Buffer): Promise<void> {
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

/**
 * The integrity check of a backup, before anything is restored from it: the whole file read with its framing
 * and every table's rows counted against its manifest, then its signature. Answers the manifest.
 */
export async function verifyBackup(file: string, key: Buffer): Promise<BackupManifest> {
  const manifest = await readBackup(file);
  await verifySignature(file, key);
  return manifest;
}

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: { schema: string; name: string }): string {
  return `${ident(table.schema)}.${ident(table.name)}`;
}

export function connect(url: string, purpose: "backup" | "restore" | "restore-drill") {
  return postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: `knowbefore-${purpose}` },
  });
}

export function countRows(chunk: Buffer): number {
  // COPY text ends every row with a newline and escapes newlines inside values, so newlines are rows.
  let rows = 0;
  for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) rows++;
  return rows;
}

/** The app's tables (partitions are read through their parent), with the columns COPY moves. */
export async function listTables(sql: postgres.Sql | postgres.TransactionSql) {
  return sql<{ schema: string; name: string; kind: string; columns: string[] }[]>`
    select n.nspname as schema, c.relname as name, c.relkind as kind,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ${sql(BACKUP_SCHEMAS)} and c.relkind in ('r', 'p') and not c.relispartition
     order by n.nspname, c.relname`;
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
export async function readBackup(
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
