// Bulk writes with their tables' indexes built and foreign keys checked afterwards, as PostgreSQL's manual advises
// for populating a database ("Remove Indexes", "Remove Foreign Key Constraints"): one sorted build of an index is
// much cheaper than a row-by-row insert into it, and leaves it packed, where inserts out of its order split its
// pages half full; one check of a foreign key over the whole table is a join, where a check a row is a trigger
// and a lookup each (at 106,920 salespeople the visits' trail spent 6.6 s of its 11.8 s in those triggers).
import type { Queryable } from "../db/client";

/** Memory each index build may sort in: a build that fits sorts once instead of merging runs from disk. */
const BUILD_MEMORY = "512MB";

/**
 * Runs `write` with the indexes and foreign keys of `tables` dropped, then builds and adds them again from the
 * definitions PostgreSQL kept, in the caller's transaction (a failure rolls the drop back with everything else;
 * a row that breaks a foreign key fails the whole write). Indexes a constraint stands on (primary keys, unique
 * constraints, exclusions) stay: `write` may rely on them, and so may other tables' foreign keys. Only for
 * tables nothing else reads or writes meanwhile: the seed's own, in its one transaction.
 */
export async function withIndexesAndKeysAfter<T>(
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
  const keys = await sql<{ on: string; name: string; definition: string }[]>`
    select conrelid::regclass::text as on, quote_ident(conname) as name,
           pg_get_constraintdef(oid) as definition
      from pg_constraint
     where contype = 'f' and conrelid = any(${tables}::text[]::regclass[])
     order by 1, 2`;
  for (const key of keys) await sql.unsafe(`alter table ${key.on} drop constraint ${key.name}`);
  for (const index of indexes) await sql.unsafe(`drop index ${index.name}`);
  const written = await write();
  await sql.unsafe(`set local maintenance_work_mem = '${BUILD_MEMORY}'`);
  for (const index of indexes) await sql.unsafe(index.definition);
  for (const key of keys)
    await sql.unsafe(`alter table ${key.on} add constraint ${key.name} ${key.definition}`);
  return written;
}
