// The live stream's transport (docs/product/api.md#live-updates): `live.events` runs as the tRPC procedure it is
// (its middleware, input and resolver), and its events are written in tRPC's own server-sent-events wire (what
// httpSubscriptionLink and the app's client read) into one plain byte stream. tRPC's fetch adapter answers a
// subscription with a pipeline per connection (a readable, a transform and a text encoder, three async
// generators, a ping timer): measured at 70 KB of server memory per idle stream, against 24 KB with one byte
// stream (bench/history/2026-11.md, "Live updates"). One timer pings every stream and ends those past their maximum
// duration.
//
// Only an accepted stream is answered here. A call the procedure refuses (signed out, a bad cursor, too many
// streams) or an input that does not parse goes on to tRPC's handler, which answers it as it answers every
// call: the procedure runs again there and refuses again, having changed nothing the first time.
import { callTRPCProcedure, getErrorShape, getTRPCErrorFromUnknown, isTrackedEnvelope } from "@trpc/server";
import type { Context as HonoContext, MiddlewareHandler } from "hono";
import { errorBody } from "../../appError";
import { reportProcedureError } from "../../http/errorResponse";
import { type AppEnv, trpcContext } from "../../http/honoRequest";
import { LIVE_STREAM_RETRY_AFTER_SECONDS } from "../../http/serverLimits";
import type { AppDeps } from "../../serviceContext";
import { appRouter } from "../../trpc/root";

export const LIVE_EVENTS_PATH = "live.events";

/** A stream whose client reads slower than this much unsent output is ended; it resumes from its cursor. */
const MAX_UNSENT_BYTES = 1 << 20;

/** tRPC's own SSE headers (sseHeaders in @trpc/server), which its adapter would have sent. */
const SSE_HEADERS = {
  "Content-Type": "text/event-stream",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
};

type Open = { send: (text: string) => void; abort: AbortController; openedAt: number };

const encoder = new TextEncoder();

/** One SSE message as tRPC's producer writes it (each ends with a blank line, and one more newline). */
function frame(fields: { event?: string; data: string; id?: string }): string {
  const event = fields.event === undefined ? "" : `event: ${fields.event}\n`;
  const id = fields.id === undefined ? "" : `id: ${fields.id}\n`;
  return `${event}data: ${fields.data}\n${id}\n\n`;
}

/** Sent when the stream ends of itself (its maximum duration, the server stopping): the client resumes. */
const RETURN = frame({ event: "return", data: "" });

/** The input as tRPC's GET reads it (superjson in `input`), with the resume point it takes from the headers. */
function subscriptionInput(c: HonoContext<AppEnv>): unknown {
  const raw = c.req.query("input");
  let input: unknown =
    raw === undefined ? undefined : appRouter._def._config.transformer.input.deserialize(JSON.parse(raw));
  const lastEventId =
    c.req.header("last-event-id") ?? c.req.query("lastEventId") ?? c.req.query("Last-Event-Id");
  if (lastEventId) {
    input =
      input !== null && typeof input === "object" ? { ...input, lastEventId } : (input ?? { lastEventId });
  }
  return input;
}

/** How often every stream is pinged, and how long one lasts before it ends (null: no pings, no end). */
export type LiveTiming = { pingMs: number | null; maxDurationMs: number | null };

/** tRPC's own settings (trpc/init.ts): its ping interval, and how long a stream lasts. */
function configuredTiming(): LiveTiming {
  const sse = appRouter._def._config.sse;
  return {
    pingMs: sse?.ping?.enabled ? (sse.ping.intervalMs ?? 1000) : null,
    maxDurationMs: sse?.maxDurationMs ?? null,
  };
}

