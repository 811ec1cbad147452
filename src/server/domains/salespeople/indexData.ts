// The browse index's data (browseIndex.ts keeps it in step with the database; browseIndexPage.ts answers from it):
// every listed salesperson as columns by slot, the runs of their open times in one pool, and for each filter
// value and order a list of slots in that order (orderedList.ts).
import { type Column, grown, permuted } from "./columns";
import { KeptOpenTimes, type OpenTimes } from "./openTimes";
import { OrderedList } from "./orderedList";
import { piecesOf } from "./termCounts";

/** Salespeople entered in the lists of a new index between two turns of the event loop. */
const BUILD_SLICE = 5_000;

/** The statuses a salesperson can have, by their code in `status`. */
const STATUS_CODES = new Map<string, number>();

/** A row of the index as the database gives it (readRows). */
export type IndexRow = {
  id: number;
  rating: number;
  rating_text: string;
  reviews: number;
  pressure: number;
  pressure_text: string;
  years: number;
  status: string;
  city: string;
  dealership_id: number | null;
  specialties: string[];
  verified: boolean;
  search_text: string | null;
  notice: number | null;
  zone: string | null;
  soonest: number | null;
  runs: number[] | null;
};

/** The salespeople browse can list, as columns by slot, and the lists that walk them in each order. */
export class IndexData {
  /** Slots by salesperson id. */
  readonly slotOf = new Map<number, number>();
  private free: number[] = [];
  private capacity = 0;
  id = new Int32Array(0);
  rating = new Float64Array(0);
  reviews = new Int32Array(0);
  /** The pressure average, 0 without reviews (as the pressure order holds it). */
  pressure = new Float64Array(0);
  years = new Int32Array(0);
  status = new Uint8Array(0);
  dealership = new Int32Array(0);
  verified = new Uint8Array(0);
  /** The next open time in milliseconds since 1970, Infinity for none. */
  soonest = new Float64Array(0);
  notice = new Int32Array(0);
  /** As the database writes them: a cursor carries the text. */
  ratingText: string[] = [];
  pressureText: string[] = [];
  /** Lower-cased, as the database lower-cases a citext. */
  city: string[] = [];
  /** The city as a number (cityCodes), so a filter compares numbers. */
  cityCode = new Int32Array(0);
  specialties: string[][] = [];
  /** The specialties that have a bit (specialtyBits) as one mask, so a filter tests a bit. */
  specialtyMask = new Uint32Array(0);
  /** Lower-cased name, city and dealership name (salespeople.search_text). */
  search: string[] = [];
  zone: string[] = [];
  /** The zone as a number (zoneCodes). */
  zoneCode = new Int32Array(0);
  /**
   * The runs of open times, all in one pool: a salesperson's are `runCount` runs from `runAt`, each its first and
   * last start in milliseconds (both within the run), in order. A change appends them anew; the pool is compacted
   * when more of it is left behind than in use.
   */
  runPool = new Float64Array(1024);
  runAt = new Int32Array(0);
  runCount = new Int32Array(0);
  private poolEnd = 0;
  /** When each slot is open in the spans of the availability filters asked for lately (openTimes.ts). */
  private readonly openTimes = new KeptOpenTimes();
  private poolLeft = 0;
  /** How many salespeople keep their open times in each zone. */
  readonly zones = new Map<string, number>();
  /** Texts held once however many salespeople share them (sort values' texts, cities, zones). */
  private readonly texts = new Map<string, string>();
  private readonly specialtySets = new Map<string, string[]>();
  /** Each zone's number, as it was first seen; never reused. */
  readonly zoneCodes = new Map<string, number>();
  /** Each city's number, as it was first seen; never reused. */
  readonly cityCodes = new Map<string, number>();
  /** The first 32 specialties seen, each with its bit; a filter by any other reads `specialties`. */
  readonly specialtyBits = new Map<string, number>();

