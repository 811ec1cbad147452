// A browse page answered from the browse index (browseIndex.ts) as its plan finds it (indexPlan.ts): the same
// matches, order, bounded total and cursor as the database's walks (browse.ts and browseNear.ts), found in
// memory, with the cards the index holds.
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import type { BrowseResult, BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { pageResult } from "./browseAnswer";
import { minimumRating } from "./browseConditions";
import { pageStart, type readCursor } from "./browseCursor";
import type { IndexData } from "./indexData";
import type { Filter, IndexPlan } from "./indexPlan";
import { EMPTY_LIST, type OrderedList } from "./orderedList";

type Order = "rating" | "pressure" | "soonest";
type Cursor = ReturnType<typeof readCursor>;

/** The stored cards of salespeople by id, in that order (undefined for one gone meanwhile). */
export type CardsOf = (ids: number[]) => Promise<(string | undefined)[]>;

/** Cards as one JSON array (a card gone meanwhile left out, as the database's page statements leave it). */
function cardsArray(cards: readonly (string | undefined)[]): string {
  return `[${cards.filter((card) => card !== undefined).join(",")}]`;
}

/** How many slots a walk takes at a time: few at first (a first page of a broad filter), more as it goes on. */
const FIRST_STRETCH = 64;
const LONGEST_STRETCH = 2_048;
const stretch = new Int32Array(LONGEST_STRETCH);

/**
 * The page `q` asks for, from `data`, as `plan` finds it (indexPlan), beside `knownMatches` (a bounded count the
 * browse cache keeps) or counting them.
 */
export async function indexPage(
  data: IndexData,
  { narrow, filters, narrowFilters, openBefore }: IndexPlan,
  cardsOf: CardsOf,
  q: BrowseSalespeopleQuery,
  knownMatches: number | undefined,
): Promise<BrowseResult> {
  const { cursor, window } = pageStart(q);
  const order: Order = q.sort === "pressure" ? "pressure" : q.sort === "soonest" ? "soonest" : "rating";
  // Every list the smallest is chosen from is in the rating order, where a minimum rating is a first stretch.
  const minimum = q.rating === undefined ? undefined : minimumRating(q.rating);
  const narrowEnd = minimum === undefined ? narrow.size : narrow.seek((slot) => data.rating[slot]! < minimum);
  const isAfter = cursor ? afterCursor(data, order, cursor) : undefined;
  let page: number[];
  let matches: number;
  const own =
    order === "rating"
      ? narrow
      : order === "pressure"
        ? data.allByPressure
        : q.city
          ? (data.soonestByCity.get(q.city.toLowerCase()) ?? EMPTY_LIST)
          : data.allBySoonest;
  // Sorting every match costs a filtering of the whole smallest list; walking the order's own list costs about
  // as many of its entries as hold the page and the count, if the matches are spread through it as through the
  // market. The cheaper is taken.
  const wanted = knownMatches === undefined ? BROWSE_TOTAL_LIMIT + 1 : window.offset + window.pageSize;
  if (order !== "rating" && narrowEnd < (wanted * own.size) / Math.max(1, narrowEnd)) {
    // Every match, sorted.
    const all = walk(
      narrow,
      narrowFilters,
      { offset: 0, pageSize: Number.POSITIVE_INFINITY },
      0,
      narrowEnd,
      false,
    ).page;
    matches = all.length;
    const before = order === "pressure" ? data.byPressure : data.bySoonest;
    all.sort((a, b) => (before(a, b) ? -1 : 1));
    const from = isAfter ? all.filter(isAfter) : all;
    page = from.slice(window.offset, window.offset + window.pageSize);
  } else {
    const countHere = knownMatches === undefined && !isAfter;
    // Soonest first, those whose next open time is past an availability filter's spans end the walk.
    const end =
      own === narrow
        ? narrowEnd
        : order === "soonest" && openBefore < Number.POSITIVE_INFINITY
          ? own.seek((slot) => data.soonest[slot]! >= openBefore)
          : own.size;
    const walked = walk(
      own,
      own === narrow ? narrowFilters : filters,
      window,
      isAfter ? own.seek(isAfter) : 0,
      end,
      countHere,
    );
    page = walked.page;
    // After a cursor the total is still the whole filter's: counted along the smallest list.
    matches =
      knownMatches ??
      (countHere
        ? walked.seen
        : walk(narrow, narrowFilters, { offset: 0, pageSize: 0 }, 0, narrowEnd, true).seen);
  }
  const last = page.at(-1);
  return pageResult(
    q,
    {
      matches: Math.min(matches, BROWSE_TOTAL_LIMIT + 1),
      items: cardsArray(await cardsOf(page.map((slot) => data.id[slot]!))),
      rows: page.length,
      last: last === undefined ? null : placeOf(data, order, last),
    },
    window.pageSize,
  );
}

/**
 * The matches of a list from `start` to `end`: the page after `offset` of them, and how many were seen, counting
 * on to BROWSE_TOTAL_LIMIT + 1 when `count` (from the start of the list only).
 */
function walk(
  list: OrderedList,
  filters: readonly Filter[],
  window: { offset: number; pageSize: number },
  start: number,
  end: number,
  count: boolean,
) {
  const page: number[] = [];
  const slots = list.slots;
  let seen = 0;
  let length = FIRST_STRETCH;
  for (let at = start; at < end; at += length, length = Math.min(length * 2, LONGEST_STRETCH)) {
    const stop = Math.min(at + length, end);
    stretch.set(slots.subarray(at, stop));
    let n = stop - at;
    for (const filter of filters) if (n > 0) n = filter(stretch, n);
    for (let k = 0; k < n; k++) {
      if (seen >= window.offset && page.length < window.pageSize) page.push(stretch[k]!);
      seen++;
      if (page.length === window.pageSize && (!count || seen > BROWSE_TOTAL_LIMIT)) return { page, seen };
    }
  }
  return { page, seen };
}

/** Whether a slot comes after the cursor's place in `order` (true from some place of the order's lists on). */
function afterCursor(data: IndexData, order: Order, cursor: Cursor): (slot: number) => boolean {
  const id = cursor.id;
  if (order === "soonest") {
    const at = cursor.value === "x" ? Number.POSITIVE_INFINITY : Number(cursor.value);
    return (slot) => data.soonest[slot]! > at || (data.soonest[slot] === at && data.id[slot]! > id);
  }
  const values = order === "rating" ? data.rating : data.pressure;
  const value = Number(cursor.value);
  const reviews = cursor.reviews;
  return (slot) =>
    values[slot]! < value ||
    (values[slot] === value &&
      (data.reviews[slot]! < reviews || (data.reviews[slot] === reviews && data.id[slot]! > id)));
}

/** A slot's place in `order`, as the database's page statements write it for a cursor (browseCursor.ts). */
function placeOf(data: IndexData, order: Order, slot: number): string {
  if (order === "soonest") {
    const at = data.soonest[slot]!;
    return `${at === Number.POSITIVE_INFINITY ? "x" : Math.round(at)}_${data.id[slot]}`;
  }
  const value = order === "rating" ? data.ratingText[slot] : data.pressureText[slot];
  return `${value}_${data.reviews[slot]}_${data.id[slot]}`;
}

/**
 * A dealership within a browse's radius, as the database measures it (browseNear.ts): its distance in metres,
 * as a number and as the database writes it (a cursor carries the text), and in miles to one decimal as the
 * card shows it.
 */
export type NearDealership = { id: number; distance: number; distanceText: string; miles: string };

/**
 * A page near a place, from `data`: the listed salespeople of `dealerships` (those within the radius) that
 * `plan`'s filters keep, in the page's order, with their distance on each card; the same answer as the
 * database's distance walk (browseNear.ts). Nearest first orders by the dealership's distance, then the rating
 * order.
 */
export async function nearPage(
  data: IndexData,
  { filters }: IndexPlan,
  dealerships: readonly NearDealership[],
  cardsOf: CardsOf,
  q: BrowseSalespeopleQuery,
  knownMatches: number | undefined,
): Promise<BrowseResult> {
  const { cursor, window } = pageStart(q);
  const byDistance = q.sort === "distance";
  const order: Order = q.sort === "pressure" ? "pressure" : q.sort === "soonest" ? "soonest" : "rating";
  const afterPlace = cursor ? afterCursor(data, order, cursor) : undefined;
  const cursorDistance = Number(cursor?.distance ?? "0");
  let matches = knownMatches;
  if (matches === undefined) {
    // The bounded count: each dealership's matches, until past the bound.
    matches = 0;
    for (const dealership of dealerships) {
      const list = data.byDealership.get(dealership.id);
      if (list) matches += walk(list, filters, { offset: 0, pageSize: 0 }, 0, list.size, true).seen;
      if (matches > BROWSE_TOTAL_LIMIT) break;
    }
  }
  let from: { slot: number; at: NearDealership }[];
  if (order === "rating") {
    // Each dealership's list is in the rating order: the page is a merge of the first matches of each (after
    // the cursor's place), nearest first a merge of each distance's dealerships in turn.
    const reach = window.offset + window.pageSize;
    const runs: { slots: number[]; at: NearDealership }[] = [];
    for (const dealership of dealerships) {
      if (byDistance && cursor && dealership.distance < cursorDistance) continue;
      const list = data.byDealership.get(dealership.id);
      if (!list) continue;
      const start =
        afterPlace && (!byDistance || dealership.distance === cursorDistance) ? list.seek(afterPlace) : 0;
      const slots = walk(list, filters, { offset: 0, pageSize: reach }, start, list.size, false).page;
      if (slots.length > 0) runs.push({ slots, at: dealership });
    }
    from = [];
    if (byDistance)
      for (let i = 0; i < runs.length && from.length < reach; ) {
        let j = i + 1;
        while (j < runs.length && runs[j]!.at.distance === runs[i]!.at.distance) j++;
        from.push(...merged(runs.slice(i, j), data.byRating, reach - from.length));
        i = j;
      }
    else from = merged(runs, data.byRating, reach);
  } else {
    // Another order than the lists': every match, sorted.
    const every = { offset: 0, pageSize: Number.POSITIVE_INFINITY };
    from = [];
    for (const dealership of dealerships) {
      const list = data.byDealership.get(dealership.id);
      if (list)
        for (const slot of walk(list, filters, every, 0, list.size, false).page)
          from.push({ slot, at: dealership });
    }
    const before = order === "pressure" ? data.byPressure : data.bySoonest;
    from.sort((a, b) => (before(a.slot, b.slot) ? -1 : 1));
    if (afterPlace) from = from.filter(({ slot }) => afterPlace(slot));
  }
  const page = from.slice(window.offset, window.offset + window.pageSize);
  const cards = await cardsOf(page.map(({ slot }) => data.id[slot]!));
  const last = page.at(-1);
  return pageResult(
    q,
    {
      matches: Math.min(matches, BROWSE_TOTAL_LIMIT + 1),
      items: cardsArray(
        cards.map((card, i) => card && `${card.slice(0, -1)},"distanceMiles":${page[i]!.at.miles}}`),
      ),
      rows: page.length,
      last:
        last === undefined
          ? null
          : `${byDistance ? `${last.at.distanceText}_` : ""}${placeOf(data, order, last.slot)}`,
    },
    window.pageSize,
  );
}

/** The first `take` slots of runs each in `before`'s order, merged in that order, each with its run's place. */
function merged<T>(
  runs: readonly { slots: readonly number[]; at: T }[],
  before: (a: number, b: number) => boolean,
  take: number,
): { slot: number; at: T }[] {
  const out: { slot: number; at: T }[] = [];
  const next = runs.map(() => 0);
  const head = (run: number) => runs[run]!.slots[next[run]!]!;
  // A binary heap of the runs not yet used up, by their next slot.
  const heap: number[] = [];
  const less = (a: number, b: number) => before(head(heap[a]!), head(heap[b]!));
  const swap = (a: number, b: number) => {
    const kept = heap[a]!;
    heap[a] = heap[b]!;
    heap[b] = kept;
  };
  const down = (from: number) => {
    for (let at = from; ; ) {
      const left = 2 * at + 1;
      const right = left + 1;
      let least = at;
      if (left < heap.length && less(left, least)) least = left;
      if (right < heap.length && less(right, least)) least = right;
      if (least === at) return;
      swap(at, least);
      at = least;
    }
  };
  for (let run = 0; run < runs.length; run++) if (runs[run]!.slots.length > 0) heap.push(run);
  for (let at = (heap.length >> 1) - 1; at >= 0; at--) down(at);
  while (out.length < take && heap.length > 0) {
    const run = heap[0]!;
    out.push({ slot: head(run), at: runs[run]!.at });
    next[run]!++;
    if (next[run]! >= runs[run]!.slots.length) {
      heap[0] = heap[heap.length - 1]!;
      heap.pop();
    }
    down(0);
  }
  return out;
}
