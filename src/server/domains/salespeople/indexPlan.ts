// How the browse index finds a browse (browseIndexPage.ts pages it): whether the index holds its filters, the
// cheapest list in the rating order that holds its matches, and its filters as tight loops over one column each,
// cheapest first, availability last.

import type { BrowseSalespeopleQuery } from "../../../shared/schemas/salespeople";
import { type AvailabilityWindows, availabilityWindows } from "./availabilityWindows";
import { canonicalSpecialty, dealershipIdOf, minimumRating } from "./browseConditions";
import { type IndexData, statusCode } from "./indexData";
import { openFilter } from "./openTimes";
import { EMPTY_LIST, type OrderedList } from "./orderedList";
import { searchPieces, TERM } from "./termCounts";

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
 * How a browse is found in the index: the list that holds its matches, the filters that pick them out of any
 * list (`filters`) and those that pick them out of that list (`narrowFilters`: without the one the list answers
 * by itself, a city's for the city's list), and with an availability filter the latest end of its spans (nobody
 * whose next open time is later matches).
 */
export type IndexPlan = {
  narrow: OrderedList;
  filters: Filter[];
  narrowFilters: Filter[];
  openBefore: number;
};

/** The filter a list answers by itself (every entry of the city's list is in the city), if any. */
type Answers = "city" | "dealership" | "specialty" | "verifiedPurchases" | "search" | null;

/**
 * Reading a salesperson's search text for a search costs about this many times what comparing a number does: a
 * list a text search must be read along costs that much more per entry.
 */
const TEXT_COST = 30;

/**
 * The cheapest list, in the rating order, that holds every match: a city's, a dealership's, a specialty's, the
 * verified purchases', or a name search's piece (every match has each of its pieces), else everyone; with the
 * filter it answers. Each is as long as it holds; along any but a search of exactly one piece's own list (which
 * answers the search), each entry's text is read too.
 */
function narrowest(data: IndexData, q: BrowseSalespeopleQuery): { list: OrderedList; answers: Answers } {
  const offered: { list: OrderedList; answers: Answers }[] = [{ list: data.all, answers: null }];
  if (q.city) offered.push({ list: data.byCity.get(q.city.toLowerCase()) ?? EMPTY_LIST, answers: "city" });
  if (q.dealership)
    offered.push({ list: data.byDealership.get(Number(q.dealership)) ?? EMPTY_LIST, answers: "dealership" });
  if (q.specialty)
    offered.push({
      list: data.bySpecialty.get(canonicalSpecialty(q.specialty)) ?? EMPTY_LIST,
      answers: "specialty",
    });
  if (q.verifiedPurchases) offered.push({ list: data.verifiedList, answers: "verifiedPurchases" });
  // A search's pieces as the terms have them, without the terms' prefix (the index's lists are by piece).
  const pieces = q.search === undefined ? [] : searchPieces(q.search);
  const onePiece = pieces.length === 1;
  for (const { term } of pieces)
    offered.push({
      list: data.byPiece.get(term.slice(TERM.piece.length)) ?? EMPTY_LIST,
      answers: onePiece ? "search" : null,
    });
  const cost = ({ list, answers }: (typeof offered)[number]) =>
    list.size * (q.search === undefined || answers === "search" ? 1 : TEXT_COST);
  let cheapest = offered[0]!;
  for (const next of offered) if (cost(next) < cost(cheapest)) cheapest = next;
  return cheapest;
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
  const narrow = nearPlaceGiven(q) ? { list: EMPTY_LIST, answers: null } : narrowest(data, q);
  const filters: { filter: Filter; of?: Answers }[] = [];
  let openBefore = Number.POSITIVE_INFINITY;
  if (q.rating !== undefined) filters.push({ filter: atLeast(data.rating, minimumRating(q.rating)) });
  if (q.yearsOfExperience !== undefined) filters.push({ filter: atLeast(data.years, q.yearsOfExperience) });
  if (q.minPressure !== undefined) filters.push({ filter: atLeast(data.pressure, q.minPressure) });
  if (q.status !== undefined) filters.push({ filter: equalTo(data.status, statusCode(q.status)) });
  if (q.dealership !== undefined)
    filters.push({ filter: equalTo(data.dealership, Number(q.dealership)), of: "dealership" });
  if (q.verifiedPurchases) filters.push({ filter: equalTo(data.verified, 1), of: "verifiedPurchases" });
  if (q.city !== undefined)
    filters.push({
      filter: equalTo(data.cityCode, data.cityCodes.get(q.city.toLowerCase()) ?? -1),
      of: "city",
    });
  if (q.specialty !== undefined)
    filters.push({ filter: specialtyFilter(data, q.specialty), of: "specialty" });
  if (q.search !== undefined) {
    const search = q.search.toLowerCase();
    filters.push({
      filter: (slots, n) => {
        const texts = data.search;
        let kept = 0;
        for (let i = 0; i < n; i++) if (texts[slots[i]!]!.includes(search)) slots[kept++] = slots[i]!;
        return kept;
      },
      of: "search",
    });
  }
  if (q.available) {
    const spans = spansFor(data, q.available, now);
    if (!spans) return null;
    filters.push({ filter: openFilter(spans, data, now) });
    openBefore = spans.latestEnd;
  }
  return {
    narrow: narrow.list,
    filters: filters.map(({ filter }) => filter),
    narrowFilters: filters.filter(({ of }) => of !== narrow.answers).map(({ filter }) => filter),
    openBefore,
  };
}

