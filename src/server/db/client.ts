// The one place that opens the PostgreSQL pool (postgres.js). Every query of the app goes through it as a
// tagged template; drizzle is kept for the schema, migrations and row types (docs/decisions/005-data-access.md).
import postgres from "postgres";
import { guardedPool } from "./deadlines";

export type Sql = postgres.Sql;
/** Either the pool or an open transaction: what a function that only runs queries needs. */
export type Queryable = postgres.Sql | postgres.TransactionSql;

export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_IDLE_IN_TRANSACTION_MS = 30_000;

/**
 * Runs long maintenance work (seeding, rollup refreshes, retention clean-ups) on one reserved connection of
 * the pool with no statement timeout, restoring the pool's setting before the connection goes back.
 */
export async function withoutStatementTimeout<T>(
  sql: Sql,
  work: (connection: postgres.ReservedSql) => Promise<T>,
): Promise<T> {
  const connection = await sql.reserve();
  try {
    await connection`set statement_timeout = 0`;
    return await work(connection);
  } finally {
    await connection`reset statement_timeout`.catch(() => {});
    connection.release();
  }
}

/**
 * How long a connection waits before trying again after failing to connect: 50 ms doubling to a second, with
 * jitter. postgres.js's own waits grew to 20 s, so after a 30-second database restart the pool went on refusing
 * for up to 20 s more while the database was back (docs/operations/outages.md).
 */
export function reconnectDelaySeconds(failures: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** failures, 1);
}

/**
 * The app's pool, and two smaller ones for browse. Statements are prepared once per connection; on the main
 * pool PostgreSQL may then reuse a generic plan, which is what lookups by key want (planning the session lookup
 * for every request cost more than running it). Browse filters are skewed (one city holds 3% of rows, another
 * 0.1%) and a generic plan of a name search with LIKE measured ~25x slower, so the search pool plans every
 * execution for its values. Every other browse walk has one good plan whatever its values (an index range in
 * browse order), which PostgreSQL's own choice did not keep (it planned each execution: 0.5-0.8 ms, more than
 * running it), so the browse pool always keeps it. Connections open on first use: a script that never browses
 * opens none there.
 */
export function createDatabase(
  url: string,
  options: {
    max?: number;
    statementTimeoutMs?: number;
    idleInTransactionTimeoutMs?: number;
    /** Called with every statement each pool sends (tests read the plans of the public reads). */
    debug?: postgres.Options<Record<string, never>>["debug"];
  } = {},
) {
  const max = options.max ?? 10;
  // A runaway query, or a transaction left open while its caller waits on something else, is ended by the
  // server instead of holding a connection and its locks. Long maintenance work lifts the first on its own
  // connection (withoutStatementTimeout); migrations and backups use connections of their own.
  const timeouts = {
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_MS,
  };
  const debug = options.debug ? { debug: options.debug } : {};
  const sql = postgres(url, {
    max,
    onnotice: () => {},
    backoff: reconnectDelaySeconds,
    connection: { application_name: "knowbefore", ...timeouts },
    ...debug,
  });
  const browsePool = (planCacheMode: string, name: string) =>
    postgres(url, {
      max: Math.max(2, Math.ceil(max / 2)),
      onnotice: () => {},
      backoff: reconnectDelaySeconds,
      connection: { plan_cache_mode: planCacheMode, application_name: name, ...timeouts },
      ...debug,
    });
  const searchSql = browsePool("force_custom_plan", "knowbefore-search");
  const browseSql = browsePool("force_generic_plan", "knowbefore-browse");
  return {
    sql: guardedPool(sql),
    searchSql: guardedPool(searchSql),
    browseSql: guardedPool(browseSql),
    async end(opts?: { timeout?: number }) {
      await Promise.all([sql.end(opts), searchSql.end(opts), browseSql.end(opts)]);
    },
  };
}

/** A piece of SQL with its bound values, to nest in a tagged template. */
export type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** Strings as a template literal's, for calling the driver with text made at run time. */
export function asTemplate(strings: string[]): TemplateStringsArray {
  return Object.assign(strings, { raw: [...strings] }) as unknown as TemplateStringsArray;
}

/** The templates of `in (...)` lists by their length: postgres.js keeps its work per template, as per literal. */
const inTemplates: TemplateStringsArray[] = [];

/**
 * `in ($1, $2, ...)` over `values`, as postgres.js's own `sql(values)` writes it: one placeholder a value, so a
 * statement of a given length keeps one plan. The driver's helper finds which keyword it follows by searching
 * the whole statement's text before it, again at every call, with expressions that rescan the rest of the text
 * at each match: 8 % of the main thread's time a slot grid (docs/operations/runtime-tuning.md, "Value lists
 * without the driver's keyword search"). `= any($1)` instead would leave PostgreSQL planning such a statement
 * again at every call. An empty list is `in (null)`, true of nothing, as the helper's is.
 */
export function inList(sql: Queryable, values: readonly (number | string)[]): Fragment {
  let template = inTemplates[values.length];
  if (!template) {
    template = asTemplate(
      values.length === 0 ? ["in (null)"] : ["in (", ...Array(values.length - 1).fill(", "), ")"],
    );
    inTemplates[values.length] = template;
  }
  return sql(template, ...(values as never[])) as Fragment;
}

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
