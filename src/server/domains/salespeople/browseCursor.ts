// Browse's cursors (docs/api-paging.md): where a page of the walk ended, as BROWSE_CURSOR_PATTERN writes it,
// the order it pages, then the last card's sort value, reviews and id (after its distance in metres, for the
// distance order). browsePage (browse.ts) and browseNearPage (browseNear.ts) read the place from their page's
// last row and start the next page after it.
import { BROWSE_PAGE_SIZE } from "../../../shared/constants";
import type { BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { appError } from "../../appError";
import { pageWindow } from "../../db/search";

/**
 * The order a cursor pages, its first letter: `r` the rating order, `p` low pressure first, `d` nearest first,
 * `s` soonest available first.
 */
function cursorOrder(q: BrowseSalespeopleQuery): "r" | "p" | "d" | "s" {
  return q.sort === "pressure" ? "p" : q.sort === "distance" ? "d" : q.sort === "soonest" ? "s" : "r";
}

/** The cursor of a place in the walk (`value_reviews_id`, as the page statement writes its last row). */
export function cursorAt(q: BrowseSalespeopleQuery, place: string): string {
  return `${cursorOrder(q)}${place}`;
}

/**
 * The place in the walk a cursor names. A cursor pages on from where it was given: not beside an offset or a
 * page past the first, nor in another order than its own. `distance` is the last card's distance in metres, as
 * PostgreSQL wrote it (the shortest text that reads back as the same float8), for the distance order only.
 */
export function readCursor(q: BrowseSalespeopleQuery, after: string) {
  if ((q.offset ?? 0) > 0 || q.page > 1)
    throw appError("BAD_REQUEST", "Give after or offset (or page), not both", "CURSOR_WITH_OFFSET");
  if (after[0] !== cursorOrder(q))
    throw appError("BAD_REQUEST", "after is a cursor of another sort order", "CURSOR_OTHER_ORDER");
  const parts = after.slice(1).split("_");
  const distance = after[0] === "d" ? parts.shift() : undefined;
  if (after[0] === "s") parts.splice(1, 0, "0");
  const [value = "0", reviews, id] = parts;
  return { distance, value, reviews: Number(reviews), id: Number(id) };
}

/**
 * Where a browse's page starts: after its cursor (then a first page of its size), or at its offset or page.
 */
export function pageStart(q: BrowseSalespeopleQuery) {
  const cursor = q.after === undefined ? undefined : readCursor(q, q.after);
  const window = cursor
    ? { ...pageWindow(q, BROWSE_PAGE_SIZE), page: 1, offset: 0 }
    : pageWindow(q, BROWSE_PAGE_SIZE);
  return { cursor, window };
}
