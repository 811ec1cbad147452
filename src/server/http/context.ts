// Per-request plumbing for Hono: client IP, the signed-in session, and building tRPC contexts and callers.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { clearSessionCookie, setSessionCookie } from "../auth/cookies";
import { SESSION_COOKIE, type SessionValidation, validateSessionToken } from "../auth/session";
import type { AppDeps, Context, RequestContext } from "../context";
import { createCaller } from "../trpc/root";

export type AppVariables = { auth: SessionValidation; ip: string | null; requestId: string };
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

/** Reads the session from the cookie, or from a bearer token for API clients. */
export async function resolveSession(c: HonoContext<AppEnv>, deps: AppDeps): Promise<void> {
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
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
