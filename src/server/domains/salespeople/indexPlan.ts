// How the browse index finds a browse (browseIndexPage.ts pages it): whether the index holds its filters, the
// cheapest list in the rating order that holds its matches, and its filters as tight loops over one column each,
// cheapest first, availability last.

import type { BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { isIsoDate } from "../../../shared/time";
import { type AvailabilityWindows, availabilityWindows } from "./availabilityWindows";
import { canonicalSpecialty, dealershipIdOf, minimumRating } from "./browseConditions";
import { type IndexData, statusCode } from "./indexData";
import { EMPTY_LIST, type OrderedList } from "./orderedList";
import { PIECE_LENGTH, searchPieces, TERM } from "./termCounts";

const PLAIN = /^[\x20-\x7e]+$/;

/** Whether the index holds every filter of `q`. */
export function indexHolds(q: BrowseSalespeopleQuery): boolean {
  return (
    q.certification === undefined &&
    (q.dealership === undefined || dealershipIdOf(q.dealership) !== undefined) &&
    (q.search === undefined || PLAIN.test(q.search)) &&
    (q.city === undefined || PLAIN.test(q.city))
  );
}

/**
 * One filter of a browse over a stretch of slots: keeps those that match at the front of `slots` (the first `n`)
 * and says how many. A walk runs each filter over a stretch at a time, cheapest first, each a tight loop over
 * one column, rather than every filter over each slot in turn.
 */
export type Filter = (slots: Int32Array, n: number) => number;

/**
 * How a browse is found in the index: the list that holds its matches, the filters that pick them out, and with
 * an availability filter the latest end of its spans (nobody whose next open time is later matches).
 */
export type IndexPlan = { narrow: OrderedList; filters: Filter[]; openBefore: number };

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
  if (q.city) offered.push(data.byCity.get(q.city.toLowerCase()) ?? EMPTY_LIST);
  if (q.dealership) offered.push(data.byDealership.get(Number(q.dealership)) ?? EMPTY_LIST);
  if (q.specialty) offered.push(data.bySpecialty.get(canonicalSpecialty(q.specialty)) ?? EMPTY_LIST);
  if (q.verifiedPurchases) offered.push(data.verifiedList);
  const others = offered.length;
  // A search's pieces as the terms have them, without the terms' prefix (the index's lists are by piece).
  const pieces = q.search === undefined ? [] : searchPieces(q.search);
  for (const { term } of pieces) offered.push(data.byPiece.get(term.slice(TERM.piece.length)) ?? EMPTY_LIST);
  const onePiece = pieces.length === 1;
  const cost = (i: number) =>
    offered[i]!.size * (q.search === undefined || (i >= others && onePiece) ? 1 : TEXT_COST);
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
  const narrow = nearPlaceGiven(q) ? { list: EMPTY_LIST, isSearch: false } : narrowest(data, q);
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
  if (q.search !== undefined && !(narrow.isSearch && [...q.search].length === PIECE_LENGTH)) {
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

function nearPlaceGiven(q: BrowseSalespeopleQuery): boolean {
  return q.zip !== undefined || q.lat !== undefined || q.lng !== undefined;
}
