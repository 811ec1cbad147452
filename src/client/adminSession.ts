// The administrator console's session: the bearer token `admin.login` answered, kept in localStorage under
// `adminSession` (docs/product/roles-and-access.md#administrators) and sent on API calls while it is there and unexpired.
import { redirect } from "@tanstack/react-router";

export const ADMIN_SESSION_KEY = "adminSession";

export type AdminSession = { token: string; expiresAt: string; email: string };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage blocked (private mode settings): no admin session
  }
}

/** The stored session, or null when there is none, it is malformed, or it has expired (then it is removed). */
export function readAdminSession(): AdminSession | null {
  const raw = storage()?.getItem(ADMIN_SESSION_KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as Partial<AdminSession>;
    const expires = Date.parse(session.expiresAt ?? "");
    if (typeof session.token === "string" && typeof session.email === "string" && expires > Date.now())
      return session as AdminSession;
  } catch {
    // not ours: forget it below
  }
  clearAdminSession();
  return null;
}

export function saveAdminSession(session: AdminSession): void {
  storage()?.setItem(ADMIN_SESSION_KEY, JSON.stringify(session));
}

export function clearAdminSession(): void {
  storage()?.removeItem(ADMIN_SESSION_KEY);
}

/** `Authorization: Bearer …` while an administrator is signed in to the console; nothing otherwise. */
export function adminAuthHeaders(): Record<string, string> {
  const session = readAdminSession();
  return session ? { authorization: `Bearer ${session.token}` } : {};
}

/**
 * Route guard of /admin/dashboard and /admin-dashboard: without an admin session, the admin login. It lives
 * here, not beside the console, because route guards load with every page and the console should not.
 */
export function requireAdminSession() {
  if (!readAdminSession()) throw redirect({ to: "/admin/login" });
}
