// Per-request plumbing for Hono: client IP, the signed-in session, and building tRPC contexts and callers.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { clearSessionCookie, setSessionCookie } from "../auth/cookies";
import { SESSION_COOKIE, type SessionValidation, validateSessionToken } from "../auth/session";
import type { AppDeps, Context, RequestContext } from "../trpc/init";
import { createCaller } from "../trpc/root";

export type AppVariables = { auth: SessionValidation; ip: string | null };
export type AppEnv = { Variables: AppVariables };

export function clientIp(c: HonoContext, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}

/** Reads the session from the cookie, or from a bearer token for API clients. */
export async function resolveSession(c: HonoContext<AppEnv>, deps: AppDeps): Promise<void> {
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const cookieToken = getCookie(c, SESSION_COOKIE);
  const token = bearer ?? cookieToken;
  const auth = token ? await validateSessionToken(deps.db, token) : null;
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
    resHeaders,
  };
}

export function trpcContext(c: HonoContext<AppEnv>, deps: AppDeps, resHeaders: Headers): Context {
  return { ...deps, ...requestContext(c, resHeaders) };
}

export function callerFor(c: HonoContext<AppEnv>, deps: AppDeps, resHeaders: Headers) {
  return createCaller(trpcContext(c, deps, resHeaders));
}