/** The handler of `GET /trpc/live.events`, for one app (its streams share one timer). */
export function liveTransport(
  deps: AppDeps,
  { pingMs, maxDurationMs }: LiveTiming = configuredTiming(),
): MiddlewareHandler<AppEnv> {
  const config = appRouter._def._config;
  const connected = frame({ event: "connected", data: JSON.stringify(config.sse?.client ?? {}) });
  const ping = frame({ event: "ping", data: "" });
  const serialize = (value: unknown) => JSON.stringify(config.transformer.output.serialize(value));
  const open = new Set<Open>();
  // Streams held (or being opened) per client address: one address holds at most LIVE_STREAMS_PER_ADDRESS on this
  // instance, however many accounts it signs in with (docs/operations/connection-limits.md).
  const perAddress = deps.env.LIVE_STREAMS_PER_ADDRESS;
  const byAddress = new Map<string, number>();
  /** Takes one of the address's streams; false when it holds them all. */
  function reserve(address: string): boolean {
    const held = byAddress.get(address) ?? 0;
    if (held >= perAddress) return false;
    byAddress.set(address, held + 1);
    return true;
  }
  function release(address: string) {
    const left = (byAddress.get(address) ?? 1) - 1;
    if (left === 0) byAddress.delete(address);
    else byAddress.set(address, left);
  }

  // One sweep for every stream, running while any is open: a ping, and the end of streams past their maximum
  // duration (the client resumes from its cursor, and its session is checked again).
  let sweeper: NodeJS.Timeout | null = null;
  function sweep() {
    const now = Date.now();
    for (const stream of open) {
      if (maxDurationMs !== null && now - stream.openedAt >= maxDurationMs) stream.abort.abort();
      else if (pingMs !== null) stream.send(ping);
    }
  }
  function track(stream: Open) {
    open.add(stream);
    sweeper ??= setInterval(sweep, pingMs ?? 15_000);
  }
  function untrack(stream: Open) {
    open.delete(stream);
    if (open.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  }

  return async (c, next) => {
    // A batch (`?batch=1`) goes on to tRPC, which refuses a subscription in one.
    if (c.req.query("batch") !== undefined) return next();
    // Counted before the procedure runs (it reads the database), so a burst of opens cannot all pass at once.
    const address = c.get("ip");
    if (address !== null && !reserve(address))
      return c.json(
        errorBody(
          `At most ${perAddress} live streams can be open from one address at once: close some pages, or try again later`,
          "LIVE_STREAM_ADDRESS_LIMIT",
        ),
        429,
        { "Retry-After": String(LIVE_STREAM_RETRY_AFTER_SECONDS) },
      );
    let held = address !== null;
    const releaseAddress = () => {
      if (held && address !== null) release(address);
      held = false;
    };
    const abort = new AbortController();
    const ctx = trpcContext(c, deps, new Headers());
    let input: unknown;
    let iterable: AsyncIterable<unknown>;
    try {
      input = subscriptionInput(c);
      iterable = (await callTRPCProcedure({
        router: appRouter,
        path: LIVE_EVENTS_PATH,
        ctx,
        type: "subscription",
        getRawInput: async () => input,
        signal: abort.signal,
        batchIndex: 0,
      })) as AsyncIterable<unknown>;
    } catch {
      abort.abort();
      releaseAddress();
      return next();
    }

    let closed = false;
    const body = new ReadableStream<Uint8Array>(
      {
        start(controller) {
          const stream: Open = {
            abort,
            openedAt: Date.now(),
            send(text) {
              if (closed) return;
              controller.enqueue(encoder.encode(text));
              if ((controller.desiredSize ?? 0) < -MAX_UNSENT_BYTES) abort.abort();
            },
          };
          track(stream);
          stream.send(connected);
          void (async () => {
            try {
              for await (const value of iterable) {
                const [id, event] = isTrackedEnvelope(value) ? [value[0], value[1]] : [undefined, value];
                stream.send(frame({ data: serialize(event), id }));
              }
              stream.send(RETURN);
            } catch (cause) {
              const error = getTRPCErrorFromUnknown(cause);
              reportProcedureError(deps, ctx.requestId, LIVE_EVENTS_PATH, error);
              const shape = getErrorShape({
                config,
                ctx,
                error,
                input,
                path: LIVE_EVENTS_PATH,
                type: "subscription",
              });
              stream.send(frame({ event: "serialized-error", data: serialize(shape) }));
            } finally {
              untrack(stream);
              releaseAddress();
              abort.abort();
              if (!closed) controller.close();
            }
          })();
        },
        // The client went (or the server could not write to it).
        cancel() {
          closed = true;
          abort.abort();
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
    return c.body(body, 200, SSE_HEADERS);
  };
}
