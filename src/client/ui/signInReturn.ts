// A sign-in that comes back to the page that asked for it. A page that needs the visitor signed in as a
// particular account first (an invitation to an existing account: docs/product/invitations.md#accepting) keeps
// its path, and the link token it holds, in this tab's sessionStorage (never in a URL or the history), then
// sends the visitor to sign in; the sign-in pages finish by going back there instead of to the account's
// landing page, and the page takes its token back.
import { safeRedirectPath } from "./session";

const KEY = "kb.returnAfterSignIn";
/** Longer than a sign-in link lives: a return nobody came back for is forgotten. */
const KEEP_MS = 30 * 60_000;

type Held = { path: string; token: string; at: number };

function read(): Held | null {
  try {
    const held = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as Held | null;
    if (held && typeof held.path === "string" && Date.now() - held.at < KEEP_MS) return held;
    sessionStorage.removeItem(KEY);
  } catch {
    // Storage unavailable (or unreadable): the sign-in goes to the landing page as usual.
  }
  return null;
}

/** Remembers to come back to `path` (with its link token) once this tab has signed in. */
export function returnAfterSignIn(path: string, token: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, token, at: Date.now() } satisfies Held));
  } catch {
    // Without storage the visitor opens the e-mailed link again after signing in.
  }
}

/** Where a sign-in that has just finished goes: back to the page that asked for it, or `redirectTo`. */
export function pathAfterSignIn(redirectTo: string): string {
  return safeRedirectPath(read()?.path ?? redirectTo);
}

/** The token `path` kept before sending the visitor to sign in (null when none). */
export function heldToken(path: string): string | null {
  const held = read();
  return held && held.path === path ? held.token : null;
}

/** Forgets the return: the page is back and has its token. */
export function forgetReturn(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
