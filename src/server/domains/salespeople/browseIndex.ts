// Browse's index in this server's memory (docs/decisions/026-browse-index.md): every publicly listed salesperson
// with what browse filters and orders by, held in columns, and for each filter value and order a list of them
// in that order (orderedList.ts), and the cards browses show. A browse answers from it (browseIndexPage.ts) and
// reads from the database only the cards not held yet. It follows the database by the notices triggers send on each change of what it holds
// (drizzle/0071, channel BROWSE_CHANNEL): the changed salespeople are read again and put back in their places. A
// change made through this server is seen by the next browse here (`markStale`: that browse waits for a notice of
// its own, which comes after every earlier one); another server's, within the moment its notice takes.

import { localDayNumber } from "../../../shared/time";
import { publiclyListedSql } from "../../access";
import type { Queryable, Sql } from "../../db/client";
import type { Logger } from "../../logger";
import { OrderedList } from "./orderedList";

export const BROWSE_CHANNEL = "browse_changed";
/** A notice that says "read everything again" (a statement that changed more than a notice can name). */
const EVERYTHING = "*";
/** How long a browse waits for its own notice before it reads the database instead. */
const SYNC_TIMEOUT_MS = 2_000;
/** How long after a failed read of the whole index it is read again. */
const RETRY_MS = 30_000;
/** Salespeople read at a time: by a cursor at start, and per statement when notices name many. */
const READ_BATCH = 2_000;
/** Salespeople entered in the lists of a new index between two turns of the event loop. */
const BUILD_SLICE = 5_000;
/** Salespeople put back in their places between two turns of the event loop. */
const PUT_SLICE = 100;

/** The statuses a salesperson can have, by their code in `status`. */
const STATUS_CODES = new Map<string, number>();

