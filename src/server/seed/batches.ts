// The seed writes its rows many to a statement: as many as fit in one statement's parameters.
import type { Queryable } from "../db/client";

/**
 * How many parameters one statement may carry: PostgreSQL's protocol counts them in 16 bits, and the driver
 * refuses 65,534 or more.
 */
const MAX_PARAMETERS = 65_533;

/**
 * `rows` in chunks that each fit in one multi-row INSERT: as many rows as their columns leave parameters for
 * (every row names the columns of the first, as the driver's insert helper reads them).
 */
export function insertChunks<T extends object>(rows: readonly T[]): T[][] {
  const first = rows[0];
  if (first === undefined) return [];
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}

/** Writes `rows` into `table`, a statement a chunk (insertChunks). */
export async function insertBatched(sql: Queryable, table: string, rows: readonly object[]): Promise<void> {
  for (const chunk of insertChunks(rows)) await sql`insert into ${sql(table)} ${sql(chunk as never)}`;
}