  readonly byRating: (a: number, b: number) => boolean = (a, b) =>
    this.rating[a]! > this.rating[b]! ||
    (this.rating[a] === this.rating[b] &&
      (this.reviews[a]! > this.reviews[b]! ||
        (this.reviews[a] === this.reviews[b] && this.id[a]! < this.id[b]!)));
  readonly byPressure: (a: number, b: number) => boolean = (a, b) =>
    this.pressure[a]! > this.pressure[b]! ||
    (this.pressure[a] === this.pressure[b] &&
      (this.reviews[a]! > this.reviews[b]! ||
        (this.reviews[a] === this.reviews[b] && this.id[a]! < this.id[b]!)));
  readonly bySoonest: (a: number, b: number) => boolean = (a, b) =>
    this.soonest[a]! < this.soonest[b]! || (this.soonest[a] === this.soonest[b] && this.id[a]! < this.id[b]!);

  /** Everyone, by rating; by pressure; soonest first. */
  readonly all = new OrderedList(this.byRating);
  readonly allByPressure = new OrderedList(this.byPressure);
  readonly allBySoonest = new OrderedList(this.bySoonest);
  /** By rating: each city's, dealership's, specialty's and search piece's salespeople, and the verified. */
  readonly byCity = new Map<string, OrderedList>();
  readonly byDealership = new Map<number, OrderedList>();
  readonly bySpecialty = new Map<string, OrderedList>();
  readonly byPiece = new Map<string, OrderedList>();
  readonly verifiedList = new OrderedList(this.byRating);
  /** Each city's salespeople, soonest first. */
  readonly soonestByCity = new Map<string, OrderedList>();

  /** What is kept of when each slot is open in the spans `key` names (nothing worked out yet, at first). */
  openTimesOf(key: string): OpenTimes {
    return this.openTimes.of(key, this.capacity);
  }

  get size(): number {
    return this.slotOf.size;
  }

  /** Builds the index from rows in one go: sorted once, each list filled in order. */
  static async build(batches: AsyncIterable<readonly IndexRow[]>): Promise<IndexData> {
    const data = new IndexData();
    const taken: number[] = [];
    for await (const rows of batches) for (const row of rows) taken.push(data.write(data.take(row.id), row));
    const sorted = (slots: Int32Array, before: (a: number, b: number) => boolean) =>
      slots.slice().sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    // Slots in the rating order: 0 is the first of it.
    data.renumber(sorted(Int32Array.from(taken), data.byRating));
    const slots = Int32Array.from(taken, (_, i) => i);
    // Built while the server answers (read again after a lost connection): the event loop is let go between
    // slices of the lists' filling, as between the sorts.
    const fill = async (order: Int32Array, each: (slot: number) => void) => {
      for (let at = 0; at < order.length; at += BUILD_SLICE) {
        await new Promise((resolve) => setImmediate(resolve));
        for (const slot of order.subarray(at, at + BUILD_SLICE)) each(slot);
      }
    };
    await fill(slots, (slot) => data.enter(slot, (list) => list.push(slot), "rating"));
    await fill(sorted(slots, data.bySoonest), (slot) =>
      data.enter(slot, (list) => list.push(slot), "soonest"),
    );
    await fill(sorted(slots, data.byPressure), (slot) => data.allByPressure.push(slot));
    return data;
  }

  /**
   * Puts a salesperson read again in their places, or takes them out (`row` undefined: no longer listed). Only
   * the orders whose place or lists the change moves are touched: a change of open times alone (the commonest,
   * from the open-times job) moves nothing in the rating order, and a change of anything else than the next open
   * time or the city moves nothing soonest first.
   */
  put(id: number, row: IndexRow | undefined): void {
    const known = this.slotOf.get(id);
    if (known === undefined) {
      if (!row) return;
      const slot = this.take(id);
      this.write(slot, row);
      this.enter(slot, (l) => l.insert(slot), "rating");
      this.enter(slot, (l) => l.insert(slot), "soonest");
      this.allByPressure.insert(slot);
      return;
    }
    const moves = row ? this.moves(known, row) : { rating: true, soonest: true, pressure: true };
    if (moves.rating) this.enter(known, (l) => l.remove(known), "rating");
    if (moves.soonest) this.enter(known, (l) => l.remove(known), "soonest");
    if (moves.pressure) this.allByPressure.remove(known);
    this.forget(known);
    if (!row) {
      this.slotOf.delete(id);
      this.free.push(known);
      return;
    }
    this.write(known, row);
    if (moves.rating) this.enter(known, (l) => l.insert(known), "rating");
    if (moves.soonest) this.enter(known, (l) => l.insert(known), "soonest");
    if (moves.pressure) this.allByPressure.insert(known);
  }

