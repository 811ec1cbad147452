// Boots the pieces the server and scripts share: database (embedded or DATABASE_URL), migrations, first seed.
import { accessSync, constants, mkdirSync } from "node:fs";
import os from "node:os";
import { createDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import { seedDocuments } from "./domains/documents/seed";
import type { Env } from "./env";
import type { Logger } from "./logger";
import {
  type EmbeddedDatabase,
  runningEmbedded,
  startEmbeddedPostgres,
  unknownPortProblem,
} from "./operations/embedded";
import { projectPath } from "./paths";
import { isSeeded, seedDemoData } from "./seed/demo";

/** DATA_DIR, made if missing; a clear refusal when this user cannot write there. */
function writableDataDir(dataDir: string): string {
  const dir = projectPath(dataDir);
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "error";
    throw new Error(
      `DATA_DIR ${dir} is not writable by this user (${code}): set DATA_DIR to a folder you can write, or fix its permissions`,
    );
  }
}

/** A database that cannot be reached (or refuses us) named with host and port, never its password. */
function unreachable(error: unknown, url: string): Error {
  // drizzle's migrator wraps the driver's error ("Failed query: ..."): the code is on a cause.
  let code: string | undefined;
  for (let e: unknown = error; e && !code; e = (e as { cause?: unknown }).cause)
    code = (e as { code?: string }).code;
  const target = (() => {
    try {
      const u = new URL(url);
      return `${u.hostname}:${u.port || 5432}`;
    } catch {
      return "DATABASE_URL";
    }
  })();
  if (code === "ECONNREFUSED" || code === "ENOTFOUND" || code === "ETIMEDOUT" || code === "EHOSTUNREACH") {
    return new Error(`the database at ${target} cannot be reached (${code}): start it, or fix DATABASE_URL`);
  }
  if (code === "28P01" || code === "28000" || code === "3D000") {
    const what = code === "3D000" ? "its database does not exist" : "it refused the user or password";
    return new Error(`the database at ${target} ${what}: fix DATABASE_URL`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Connections per pool when DB_POOL_SIZE does not say. The embedded PostgreSQL runs on this machine's cores, so
 * the pool follows the usual rule for PostgreSQL (about two connections a core): when every connection is busy,
 * postgres.js sends further queries down busy ones rather than opening more. On two cores, 4 connections instead
 * of 10 used a fifth less of PostgreSQL's CPU per booking, and p99 at 420 bookings a second fell from 82-421 ms
 * to 36-54 ms (bench/history/2026-11.md). A database elsewhere has cores of its own, unknown here: 10 as before.
 */
export function defaultPoolSize(embedded: boolean): number {
  return embedded ? Math.min(10, Math.max(4, 2 * os.availableParallelism())) : 10;
}

export async function openDatabase(env: Env, logger: Logger) {
  let embedded: EmbeddedDatabase | null = null;
  let url = env.DATABASE_URL;
  if (!url) {
    const dataDir = writableDataDir(env.DATA_DIR);
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: env.EMBEDDED_PG_PORT,
      avoidPorts: [env.PORT],
      log: (line) => logger.debug(`[postgres] ${line}`),
    });
    logger.info(
      `embedded PostgreSQL for ${dataDir} on port ${embedded.port}, its data in ${embedded.clusterDir}`,
    );
    if (embedded.recovered)
      logger.warn(
        "the embedded PostgreSQL was not shut down cleanly last time (a crash or a kill): it recovered",
      );
    if (embedded.leftClusters) logger.warn(embedded.leftClusters);
    url = embedded.url;
  }
  try {
    await runMigrations(url);
  } catch (error) {
    if (embedded) await embedded.stop();
    throw unreachable(error, url);
  }
  const { sql, searchSql, browseSql, end } = createDatabase(url, {
    max: env.DB_POOL_SIZE ?? defaultPoolSize(embedded !== null),
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  });
  // Site documents are content, not demo data: added or refreshed from content/ on every start, edits kept.
  const addedDocuments = await seedDocuments(sql);
  if (addedDocuments.length > 0) logger.info(`documents seeded: ${addedDocuments.join(", ")}`);
  return {
    url,
    /**
     * This process started the database (embedded), so no other process can be running its jobs: any job it
     * holds as running was cut off with the run before (a crash or a kill).
     */
    startedHere: embedded !== null,
    sql,
    searchSql,
    browseSql,
    async seedIfEmpty() {
      if (await isSeeded(sql)) return false;
      logger.info("empty database: seeding demo data");
      await seedDemoData(sql, {
        scale: env.SEED_SCALE,
        adminCodeIsDemo: env.ADMIN_CODE_IS_DEMO,
        passwordCost: env.ADMIN_PASSWORD_SCRYPT_N,
        log: (l) => logger.info(l),
      });
      return true;
    },
    async close() {
      await end({ timeout: 5 });
      if (embedded) await embedded.stop();
    },
  };
}

/**
 * The database a command run beside the app works on (`npm run admin:create`): DATABASE_URL; else, while the app
 * runs on DATA_DIR's embedded PostgreSQL, that cluster, reached with the port and password the app kept in
 * DATA_DIR (it is the app's to start and stop); else the embedded cluster started for the command, as
 * openDatabase starts it.
 */
export async function openDatabaseBesideApp(env: Env, logger: Logger) {
  if (!env.DATABASE_URL) {
    const dataDir = projectPath(env.DATA_DIR);
    const running = runningEmbedded(dataDir, env.EMBEDDED_PG_PORT);
    if (running && !running.url) throw new Error(unknownPortProblem(running, dataDir));
    if (running?.url) return openDatabase({ ...env, DATABASE_URL: running.url, DB_POOL_SIZE: 2 }, logger);
  }
  return openDatabase(env, logger);
}
