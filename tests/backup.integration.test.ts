// Backup and restore round trip: a seeded database with audit entries, sessions and queued jobs is backed up,
// restored into an empty database and compared table by table; a database with data is only replaced on
// request, and a cut-short, damaged or altered (unsigned) file is refused with the target left as it was; a
// restore erases again everyone in the target's erasure journal; backups are kept for a number of days.
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { recordAudit } from "../src/server/auditTrail";
import { eraseUser } from "../src/server/domains/compliance/erasure";
import { QUEUES } from "../src/server/jobs/queue";
import { backupDatabase, pruneBackups } from "../src/server/operations/backup";
import { BackupError } from "../src/server/operations/backupFile";
import { restoreDatabase } from "../src/server/operations/restore";
import { PROJECT_ROOT } from "../src/server/paths";
import { createHarness } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);
for (const action of ["salesperson.add", "dealership.update", "salesperson.remove"] as const) {
  await recordAudit({ user: null, ip: "127.0.0.1" }, h.sql, {
    action,
    entityId: 1,
    reason: `backup test: ${action}`,
    after: { note: "line one\nline two\ttabbed \\ backslash" },
  });
}
await h.signIn("backup.customer@example.org");
await h.signIn("backup.salesperson@example.org", "salesperson");
// Due next year, so the workers leave them queued while the test runs.
for (const appointmentId of [1, 2, 3]) {
  await h.deps.jobs.send(
    QUEUES.appointmentReminder,
    { appointmentId },
    { startAfter: new Date(Date.now() + 365 * 86_400_000) },
  );
}
// No schedule or worker adds, moves or ends a job from here on: the source's tables hold still while they are
// backed up and compared.
await h.deps.jobs.pause();

const serverUrl = inject("pgServerUrl");
const scratch = mkdtempSync(path.join(tmpdir(), "kb-backup-"));
const admin = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
const targetName = `restore_${Date.now().toString(36)}`;
await admin.unsafe(`create database ${targetName}`);
const targetUrl = `${serverUrl}/${targetName}`;
const target = postgres(targetUrl, { max: 2, onnotice: () => {} });

afterAll(async () => {
  await target.end({ timeout: 5 });
  await admin.unsafe(`drop database if exists ${targetName} with (force)`);
  await admin.end({ timeout: 5 });
  rmSync(scratch, { recursive: true, force: true });
});

