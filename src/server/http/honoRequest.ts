// Per-request plumbing for Hono: client IP, the signed-in session, and building tRPC contexts and callers.
import type { BlockList } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context as HonoContext } from "hono";
import { getCookie } from "hono/cookie";
import { API_KEY_RATE_LIMIT } from "../../shared/apiKeys";
import { appError } from "../appError";
import { type ApiKeyAuth, looksLikeApiKey, validateApiKey } from "../credentials/apiKeys";
import { clearSessionCookie, setSessionCookie } from "../credentials/cookies";
import { type SessionValidation, sessionCookieName, validateSessionToken } from "../credentials/session";
import { consumeToken } from "../rateLimit";
import type { AppDeps, Context, RequestContext, ResponseCookies } from "../serviceContext";
import { createCaller } from "../trpc/root";
import { inRanges, isLoopbackAddress, isOwnHost } from "./addresses";

export type AppVariables = {
  auth: SessionValidation;
  /** Set when the request carries an API key (the auth is then the key's account). */
  apiKey: ApiKeyAuth["key"] | null;
  ip: string | null;
  /** See {@link isLocalCaller}. */
  localCaller: boolean;
  requestId: string;
};
export type AppEnv = { Variables: AppVariables };

/** The address of the connection itself (never a header); null for in-process requests (tests, scripts). */
export function socketAddress(c: HonoContext): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    return null; // in-process requests (tests) have no socket
  }
}

/**
 * The caller's address. Behind `trustedHops` proxies of our own, each proxy appends the address it saw to
 * X-Forwarded-For, so the entry `trustedHops` from the right is the last one no client could write; the
 * leftmost entries are whatever the client sent and are never trusted. The header counts only on a
 * connection from one of `proxies` (or in-process, where no network client can reach): a client that
 * reaches the app directly writes what it likes there.
 */
export function clientIp(c: HonoContext, trustedHops: number, proxies: BlockList): string | null {
  const socket = socketAddress(c);
  if (trustedHops > 0 && (socket === null || inRanges(proxies, socket))) {
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

/** The Host the request names (a real server's URL is built from it; in-process requests name it in the URL). */
export function requestHost(c: HonoContext): string {
  return c.req.header("host") ?? new URL(c.req.url).host;
}

/**
 * Whether the request reached us over a connection from this machine and names this app's own host: the
 * socket alone says where it comes from (no header a proxy or client writes), a request a proxy forwarded
 * (X-Forwarded-For or Forwarded) came from elsewhere, and the Host rules out a page of another site whose
 * name was rebound to 127.0.0.1.
 */
export function isLocalCaller(c: HonoContext, appUrl: string): boolean {
  const socket = socketAddress(c);
  return (
    socket !== null &&
    isLoopbackAddress(socket) &&
    c.req.header("x-forwarded-for") === undefined &&
    c.req.header("forwarded") === undefined &&
    isOwnHost(requestHost(c), appUrl)
  );
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
    // No sign-in stands behind a key: it never counts as a recent one.
    const session = {
      id: `api-key:${found.key.id}`,
      userId: found.user.id,
      expiresAt: new Date(8.64e15),
      byApiKey: true as const,
    };
    c.set("auth", { session, user: found.user, refreshed: false });
    c.set("apiKey", found.key);
    return;
  }
  const cookieToken = getCookie(c, sessionCookieName(deps.env.COOKIE_SECURE));
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

export function requestContext(c: HonoContext<AppEnv>, resHeaders: ResponseCookies): RequestContext {
  const auth = c.get("auth");
  return {
    user: auth?.user ?? null,
    session: auth?.session ?? null,
    ip: c.get("ip"),
    localCaller: c.get("localCaller") ?? false,
    userAgent: c.req.header("user-agent") ?? null,
    requestId: c.get("requestId"),
    resHeaders,
  };
}

/** The app's services and the request's own fields: what every procedure is given as its context. */
export function trpcContext(c: HonoContext<AppEnv>, deps: AppDeps, resHeaders: ResponseCookies): Context {
  return { ...deps, ...requestContext(c, resHeaders) };
}

export function callerFor(c: HonoContext<AppEnv>, deps: AppDeps, resHeaders: ResponseCookies) {
  return createCaller(trpcContext(c, deps, resHeaders));
}
