// The one place that opens the PostgreSQL pool (postgres.js) and wraps it in drizzle.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDatabase>["db"];
export type Sql = postgres.Sql;
/** Either the pool or an open transaction: what a function that only runs queries needs. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

export function createDatabase(url: string, options: { max?: number } = {}) {
  const connect = (max: number) =>
    postgres(url, {
      max,
      onnotice: () => {},
      // Browse filters are skewed (one city holds 3% of rows, another 0.1%); a generic plan cached after five
      // runs of a prepared statement measured ~25x slower here, so every execution is planned for its values.
      connection: { plan_cache_mode: "force_custom_plan", application_name: "knowbefore" },
    });
  const max = options.max ?? 10;
  // drizzle replaces the date serializers and parsers of the client it wraps (it handles dates itself), so
  // raw SQL gets a client of its own that keeps postgres.js's Date handling.
  const sql = connect(max);
  const drizzleClient = connect(max);
  const db = drizzle(drizzleClient, { schema });
  return {
    db,
    sql,
    async end(opts?: { timeout?: number }) {
      await Promise.all([sql.end(opts), drizzleClient.end(opts)]);
    },
  };
}