/** Keeps the slots with `specialty` (by its bit, if it has one). */
function specialtyFilter(data: IndexData, specialtyAsked: string): Filter {
  const specialty = canonicalSpecialty(specialtyAsked);
  const bit = data.specialtyBits.get(specialty);
  if (bit === undefined)
    return (slots, n) => {
      let kept = 0;
      for (let i = 0; i < n; i++)
        if (data.specialties[slots[i]!]!.includes(specialty)) slots[kept++] = slots[i]!;
      return kept;
    };
  return (slots, n) => {
    const masks = data.specialtyMask;
    const mask = 1 << bit;
    let kept = 0;
    for (let i = 0; i < n; i++) if (masks[slots[i]!]! & mask) slots[kept++] = slots[i]!;
    return kept;
  };
}

/**
 * The span an availability filter names in each zone of the index, as [start, end) by zone number
 * (`byCode`, NaN for a zone without one), their latest end, and a key naming them (every filter with the same
 * spans shares the open times worked out for them, IndexData.openTimesOf); `unspanned`, the zones whose
 * span is left to the database (a day its clocks change).
 */
type Spans = { byCode: Float64Array; latestEnd: number; key: string; unspanned: string[] };

/** The spans of availabilityWindows' zones by the index's zone numbers: kept with the windows, for the minute. */
const spansKept = new WeakMap<AvailabilityWindows, { data: IndexData; zones: number; spans: Spans }>();

/**
 * The spans `available` names as of `now` (Spans); null when a zone someone keeps times in has no span worked
 * out.
 */
function spansFor(data: IndexData, available: string, now: Date): Spans | null {
  const windows = availabilityWindows(available, now);
  let kept = spansKept.get(windows);
  if (!kept || kept.data !== data || kept.zones !== data.zoneCodes.size) {
    kept = { data, zones: data.zoneCodes.size, spans: spansOf(data, windows) };
    spansKept.set(windows, kept);
  }
  for (const zone of kept.spans.unspanned) if (data.zones.has(zone)) return null;
  return kept.spans;
}

function spansOf(data: IndexData, windows: AvailabilityWindows): Spans {
  const byZone = new Map(
    windows.zones.map((zone, i) => [zone, [Date.parse(windows.starts[i]!), Date.parse(windows.ends[i]!)]]),
  );
  const byCode = new Float64Array(2 * data.zoneCodes.size).fill(Number.NaN);
  let latestEnd = Number.NEGATIVE_INFINITY;
  const unspanned: string[] = [];
  for (const [zone, code] of data.zoneCodes) {
    const span = byZone.get(zone);
    if (!span) {
      if (zone !== "") unspanned.push(zone);
      continue;
    }
    byCode[2 * code] = span[0]!;
    byCode[2 * code + 1] = span[1]!;
    latestEnd = Math.max(latestEnd, span[1]!);
  }
  return { byCode, latestEnd, key: byCode.join(","), unspanned };
}

function nearPlaceGiven(q: BrowseSalespeopleQuery): boolean {
  return q.zip !== undefined || q.lat !== undefined || q.lng !== undefined;
}
