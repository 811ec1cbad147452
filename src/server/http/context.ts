// Per-request plumbing for Hono: client IP, the signed-in session, and building tRPC contexts and callers.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { API_KEY_RATE_LIMIT } from "../../shared/apiKeys";
import { type ApiKeyAuth, looksLikeApiKey, validateApiKey } from "../auth/apiKeys";
import { clearSessionCookie, setSessionCookie } from "../auth/cookies";
import { consumeToken } from "../auth/rate-limit";
import { SESSION_COOKIE, type SessionValidation, validateSessionToken } from "../auth/session";
import type { AppDeps, Context, RequestContext } from "../context";
import { appError } from "../errors";
import { createCaller } from "../trpc/root";

export type AppVariables = {
  auth: SessionValidation;
  /** Set when the request carries an API key (the auth is then the key's account). */
  apiKey: ApiKeyAuth["key"] | null;
  ip: string | null;
  requestId: string;
};
export type AppEnv = { Variables: AppVariables };

/**
 * The caller's address. Behind `trustedHops` proxies of our own, each proxy appends the address it saw to
 * X-Forwarded-For, so the entry `trustedHops` from the right is the last one no client could write; the
 * leftmost entries are whatever the client sent and are never trusted.
 */
export function clientIp(c: HonoContext, trustedHops: number): string | null {
  let socket: string | null = null;
  try {
    socket = getConnInfo(c).remote.address ?? null;
  } catch {
    socket = null; // in-process requests (tests) have no socket
  }
  if (trustedHops > 0) {
    const chain = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean);
    const entry = chain[chain.length - trustedHops];
    if (entry) return entry;
    if (chain.length > 0) return chain[0]!; // fewer entries than proxies: the first proxy saw this one
  }
  return socket;
}

/**
 * Reads the session from the cookie, or from a bearer token for API clients: a session token, or an API key
 * (which acts as its account, within its own rate limit; its scopes are checked per REST route).
 */
export async function resolveSession(c: HonoContext<AppEnv>, deps: AppDeps): Promise<void> {
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  c.set("apiKey", null);
  if (bearer && looksLikeApiKey(bearer)) {
    const found = await validateApiKey(deps.sql, bearer);
    if (!found) throw appError("UNAUTHORIZED", "This API key is not valid or was revoked", "INVALID_API_KEY");
    if (
      !deps.env.RATE_LIMIT_DISABLED &&
      !(await consumeToken(deps.sql, `apikey:${found.key.id}`, API_KEY_RATE_LIMIT))
    ) {
      c.header("Retry-After", String(Math.ceil(API_KEY_RATE_LIMIT.refillSeconds)));
      throw appError(
        "TOO_MANY_REQUESTS",
        "This API key is sending too many requests: slow down and retry",
        "RATE_LIMITED",
      );
    }
    const session = { id: `api-key:${found.key.id}`, userId: found.user.id, expiresAt: new Date(8.64e15) };
    c.set("auth", { session, user: found.user, refreshed: false });
    c.set("apiKey", found.key);
    return;
  }
  const cookieToken = getCookie(c, SESSION_COOKIE);
  const token = bearer ?? cookieToken;
  const auth = token ? await validateSessionToken(deps.sql, token) : null;
  c.set("auth", auth);
  if (!bearer && cookieToken) {
    const headers = new Headers();
    if (!auth) clearSessionCookie(headers, deps.env.COOKIE_SECURE);
    else if (auth.refreshed)
      setSessionCookie(headers, cookieToken, auth.session.expiresAt, deps.env.COOKIE_SECURE);
    for (const cookie of headers.getSetCookie()) c.header("Set-Cookie", cookie, { append: true });
  }
}

export function requestContext(c: HonoContext<AppEnv>, resHeaders: Headers): RequestContext {
  const auth = c.get("auth");
  return {
    user: auth?.user ?? null,
    session: auth?.session ?? null,
    ip: c.get("ip"),
    userAgent: c.req.header("user-agent") ?? null,
    requestId: c.get("requestId"),
    resHeaders,
  };
}

export function trpcContext(c: HonoContext<AppEnv>, deps: AppDeps, resHeaders: Headers): Context {
  return { ...deps, ...requestContext(c, resHeaders) };
}

export function callerFor(c: HonoContext<AppEnv>, deps: AppDeps, resHeaders: Headers) {
  return createCaller(trpcContext(c, deps, resHeaders));
}
