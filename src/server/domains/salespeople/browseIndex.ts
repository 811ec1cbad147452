// Browse's index in this server's memory (docs/decisions/026-browse-index.md): every publicly listed salesperson
// with what browse filters and orders by, held in columns, and for each filter value and order a list of them
// in that order (indexData.ts), and the cards browses show. A browse answers from it (browseIndexPage.ts) and
// reads from the database only the cards not held yet. It follows the database by the notices triggers send on
// each change of what it holds (drizzle/0071, channel BROWSE_CHANNEL): the changed salespeople are read again
// and put back in their places. A
// change made through this server is seen by the next browse here (`markStale`: that browse waits for a notice of
// its own, which comes after every earlier one); another server's, within the moment its notice takes.
import { publiclyListedSql } from "../../access";
import { oldestDropper } from "../../cache";
import { type Queryable, type Sql, withoutStatementTimeout } from "../../db/client";
import type { Logger } from "../../logger";
import { IndexData, type IndexRow } from "./indexData";

export const BROWSE_CHANNEL = "browse_changed";
/** A notice that says "read everything again" (a statement that changed more than a notice can name). */
const EVERYTHING = "*";
/** How long a browse waits for its own notice before it reads the database instead. */
const SYNC_TIMEOUT_MS = 2_000;
/** How long after a failed read of the whole index it is read again. */
const RETRY_MS = 30_000;
/** Salespeople read at a time: by a cursor at start, and per statement when notices name many. */
const READ_BATCH = 2_000;
/** Salespeople put back in their places between two turns of the event loop. */
const PUT_SLICE = 100;

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
/** Cards read in one statement when the index is first read. */
const CARDS_READ_AT_ONCE = 5_000;

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
  const dropOldest = oldestDropper(cards);
  /** Notices heard (a count), and the last one naming each salesperson while cards are being read. */
  let notices = 0;
  let readingCards = 0;
  const noticedAt = new Map<number, number>();
  let syncedFrom = Number.NEGATIVE_INFINITY;
  let latest: { startedAt: number; synced: Promise<boolean> } | null = null;

  /**
   * Reads the cards of `ids` and keeps them (the oldest dropped past CARDS_KEPT), but for those a notice named
   * while they were being read: such a card may be the older one, and is only answered once.
   */
  const readCards = async (ids: readonly number[], cardsSql: Queryable) => {
    const asOf = notices;
    readingCards++;
    try {
      const rows = await cardsSql<{ id: number; card: string }[]>`
        select salesperson_id as id, card from salesperson_cards where salesperson_id = any(${ids as number[]}::int[])`;
      const read = new Map(rows.map((row) => [row.id, row.card]));
      for (const [id, card] of read) if ((noticedAt.get(id) ?? 0) <= asOf) cards.set(id, card);
      dropOldest(CARDS_KEPT);
      return read;
    } finally {
      if (--readingCards === 0) noticedAt.clear();
    }
  };

  /**
   * The cards of the first CARDS_KEPT salespeople in the rating order, where browses begin, read with the index
   * the first time: the first browses after a start read no card from the database, one at a time.
   */
  const readFirstCards = async (index: IndexData) => {
    const first = index.all.slots.subarray(0, Math.min(index.all.size, CARDS_KEPT));
    for (let at = 0; at < first.length && !stopped; at += CARDS_READ_AT_ONCE)
      await readCards(
        Array.from(first.subarray(at, at + CARDS_READ_AT_ONCE), (slot) => index.id[slot]!),
        sql,
      );
  };

  const load = () => {
    loading ??= (async () => {
      const started = performance.now();
      pending = new Set();
      // In batches, so that the rows of a large market are never all in memory at once. A cursor's batches are
      // one statement to the database, and a million salespeople take longer than a request's statement may:
      // read on a connection of its own without that limit.
      const built = await withoutStatementTimeout(sql, (connection) =>
        IndexData.build(readRows(connection).cursor(READ_BATCH)),
      );
      if (cards.size === 0) await readFirstCards(built);
      data = built;
      logger.info(
        `browse index: ${data.size} salespeople and ${cards.size} cards read in ${Math.round(performance.now() - started)} ms`,
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
      if (missing.length === 0) return ids.map((id) => cards.get(id));
      const read = await readCards(missing, cardsSql);
      return ids.map((id) => cards.get(id) ?? read.get(id));
    },
  };
}
