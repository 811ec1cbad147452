import { describe, expect, it } from "vitest";
import type { LiveBatch, LiveCursor } from "./events";
import { type LiveReader, LiveStream } from "./stream";

const event = (id: number) => ({
  cursor: { tx: "10", id: String(id) },
  event: { kind: "message" as const, payload: { conversationId: 1, messageId: id } },
});

/** A reader over a fixed list of rows, answering what follows the cursor, as the database would. */
function fakeReader(rows: ReturnType<typeof event>[], reads: LiveCursor[]): LiveReader {
  return {
    start: async () => ({ tx: "10", id: "0" }),
    read: async (_user, after): Promise<LiveBatch> => {
      reads.push(after);
      // A reader that answers rows at or before the cursor too (as a replay overlapping a live read could).
      const events = rows.filter((r) => BigInt(r.cursor.id) >= BigInt(after.id));
      return { events, pending: false, full: false, last: events.at(-1)?.cursor ?? null };
    },
  };
}

const hooks = { onError: () => {}, onEnd: () => {} };
const timing = { settlePollMs: 1, settleLimitMs: 5, retryMs: 1 };

describe("a live stream", () => {
  it("yields each event once, in order, however often it is woken", async () => {
    const rows = [event(1), event(2)];
    const reads: LiveCursor[] = [];
    const stream = new LiveStream("u", null, fakeReader(rows, reads), hooks, timing);
    const seen: string[] = [];
    const iterator = stream.events();
    seen.push((await iterator.next()).value!.cursor.id, (await iterator.next()).value!.cursor.id);
    rows.push(event(3));
    stream.wake();
    stream.wake();
    stream.wake();
    seen.push((await iterator.next()).value!.cursor.id);
    stream.end();
    expect((await iterator.next()).done).toBe(true);
    expect(seen).toEqual(["1", "2", "3"]);
    // Three wakes while idle made one read, from where the stream stood.
    expect(reads.map((r) => r.id)).toEqual(["0", "2"]);
  });

  it("keeps reading after a failed read, from the same cursor", async () => {
    let failures = 1;
    const errors: unknown[] = [];
    const reader: LiveReader = {
      start: async () => ({ tx: "1", id: "0" }),
      read: async () => {
        if (failures-- > 0) throw new Error("connection lost");
        return { events: [event(7)], pending: false, full: false, last: event(7).cursor };
      },
    };
    const stream = new LiveStream("u", null, reader, { ...hooks, onError: (e) => errors.push(e) }, timing);
    const first = await stream.events().next();
    expect(first.value!.cursor.id).toBe("7");
    expect(errors).toHaveLength(1);
    stream.end();
  });
});