/** A row of the index as the database gives it (readRows). */
type IndexRow = {
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
  /**
   * The dates of the runs, in the salesperson's zone: bit d of `openDays` for the date `openDayBase` + d (days
   * since 1970), from the first run's date. A run lies within one date, so a date with no notice cutting into it
   * is open exactly when its bit is set (-1 as the base: the dates are not kept, and the runs are read).
   */
  openDays = new Uint32Array(0);
  openDayBase = new Int32Array(0);
  private poolEnd = 0;
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

  get size(): number {
    return this.slotOf.size;
  }

  /** Builds the index from rows in one go: sorted once, each list filled in order. */
  static async build(batches: AsyncIterable<readonly IndexRow[]>): Promise<IndexData> {
    const data = new IndexData();
    const taken: number[] = [];
    for await (const rows of batches) for (const row of rows) taken.push(data.write(data.take(row.id), row));
    const slots = Int32Array.from(taken);
    const sorted = (before: (a: number, b: number) => boolean) =>
      slots.slice().sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    // Built while the server answers (read again after a lost connection): the event loop is let go between
    // slices of the lists' filling, as between the sorts.
    const fill = async (order: Int32Array, each: (slot: number) => void) => {
      for (let at = 0; at < order.length; at += BUILD_SLICE) {
        await new Promise((resolve) => setImmediate(resolve));
        for (const slot of order.subarray(at, at + BUILD_SLICE)) each(slot);
      }
    };
    await fill(sorted(data.byRating), (slot) => data.enter(slot, (list) => list.push(slot), "rating"));
    await fill(sorted(data.bySoonest), (slot) => data.enter(slot, (list) => list.push(slot), "soonest"));
    await fill(sorted(data.byPressure), (slot) => data.allByPressure.push(slot));
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
    this.keepOpenDays(slot, row.runs ?? [], zone);
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

  private keepOpenDays(slot: number, bounds: readonly number[], zone: string) {
    let days = 0;
    let base = 0;
    if (bounds.length > 0 && zone !== "") {
      base = localDayNumber(bounds[0]!, zone);
      for (let i = 0; i < bounds.length; i += 2) {
        const day = localDayNumber(bounds[i]!, zone) - base;
        // Never past 32 days (open times are kept for 15): if it were, the dates are not used (-1).
        if (day >= 32) {
          base = -1;
          break;
        }
        days |= 1 << day;
      }
    }
    this.openDays[slot] = days >>> 0;
    this.openDayBase[slot] = base;
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
    const grown = <T extends Int32Array | Float64Array | Uint8Array | Uint32Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.id = grown(this.id, (n) => new Int32Array(n));
    this.rating = grown(this.rating, (n) => new Float64Array(n));
    this.reviews = grown(this.reviews, (n) => new Int32Array(n));
    this.pressure = grown(this.pressure, (n) => new Float64Array(n));
    this.years = grown(this.years, (n) => new Int32Array(n));
    this.status = grown(this.status, (n) => new Uint8Array(n));
    this.dealership = grown(this.dealership, (n) => new Int32Array(n));
    this.verified = grown(this.verified, (n) => new Uint8Array(n));
    this.soonest = grown(this.soonest, (n) => new Float64Array(n));
    this.notice = grown(this.notice, (n) => new Int32Array(n));
    this.cityCode = grown(this.cityCode, (n) => new Int32Array(n));
    this.zoneCode = grown(this.zoneCode, (n) => new Int32Array(n));
    this.runAt = grown(this.runAt, (n) => new Int32Array(n));
    this.openDays = grown(this.openDays, (n) => new Uint32Array(n));
    this.openDayBase = grown(this.openDayBase, (n) => new Int32Array(n));
    this.runCount = grown(this.runCount, (n) => new Int32Array(n));
    this.specialtyMask = grown(this.specialtyMask, (n) => new Uint32Array(n));
    this.capacity = capacity;
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

/**
 * The salespeople browse lists (publicly listed, not stopped), or those of `ids` among them, with what the
 * index holds of each: their open times' runs as each run's bounds in milliseconds.
 */
function readRows(sql: Queryable, ids?: readonly number[]) {
  return sql<IndexRow[]>`
    select s.id, s.average_rating::float8 as rating, s.average_rating::text as rating_text,
           s.total_reviews as reviews, coalesce(s.pressure_average, 0)::float8 as pressure,
           coalesce(s.pressure_average, 0)::text as pressure_text, s.years_of_experience as years, s.status,
           lower(s.city::text) as city, s.dealership_id, s.specialties,
           s.verified_purchase_reviews > 0 as verified, s.search_text,
           o.notice_minutes as notice, o.time_zone as zone,
           (extract(epoch from o.next_open_at) * 1000)::float8 as soonest,
           (select array_agg(b.at order by r.n, b.k)
              from unnest(o.open_ranges) with ordinality r(span, n)
             cross join lateral (values (1, extract(epoch from lower(r.span)) * 1000),
                                        (2, extract(epoch from upper(r.span)) * 1000)) b(k, at))::float8[] as runs
      from salespeople s left join salesperson_openings o on o.salesperson_id = s.id
     where ${publiclyListedSql(sql, "s")} ${ids ? sql`and s.id = any(${ids as number[]}::int[])` : sql``}`;
}

export type BrowseIndex = {
  /** Reads every listed salesperson and follows the changes' notices; resolves once the index can answer. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * The index to answer from, holding every change committed more than `freshMs` before the call and every
   * change made through this server before it (markStale); null while it is being read (at start, and again
   * after a lost connection) or when that could not be made sure of in time.
   */
  current(): Promise<IndexData | null>;
  /** A change was made through this server: the next browse sees it. */
  markStale(): void;
  /**
   * The stored cards (JSON text) of `ids`, in that order (undefined for a card gone meanwhile): from memory,
   * where the notices keep them current, else read from the database and kept.
   */
  cardsOf(ids: readonly number[], sql: Queryable): Promise<(string | undefined)[]>;
};

/** Cards kept in memory, at most: the ones browses show most, about 600 bytes each. */
const CARDS_KEPT = 100_000;

/**
 * `freshMs` bounds how old the index may be (the browse cache's TTL): once that long has passed since the last
 * sync (a notice of its own, heard after every notice sent before it), a browse waits for the next. With 0, each
 * browse waits for one (the tests' servers, which write around the app and browse at once).
 */
export function createBrowseIndex(options: { sql: Sql; logger: Logger; freshMs: number }): BrowseIndex {
  const { sql, logger, freshMs } = options;
  const tag = `sync:${process.pid}:${Math.random().toString(36).slice(2)}:`;
  let data: IndexData | null = null;
  let loading: Promise<void> | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  let listening: { unlisten: () => Promise<void> } | null = null;
  /** Salespeople named by notices, to read again. */
  let pending = new Set<number>();
  let applying: Promise<void> | null = null;
  let tokens = 0;
  const waiting = new Map<number, () => void>();
  /** When a change was last made through this server, and since when the index is known to hold every change. */
  let staleAt = Number.NEGATIVE_INFINITY;
  /** Cards by salesperson id, oldest kept first. */
  const cards = new Map<number, string>();
  /** Notices heard (a count), and the last one naming each salesperson while cards are being read. */
  let notices = 0;
  let readingCards = 0;
  const noticedAt = new Map<number, number>();
  let syncedFrom = Number.NEGATIVE_INFINITY;
  let latest: { startedAt: number; synced: Promise<boolean> } | null = null;

  const load = () => {
    loading ??= (async () => {
      const started = performance.now();
      pending = new Set();
      // In batches, so that the rows of a large market are never all in memory at once.
      data = await IndexData.build(readRows(sql).cursor(READ_BATCH));
      logger.info(
        `browse index: ${data.size} salespeople read in ${Math.round(performance.now() - started)} ms`,
      );
    })()
      .catch((error: unknown) => {
        data = null;
        logger.warn(
          `browse index: reading it failed; browse reads the database, and the index is read again in ${RETRY_MS / 1000} s`,
          error,
        );
        retry ??= setTimeout(() => {
          retry = undefined;
          if (!stopped && !data) void load();
        }, RETRY_MS).unref();
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  /** Reads again the salespeople notices named, a batch at a time, until none are left. */
  const apply = (): Promise<void> => {
    applying ??= (async () => {
      while (pending.size > 0 && !stopped) {
        if (loading) await loading;
        const ids = [...pending].slice(0, READ_BATCH);
        for (const id of ids) pending.delete(id);
        const target = data;
        if (!target) continue;
        try {
          const rows = new Map((await readRows(sql, ids)).map((row) => [row.id, row]));
          // A slice at a time, the event loop free between them: a batch moving each salesperson in lists of
          // the whole market would hold every request for tens of milliseconds. A full read that started
          // meanwhile holds these changes, or will be followed by them again.
          for (let at = 0; at < ids.length && data === target; at += PUT_SLICE) {
            if (at > 0) await new Promise((resolve) => setImmediate(resolve));
            if (data !== target) break;
            for (const id of ids.slice(at, at + PUT_SLICE)) target.put(id, rows.get(id));
          }
        } catch (error) {
          logger.warn("browse index: reading changed salespeople failed; reading everything again", error);
          void load();
        }
      }
    })().finally(() => {
      applying = null;
    });
    return applying;
  };

  const heard = (payload: string) => {
    if (payload.startsWith("sync:")) {
      if (!payload.startsWith(tag)) return;
      const token = Number(payload.slice(tag.length));
      // Every notice before this one has been heard: once they are applied, the index is as of the sync.
      void apply().then(() => {
        for (const [n, resolve] of waiting)
          if (n <= token) {
            waiting.delete(n);
            resolve();
          }
      });
      return;
    }
    if (payload === EVERYTHING) {
      notices++;
      cards.clear();
      void load();
      return;
    }
    notices++;
    for (const part of payload.split(",")) {
      const id = Number(part);
      pending.add(id);
      cards.delete(id);
      if (readingCards > 0) noticedAt.set(id, notices);
    }
    void apply();
  };

  /** Whether every change committed before the call is in the index: a notice of its own came back. */
  const sync = async (): Promise<boolean> => {
    if (!listening) return false;
    const token = ++tokens;
    const heardBack = new Promise<void>((resolve) => waiting.set(token, resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      await sql`select pg_notify(${BROWSE_CHANNEL}, ${tag + token})`;
      return await Promise.race([heardBack.then(() => true as const), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
      waiting.delete(token);
    }
  };

  const startSync = () => {
    const startedAt = performance.now();
    const synced = sync().then((ok) => {
      if (ok) syncedFrom = Math.max(syncedFrom, startedAt);
      return ok;
    });
    latest = { startedAt, synced };
    return synced;
  };

  return {
    async start() {
      // On every (re)connection of the listening connection: whatever changed while it was down is read whole.
      listening = await sql.listen(BROWSE_CHANNEL, heard, () => {
        if (data) logger.info("browse index: listening again; reading it again");
        void load();
      });
      await (loading ?? load());
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await listening?.unlisten().catch(() => {});
      listening = null;
      for (const resolve of waiting.values()) resolve();
    },
    async current() {
      const since = Math.max(performance.now() - freshMs, staleAt);
      if (syncedFrom < since) {
        // A sync started since then answers for this browse too; else one starts now.
        const synced = latest && latest.startedAt >= since ? latest.synced : startSync();
        if (!(await synced)) return null;
      }
      return loading ? null : data;
    },
    markStale() {
      staleAt = performance.now();
    },
    async cardsOf(ids, cardsSql) {
      const missing = ids.filter((id) => !cards.has(id));
      if (missing.length > 0) {
        const asOf = notices;
        readingCards++;
        try {
          const rows = await cardsSql<{ id: number; card: string }[]>`
            select salesperson_id as id, card from salesperson_cards where salesperson_id = any(${missing}::int[])`;
          // A card a notice named while it was being read may be the older one: used once, not kept.
          const read = new Map(rows.map((row) => [row.id, row.card]));
          for (const [id, card] of read) if ((noticedAt.get(id) ?? 0) <= asOf) cards.set(id, card);
          for (const id of cards.keys()) {
            if (cards.size <= CARDS_KEPT) break;
            cards.delete(id);
          }
          return ids.map((id) => cards.get(id) ?? read.get(id));
        } finally {
          if (--readingCards === 0) noticedAt.clear();
        }
      }
      return ids.map((id) => cards.get(id));
    },
  };
}