/** Rows of every table of every schema but PostgreSQL's own (partitions of pgboss.job included). */
async function tableCounts(sql: postgres.Sql): Promise<Record<string, number>> {
  const tables = await sql<{ schema: string; name: string }[]>`
    select n.nspname as schema, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
     order by 1, 2`;
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(t.schema)}.${sql(t.name)}`;
    counts[`${t.schema}.${t.name}`] = row!.n;
  }
  return counts;
}

const file = path.join(scratch, "round-trip.kbdump");
/** Rows per table in the first backup's file, as its first restore found them. */
let backedUpCounts: Record<string, number> = {};
const run = promisify(execFile);

/** Runs one of the scripts as an operator would, against `databaseUrl`: its exit code and output. */
async function script(name: string, args: string[], databaseUrl: string) {
  try {
    const { stdout, stderr } = await run(
      path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx"),
      [path.join(PROJECT_ROOT, "scripts", name), ...args],
      {
        cwd: PROJECT_ROOT,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: process.env.HOME ?? "/tmp",
          NODE_ENV: "test",
          DATABASE_URL: databaseUrl,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("database backup and restore", () => {
  it("restores every row of every table into an empty database, with sequences that continue", async () => {
    const backup = await backupDatabase(h.dbUrl, file);
    const source = await tableCounts(h.sql);
    expect(source["public.audit_log"]).toBeGreaterThanOrEqual(3);
    expect(source["public.sessions"]).toBeGreaterThanOrEqual(2);
    expect(source["pgboss.job"]).toBeGreaterThanOrEqual(3);
    expect(backup.rows).toBeGreaterThan(1000);

    const restored = await restoreDatabase(targetUrl, file);
    expect(restored.rows).toBe(backup.rows);
    expect(restored.tables).toBe(backup.tables);
    const copy = await tableCounts(target);
    expect(copy).toEqual(source);
    backedUpCounts = copy;

    for (const table of ["users", "appointments", "audit_log", "sessions", "salespeople"]) {
      const before = await h.sql`select * from ${h.sql(table)} order by id`;
      const after = await target`select * from ${target(table)} order by id`;
      expect(after.length).toBe(before.length);
      expect(after).toEqual(before);
    }
    const jobs = `select id, name, data, state, start_after from pgboss.job order by id`;
    expect(await target.unsafe(jobs)).toEqual(await h.sql.unsafe(jobs));

    // New rows take new ids: the sequences stand past every restored row.
    const [{ max }] = (await target`select max(id)::int as max from audit_log`) as unknown as [
      { max: number },
    ];
    const [entry] = await target<{ id: number }[]>`
      insert into audit_log (actor_role, action, entity_type, entity_id) values ('system', 'backup.check', 'salesperson', '1')
      returning id::int`;
    expect(entry!.id).toBeGreaterThan(max);
    const [appointment] = await target<{ id: number }[]>`
      insert into appointments (salesperson_id, appointment_type, starts_at, customer_name, customer_phone, customer_email)
      values ((select max(id) from salespeople), 'Test Drive', ${new Date(Date.now() + 400 * 86_400_000)},
              'Rhea Restore', '5125550100', 'rhea.restore@example.org')
      returning id`;
    const [{ largest }] = (await h.sql`select max(id)::int as largest from appointments`) as unknown as [
      { largest: number },
    ];
    expect(appointment!.id).toBeGreaterThan(largest);
    // The triggers that the copy held back are in force again: the audit trail stays append-only.
    await expect(target`update audit_log set reason = 'edited' where id = ${entry!.id}`).rejects.toThrow(
      /append-only/,
    );

    const total = Object.values(copy).reduce((sum, n) => sum + n, 0);
    console.log(`backup round trip: ${Object.keys(copy).length} tables, ${total} rows, equal`);
  }, 60_000);

  it("refuses to replace a database that has data unless told to (--yes)", async () => {
    await expect(restoreDatabase(h.dbUrl, file)).rejects.toThrow(/has data .*add --yes/);
    const refused = await script("db-restore.ts", [file], h.dbUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^db:restore: the target database has data .*--yes/);
  }, 60_000);

  it("refuses a cut-short or damaged file and leaves the target as it was", async () => {
    const before = await tableCounts(target);
    const bytes = readFileSync(file);
    const cut = path.join(scratch, "cut.kbdump");
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const damaged = path.join(scratch, "damaged.kbdump");
    const flipped = Buffer.from(bytes);
    for (let at = Math.floor(flipped.length / 3); at < flipped.length / 3 + 64; at++) flipped[at]! ^= 0x5a;
    writeFileSync(damaged, flipped);
    const foreign = path.join(scratch, "notes.kbdump");
    writeFileSync(foreign, "not a backup\n");

    await expect(restoreDatabase(targetUrl, cut, { replace: true })).rejects.toThrow(/cut short/);
    await expect(restoreDatabase(targetUrl, damaged, { replace: true })).rejects.toThrow(BackupError);
    await expect(restoreDatabase(targetUrl, damaged, { replace: true })).rejects.toThrow(/damaged|cut short/);
    await expect(restoreDatabase(targetUrl, foreign, { replace: true })).rejects.toThrow(
      /not a KnowBefore backup/,
    );
    expect(await tableCounts(target)).toEqual(before);

    const refused = await script("db-restore.ts", [cut, "--yes"], targetUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^db:restore: .*cut short/);
    expect(await tableCounts(target)).toEqual(before);
  }, 60_000);

  it("backs up from the command line and replaces a database with --yes", async () => {
    const second = path.join(scratch, "second.kbdump");
    const backedUp = await script("db-backup.ts", ["--out", second], targetUrl);
    expect(backedUp.stderr).toBe("");
    expect(backedUp.stdout.trim()).toMatch(
      /^db:backup: wrote .*second\.kbdump: \d+ tables, \d+ rows, \d+ bytes in [\d.]+ s, checked$/,
    );
    // The target gained a row since the first backup; restoring that backup over it takes the row away again.
    const replaced = await script("db-restore.ts", [file, "--yes"], targetUrl);
    expect(replaced.stderr).toBe("");
    expect(replaced.stdout.trim()).toMatch(
      /^db:restore: restored .*: \d+ tables, \d+ rows, \d+ bytes in [\d.]+ s$/,
    );
    // The app's tables and pg-boss's (12 keeps the queues without a partition of their own in one table).
    expect(Object.keys(backedUpCounts).length).toBeGreaterThan(70);
    expect(await tableCounts(target)).toEqual(backedUpCounts);
  }, 120_000);

  it("refuses a file changed after the backup was made, by its signature", async () => {
    const before = await tableCounts(target);
    // The same framing and row counts, one audit reason edited: only the signature tells.
    const text = gunzipSync(readFileSync(file)).toString("latin1");
    expect(text).toContain("backup test: salesperson.add");
    const altered = path.join(scratch, "altered.kbdump");
    writeFileSync(
      altered,
      gzipSync(
        Buffer.from(text.replace("backup test: salesperson.add", "backup test: salesperson.adX"), "latin1"),
      ),
    );
    copyFileSync(`${file}.sig`, `${altered}.sig`);
    await expect(restoreDatabase(targetUrl, altered, { replace: true })).rejects.toThrow(
      /does not match its signature/,
    );
    const unsigned = path.join(scratch, "unsigned.kbdump");
    copyFileSync(file, unsigned);
    await expect(restoreDatabase(targetUrl, unsigned, { replace: true })).rejects.toThrow(/has no signature/);
    const refused = await script("db-restore.ts", [altered, "--yes"], targetUrl);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(refused.stderr).toMatch(/^db:restore: .*does not match its signature/);
    expect(await tableCounts(target)).toEqual(before);
  }, 60_000);

  it("erases again, after a restore, everyone the target's erasure journal names", async () => {
    const [subject] = await target<{ id: string }[]>`
      select id from users where email = 'backup.customer@example.org'`;
    await target.begin((tx) => eraseUser(tx, subject!.id));
    // The backup was made before that erasure: restoring it would bring the person back.
    const restored = await restoreDatabase(targetUrl, file, { replace: true });
    expect(restored.erasuresReapplied).toBe(1);
    const [user] = await target`select email::text, first_name from users where id = ${subject!.id}`;
    expect(user).toEqual({ email: `erased-${subject!.id}@erased.invalid`, first_name: null });
    const journal = await target`select user_id from erasure_journal`;
    expect(journal.map((j) => j.user_id)).toEqual([subject!.id]);
    expect(await target`select 1 from sessions where user_id = ${subject!.id}`).toEqual([]);
  }, 60_000);

  it("keeps backups of the default naming for BACKUP_KEEP_DAYS days with their signatures, and always the newest", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "kb-keep-"));
    // One a day at 02:00 UTC, January 1st to 16th.
    const names = Array.from(
      { length: 16 },
      (_, i) => `knowbefore-202601${String(i + 1).padStart(2, "0")}T020000Z.kbdump`,
    );
    for (const name of names) {
      writeFileSync(path.join(dir, name), "x");
      writeFileSync(path.join(dir, `${name}.sig`), "x");
    }
    writeFileSync(path.join(dir, "before-upgrade.kbdump"), "x");
    // 14 days before January 20th, 03:00: those of the 1st to the 6th are older.
    const removed = pruneBackups(dir, 14, new Date("2026-01-20T03:00:00Z")).map((f) => path.basename(f));
    expect(removed.sort()).toEqual(names.slice(0, 6));
    expect(readdirSync(dir).sort()).toEqual(
      [...names.slice(6).flatMap((n) => [n, `${n}.sig`]), "before-upgrade.kbdump"].sort(),
    );
    expect(existsSync(path.join(dir, `${names[0]}.sig`))).toBe(false);
    // Backups that stopped a year ago: every one is past its days, and the newest still stays.
    const later = pruneBackups(dir, 14, new Date("2027-01-20T03:00:00Z")).map((f) => path.basename(f));
    expect(later.sort()).toEqual(names.slice(6, 15));
    expect(readdirSync(dir).sort()).toEqual([names[15]!, `${names[15]}.sig`, "before-upgrade.kbdump"].sort());
    rmSync(dir, { recursive: true, force: true });
  });
});
