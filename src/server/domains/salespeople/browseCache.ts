// What browse keeps in memory for a few seconds (docs/decisions/003-browse-performance.md, 4): whole answers by
// their filter and page, and the bounded count of matches by the filter alone, so a visitor paging through one
// filter has it counted once. A write that changes what browse shows clears both (`clear`). Beside them, how
// many entries each browse term has (termCounts.ts), which a write does not change enough to matter.
import type { BrowseResult } from "../../../shared/schemas/salespeople";
import { createTtlCache, type TtlCache } from "../../cache";
import { createTermCounts, type TermCounts } from "./termCounts";

export type BrowseCache = {
  /** Answers, by their whole input. */
  pages: TtlCache<BrowseResult>;
  /** Matches counted up to BROWSE_TOTAL_LIMIT + 1, by the input without its page and order. */
  totals: TtlCache<number>;
  /** How many entries each term of salesperson_terms has, for choosing the term a browse walks. */
  terms: TermCounts;
  clear: () => void;
};

export function createBrowseCache(options: { ttlMs: number; maxEntries: number }): BrowseCache {
  const pages = createTtlCache<BrowseResult>({ ...options, admitOnRepeat: true });
  // A count is a number: cheap to hold for every filter asked for, and it is refreshed, not served stale, so
  // the total beside a page is never older than the TTL.
  const totals = createTtlCache<number>({
    ttlMs: options.ttlMs,
    maxEntries: 10 * options.maxEntries,
    serveStale: false,
  });
  return {
    pages,
    totals,
    terms: createTermCounts(),
    clear() {
      pages.clear();
      totals.clear();
    },
  };
}
