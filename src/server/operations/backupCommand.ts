// What `npm run db:backup`, `db:restore` and `db:restore-drill` share: finding the database (DATABASE_URL, else
// the embedded cluster of DATA_DIR) and telling any failure in one line with its fix.

import { existsSync } from "node:fs";
import path from "node:path";
import { type Env, loadDotEnv, loadEnv } from "../env";
import { projectPath } from "../paths";
import { BackupError } from "./backupFile";
import { runningEmbedded, startEmbeddedPostgres, unknownPortProblem } from "./embedded";
import { keptClusterDir } from "./embeddedInstall";

/** What a database command does: a restore writes to the app's database, the others only read it. */
export type DatabaseCommand = "backup" | "restore" | "restore-drill";

/** Where a backup or restore script finds the database: DATABASE_URL, else the embedded cluster of DATA_DIR. */
export async function openDatabaseFor(
  env: Env,
  purpose: DatabaseCommand,
  log: (line: string) => void = () => {},
): Promise<{ url: string; close: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, close: async () => {} };
  const dataDir = projectPath(env.DATA_DIR);
  const running = runningEmbedded(dataDir, env.EMBEDDED_PG_PORT);
  if (running) {
    if (purpose === "restore")
      throw new BackupError(
        `the app (process ${running.starter}) is running on DATA_DIR ${dataDir}: stop it, then restore again`,
      );
    // The running app's embedded cluster: its user and database, and the port and password kept in DATA_DIR.
    if (!running.url) throw new BackupError(unknownPortProblem(running, dataDir));
    return { url: running.url, close: async () => {} };
  }
  // As root the cluster lives outside DATA_DIR, which names it in pg-cluster (see embedded.ts).
  const clusterDir = keptClusterDir(dataDir) ?? path.join(dataDir, "pg");
  const hasCluster = existsSync(path.join(clusterDir, "PG_VERSION"));
  if (purpose !== "restore" && !hasCluster)
    throw new BackupError(
      `there is no database to ${purpose === "backup" ? "back up" : "drill against"}: DATA_DIR ${dataDir} holds no embedded PostgreSQL; set DATABASE_URL or DATA_DIR to the app's`,
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
export function describeFailure(error: unknown, purpose: DatabaseCommand, url?: string): string {
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
  if (purpose === "restore")
    return `${reason}: the target is as it was (a restore commits all or nothing); fix the cause and run again`;
  if (purpose === "restore-drill")
    return `${reason}: the drill changes no database but its scratch copy; fix the cause and run again`;
  return `${reason}: no backup file was written; fix the cause and run again`;
}

/**
 * The command-line frame of db:backup, db:restore and db:restore-drill: loads the environment, opens the
 * database, runs the task (which answers its summary line), closes the database (an embedded PostgreSQL
 * started for the task stops with it), then prints the line, or one failure line and exits 1.
 */
export async function runDatabaseCommand(
  purpose: DatabaseCommand,
  task: (url: string, env: Env) => Promise<string>,
): Promise<void> {
  const fail = (message: string): never => {
    console.error(`db:${purpose}: ${message}`);
    process.exit(1);
  };
  let env: Env;
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
    outcome = `db:${purpose}: ${await task(database.url, env)}`;
    ok = true;
  } catch (error) {
    outcome = describeFailure(error, purpose, database?.url ?? env.DATABASE_URL);
  } finally {
    await database?.close().catch(() => {});
  }
  if (ok) console.log(outcome);
  else fail(outcome);
}
