// What one client may take of the HTTP server: how long it may spend sending a request, how long an idle
// connection stays open, and how many connections one address (and everyone together) may hold. The defaults
// live here, each with its reason; env.ts reads the overrides (docs/operations/connection-limits.md). The cap on
// live streams per address is kept by the stream itself (domains/live/transport.ts) with its default here too.
import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";

/**
 * From opening a connection (or from the first byte of a later request on it) to the last header of a request:
 * Node's own default. A browser sends its headers in one packet, so a shorter deadline would seem to cost
 * nothing, but on Node 24 it cut well-behaved keep-alive connections: the mixed load paced at 550 requests a
 * second over 100 connections saw 6 to 34 requests a minute reset or left unanswered with 10 s, 5 with 30 s, and
 * none with 60 s over a 30-minute soak (bench/history/2026-12.md, "Connection limits"). A client that dribbles its
 * headers holds its connection 90 s at most (with the check interval below), within the connection caps.
 * Answered 408 and closed.
 */
export const DEFAULT_HEADERS_TIMEOUT_MS = 60_000;

/**
 * From the start of a request to its last body byte. The largest body is a photo upload (5 MB of image, about
 * 6.8 MB as base64): 120 s carries it over a link of 0.5 Mbit/s. A body sent slower than that is cut off
 * (408 and closed), so a trickled body holds its connection two minutes at most. An answer may take as long as
 * it needs once the request is in: this bounds receiving only.
 */
export const DEFAULT_RECEIVE_TIMEOUT_MS = 120_000;

/**
 * How long a connection may sit idle between one answer and the next request (Node.js adds a second of grace).
 * Node's own default: a browser reuses a connection within a page's loading, and an idle one costs a socket.
 * Behind a load balancer that keeps connections open longer (60 s is common), set it above the balancer's idle
 * timeout, or the balancer may send a request on a connection the app is closing.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 5_000;

/**
 * How often Node checks the header and receive deadlines above: Node's own default, so each deadline holds to
 * within 30 s. Checked every second (with the 10 s header deadline this server had first), well-behaved
 * keep-alive connections were cut more often still.
 */
export const DEFAULT_DEADLINE_CHECK_INTERVAL_MS = 30_000;

/**
 * Connections open at once, from everyone: beyond this a new connection is closed at once. Far above what one
 * instance serves (the live benchmark holds 5,000 streams), below what a few GB of memory holds (an idle live
 * stream costs about 24 KB, a connection mid-request more): a last bound when many addresses come together.
 */
export const DEFAULT_MAX_CONNECTIONS = 10_000;

/**
 * Connections one address may hold at once; the next is closed at once while it holds them. A browser opens at
 * most 6 to a site plus one for its live stream; 256 lets about 35 people behind one office address browse at
 * once (the mixed benchmark's 100 connections from 127.0.0.1 fit too), while one client cannot take the whole
 * server's sockets. Connections from a trusted proxy (TRUST_PROXY with TRUSTED_PROXIES) are not counted here:
 * every client behind it shares its address.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * Live streams one client address may hold open on one instance (each account holds at most
 * LIVE_STREAMS_PER_USER as well): one per open tab of everyone behind that address. 64 is eight accounts'
 * worth of tabs each at their own cap, or a large office with a tab or two each; the next stream is refused
 * with 429 and Retry-After. Behind a trusted proxy the address is the client's, read from X-Forwarded-For.
 */
export const DEFAULT_LIVE_STREAMS_PER_ADDRESS = 64;

/** How soon a refused live stream may be tried again, in seconds (the client's own retry waits 30 s). */
export const LIVE_STREAM_RETRY_AFTER_SECONDS = 30;

export type ServerLimits = {
  headersTimeoutMs: number;
  receiveTimeoutMs: number;
  keepAliveTimeoutMs: number;
  deadlineCheckIntervalMs: number;
  maxConnections: number;
  maxConnectionsPerAddress: number;
};

/** The HTTP server's own options for the limits above. */
export function httpServerOptions(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.receiveTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionsCheckingInterval: limits.deadlineCheckIntervalMs,
  };
}

export type RefusedConnection = { address: string; reason: "per-address" | "overall" };

/**
 * Holds `server` to the connection caps: past `maxConnections` in all Node closes a new connection itself;
 * past `maxConnectionsPerAddress` from one address (not counting addresses `exempt` says are proxies) it is
 * closed here, before a byte of it is read. `onRefused` hears of each.
 */
export function limitConnections(
  server: Server,
  limits: Pick<ServerLimits, "maxConnections" | "maxConnectionsPerAddress">,
  options: { exempt?: (address: string) => boolean; onRefused?: (refused: RefusedConnection) => void } = {},
): void {
  server.maxConnections = limits.maxConnections;
  server.on("drop", (data?: { remoteAddress?: string }) =>
    options.onRefused?.({ address: data?.remoteAddress ?? "unknown", reason: "overall" }),
  );
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.exempt?.(address)) return;
    const held = open.get(address) ?? 0;
    if (held >= limits.maxConnectionsPerAddress) {
      socket.destroy();
      options.onRefused?.({ address, reason: "per-address" });
      return;
    }
    open.set(address, held + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}

/**
 * A warning when connections are refused: at once for the first, then at most one a minute saying how many
 * more were, so a flood of them does not flood the log too.
 */
export function refusalLog(warn: (line: string) => void, now: () => number = Date.now) {
  let quietUntil = 0;
  let unreported = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    if (unreported > 0) warn(`${unreported} more connections refused in the last minute (connection caps)`);
    unreported = 0;
  };
  return ({ address, reason }: RefusedConnection) => {
    if (now() >= quietUntil && unreported === 0) {
      quietUntil = now() + 60_000;
      warn(
        reason === "overall"
          ? `connection from ${address} refused: HTTP_MAX_CONNECTIONS connections are open`
          : `connection from ${address} refused: it holds HTTP_MAX_CONNECTIONS_PER_ADDRESS connections already`,
      );
      return;
    }
    unreported++;
    if (!timer) {
      timer = setTimeout(flush, Math.max(0, quietUntil - now()));
      timer.unref();
    }
  };
}
