// Writes and clears the session cookie on the response headers of a request context.
import type { ResponseCookies } from "../serviceContext";
import { sessionCookieName, sessionCookieOptions } from "./session";

function serializeCookie(name: string, value: string, o: ReturnType<typeof sessionCookieOptions>): string {
  const parts = [`${name}=${value}`, `Path=${o.path}`, `Max-Age=${o.maxAge}`, `SameSite=${o.sameSite}`];
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  return parts.join("; ");
}

export function setSessionCookie(
  headers: ResponseCookies,
  token: string,
  expiresAt: Date,
  secure: boolean,
): void {
  headers.append(
    "Set-Cookie",
    serializeCookie(sessionCookieName(secure), token, sessionCookieOptions(secure, expiresAt)),
  );
}

export function clearSessionCookie(headers: ResponseCookies, secure: boolean): void {
  headers.append(
    "Set-Cookie",
    serializeCookie(sessionCookieName(secure), "", sessionCookieOptions(secure, new Date(0))),
  );
}
