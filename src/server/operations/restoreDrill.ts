// The restore drill (`npm run db:restore-drill`): proves that the newest backup in BACKUP_DIR restores. It checks
// the file (framing, row counts against its manifest, signature), restores it into a scratch database made for
// the drill on the live database's server, counts every table's rows there against the manifest, honours the
// live database's erasure journal as a restore would, and drops the scratch database. The live database is only
// read (its erasure journal); nothing is written to it.

import { randomBytes } from "node:crypto";
import { statSync } from "node:fs";
import path from "node:path";
import { addressesLeft } from "../domains/compliance/erasure";
import type { Env } from "../env";
import { backupDir, listBackups, stampTime, timeStamp } from "./backup";
import { describeFailure } from "./backupCommand";
import { BackupError, backupSigningKey, connect, qualified, verifyBackup } from "./backupFile";
import { type ErasureEntry, eraseAgain, type RestoredRows, restoreRows } from "./restore";

/** One line of the drill's report. */
export type DrillCheck = { name: string; ok: boolean; detail: string };
type Check = (name: string, ok: boolean, detail: string) => void;

/** Scratch databases are named knowbefore_drill_<UTC time>_<random>, so a leftover is known by its name and age. */
const SCRATCH_PREFIX = "knowbefore_drill_";
const SCRATCH_NAME = /^knowbefore_drill_(\d{8}t\d{6}z)_[0-9a-f]{6}$/;
/** A scratch database older than this was left by a drill that was cut off: the next drill drops it. */
const LEFTOVER_AFTER_MS = 24 * 3_600_000;

function scratchName(now: Date): string {
  return `${SCRATCH_PREFIX}${timeStamp(now).toLowerCase()}_${randomBytes(3).toString("hex")}`;
}

function scratchTime(name: string): Date | null {
  const stamp = SCRATCH_NAME.exec(name)?.[1];
  return stamp ? stampTime(stamp) : null;
}