  /** Which orders a change of `slot` to `row` moves it in, or in which of their lists. */
  private moves(slot: number, row: IndexRow) {
    const city = row.city !== this.city[slot];
    const reviews = row.reviews !== this.reviews[slot];
    const specialties = row.specialties;
    const held = this.specialties[slot]!;
    return {
      rating:
        city ||
        reviews ||
        row.rating !== this.rating[slot] ||
        (row.dealership_id ?? -1) !== this.dealership[slot] ||
        (row.verified ? 1 : 0) !== this.verified[slot] ||
        (row.search_text ?? "") !== this.search[slot] ||
        specialties.length !== held.length ||
        specialties.some((specialty, i) => specialty !== held[i]),
      soonest: city || (row.soonest ?? Number.POSITIVE_INFINITY) !== this.soonest[slot],
      pressure: reviews || row.pressure !== this.pressure[slot],
    };
  }

  /** Runs `each` on every list of `order` that holds the slot by its current values. */
  private enter(slot: number, each: (list: OrderedList) => void, order: "rating" | "soonest") {
    if (order === "soonest") {
      each(this.allBySoonest);
      each(listOf(this.soonestByCity, this.city[slot]!, this.bySoonest));
      return;
    }
    each(this.all);
    each(listOf(this.byCity, this.city[slot]!, this.byRating));
    if (this.dealership[slot]! >= 0) each(listOf(this.byDealership, this.dealership[slot]!, this.byRating));
    for (const specialty of new Set(this.specialties[slot]))
      each(listOf(this.bySpecialty, specialty, this.byRating));
    if (this.verified[slot]) each(this.verifiedList);
    for (const piece of piecesOf(this.search[slot]!)) each(listOf(this.byPiece, piece, this.byRating));
  }

  private shared(text: string): string {
    const held = this.texts.get(text);
    if (held !== undefined) return held;
    this.texts.set(text, text);
    return text;
  }

  private take(id: number): number {
    const slot = this.free.pop() ?? this.slotOf.size;
    if (slot >= this.capacity) this.grow(Math.max(slot + 1, this.capacity * 2));
    this.slotOf.set(id, slot);
    return slot;
  }

  private write(slot: number, row: IndexRow): number {
    this.openTimes.changed(slot);
    this.id[slot] = row.id;
    this.rating[slot] = row.rating;
    this.reviews[slot] = row.reviews;
    this.pressure[slot] = row.pressure;
    this.years[slot] = row.years;
    this.status[slot] = statusCode(row.status);
    this.dealership[slot] = row.dealership_id ?? -1;
    this.verified[slot] = row.verified ? 1 : 0;
    this.soonest[slot] = row.soonest ?? Number.POSITIVE_INFINITY;
    this.notice[slot] = row.notice ?? 0;
    // The few distinct texts, cities, zones and sets of specialties are held once each, not once a salesperson.
    this.ratingText[slot] = this.shared(row.rating_text);
    this.pressureText[slot] = this.shared(row.pressure_text);
    this.city[slot] = this.shared(row.city);
    let code = this.cityCodes.get(row.city);
    if (code === undefined) {
      code = this.cityCodes.size;
      this.cityCodes.set(row.city, code);
    }
    this.cityCode[slot] = code;
    const specialtiesKey = row.specialties.join("\n");
    let specialties = this.specialtySets.get(specialtiesKey);
    if (!specialties) {
      specialties = row.specialties;
      this.specialtySets.set(specialtiesKey, specialties);
    }
    this.specialties[slot] = specialties;
    let mask = 0;
    for (const specialty of row.specialties) {
      let bit = this.specialtyBits.get(specialty);
      if (bit === undefined && this.specialtyBits.size < 32) {
        bit = this.specialtyBits.size;
        this.specialtyBits.set(specialty, bit);
      }
      if (bit !== undefined) mask |= 1 << bit;
    }
    this.specialtyMask[slot] = mask >>> 0;
    this.search[slot] = row.search_text ?? "";
    const zone = this.shared(row.zone ?? "");
    this.zone[slot] = zone;
    let zoneCode = this.zoneCodes.get(zone);
    if (zoneCode === undefined) {
      zoneCode = this.zoneCodes.size;
      this.zoneCodes.set(zone, zoneCode);
    }
    this.zoneCode[slot] = zoneCode;
    this.zones.set(zone, (this.zones.get(zone) ?? 0) + 1);
    this.keepRuns(slot, row.runs ?? []);
    return slot;
  }

