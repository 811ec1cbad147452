// The one place that opens the PostgreSQL pool (postgres.js) and wraps it in drizzle.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDatabase>["db"];
export type Sql = postgres.Sql;

export function createDatabase(url: string, options: { max?: number } = {}) {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Browse filters are skewed (one city holds 3% of rows, another 0.1%); a generic plan cached after five
    // runs of a prepared statement measured ~25x slower here, so every execution is planned for its values.
    connection: { plan_cache_mode: "force_custom_plan", application_name: "knowbefore" },
  });
  const db = drizzle(sql, { schema });
  return { db, sql };
}
