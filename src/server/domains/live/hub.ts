// Each server instance LISTENs for live events on one dedicated connection and wakes its own streams of the
// account named (docs/product/api.md#live-updates); the rows stay the source of truth, so a listener that
// reconnects wakes every stream, which reads whatever it missed. On the same connection it hears of sessions that
// ended (credentials/session.ts `endSessions`, on any instance) and ends its streams that were opened with them.
import { LIVE_STREAMS_PER_USER } from "../../../shared/schemas/live";
import { appError } from "../../appError";
import { SESSIONS_ENDED_CHANNEL } from "../../credentials/session";
import type { Sql } from "../../db/client";
import type { Logger } from "../../logger";
import { currentCursor, type LiveCursor, readLiveEvents } from "./events";
import { type LiveReader, LiveStream, type StreamTiming } from "./stream";

export const LIVE_CHANNEL = "live_events";

export type LiveHub = {
  /** Starts listening; resolves once LISTEN is in place. */
  start(): Promise<void>;
  /**
   * A new stream for the account, opened with the session `sessionId`, from `cursor` (null: from now), ended when
   * `signal` aborts (the page went) or when that session ends, on whichever instance it is ended.
   * Refused with 429 LIVE_STREAM_LIMIT when the account already holds LIVE_STREAMS_PER_USER streams on this
   * instance.
   */
  open(userId: string, sessionId: string | null, cursor: LiveCursor | null, signal: AbortSignal): LiveStream;
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
  /** The session each stream was opened with (a stream without one follows its account's sessions). */
  const sessionOf = new WeakMap<LiveStream, string>();
  // Some of the account's sessions ended: its streams whose session is gone end now.
  const endStreamsOfEndedSessions = async (userId: string) => {
    const streams = [...(byUser.get(userId) ?? [])];
    if (streams.length === 0) return;
    const ids = [...new Set(streams.map((stream) => sessionOf.get(stream)).filter((id) => id !== undefined))];
    try {
      const alive = new Set(
        (await sql<{ id: string }[]>`select id from sessions where id = any(${ids}::text[])`).map(
          (r) => r.id,
        ),
      );
      const [left] = await sql<
        { n: number }[]
      >`select count(*)::int as n from sessions where user_id = ${userId}`;
      for (const stream of streams) {
        const session = sessionOf.get(stream);
        if (session === undefined ? left?.n === 0 : !alive.has(session)) stream.end();
      }
    } catch (error) {
      logger.warn("live: checking ended sessions failed; their streams end at their maximum duration", error);
    }
  };

  return {
    async start() {
      // onlisten runs on every (re)connection of the listening connection: whatever was notified while it was
      // down is in the rows, so every stream reads again.
      const events = await sql.listen(LIVE_CHANNEL, wakeUser, () => {
        if (size > 0) logger.info(`live: listening again; ${size} streams catch up`);
        wakeAll();
      });
      // postgres.js listens on one connection for both channels. After a reconnection every account with
      // streams here is checked, as endings announced while it was down were not heard.
      const sessions = await sql.listen(
        SESSIONS_ENDED_CHANNEL,
        (userId) => void endStreamsOfEndedSessions(userId),
        () => {
          for (const userId of byUser.keys()) void endStreamsOfEndedSessions(userId);
        },
      );
      listening = {
        unlisten: async () => {
          await Promise.all([events.unlisten(), sessions.unlisten()]);
        },
      };
    },
    open(userId, sessionId, cursor, signal) {
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
      if (sessionId !== null) sessionOf.set(stream, sessionId);
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
