// Backups that prove they restore: the app's schedule takes a backup into BACKUP_DIR, checks it and ages out the
// ones older than BACKUP_KEEP_DAYS; `npm run db:restore-drill` restores the newest into a scratch database,
// checks it line by line and drops it, leaving the live database as it was, and fails on a damaged backup; a
// person erased (through the administrators' erasure request) after a backup stays erased when it is restored.
import { execFile } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
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
import { addressesLeft } from "../src/server/domains/compliance/erasure";
import { loadEnv } from "../src/server/env";
import { QUEUES, scheduledJobId } from "../src/server/jobs/queue";
import { backupDatabase, defaultBackupFile, listBackups, timeStamp } from "../src/server/operations/backup";
import { backupSigningKey, verifyBackup } from "../src/server/operations/backupFile";
import { restoreDatabase } from "../src/server/operations/restore";
import { PROJECT_ROOT } from "../src/server/paths";
import { createHarness } from "./support/harness";
import { until } from "./support/until";

const scratch = mkdtempSync(path.join(tmpdir(), "kb-drill-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const backups = path.join(scratch, "backups");
const DAY_MS = 86_400_000;
// Backups an earlier schedule left: one past BACKUP_KEEP_DAYS, one within it, and one named by hand.
const expired = defaultBackupFile(backups, new Date(Date.now() - 10 * DAY_MS));
const recent = defaultBackupFile(backups, new Date(Date.now() - 3 * DAY_MS));
const byHand = path.join(backups, "before-upgrade.kbdump");

const h = await createHarness({
  BACKUP_SCHEDULE: "7 4 * * *",
  BACKUP_DIR: backups,
  BACKUP_KEEP_DAYS: "7",
  RATE_LIMIT_DISABLED: "true",
});
await h.seed(0.01);
mkdirSync(backups);
for (const file of [expired, recent, byHand]) {
  writeFileSync(file, "an older backup");
  writeFileSync(`${file}.sig`, "its signature");
}

const address = "drill.customer@example.org";
const customer = await h.signIn(address);
const admin = await h.signIn("drill.admin@example.org", "admin");
await h.sql`update users set last_name = 'Restorova', phone = '5125550142' where id = ${customer.userId}`;
await h.sql`
  insert into appointments (salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                            customer_phone, customer_email)
  values ((select min(id) from salespeople), ${customer.userId}, 'Test Drive', now() + interval '30 days',
          'Dana Restorova', '5125550142', ${address})`;
const filed = await h.request("POST", "/api/compliance/gdpr-requests", {
  cookie: customer.cookie,
  body: { requestType: "erasure" },
});
if (filed.status !== 201) throw new Error(`the erasure request was not filed: ${filed.text}`);

const serverUrl = inject("pgServerUrl");
const server = postgres(`${serverUrl}/postgres`, { max: 1, onnotice: () => {} });
const targetName = `drill_target_${Date.now().toString(36)}`;
afterAll(async () => {
  await server.unsafe(`drop database if exists ${targetName} with (force)`);
  await server.end({ timeout: 5 });
});

const run = promisify(execFile);

/** Runs a script as an operator would (from `cwd`, any directory), with only these variables: its exit and output. */
async function script(name: string, args: string[], env: Record<string, string>, cwd = scratch) {
  try {
    const { stdout, stderr } = await run(
      path.join(PROJECT_ROOT, "node_modules", ".bin", "tsx"),
      [path.join(PROJECT_ROOT, "scripts", name), ...args],
      {
        cwd,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          HOME: process.env.HOME ?? "/tmp",
          NODE_ENV: "test",
          ...env,
        },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Rows of every table of the app's own schema. */
async function publicCounts(sql: postgres.Sql): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') order by 1`;
  const counts: Record<string, number> = {};
  for (const t of tables) {
    const [row] = await sql<{ n: number }[]>`select count(*)::int as n from ${sql(t.name)}`;
    counts[t.name] = row!.n;
  }
  return counts;
}

async function scratchDatabases(): Promise<string[]> {
  return (
    await server<
      { name: string }[]
    >`select datname as name from pg_database where datname like 'knowbefore\\_drill\\_%'`
  ).map((d) => d.name);
}

/** The backup the schedule took (test 1), made while the customer was not yet erased. */
let scheduled = "";

describe("scheduled backups and the restore drill", () => {
  it("the schedule takes a backup, checks it, and removes those older than BACKUP_KEEP_DAYS", async () => {
    // 04:07 UTC is the backup's minute, and no other schedule's but the open times' refresh of every minute.
    const at = new Date("2031-05-06T04:07:00Z");
    const sent = await h.deps.jobs.runSchedules(at);
    expect(sent.sort()).toEqual([QUEUES.databaseBackup, QUEUES.openingsRefresh]);
    // By their ids: the harness's own clock sends the open times' refresh of each real minute too.
    for (const name of sent) {
      const states = await until(
        () => h.sql<{ state: string }[]>`select state from pgboss.job where id = ${scheduledJobId(name, at)}`,
        (jobs) => jobs.length === 1 && jobs[0]!.state === "completed",
      );
      expect(states).toEqual([{ state: "completed" }]);
    }
    // From here on no schedule or worker changes the live database while the drill compares it.
    await h.deps.jobs.pause();

    const kept = listBackups(backups).map((b) => b.file);
    expect(kept).toHaveLength(2);
    [scheduled] = kept as [string];
    expect(kept[1]).toBe(recent);
    expect(existsSync(expired)).toBe(false);
    expect(existsSync(`${expired}.sig`)).toBe(false);
    expect(existsSync(byHand)).toBe(true);
    expect(existsSync(`${scheduled}.sig`)).toBe(true);
    const manifest = await verifyBackup(scheduled, backupSigningKey(h.env));
    const [users] = await h.sql<{ n: number }[]>`select count(*)::int as n from users`;
    expect(manifest.tables.find((t) => t.schema === "public" && t.name === "users")?.rows).toBe(users!.n);
    // The backup holds the customer, who is erased below.
    expect(gunzipSync(readFileSync(scheduled)).toString("utf8")).toContain(address);
  }, 30_000);

  it("the drill restores the newest backup into a scratch database, erases again who was erased since, and drops it", async () => {
    const completed = await h.request("PATCH", `/api/compliance/gdpr-requests/${filed.json.id}`, {
      cookie: admin.cookie,
      body: { action: "complete", note: "Done" },
    });
    expect(completed.status, completed.text).toBe(200);
    expect(await addressesLeft(h.sql, address)).toEqual([]);
    const live = await publicCounts(h.sql);

    const drill = await script("db-restore-drill.ts", [], { DATABASE_URL: h.dbUrl, BACKUP_DIR: backups });
    expect(drill.stderr).toBe("");
    expect(drill.code).toBe(0);
    const lines = drill.stdout.trim().split("\n");
    expect(lines[0]).toMatch(new RegExp(`^backup: ${scheduled.replace(/[.]/g, "\\.")} \\(\\d+ bytes, made `));
    expect(lines.slice(1, -1)).toEqual([
      expect.stringMatching(/^ok {3}integrity: its signature matches and its \d+ tables hold the \d+ rows/),
      expect.stringMatching(/^ok {3}restore: into the scratch database knowbefore_drill_\w+ in [\d.]+ s$/),
      expect.stringMatching(/^ok {3}row counts: all \d+ tables hold the \d+ rows of the manifest$/),
      expect.stringMatching(
        /^ok {3}erasures: 1 account erased since the backup erased again: no table holds their e-mail address \(0 accounts erased before it\)$/,
      ),
      expect.stringMatching(/^ok {3}cleanup: the scratch database knowbefore_drill_\w+ is dropped$/),
    ]);
    expect(lines.at(-1)).toMatch(
      /^db:restore-drill: passed: 5 checks, knowbefore-\d{8}T\d{6}Z\.kbdump restores$/,
    );
    expect(await scratchDatabases()).toEqual([]);
    // The live database was only read.
    expect(await publicCounts(h.sql)).toEqual(live);
  }, 60_000);

  it("restoring the backup made before an erasure leaves the person erased", async () => {
    // The live database as it is now, after the erasure, copied into a database of its own ...
    await server.unsafe(`create database ${targetName}`);
    const targetUrl = `${serverUrl}/${targetName}`;
    const now = path.join(scratch, "after-erasure.kbdump");
    const signingKey = backupSigningKey(h.env);
    await backupDatabase(h.dbUrl, now, { signingKey });
    await restoreDatabase(targetUrl, now, { signingKey });
    // ... then the scheduled backup, which still holds the customer, restored over it from the command line.
    const restored = await script("db-restore.ts", [scheduled, "--yes"], { DATABASE_URL: targetUrl });
    expect(restored.stderr).toBe("");
    expect(restored.stdout.trim()).toMatch(/^db:restore: restored .*, 1 erased accounts erased again$/);

    const target = postgres(targetUrl, { max: 1, onnotice: () => {} });
    try {
      expect(await addressesLeft(target, address)).toEqual([]);
      const [user] = await target`
        select email::text, first_name, last_name, phone from users where id = ${customer.userId}`;
      expect(user).toEqual({
        email: `erased-${customer.userId}@erased.invalid`,
        first_name: null,
        last_name: null,
        phone: null,
      });
      const bookings = await target`
        select customer_name, customer_phone from appointments where customer_id = ${customer.userId}`;
      expect(bookings).toHaveLength(1);
      expect(bookings[0]!.customer_name).not.toMatch(/Restorova/);
      expect(bookings[0]!.customer_phone).not.toMatch(/5125550142/);
      expect(await target`select 1 from sessions where user_id = ${customer.userId}`).toEqual([]);
    } finally {
      await target.end({ timeout: 5 });
    }
  }, 60_000);

  it("a damaged or altered newest backup fails the drill's integrity check, and nothing is restored", async () => {
    const original = readFileSync(scheduled);
    // Bytes that rotted on disk: the gzip stream or the framing tells.
    const rotted = Buffer.from(original);
    for (let at = Math.floor(rotted.length / 2); at < rotted.length / 2 + 32; at++) rotted[at]! ^= 0x5a;
    // A file edited after the backup (one address in it changed, every frame and count intact): only its
    // signature tells.
    const text = gunzipSync(original).toString("latin1");
    expect(text).toContain(address);
    const altered = gzipSync(Buffer.from(text.replace(address, "drill.customer@example.net"), "latin1"));
    for (const [kind, bytes, problem] of [
      ["rotted", rotted, /is damaged \(.*\): use an intact copy/],
      ["altered", altered, /does not match its signature: it was changed after the backup was made/],
    ] as const) {
      const dir = path.join(scratch, kind);
      mkdirSync(dir);
      const file = defaultBackupFile(dir, new Date());
      writeFileSync(file, bytes);
      copyFileSync(`${scheduled}.sig`, `${file}.sig`);

      const drill = await script("db-restore-drill.ts", [], { DATABASE_URL: h.dbUrl, BACKUP_DIR: dir });
      expect(drill.code, kind).toBe(1);
      const lines = drill.stdout.trim().split("\n");
      expect(lines, kind).toHaveLength(2);
      expect(lines[0]).toMatch(new RegExp(`^backup: ${file.replace(/[.]/g, "\\.")} `));
      expect(lines[1]).toMatch(/^FAIL integrity: /);
      expect(lines[1]).toMatch(problem);
      expect(drill.stderr.trim().split("\n")).toEqual([
        expect.stringMatching(
          /^db:restore-drill: failed: integrity \(see the lines above\); knowbefore-.* did not pass$/,
        ),
      ]);
      expect(await scratchDatabases()).toEqual([]);
    }
  }, 30_000);

  it("says in one line when there is no backup to drill, from any directory through npm", async () => {
    const empty = mkdtempSync(path.join(scratch, "empty-"));
    const drill = await run("npm", ["run", "--silent", "db:restore-drill"], {
      cwd: path.join(PROJECT_ROOT, "docs"),
      env: {
        PATH: process.env.PATH ?? "/usr/bin:/bin",
        HOME: process.env.HOME ?? "/tmp",
        NODE_ENV: "test",
        DATABASE_URL: h.dbUrl,
        BACKUP_DIR: empty,
      },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
    expect(drill.code).toBe(1);
    expect(drill.stderr.trim().split("\n")).toEqual([
      `db:restore-drill: there is no backup to drill in ${empty} (files named knowbefore-<UTC time>.kbdump): take one with npm run db:backup, or set BACKUP_DIR to where they are`,
    ]);
    expect(readdirSync(empty)).toEqual([]);
  }, 30_000);

  it("refuses the old BACKUP_KEEP and a schedule that is not a cron expression, naming the fix", () => {
    expect(() => loadEnv({ BACKUP_KEEP: "14" })).toThrow(
      /^BACKUP_KEEP is no longer read \(backups are kept by age now\): remove it and set BACKUP_KEEP_DAYS/,
    );
    expect(() => loadEnv({ BACKUP_SCHEDULE: "daily" })).toThrow(
      /BACKUP_SCHEDULE: cron "daily": expected five fields, found 1; use five fields in UTC \(e\.g\. 30 2 \* \* \*\) or off/,
    );
    expect(loadEnv({ BACKUP_SCHEDULE: "off" }).BACKUP_SCHEDULE).toBeNull();
    expect(loadEnv({ NODE_ENV: "production", ...productionEnv }).BACKUP_SCHEDULE).toBe("30 2 * * *");
    expect(timeStamp(new Date("2026-01-02T03:04:05.678Z"))).toBe("20260102T030405Z");
  });
});

const productionEnv = {
  ADMIN_CODE: "a-long-production-secret",
  SMTP_URL: "smtp://127.0.0.1:2525",
  APP_URL: "https://knowbefore.example",
  CRM_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
};
