// Reading an account's live events from their rows (docs/product/api.md#live-updates). Rows are read in the
// order (transaction id, event id) and only once no transaction that could still add an earlier row is running:
// an event id is taken when the row is written, not when it commits, so reading by id alone could pass over a
// row that commits after a later one. A stream's cursor is the (tx, id) of the last row it delivered.
import { LIVE_CURSOR, type LiveEvent, liveEvent } from "../../../shared/schemas/live";
import type { Queryable } from "../../db/client";

/** Where a stream stands: the last (transaction, event) delivered; both are bigints, kept as decimal text. */
export type LiveCursor = { tx: string; id: string };

export type DeliveredEvent = { cursor: LiveCursor; event: LiveEvent };

export type LiveBatch = {
  /** Events after the cursor, in order, that no running transaction can precede any more. */
  events: DeliveredEvent[];
  /** Rows after these exist but wait on a transaction still running: read again shortly. */
  pending: boolean;
  /** The batch stopped at its limit: read again at once. */
  full: boolean;
  /** The last row read, delivered or passed over: where the stream stands after this batch. */
  last: LiveCursor | null;
};

/** How many events one read delivers at most. */
export const LIVE_READ_LIMIT = 200;

export function formatCursor(cursor: LiveCursor): string {
  return `${cursor.tx}-${cursor.id}`;
}

/** A cursor a client sent back, or null when it is not one this stream makes. */
export function parseCursor(text: string): LiveCursor | null {
  if (!LIVE_CURSOR.test(text)) return null;
  const [tx, id] = text.split("-") as [string, string];
  return BigInt(tx) > 2n ** 63n - 1n || BigInt(id) > 2n ** 63n - 1n ? null : { tx, id };
}

/**
 * Whether the cursor names an event of this account's stream: every cursor a stream sends is the (tx, id) of one
 * of the account's rows, so one that names no such row (made up, another account's, or pruned) cannot be resumed
 * from.
 */
export async function isAccountCursor(sql: Queryable, userId: string, cursor: LiveCursor): Promise<boolean> {
  const [row] = await sql<{ found: boolean }[]>`
    select exists (select 1 from live_events
                    where user_id = ${userId} and tx = ${cursor.tx}::bigint and id = ${cursor.id}::bigint) as found`;
  return row?.found === true;
}

/** Whether `a` comes after `b` in stream order. */
export function isAfter(a: LiveCursor, b: LiveCursor): boolean {
  const tx = BigInt(a.tx) - BigInt(b.tx);
  return tx > 0n || (tx === 0n && BigInt(a.id) > BigInt(b.id));
}

/** A fresh stream's start: every row a transaction still running (or yet to start) writes comes after it. */
export async function currentCursor(sql: Queryable): Promise<LiveCursor> {
  const [row] = await sql<{ xmin: string }[]>`
    select pg_snapshot_xmin(pg_current_snapshot())::text as xmin`;
  return { tx: String(BigInt(row!.xmin) - 1n), id: "9223372036854775807" };
}

type Row = { id: string; tx: string; kind: string; payload: unknown; settled: boolean };

/**
 * The account's events after `after`. With `settleAll`, rows still waiting on a running transaction are
 * delivered too (a stream that has waited too long on one: see hub.ts).
 */
export async function readLiveEvents(
  sql: Queryable,
  userId: string,
  after: LiveCursor,
  options: { settleAll?: boolean; limit?: number } = {},
): Promise<LiveBatch> {
  const limit = options.limit ?? LIVE_READ_LIMIT;
  const rows = await sql<Row[]>`
    select e.id::text as id, e.tx::text as tx, e.kind, e.payload,
           e.tx < pg_snapshot_xmin(pg_current_snapshot())::text::bigint as settled
      from live_events e
     where e.user_id = ${userId} and (e.tx, e.id) > (${after.tx}::bigint, ${after.id}::bigint)
     order by e.tx, e.id
     limit ${limit}`;
  const events: DeliveredEvent[] = [];
  let pending = false;
  let last: LiveCursor | null = null;
  for (const row of rows) {
    // Ordered by tx, so the settled rows come first: stop at the first that is not.
    if (!row.settled && !options.settleAll) {
      pending = true;
      break;
    }
    last = { tx: row.tx, id: row.id };
    const parsed = liveEvent.safeParse({ kind: row.kind, payload: row.payload });
    // A kind this release does not know (written by a newer one during a rolling deploy) is passed over.
    if (parsed.success) events.push({ cursor: last, event: parsed.data });
  }
  return { events, pending, full: rows.length === limit && !pending, last };
}

/** Events are hints for open pages, kept long enough for any resume (docs/product/api.md#live-updates). */
export const LIVE_RETENTION_HOURS = 24;

export async function pruneLiveEvents(sql: Queryable): Promise<number> {
  const deleted = await sql`
    delete from live_events where created_at < now() - make_interval(hours => ${LIVE_RETENTION_HOURS})`;
  return deleted.count;
}
