import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { projectPath } from "../paths";

export const MIGRATIONS_FOLDER = projectPath(process.env.MIGRATIONS_DIR ?? "drizzle");

/** The advisory lock every instance takes while it changes the database's shape at startup. */
const STARTUP_LOCK = 4_210_117;

/**
 * Runs `step` while holding the startup lock: instances starting together against one database (a deploy
 * of several) migrate and create their queues one after the other instead of deadlocking on the same DDL.
 */
export async function withStartupLock<T>(url: string, step: () => Promise<T>): Promise<T> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${STARTUP_LOCK})`;
    return await step();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

export async function runMigrations(url: string): Promise<void> {
  await withStartupLock(url, async () => {
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.end();
    }
  });
}
