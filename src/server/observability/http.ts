// Requests as metrics: the duration histogram by route template, and GET /metrics itself, behind a bearer token on
// the app's port (docs/operations/observability.md#access).
import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { errorBody } from "../appError";
import { secretsEqual } from "../credentials/password";
import { appRouter } from "../trpc/root";
import { httpRequestDuration, registry } from "./metrics";

export const METRICS_PATH = "/metrics";

/** The label of a request no route of the app answers (a 404 of a catch-all): never its raw path. */
export const UNMATCHED = "unmatched";

/** The router's procedure paths, read on first use (the router may still be loading when this module is). */
let procedures: ReadonlySet<string> | undefined;

/**
 * The procedure a tRPC request calls: `trpc:<path>` for a known procedure, `trpc:batch` for a batch of several
 * calls, null for anything else. Only the router's own names become labels, so a client cannot mint series.
 */
export function trpcProcedure(pathname: string, batch: boolean): string | null {
  let paths: string[];
  try {
    paths = decodeURIComponent(pathname.slice("/trpc/".length)).split(",");
  } catch {
    return null;
  }
  procedures ??= new Set(Object.keys(appRouter._def.procedures));
  const known = procedures;
  if (!paths.every((path) => known.has(path))) return null;
  if (batch && paths.length > 1) return "trpc:batch";
  return `trpc:${paths[0]}`;
}

/**
 * The route template a request went to. A handler's own template (`/api/salespeople/:id`) when one answered;
 * when a middleware answered first (a refused origin, a rate limit), the template of the route the request was
 * for. A catch-all's 404 is `unmatched`; tRPC requests are named by their procedure.
 */
export function routeLabel(c: Context): string {
  if (c.req.path.startsWith("/trpc/")) {
    const url = new URL(c.req.url);
    return trpcProcedure(url.pathname, url.searchParams.get("batch") === "1") ?? UNMATCHED;
  }
  const routes = matchedRoutes(c);
  const answered = routes[c.req.routeIndex]?.path ?? "";
  const path = answered.includes("*")
    ? (routes.slice(c.req.routeIndex).find((r) => r.method !== "ALL" && !r.path.includes("*"))?.path ??
      answered)
    : answered;
  if (path === "" || (path.includes("*") && c.res.status === 404)) return UNMATCHED;
  return path;
}

/** Times every request into http_request_duration_seconds (GET /metrics is answered before it, so not itself). */
export function requestMetrics(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      httpRequestDuration.observe(
        { method: c.req.method, route: routeLabel(c), status: String(c.res.status) },
        (performance.now() - started) / 1000,
      );
    }
  };
}

/** Whether the Authorization header carries `token` as its bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match?.[1] !== undefined && secretsEqual(match[1], token);
}

/** The registry's current text, in Prometheus's text format. */
export async function metricsResponse(): Promise<Response> {
  return new Response(await registry.metrics(), {
    headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
  });
}

/**
 * GET /metrics on the app's port: the series for a caller with the bearer token METRICS_TOKEN, and the same 404
 * as any unknown address for everyone else (or for all, without a token), so nobody learns it is there. Answered
 * ahead of request ids, the access log, sessions, rate limits and the origin check: a scrape every few seconds
 * is none of theirs.
 */
export function metricsRoute(token: string | undefined): MiddlewareHandler {
  return async (c) => {
    if (token === undefined || !bearerMatches(c.req.header("authorization"), token))
      return c.json(errorBody("Not found", "NOT_FOUND"), 404);
    return metricsResponse();
  };
}

/** The fetch handler of the METRICS_PORT listener (loopback only): /metrics without a token, nothing else. */
export async function metricsOnly(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (pathname === METRICS_PATH && (request.method === "GET" || request.method === "HEAD"))
    return metricsResponse();
  return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain" } });
}
