// Bulk writes with their tables' indexes built afterwards, as PostgreSQL's manual advises for populating a
// database ("Remove Indexes"): one sorted build of an index is much cheaper than a row-by-row insert into it, and
// leaves it packed, where inserts out of its order split its pages half full.
import type { Queryable } from "../db/client";

/** Memory each index build may sort in: a build that fits sorts once instead of merging runs from disk. */
const BUILD_MEMORY = "512MB";

/**
 * Runs `write` with the indexes of `tables` dropped, then builds them again from the definitions PostgreSQL
 * kept, in the caller's transaction (a failure rolls the drop back with everything else). Indexes a constraint
 * stands on (primary keys, unique constraints, exclusions) stay: `write` may rely on them, and so may foreign
 * keys. Only for tables nothing else reads or writes meanwhile: the seed's own, in its one transaction.
 */
export async function withIndexesBuiltAfter<T>(
  sql: Queryable,
  tables: readonly string[],
  write: () => Promise<T>,
): Promise<T> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
     where i.indrelid = any(${tables}::text[]::regclass[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by 1`;
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  const written = await write();
  await sql.unsafe(`set local maintenance_work_mem = '${BUILD_MEMORY}'`);
  for (const index of indexes) await sql.unsafe(index.definition);
  return written;
}
