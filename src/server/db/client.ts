// The one place that opens the PostgreSQL pool (postgres.js). Every query of the app goes through it as a
// tagged template; drizzle is kept for the schema, migrations and row types (docs/decisions/005-data-access.md).
import postgres from "postgres";

export type Sql = postgres.Sql;
/** Either the pool or an open transaction: what a function that only runs queries needs. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

export function createDatabase(url: string, options: { max?: number } = {}) {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // Browse filters are skewed (one city holds 3% of rows, another 0.1%); a generic plan cached after five
    // runs of a prepared statement measured ~25x slower here, so every execution is planned for its values.
    connection: { plan_cache_mode: "force_custom_plan", application_name: "knowbefore" },
  });
  return {
    sql,
    end(opts?: { timeout?: number }) {
      return sql.end(opts);
    },
  };
}

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** SQL fragments joined by a separator (`,`, `and`, `union all`): a list of columns, conditions or branches. */
export function joinSql(
  sql: Queryable,
  parts: readonly Fragment[],
  separator: "," | "and" | "or" | "union all",
): Fragment {
  const [first, ...rest] = parts;
  if (!first) return sql``;
  const glue = sql.unsafe(separator === "," ? ", " : ` ${separator} `);
  return rest.reduce((all, part) => sql`${all}${glue}${part}`, first);
}
