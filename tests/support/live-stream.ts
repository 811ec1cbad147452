// A live-stream client for tests: reads the server-sent events of `live.events` with fetch (Node has no
// EventSource) and keeps what arrived, so a test can wait for an event or check that none came.
import superjson from "superjson";
import type { LiveEvent } from "../../src/shared/schemas/live";

export type ReceivedEvent = { id: string; event: LiveEvent; at: number };

export type LiveStreamClient = {
  received: ReceivedEvent[];
  /** Resolves with the first event (already received or still to come) that `match` accepts. */
  waitFor(match: (e: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  /** The id of the last event received. */
  lastId(): string | null;
  /** The error the stream was refused or ended with (tRPC sends it as a `serialized-error` event). */
  error: () => { code?: string; httpStatus?: number; cause?: string } | null;
  /** Resolves when the server ends the stream (or the test closes it). */
  ended: Promise<void>;
  close(): void;
};

/** One SSE message: its fields, as the event-stream format defines them. */
function parseMessage(block: string): { event: string; data: string; id: string | null } {
  let event = "message";
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  }
  return { event, data: data.join("\n"), id };
}

export async function openLiveStream(
  origin: string,
  token: string,
  lastEventId: string | null = null,
): Promise<LiveStreamClient> {
  const input = lastEventId
    ? `?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ lastEventId })))}`
    : "";
  const abort = new AbortController();
  const res = await fetch(`${origin}/trpc/live.events${input}`, {
    headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    signal: abort.signal,
  });
  const received: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  let error: { code?: string; httpStatus?: number; cause?: string } | null = null;
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const ended = (async () => {
    if (!res.body || !res.ok) return connected();
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of res.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true }).replace(/\r\n?/g, "\n");
        for (let end = buffer.indexOf("\n\n"); end !== -1; end = buffer.indexOf("\n\n")) {
          const message = parseMessage(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (message.event === "connected") connected();
          if (message.event === "serialized-error") {
            error = (superjson.deserialize(JSON.parse(message.data)) as { data?: typeof error }).data ?? {};
            connected();
          }
          if (message.event !== "message" || !message.id) continue;
          const event = superjson.deserialize(JSON.parse(message.data)) as LiveEvent;
          received.push({ id: message.id, event, at: performance.now() });
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // closed by the test
    }
  })();
  await ready;
  return {
    received,
    error: () => error,
    lastId: () => received.at(-1)?.id ?? null,
    waitFor(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching live event within ${timeoutMs} ms: ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    ended,
    close: () => abort.abort(),
  };
}
