// How many entries of salesperson_terms a term has, for choosing which term a browse walks: a name search walks
// the rarest of its three-character pieces (each holds every match, the rarest the fewest others), or a
// specialty or verified-purchase term when that is rarer still. Two sources, each read at most every ten
// minutes: PostgreSQL's statistics, whose most common values (a hundred by default) give the commonest terms'
// shares of the table, and for any other term a count through the walk index (index-only, up to COUNT_CAP
// entries), once per term. The vocabulary does not grow with the market (about a thousand terms), so after a
// start's first minutes a browse finds every count it needs in memory.
//
// The statistics alone were not enough: every piece of "johnsou" was among the terms they do not list, so the
// first was walked, 'g:joh' (17,659 entries at a million salespeople), where 'g:sou' has none. Sampling the
// table was no better: its rows are stored in term order, so a sample of its pages is a sample of a few terms.
// The statistics' list is kept at its default length on purpose: holding every term made the planner's generic
// estimate for a term it cannot see near zero, and the browse pool's term walks then sorted bitmaps.
import type { Queryable } from "../../db/client";

/**
 * The terms of salesperson_terms as salesperson_terms_of writes them (src/server/db/functions; tests/db-functions
 * holds the two equal): `g:` and each piece of PIECE_LENGTH characters of search_text, `s:` and each specialty, and
 * one for a salesperson with a review a confirmed purchase backs.
 */
export const TERM = { piece: "g:", specialty: "s:", verifiedPurchase: "v:purchase" } as const;
export const PIECE_LENGTH = 3;

const REFRESH_MS = 10 * 60_000;
/**
 * Entries counted at most per term the statistics do not list: five times the bounded count's 1,001 matches,
 * so a rare piece is told from a common one, for a millisecond or two. Counting every term whole cost more than
 * the walks it chose between: up to 20,000 entries for each of the mixed benchmark's 400 name prefixes, in its
 * first minute at a million salespeople, took a tenth of a core and doubled the p99 of every kind of request.
 */
const COUNT_CAP = 5_000;
/** Terms whose counts are kept: the vocabulary's thousand, and room for pieces searched that no name has. */
const MAX_TERMS = 10_000;

export type TermCounts = {
  /**
   * How many entries each of `terms` has: the statistics' estimate for the commonest, a count up to COUNT_CAP
   * for the others. A term whose count could not be read is missing, and the browse walks as if nothing told
   * the terms apart.
   */
  of: (sql: Queryable, terms: readonly string[]) => Promise<ReadonlyMap<string, number>>;
};

export function createTermCounts(refreshMs = REFRESH_MS): TermCounts {
  const listed = createListedTerms(refreshMs);
  /** Counts read, oldest first; at most MAX_TERMS, so searches for made-up pieces cannot fill memory. */
  const known = new Map<string, { entries: number; at: number }>();
  /** Counts being read, so that browses asking for the same term at once read it once. */
  const reading = new Map<string, Promise<void>>();
  const read = (sql: Queryable, terms: string[]) => {
    const settled: Promise<void> = countEntries(sql, terms)
      .then(
        (counted) => {
          const at = Date.now();
          for (const [term, entries] of counted) {
            known.delete(term);
            known.set(term, { entries, at });
          }
          for (const term of known.keys()) {
            if (known.size <= MAX_TERMS) break;
            known.delete(term);
          }
        },
        // A count is a hint: a browse still answers without it, and the next one asks again.
        () => {},
      )
      .finally(() => {
        for (const term of terms) if (reading.get(term) === settled) reading.delete(term);
      });
    for (const term of terms) reading.set(term, settled);
  };
  return {
    async of(sql, allTerms) {
      const common = await listed.read(sql);
      const terms = allTerms.filter((term) => !common.has(term));
      const now = Date.now();
      const due = [...new Set(terms)].filter((term) => {
        const count = known.get(term);
        return (count === undefined || now - count.at >= refreshMs) && !reading.has(term);
      });
      if (due.length > 0) read(sql, due);
      // A term counted before is answered at once, while a newer count is read; one never counted waits for it.
      await Promise.all(terms.filter((term) => !known.has(term)).map((term) => reading.get(term)));
      const answer = new Map<string, number>();
      for (const term of allTerms) {
        const entries = common.get(term) ?? known.get(term)?.entries;
        if (entries !== undefined) answer.set(term, entries);
      }
      return answer;
    },
  };
}

