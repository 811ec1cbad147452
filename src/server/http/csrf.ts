// Origin check for every state-changing request (JSON included, which Hono's csrf() does not cover).
import type { MiddlewareHandler } from "hono";
import { errorBody } from "../appError";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function originCheck(options: {
  appUrl: string;
  exemptPaths: string[];
  /** Paths under these (signed server-to-server calls with an id in the path) are exempt too. */
  exemptPrefixes?: string[];
  /**
   * Paths under these are exempt when the request carries no cookie: a secret in the path authenticates it (a
   * mail client's one-click unsubscribe, posted from its servers without an Origin), and without a cookie it
   * acts with no session's authority.
   */
  cookielessPrefixes?: string[];
}): MiddlewareHandler {
  const allowed = new URL(options.appUrl).origin;
  const exempt = (path: string) =>
    options.exemptPaths.includes(path) || (options.exemptPrefixes ?? []).some((p) => path.startsWith(p));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    // API clients that authenticate with a bearer token and carry no cookie cannot be forged by a browser.
    const bearer = /^Bearer\s+\S+$/i.test(c.req.header("authorization") ?? "");
    if (bearer && !c.req.header("cookie")) return next();
    if (!c.req.header("cookie") && (options.cookielessPrefixes ?? []).some((p) => c.req.path.startsWith(p)))
      return next();
    const origin = c.req.header("origin");
    const sameHost = origin ? safeOrigin(origin) === new URL(c.req.url).origin : false;
    if (!origin || (origin !== allowed && !sameHost)) {
      return c.json(errorBody("Cross-site request refused: missing or foreign Origin", "CSRF_ORIGIN"), 403);
    }
    return next();
  };
}

function safeOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
