// How common the commonest terms of salesperson_terms are, as PostgreSQL's statistics last sampled them (the
// column's most common values, a hundred by default): a name search walks the rarest of its three-character
// pieces, which holds every match and the fewest others, and a piece the statistics do not list is rarer than
// any they do. The list is kept at its default length on purpose: holding every term made the planner's
// generic estimate for a term it cannot see near zero, and the browse pool's term walks then sorted bitmaps.
// Read at most every ten minutes; until the first read, and after a failed one, every term counts as equally
// common and the first piece is walked, as it always was.
import type { Queryable } from "../../db/client";

const REFRESH_MS = 10 * 60_000;

export type TermFrequencies = {
  /** Each known term's share of the table's rows; a term missing from it is rarer than any listed. */
  read: (sql: Queryable) => Promise<ReadonlyMap<string, number>>;
};

export function createTermFrequencies(refreshMs = REFRESH_MS): TermFrequencies {
  let current: ReadonlyMap<string, number> = new Map();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<ReadonlyMap<string, number>> | undefined;
  return {
    read(sql) {
      if (Date.now() - readAt < refreshMs) return Promise.resolve(current);
      reading ??= readFrequencies(sql)
        .then(
          (read) => {
            current = read;
            readAt = Date.now();
          },
          // The statistics are a hint: a browse still answers without them, and the next one asks again.
          () => {},
        )
        .then(() => {
          reading = undefined;
          return current;
        });
      // Once there are frequencies, a browse does not wait for newer ones.
      return readAt === Number.NEGATIVE_INFINITY ? reading : Promise.resolve(current);
    },
  };
}

async function readFrequencies(sql: Queryable): Promise<ReadonlyMap<string, number>> {
  const [row] = await sql<{ terms: string[] | null; shares: number[] | null }[]>`
    select most_common_vals::text::text[] as terms, most_common_freqs as shares
      from pg_stats
     where schemaname = current_schema() and tablename = 'salesperson_terms' and attname = 'term'`;
  const terms = row?.terms ?? [];
  const shares = row?.shares ?? [];
  return new Map(terms.map((term, i) => [term, shares[i] ?? 0]));
}

/**
 * The three-character piece of `search` to walk, by its position (from 1, in characters), with its share: the
 * one with the smallest share, a piece the statistics do not list being rarer than any they do. Every piece of
 * a search is in the terms of every salesperson it matches, so walking any of them finds every match.
 */
export function rarestPiece(
  search: string,
  frequencies: ReadonlyMap<string, number>,
): { at: number; share: number } {
  const chars = [...search.toLowerCase()];
  let rarest = { at: 1, share: Number.POSITIVE_INFINITY };
  for (let i = 0; i + 3 <= chars.length; i++) {
    const share = frequencies.get(`g:${chars.slice(i, i + 3).join("")}`) ?? 0;
    if (share < rarest.share) rarest = { at: i + 1, share };
  }
  return rarest;
}
