// Each server instance LISTENs for live events on one dedicated connection and wakes its own streams of the
// account named (docs/product/api.md#live-updates); the rows stay the source of truth, so a listener that
// reconnects wakes every stream, which reads whatever it missed.
import { LIVE_STREAMS_PER_USER } from "../../../shared/schemas/live";
import { appError } from "../../appError";
import type { Sql } from "../../db/client";
import type { Logger } from "../../logger";
import { currentCursor, type LiveCursor, readLiveEvents } from "./events";
import { type LiveReader, LiveStream, type StreamTiming } from "./stream";

export const LIVE_CHANNEL = "live_events";

export type LiveHub = {
  /** Starts listening; resolves once LISTEN is in place. */
  start(): Promise<void>;
  /**
   * A new stream for the account, from `cursor` (null: from now), ended when `signal` aborts (the page went).
   * Refused with 429 LIVE_STREAM_LIMIT when the account already holds LIVE_STREAMS_PER_USER streams on this
   * instance.
   */
  open(userId: string, cursor: LiveCursor | null, signal: AbortSignal): LiveStream;
  /** Ends every stream (they return at once) and stops listening. */
  stop(): Promise<void>;
  /** Streams open on this instance. */
  readonly size: number;
};

export function createLiveHub(options: {
  sql: Sql;
  logger: Logger;
  reader?: LiveReader;
  timing?: StreamTiming;
}): LiveHub {
  const { sql, logger } = options;
  const reader: LiveReader = options.reader ?? {
    start: () => currentCursor(sql),
    read: (userId, after, readOptions) => readLiveEvents(sql, userId, after, readOptions),
  };
  const byUser = new Map<string, Set<LiveStream>>();
  let size = 0;
  let stopped = false;
  let listening: { unlisten(): Promise<void> } | null = null;

  const wakeUser = (userId: string) => {
    for (const stream of byUser.get(userId) ?? []) stream.wake();
  };
  const wakeAll = () => {
    for (const streams of byUser.values()) for (const stream of streams) stream.wake();
  };
  const remove = (stream: LiveStream) => {
    const streams = byUser.get(stream.userId);
    if (!streams?.delete(stream)) return;
    size--;
    if (streams.size === 0) byUser.delete(stream.userId);
  };
  const readFailed = (error: unknown) => logger.warn("live: reading events failed; retrying", error);

  return {
    async start() {
      // onlisten runs on every (re)connection of the listening connection: whatever was notified while it was
      // down is in the rows, so every stream reads again.
      listening = await sql.listen(LIVE_CHANNEL, wakeUser, () => {
        if (size > 0) logger.info(`live: listening again; ${size} streams catch up`);
        wakeAll();
      });
    },
    open(userId, cursor, signal) {
      if (stopped) throw appError("SERVICE_UNAVAILABLE", "The server is restarting: reconnect shortly");
      const streams = byUser.get(userId) ?? new Set<LiveStream>();
      if (streams.size >= LIVE_STREAMS_PER_USER)
        throw appError(
          "TOO_MANY_REQUESTS",
          `At most ${LIVE_STREAMS_PER_USER} pages of one account can follow live updates at once: close another tab`,
          "LIVE_STREAM_LIMIT",
        );
      const stream: LiveStream = new LiveStream(
        userId,
        cursor,
        reader,
        { onError: readFailed, onEnd: () => remove(stream) },
        options.timing,
      );
      streams.add(stream);
      byUser.set(userId, streams);
      size++;
      if (signal.aborted) stream.end();
      else signal.addEventListener("abort", () => stream.end(), { once: true });
      return stream;
    },
    async stop() {
      stopped = true;
      for (const streams of [...byUser.values()]) for (const stream of streams) stream.end();
      await listening?.unlisten().catch(() => {});
      listening = null;
    },
    get size() {
      return size;
    },
  };
}