/** The URL of database `name` on the server of `url`, with the same user, password and options. */
function onSameServer(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function reason(error: unknown): string {
  return error instanceof BackupError ? error.message : describeFailure(error, "restore-drill");
}

function accounts(n: number): string {
  return n === 1 ? "1 account" : `${n} accounts`;
}

function age(madeAt: Date, now: Date): string {
  const hours = Math.max(0, Math.floor((now.getTime() - madeAt.getTime()) / 3_600_000));
  return hours < 48 ? `${hours} h ago` : `${Math.floor(hours / 24)} days ago`;
}

/**
 * Runs the drill against the live database at `liveUrl` on the newest backup of BACKUP_DIR, telling each line
 * as it goes (`tell`). Answers the backup and the checks; every one passed when the backup restores.
 */
export async function restoreDrill(
  liveUrl: string,
  env: Env,
  tell: (line: string) => void,
  now = new Date(),
): Promise<{ file: string; checks: DrillCheck[] }> {
  const dir = backupDir(env);
  const newest = listBackups(dir)[0];
  if (!newest)
    throw new BackupError(
      `there is no backup to drill in ${dir} (files named knowbefore-<UTC time>.kbdump): take one with npm run db:backup, or set BACKUP_DIR to where they are`,
    );
  const checks: DrillCheck[] = [];
  const check: Check = (name, ok, detail) => {
    checks.push({ name, ok, detail });
    tell(`${ok ? "ok  " : "FAIL"} ${name}: ${detail}`);
  };
  const file = newest.file;
  tell(
    `backup: ${file} (${statSync(file).size} bytes, made ${newest.madeAt.toISOString().replace(".000Z", "Z")}, ${age(newest.madeAt, now)})`,
  );

  // 1. The integrity check: the whole file read, every table's rows counted against the manifest, the signature.
  const signingKey = backupSigningKey(env);
  let manifest: Awaited<ReturnType<typeof verifyBackup>>;
  try {
    manifest = await verifyBackup(file, signingKey);
  } catch (error) {
    check("integrity", false, reason(error));
    return { file, checks };
  }
  const backedUpRows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  check(
    "integrity",
    true,
    `its signature matches and its ${manifest.tables.length} tables hold the ${backedUpRows} rows its manifest counts`,
  );

  const live = connect(liveUrl, "restore-drill");
  try {
    const [current] = await live<{ name: string }[]>`select current_database() as name`;
    // Drills cut off before their end left these: a copy of personal data that no erasure reaches.
    const leftovers = (
      await live<{ name: string }[]>`
        select datname as name from pg_database where datname like ${`${SCRATCH_PREFIX}%`}`
    )
      .map((d) => d.name)
      .filter((name) => {
        const made = scratchTime(name);
        return made !== null && now.getTime() - made.getTime() > LEFTOVER_AFTER_MS;
      });
    for (const name of leftovers) {
      await live.unsafe(`drop database if exists "${name}" with (force)`);
      tell(`dropped ${name}, left by an earlier drill that did not finish`);
    }

    // 2. The scratch database, on the live database's server (never the live database itself).
    const scratch = scratchName(now);
    if (scratch === current?.name)
      throw new BackupError("the scratch database's name is the live database's");
    try {
      await live.unsafe(`create database "${scratch}"`);
    } catch (error) {
      check(
        "scratch database",
        false,
        `${reason(error)} (the drill restores into a database of its own on the live database's server: its user needs CREATEDB)`,
      );
      return { file, checks };
    }
    const scratchUrl = onSameServer(liveUrl, scratch);
    try {
      await drillInto(scratchUrl, scratch, file, signingKey, manifest, live, check);
    } finally {
      try {
        await live.unsafe(`drop database if exists "${scratch}" with (force)`);
        check("cleanup", true, `the scratch database ${scratch} is dropped`);
      } catch (error) {
        check("cleanup", false, `${reason(error)}: drop the scratch database ${scratch} by hand`);
      }
    }
  } finally {
    await live.end({ timeout: 5 });
  }
  return { file, checks };
}

/** The restore into the scratch database, its row counts, and the live database's erasures honoured in it. */
async function drillInto(
  scratchUrl: string,
  scratch: string,
  file: string,
  signingKey: Buffer,
  manifest: RestoredRows["manifest"],
  live: ReturnType<typeof connect>,
  check: Check,
): Promise<void> {
  // 3. The restore's copy, as npm run db:restore makes it.
  let restored: RestoredRows;
  try {
    restored = await restoreRows(scratchUrl, file, { signingKey });
  } catch (error) {
    check("restore", false, reason(error));
    return;
  }
  const newer = restored.summary.migrationsApplied;
  check(
    "restore",
    true,
    `into the scratch database ${scratch} in ${restored.summary.seconds.toFixed(1)} s${newer > 0 ? `, then ${newer} newer migrations` : ""}`,
  );

  const sql = connect(scratchUrl, "restore-drill");
  try {
    // 4. Every table's rows, counted in the restored database against the manifest.
    const differ: string[] = [];
    let rows = 0;
    for (const table of manifest.tables) {
      const [count] = await sql<{ n: string }[]>`
        select count(*) as n from ${sql(table.schema)}.${sql(table.name)}`;
      const found = Number(count?.n ?? 0);
      rows += found;
      if (found !== table.rows) differ.push(`${qualified(table)} holds ${found}, the manifest ${table.rows}`);
    }
    check(
      "row counts",
      differ.length === 0,
      differ.length === 0
        ? `all ${manifest.tables.length} tables hold the ${rows} rows of the manifest`
        : `${differ.length} tables differ from the manifest: ${differ.slice(0, 5).join("; ")}`,
    );

    // 5. The live database's erasures, honoured as a restore honours its target's journal.
    const [journalled] = await live<{ present: boolean }[]>`
      select to_regclass('public.erasure_journal') is not null as present`;
    const journal = journalled?.present
      ? await live<ErasureEntry[]>`select user_id, erased_at from erasure_journal`
      : [];
    const inBackup = new Set(
      (await sql<{ id: string }[]>`select user_id as id from erasure_journal`).map((j) => j.id),
    );
    const since = journal.filter((entry) => !inBackup.has(entry.user_id)).map((entry) => entry.user_id);
    // Their addresses as the backup holds them: after the erasure no table may hold them any more.
    const subjects =
      since.length === 0
        ? []
        : await sql<{ id: string; email: string }[]>`
            select id::text, email::text from users where id = any(${sql.array(since)}::uuid[])`;
    try {
      await eraseAgain(scratchUrl, [...restored.journal, ...journal]);
    } catch (error) {
      check("erasures", false, reason(error));
      return;
    }
    const kept: string[] = [];
    for (const subject of subjects) {
      const left = await addressesLeft(sql, subject.email);
      if (left.length > 0) kept.push(`account ${subject.id} in ${left.join(", ")}`);
    }
    const before = `${accounts(inBackup.size)} erased before it`;
    check(
      "erasures",
      kept.length === 0,
      kept.length > 0
        ? `of ${accounts(subjects.length)} erased since the backup, ${kept.length} still have their e-mail address in the restored copy: ${kept.slice(0, 3).join("; ")}`
        : subjects.length > 0
          ? `${accounts(subjects.length)} erased since the backup erased again: no table holds their e-mail address (${before})`
          : `no account in the backup was erased since (${before})`,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The drill's verdict: its last line, and whether every check passed. */
export function drillVerdict(file: string, checks: readonly DrillCheck[]): { ok: boolean; line: string } {
  const failed = checks.filter((c) => !c.ok).map((c) => c.name);
  return failed.length === 0
    ? { ok: true, line: `passed: ${checks.length} checks, ${path.basename(file)} restores` }
    : {
        ok: false,
        line: `failed: ${failed.join(", ")} (see the lines above); ${path.basename(file)} did not pass`,
      };
}