/**
 * The commonest terms' entries, from the statistics: each listed share of the table's rows times its rows.
 * Read at most every `refreshMs`; until the first read, and after a failed one, none are listed.
 */
function createListedTerms(refreshMs: number) {
  let current: ReadonlyMap<string, number> = new Map();
  let readAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<ReadonlyMap<string, number>> | undefined;
  return {
    read(sql: Queryable): Promise<ReadonlyMap<string, number>> {
      if (Date.now() - readAt < refreshMs) return Promise.resolve(current);
      reading ??= readListed(sql)
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
      // Once there are statistics, a browse does not wait for newer ones.
      return readAt === Number.NEGATIVE_INFINITY ? reading : Promise.resolve(current);
    },
  };
}

async function readListed(sql: Queryable): Promise<ReadonlyMap<string, number>> {
  const [row] = await sql<{ terms: string[] | null; shares: number[] | null; rows: number }[]>`
    select s.most_common_vals::text::text[] as terms, s.most_common_freqs as shares, c.reltuples::float8 as rows
      from pg_stats s join pg_class c on c.oid = 'salesperson_terms'::regclass
     where s.schemaname = current_schema() and s.tablename = 'salesperson_terms' and s.attname = 'term'`;
  const shares = row?.shares ?? [];
  const rows = Math.max(0, row?.rows ?? 0);
  return new Map((row?.terms ?? []).map((term, i) => [term, Math.round((shares[i] ?? 0) * rows)]));
}

/** Each term's entries, up to COUNT_CAP, in one statement: one index-only walk of the term's entries each. */
async function countEntries(sql: Queryable, terms: string[]): Promise<Map<string, number>> {
  const rows = await sql<{ term: string; entries: number }[]>`
    select p.term, (select count(*)::int from (
             select 1 from salesperson_terms t where t.term = p.term limit ${COUNT_CAP}) walked) as entries
      from unnest(${terms}::text[]) as p(term)`;
  return new Map(rows.map((row) => [row.term, row.entries]));
}

/** The pieces of `search`, lower-cased as search_text is, by position (from 1, in characters). */
export function searchPieces(search: string): { at: number; term: string }[] {
  const chars = [...search.toLowerCase()];
  return Array.from({ length: Math.max(0, chars.length - PIECE_LENGTH + 1) }, (_, i) => ({
    at: i + 1,
    term: `${TERM.piece}${chars.slice(i, i + PIECE_LENGTH).join("")}`,
  }));
}

/**
 * The three-character piece of `search` to walk, by its position (from 1, in characters), with its entries:
 * the one with the fewest. Of pieces counted alike, or not counted, the first. Every piece of a search is in
 * the terms of every salesperson it matches, so walking any of them finds every match.
 */
export function rarestPiece(
  search: string,
  counts: ReadonlyMap<string, number>,
): { at: number; entries: number } {
  let rarest = { at: 1, entries: Number.POSITIVE_INFINITY };
  for (const { at, term } of searchPieces(search)) {
    const entries = counts.get(term) ?? Number.POSITIVE_INFINITY;
    if (at === 1 || entries < rarest.entries) rarest = { at, entries };
  }
  return rarest;
}

/**
 * The distinct three-character pieces of a search text, as it is stored (already lower-cased), leaving out
 * pieces across its lines, as salesperson_terms_of does: a name search walks the list of its rarest piece.
 */
export function piecesOf(text: string): Set<string> {
  const chars = [...text];
  const pieces = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) {
    const piece = chars[i]! + chars[i + 1]! + chars[i + 2]!;
    if (!piece.includes("\n")) pieces.add(piece);
  }
  return pieces;
}
