// Whether this instance can serve (/api/ready, and the administrators' monitor): the database answers, and it
// has applied every migration this release ships.
import { readFileSync } from "node:fs";
import path from "node:path";
import { MIGRATIONS_FOLDER } from "../db/migrate";
import type { AppDeps } from "../serviceContext";

/** How many migrations this release ships (read once): the database is ready when it has applied them all. */
const SHIPPED_MIGRATIONS = (() => {
  try {
    const journal = readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8");
    return (JSON.parse(journal) as { entries: unknown[] }).entries.length;
  } catch {
    return null;
  }
})();

/** A readiness probe answers within its own time even when the database hangs. */
const READY_CHECK_TIMEOUT_MS = 3000;

function withinReadyTimeout<T>(work: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("readiness check timed out")), READY_CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type Readiness = {
  database: "ok" | "unreachable";
  migrations: "current" | "pending" | "unknown";
  message?: string;
};

/**
 * Whether this instance can serve: the database answers, and it has applied every migration this release
 * ships (more is fine: during a rolling deploy a newer release may have migrated first).
 */
export async function readiness(deps: Pick<AppDeps, "sql" | "logger">): Promise<Readiness> {
  try {
    await withinReadyTimeout(deps.sql`select 1`);
  } catch (error) {
    deps.logger.warn("readiness: the database cannot be reached", error);
    return { database: "unreachable", migrations: "unknown", message: "The database cannot be reached" };
  }
  if (SHIPPED_MIGRATIONS === null)
    return { database: "ok", migrations: "unknown", message: "This release's migration journal is missing" };
  try {
    const [row] = await withinReadyTimeout(
      deps.sql<{ applied: number }[]>`select count(*)::int as applied from drizzle.__drizzle_migrations`,
    );
    const applied = row?.applied ?? 0;
    if (applied >= SHIPPED_MIGRATIONS) return { database: "ok", migrations: "current" };
    return {
      database: "ok",
      migrations: "pending",
      message: `Database migrations are not current (${applied} of ${SHIPPED_MIGRATIONS} applied)`,
    };
  } catch (error) {
    deps.logger.warn("readiness: applied migrations could not be read", error);
    return { database: "ok", migrations: "unknown", message: "Applied migrations could not be read" };
  }
}
