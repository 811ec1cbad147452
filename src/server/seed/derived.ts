// What the seed derives from the rows it wrote, in one pass at the end (demo.ts, writeAll): browse's terms
// (drizzle/0019), cards (drizzle/0031) and open times (drizzle/0061). Kept row by row, every salesperson's would
// be rewritten at each step that touches them.
import type { Queryable } from "../db/client";
import { refreshAllOpenings } from "../domains/appointments/openings";
import { withIndexesAndKeysAfter } from "./writtenInBulk";

/** Derives browse's terms, cards and open times in the seed's transaction, logging each step's time. */
export async function deriveBrowseData(tx: Queryable, log: (line: string) => void): Promise<void> {
  let started = Date.now();
  const lap = (what: string) => {
    log(`seed: ${what} (${Date.now() - started} ms)`);
    started = Date.now();
  };
  // Their indexes are built after their rows are written (writtenInBulk.ts): at 106,920 salespeople the terms
  // took 24 s instead of 30, their indexes 821 MB instead of 1,001.
  await withIndexesAndKeysAfter(tx, ["salesperson_terms"], () => tx`select rebuild_salesperson_terms()`);
  lap("browse terms derived");
  await tx`select rebuild_salesperson_cards()`;
  lap("browse cards derived");
  // From the visits just written.
  await withIndexesAndKeysAfter(tx, ["salesperson_openings"], () => refreshAllOpenings(tx));
  lap("open times derived");
}
