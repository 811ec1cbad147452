// A browse page answered from the browse index (browseIndex.ts): the same matches, order, bounded total and
// cursor as the database's walks (browse.ts and browseNear.ts), found in memory, with the cards the index holds.
// What it does not hold (a certification, a dealership by its name, a search or city beyond plain ASCII, whose
// lower-casing the database decides) is left to the walks.
import { BROWSE_TOTAL_LIMIT } from "../../../shared/constants";
import { ID_MAX } from "../../../shared/schemas/common";
import type { BrowseResult, BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { isIsoDate } from "../../../shared/time";
import { type AvailabilityWindows, availabilityWindows } from "./availabilityWindows";
import { pageResult } from "./browseAnswer";
import { canonicalSpecialty, minimumRating } from "./browseConditions";
import { pageStart, type readCursor } from "./browseCursor";
import { type IndexData, statusCode } from "./browseIndex";
import { OrderedList } from "./orderedList";

const PLAIN = /^[\x20-\x7e]+$/;
const EMPTY = new OrderedList(() => false);

/** Whether the index holds every filter of `q`. */
export function indexHolds(q: BrowseSalespeopleQuery): boolean {
  return (
    q.certification === undefined &&
    (q.dealership === undefined || dealershipId(q.dealership) !== undefined) &&
    (q.search === undefined || PLAIN.test(q.search)) &&
    (q.city === undefined || PLAIN.test(q.city))
  );
}

function dealershipId(value: string): number | undefined {
  return /^\d{1,10}$/.test(value) && Number(value) <= ID_MAX ? Number(value) : undefined;
}

type Order = "rating" | "pressure" | "soonest";
type Cursor = ReturnType<typeof readCursor>;

/** The stored cards of salespeople by id, in that order (undefined for one gone meanwhile). */
export type CardsOf = (ids: number[]) => Promise<(string | undefined)[]>;

/** Cards as one JSON array (a card gone meanwhile left out, as the database's page statements leave it). */
function cardsArray(cards: readonly (string | undefined)[]): string {
  return `[${cards.filter((card) => card !== undefined).join(",")}]`;
}

/**
 * One filter of a browse over a stretch of slots: keeps those that match at the front of `slots` (the first `n`)
 * and says how many. A walk runs each filter over a stretch at a time, cheapest first, each a tight loop over
 * one column, rather than every filter over each slot in turn.
 */
export type Filter = (slots: Int32Array, n: number) => number;

/** How many slots a walk takes at a time: few at first (a first page of a broad filter), more as it goes on. */
const FIRST_STRETCH = 64;
const LONGEST_STRETCH = 2_048;
const stretch = new Int32Array(LONGEST_STRETCH);

/**
 * How a browse is found in the index: the list that holds its matches, the filters that pick them out, and with
 * an availability filter the latest end of its spans (nobody whose next open time is later matches).
 */
export type IndexPlan = { narrow: OrderedList; filters: Filter[]; openBefore: number };

/**
 * The page `q` asks for, from `data`, as `plan` finds it (indexPlan), beside `knownMatches` (a bounded count the
 * browse cache keeps) or counting them.
 */
export async function indexPage(
  data: IndexData,
  { narrow, filters, openBefore }: IndexPlan,
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
          ? (data.soonestByCity.get(q.city.toLowerCase()) ?? EMPTY)
          : data.allBySoonest;
  // Sorting every match costs a filtering of the whole smallest list; walking the order's own list costs about
  // as many of its entries as hold the page and the count, if the matches are spread through it as through the
  // market. The cheaper is taken.
  const wanted = knownMatches === undefined ? BROWSE_TOTAL_LIMIT + 1 : window.offset + window.pageSize;
  if (order !== "rating" && narrowEnd < (wanted * own.size) / Math.max(1, narrowEnd)) {
    // Every match, sorted.
    const all = walk(
      narrow,
      filters,
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
    const walked = walk(own, filters, window, isAfter ? own.seek(isAfter) : 0, end, countHere);
    page = walked.page;
    // After a cursor the total is still the whole filter's: counted along the smallest list.
    matches =
      knownMatches ??
      (countHere ? walked.seen : walk(narrow, filters, { offset: 0, pageSize: 0 }, 0, narrowEnd, true).seen);
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

/**
 * Reading a salesperson's search text for a search costs about this many times what comparing a number does: a
 * list a text search must be read along costs that much more per entry.
 */
const TEXT_COST = 30;

/**
 * The cheapest list, in the rating order, that holds every match: a city's, a dealership's, a specialty's, the
 * verified purchases', or a name search's piece (every match has each of its pieces), else everyone. Each is as
 * long as it holds; along any but a search of exactly one piece's own list, each entry's text is read too.
 */
function narrowest(data: IndexData, q: BrowseSalespeopleQuery): { list: OrderedList; isSearch: boolean } {
  const offered: OrderedList[] = [data.all];
  if (q.city) offered.push(data.byCity.get(q.city.toLowerCase()) ?? EMPTY);
  if (q.dealership) offered.push(data.byDealership.get(Number(q.dealership)) ?? EMPTY);
  if (q.specialty) offered.push(data.bySpecialty.get(canonicalSpecialty(q.specialty)) ?? EMPTY);
  if (q.verifiedPurchases) offered.push(data.verifiedList);
  const others = offered.length;
  const chars = q.search === undefined ? [] : [...q.search.toLowerCase()];
  for (let i = 0; i + 3 <= chars.length; i++)
    offered.push(data.byPiece.get(chars[i]! + chars[i + 1]! + chars[i + 2]!) ?? EMPTY);
  const cost = (i: number) =>
    offered[i]!.size * (q.search === undefined || (i >= others && chars.length === 3) ? 1 : TEXT_COST);
  let cheapest = 0;
  for (let i = 1; i < offered.length; i++) if (cost(i) < cost(cheapest)) cheapest = i;
  return { list: offered[cheapest]!, isSearch: cheapest >= others };
}

/** Keeps the slots whose value in `column` is at least `least`. */
const atLeast =
  (column: Float64Array | Int32Array, least: number): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) if (column[slots[i]!]! >= least) slots[kept++] = slots[i]!;
    return kept;
  };

/** Keeps the slots whose value in `column` is `value`. */
const equalTo =
  (column: Int32Array | Uint8Array, value: number): Filter =>
  (slots, n) => {
    let kept = 0;
    for (let i = 0; i < n; i++) if (column[slots[i]!] === value) slots[kept++] = slots[i]!;
    return kept;
  };

/**
 * How the index finds `q` as of `now`: the shortest list holding its matches, and its filters, cheapest first;
 * null when its availability filter cannot be decided here (a zone on a day its clocks change, which the
 * database works out).
 */
export function indexPlan(data: IndexData, q: BrowseSalespeopleQuery, now: Date): IndexPlan | null {
  // Near a place, the walk is the nearby dealerships' lists (nearPage), never a search piece's.
  const narrow = nearPlaceGiven(q) ? { list: EMPTY, isSearch: false } : narrowest(data, q);
  const filters: Filter[] = [];
  let openBefore = Number.POSITIVE_INFINITY;
  if (q.rating !== undefined) filters.push(atLeast(data.rating, minimumRating(q.rating)));
  if (q.yearsOfExperience !== undefined) filters.push(atLeast(data.years, q.yearsOfExperience));
  if (q.minPressure !== undefined) filters.push(atLeast(data.pressure, q.minPressure));
  if (q.status !== undefined) filters.push(equalTo(data.status, statusCode(q.status)));
  if (q.dealership !== undefined) filters.push(equalTo(data.dealership, Number(q.dealership)));
  if (q.verifiedPurchases) filters.push(equalTo(data.verified, 1));
  if (q.city !== undefined)
    filters.push(equalTo(data.cityCode, data.cityCodes.get(q.city.toLowerCase()) ?? -1));
  if (q.specialty !== undefined) {
    const specialty = canonicalSpecialty(q.specialty);
    const bit = data.specialtyBits.get(specialty);
    filters.push(
      bit === undefined
        ? (slots, n) => {
            let kept = 0;
            for (let i = 0; i < n; i++)
              if (data.specialties[slots[i]!]!.includes(specialty)) slots[kept++] = slots[i]!;
            return kept;
          }
        : (slots, n) => {
            const masks = data.specialtyMask;
            const mask = 1 << bit;
            let kept = 0;
            for (let i = 0; i < n; i++) if (masks[slots[i]!]! & mask) slots[kept++] = slots[i]!;
            return kept;
          },
    );
  }
  // A search of three characters is its own piece: that piece's list holds only its matches.
  if (q.search !== undefined && !(narrow.isSearch && [...q.search].length === 3)) {
    const search = q.search.toLowerCase();
    filters.push((slots, n) => {
      const texts = data.search;
      let kept = 0;
      for (let i = 0; i < n; i++) if (texts[slots[i]!]!.includes(search)) slots[kept++] = slots[i]!;
      return kept;
    });
  }
  if (q.available) {
    const spans = spansFor(data, q.available, now);
    if (!spans) return null;
    filters.push(...openFilters(spans, data, q.available, now));
    openBefore = spans.latestEnd;
  }
  return { narrow: narrow.list, filters, openBefore };
}

/** The spans of availabilityWindows' zones in milliseconds, by zone: kept with the windows, for the minute. */
const spansOfWindows = new WeakMap<AvailabilityWindows, Map<string, [number, number]>>();

/**
 * The span `available` names in each zone of the index, as [start, end] by zone number, and the latest end;
 * null when a zone someone keeps times in has no span worked out (a day its clocks change).
 */
function spansFor(data: IndexData, available: string, now: Date) {
  const windows = availabilityWindows(available, now);
  let spans = spansOfWindows.get(windows);
  if (!spans) {
    spans = new Map(
      windows.zones.map((zone, i) => [zone, [Date.parse(windows.starts[i]!), Date.parse(windows.ends[i]!)]]),
    );
    spansOfWindows.set(windows, spans);
  }
  const byCode = new Float64Array(2 * data.zoneCodes.size).fill(Number.NaN);
  let latestEnd = Number.NEGATIVE_INFINITY;
  for (const [zone, code] of data.zoneCodes) {
    const span = spans.get(zone);
    if (!span) {
      if (zone !== "" && data.zones.has(zone)) return null;
      continue;
    }
    byCode[2 * code] = span[0];
    byCode[2 * code + 1] = span[1];
    latestEnd = Math.max(latestEnd, span[1]);
  }
  return { byCode, latestEnd };
}

/**
 * Keeps the salespeople with an open time in the span `available` names in their zone, outside their notice: a
 * run of their kept open times reaches into it (as the database's availability filter decides,
 * browseConditions.ts). Those whose next open time is past every span's end are passed over first: their
 * times cannot reach into one.
 */
function openFilters(
  spans: NonNullable<ReturnType<typeof spansFor>>,
  data: IndexData,
  available: string,
  now: Date,
): Filter[] {
  const { byCode, latestEnd } = spans;
  const at = now.getTime();
  // A date (not today, nor the weekend, whose first day differs by zone) is the same date in every zone.
  const day = isIsoDate(available) ? Date.parse(`${available}T00:00:00Z`) / 86_400_000 : -1;
  const soonEnough: Filter = (slots, n) => {
    const soonest = data.soonest;
    let kept = 0;
    for (let i = 0; i < n; i++) if (soonest[slots[i]!]! < latestEnd) slots[kept++] = slots[i]!;
    return kept;
  };
  const open: Filter = (slots, n) => {
    const { runPool, runAt, runCount, zoneCode, notice, openDays, openDayBase } = data;
    let kept = 0;
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      const count = runCount[slot]!;
      const code = zoneCode[slot]!;
      const hi = byCode[2 * code + 1]!;
      // No runs, or a zone without a span (NaN): not open.
      if (count === 0 || Number.isNaN(hi)) continue;
      const start = byCode[2 * code]!;
      const notBefore = at + notice[slot]! * 60_000;
      // The whole date is open to booking: whether a run lies on it.
      if (day >= 0 && notBefore <= start && openDayBase[slot]! >= 0) {
        const bit = day - openDayBase[slot]!;
        if (bit >= 0 && bit < 32 && (openDays[slot]! >>> bit) & 1) slots[kept++] = slot;
        continue;
      }
      const lo = Math.max(start, notBefore);
      if (lo >= hi) continue;
      // The first run that ends at or after lo (runs are in order), then whether it starts before hi.
      const from = runAt[slot]!;
      let first = 0;
      let last = count;
      while (first < last) {
        const mid = (first + last) >>> 1;
        if (runPool[from + 2 * mid + 1]! < lo) first = mid + 1;
        else last = mid;
      }
      if (first < count && runPool[from + 2 * first]! < hi) slots[kept++] = slot;
    }
    return kept;
  };
  return [soonEnough, open];
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

function nearPlaceGiven(q: BrowseSalespeopleQuery): boolean {
  return q.zip !== undefined || q.lat !== undefined || q.lng !== undefined;
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