  private forget(slot: number) {
    const zone = this.zone[slot]!;
    const left = (this.zones.get(zone) ?? 1) - 1;
    if (left === 0) this.zones.delete(zone);
    else this.zones.set(zone, left);
    this.poolLeft += 2 * this.runCount[slot]!;
    this.runCount[slot] = 0;
  }

  private keepRuns(slot: number, bounds: readonly number[]) {
    if (this.poolEnd + bounds.length > this.runPool.length) {
      if (this.poolLeft > this.poolEnd / 2) this.compactRuns();
      if (this.poolEnd + bounds.length > this.runPool.length) {
        const grown = new Float64Array(Math.max(this.poolEnd + bounds.length, 2 * this.runPool.length));
        grown.set(this.runPool.subarray(0, this.poolEnd));
        this.runPool = grown;
      }
    }
    this.runPool.set(bounds, this.poolEnd);
    this.runAt[slot] = this.poolEnd;
    this.runCount[slot] = bounds.length / 2;
    this.poolEnd += bounds.length;
  }

  /** The pool again with only the runs in use, in slot order. */
  private compactRuns() {
    const pool = new Float64Array(this.runPool.length);
    let end = 0;
    for (const slot of this.slotOf.values()) {
      const count = 2 * this.runCount[slot]!;
      pool.set(this.runPool.subarray(this.runAt[slot]!, this.runAt[slot]! + count), end);
      this.runAt[slot] = end;
      end += count;
    }
    this.runPool = pool;
    this.poolEnd = end;
    this.poolLeft = 0;
  }

  private grow(capacity: number) {
    this.replaceColumns((column) => grown(column, capacity));
    this.capacity = capacity;
    this.openTimes.clear();
  }

  /**
   * Moves the salesperson of slot `order[i]` to slot i, for every i: given the rating order, a walk along any
   * list in that order reads each column forwards, a cache line after the other, rather than all over it.
   */
  private renumber(order: Int32Array) {
    this.replaceColumns((column) => permuted(column, order));
    this.slotOf.clear();
    for (let slot = 0; slot < order.length; slot++) this.slotOf.set(this.id[slot]!, slot);
    // The runs too, in slot order.
    this.compactRuns();
    this.openTimes.clear();
  }

  /** Every column by slot, each replaced by what `change` makes of it (grow, renumber). */
  private replaceColumns(change: <T extends Column>(column: T) => T) {
    this.id = change(this.id);
    this.rating = change(this.rating);
    this.reviews = change(this.reviews);
    this.pressure = change(this.pressure);
    this.years = change(this.years);
    this.status = change(this.status);
    this.dealership = change(this.dealership);
    this.verified = change(this.verified);
    this.soonest = change(this.soonest);
    this.notice = change(this.notice);
    this.ratingText = change(this.ratingText);
    this.pressureText = change(this.pressureText);
    this.city = change(this.city);
    this.cityCode = change(this.cityCode);
    this.specialties = change(this.specialties);
    this.specialtyMask = change(this.specialtyMask);
    this.search = change(this.search);
    this.zone = change(this.zone);
    this.zoneCode = change(this.zoneCode);
    this.runAt = change(this.runAt);
    this.runCount = change(this.runCount);
  }
}

function listOf<K>(
  lists: Map<K, OrderedList>,
  key: K,
  before: (a: number, b: number) => boolean,
): OrderedList {
  let list = lists.get(key);
  if (!list) {
    list = new OrderedList(before);
    lists.set(key, list);
  }
  return list;
}

export function statusCode(status: string): number {
  let code = STATUS_CODES.get(status);
  if (code === undefined) {
    code = STATUS_CODES.size + 1;
    STATUS_CODES.set(status, code);
  }
  return code;
}
