// The live stream (docs/product/api.md#live-updates) read with the browser's own EventSource from tRPC's
// server-sent events endpoint: no tRPC client here, so nothing of @trpc/client joins this lazy chunk or the
// first page's. The wire: a `connected` event (the server's client options), `ping`s, one unnamed event per
// live event (superjson data, the event's cursor as its SSE id), `serialized-error` for a refusal and `return`
// when the server ends the stream. Every (re)connection carries the last id received as the input's
// lastEventId, so a resumed stream continues after it: nothing missed, nothing twice.

import superjson from "superjson";
import { ErrorReason } from "../../../shared/errorCodes";
import type { LiveEvent } from "../../../shared/schemas/live";

/**
 * `connecting`: the first connection; `live`: events arrive; `reconnecting`: the stream dropped (or was
 * refused) and is tried again; `stopped`: the session is gone (signed out), nothing more is tried.
 */
export type LiveState = "connecting" | "live" | "reconnecting" | "stopped";

export type LiveHandlers = {
  /** Each event once, in stream order. */
  onEvent(event: LiveEvent): void;
  onState(state: LiveState): void;
  /** Events may have been missed (a new stream had to start from now): refresh everything live. */
  onGap(): void;
};

export type LiveTiming = {
  /** Waits before the 1st, 2nd, … attempt after a drop; the last repeats. */
  retryMs: readonly number[];
  /** After a refusal for too many open pages. */
  refusedRetryMs: number;
  /** A drop shows as `reconnecting` only once the stream has been away this long (a routine resume does not). */
  showDropAfterMs: number;
};

export const LIVE_TIMING: LiveTiming = {
  retryMs: [0, 1000, 2000, 5000, 10_000, 30_000],
  refusedRetryMs: 30_000,
  showDropAfterMs: 1500,
};

const ENDPOINT = "/trpc/live.events";

/** The stream's address, resuming after `lastEventId` (tRPC's GET input: superjson's JSON, URL-encoded). */
export function liveUrl(lastEventId: string | null): string {
  if (!lastEventId) return ENDPOINT;
  return `${ENDPOINT}?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ lastEventId })))}`;
}

/** `<tx>-<id>` as two bigints, or null when the text is not a cursor. */
function cursorOf(id: string): [bigint, bigint] | null {
  const match = /^(\d{1,19})-(\d{1,19})$/.exec(id);
  return match ? [BigInt(match[1]!), BigInt(match[2]!)] : null;
}

/** Whether the cursor `id` comes after `last` in stream order (a replayed or repeated event does not). */
export function isNewer(id: string, last: string | null): boolean {
  const next = cursorOf(id);
  if (!next) return false;
  const before = last ? cursorOf(last) : null;
  if (!before) return true;
  return next[0] > before[0] || (next[0] === before[0] && next[1] > before[1]);
}

type Refusal = { httpStatus?: number; cause?: string };

function parseRefusal(data: string): Refusal {
  try {
    const shape = superjson.deserialize<{ data?: Refusal } | null>(JSON.parse(data));
    return shape?.data ?? {};
  } catch {
    return {};
  }
}

/**
 * Follows the signed-in account's stream until `close()`: reconnects after a drop (resuming from the last
 * event), after the server ends the stream, and after a silence longer than the server says its pings allow;
 * stops for good when the session is refused.
 */
export function followLive(handlers: LiveHandlers, timing: LiveTiming = LIVE_TIMING): { close(): void } {
  let source: EventSource | null = null;
  let lastEventId: string | null = null;
  let attempt = 0;
  let closed = false;
  let everConnected = false;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let dropTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceTimer: ReturnType<typeof setTimeout> | undefined;
  let silenceMs = 0;

  const setState = (state: LiveState) => {
    if (!closed) handlers.onState(state);
  };

  const heard = () => {
    clearTimeout(silenceTimer);
    if (silenceMs > 0) silenceTimer = setTimeout(() => drop(), silenceMs);
  };

  const shut = () => {
    clearTimeout(silenceTimer);
    source?.close();
    source = null;
  };

  /** Reconnects after `delay` (the next in the back-off when none is given). */
  const drop = (delay?: number) => {
    shut();
    if (closed) return;
    dropTimer ??= setTimeout(() => setState("reconnecting"), timing.showDropAfterMs);
    const wait = delay ?? timing.retryMs[Math.min(attempt, timing.retryMs.length - 1)]!;
    attempt++;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(open, wait);
  };

  const open = () => {
    if (closed) return;
    const es = new EventSource(liveUrl(lastEventId));
    source = es;
    es.addEventListener("connected", (e) => {
      const options = (() => {
        try {
          return JSON.parse((e as MessageEvent<string>).data) as { reconnectAfterInactivityMs?: number };
        } catch {
          return {};
        }
      })();
      silenceMs = options.reconnectAfterInactivityMs ?? 0;
      heard();
      // A stream without a cursor starts from now: after a drop, whatever happened meanwhile is refetched.
      if (everConnected && lastEventId === null) handlers.onGap();
      everConnected = true;
      attempt = 0;
      clearTimeout(dropTimer);
      dropTimer = undefined;
      setState("live");
    });
    es.addEventListener("ping", heard);
    es.addEventListener("message", (e) => {
      heard();
      const id = e.lastEventId;
      if (!isNewer(id, lastEventId)) return;
      let event: LiveEvent;
      try {
        event = superjson.deserialize<LiveEvent>(JSON.parse(e.data));
      } catch {
        return;
      }
      lastEventId = id;
      handlers.onEvent(event);
    });
    // The server ended the stream (restarting, or its time is up so the session is checked again): resume now.
    es.addEventListener("return", () => drop(0));
    es.addEventListener("serialized-error", (e) => {
      const refusal = parseRefusal((e as MessageEvent<string>).data);
      if (refusal.httpStatus === 401 || refusal.httpStatus === 403) {
        // Signed out (here or in another tab): nothing to follow any more.
        closed = true;
        shut();
        clearTimeout(dropTimer);
        handlers.onState("stopped");
        return;
      }
      if (refusal.cause === ErrorReason.INVALID_CURSOR) {
        // A cursor this stream cannot resume from: start from now and refetch what may have been missed.
        lastEventId = null;
        drop(0);
        return;
      }
      drop(refusal.httpStatus === 429 ? timing.refusedRetryMs : undefined);
    });
    // A network drop or an answer that is not a stream: EventSource would retry on its own at a fixed pace and
    // without the input's cursor after an HTTP error; this retries with back-off and always with the cursor.
    es.addEventListener("error", () => {
      if (source === es) drop();
    });
  };

  open();
  return {
    close() {
      closed = true;
      clearTimeout(retryTimer);
      clearTimeout(dropTimer);
      shut();
    },
  };
}
