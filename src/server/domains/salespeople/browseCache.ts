// What browse keeps in memory for a few seconds (docs/decisions/003-browse-performance.md, 4): whole answers by
// their filter and page, and the bounded count of matches by the filter alone, so a visitor paging through one
// filter has it counted once. A write that changes what browse shows clears both (`clear`). Beside them, how
// many entries each browse term has (termCounts.ts), which a write does not change enough to matter.
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import type { BrowseResult } from "../../../shared/schemas/salespeople";
import { createTtlCache, type TtlCache } from "../../cache";
import type { BrowseIndex } from "./browseIndex";
import type { NearDealership } from "./browseIndexPage";
import { createTermCounts, type TermCounts } from "./termCounts";

export type BrowseCache = {
  /** Answers, by their whole input. */
  pages: TtlCache<BrowseResult>;
  /**
   * Matches counted up to BROWSE_TOTAL_LIMIT + 1, by the input without its page and order: an exact count for
   * the TTL, a count that reached the bound (shown as "1,000+") for BOUNDED_TOTAL_TTLS of them.
   */
  totals: TtlCache<number>;
  /** How many entries each term of salesperson_terms has, for choosing the term a browse walks. */
  terms: TermCounts;
  /**
   * The dealerships within a radius of a place, by the place and radius, for the index's browses near it: the
   * dealerships' addresses change far less often than the TTL.
   */
  dealershipsNear: TtlCache<readonly NearDealership[]>;
  /** Every listed salesperson, followed as they change (browseIndex.ts); null where browse reads the database only. */
  index: BrowseIndex | null;
  /** A write changed what browse shows: answers kept are dropped, and the next browse sees the write. */
  clear: () => void;
};

/**
 * How many TTLs a count that reached BROWSE_TOTAL_LIMIT + 1 is kept (a minute with the default 5 s). Such a
 * count is answered as the bound, marked inexact ("1,000+"), and stays true while more than the bound match,
 * which a filter that broad rarely stops doing within a minute; a write clears this instance's at once, and
 * another instance's is at most that old. Counting it again walks all 1,001 index entries of the bound: most of
 * a miss's database time in the long tail (docs/decisions/003-browse-performance.md, 4).
 */
export const BOUNDED_TOTAL_TTLS = 12;

export function createBrowseCache(options: {
  ttlMs: number;
  maxEntries: number;
  index?: BrowseIndex;
}): BrowseCache {
  const pages = createTtlCache<BrowseResult>({ ...options, admitOnRepeat: true });
  // A count is a number: cheap to hold for every filter asked for, and it is refreshed, not served stale, so
  // an exact total beside a page is never older than the TTL.
  const totals = createTtlCache<number>({
    ttlMs: options.ttlMs,
    maxEntries: 10 * options.maxEntries,
    serveStale: false,
    ttlFor: (matches) => (matches > BROWSE_TOTAL_LIMIT ? BOUNDED_TOTAL_TTLS * options.ttlMs : options.ttlMs),
  });
  const dealershipsNear = createTtlCache<readonly NearDealership[]>({
    ttlMs: options.ttlMs,
    maxEntries: options.maxEntries,
  });
  return {
    pages,
    totals,
    terms: createTermCounts(),
    dealershipsNear,
    index: options.index ?? null,
    clear() {
      pages.clear();
      totals.clear();
      dealershipsNear.clear();
      options.index?.markStale();
    },
  };
}
