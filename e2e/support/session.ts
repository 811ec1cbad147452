// Starts a browser signed in without the mailed link: the e2e server creates the session the way a redeemed
// link does (scripts/e2e-server.ts, POST /session) and the cookie is put in the browser context. For journeys
// that are not about signing in; sign-in itself is covered by the journeys that open the mailed link.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { mailboxURL } from "./mailbox";

export type SessionRole = "customer" | "salesperson" | "manager";

/**
 * For the first page a new context shows: it fetches and parses every script cold, which on a busy 2-core
 * machine can outlast the default expect timeout (signing in by link used to absorb that wait).
 */
export const FIRST_RENDER_TIMEOUT = 30_000;

/** The base URL the tests run against: the project's, or the one playwright.config.ts derives from E2E_PORT. */
function projectBaseURL(): string {
  return test.info().project.use.baseURL ?? `http://localhost:${process.env.E2E_PORT ?? 4173}`;
}

/** A new session for `email` (created on first use, as the first sign-in does); its token and expiry. */
export async function createTestSession(
  email: string,
  role: SessionRole = "customer",
): Promise<{ token: string; expiresAt: Date }> {
  const res = await fetch(`${mailboxURL()}/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, role }),
  });
  const body = (await res.json()) as { token?: string; expiresAt?: string; error?: string };
  expect(res.status, body.error).toBe(200);
  return { token: body.token!, expiresAt: new Date(body.expiresAt!) };
}

/**
 * Signs the browser context (of `target`, when it is a page) in as `email` with `role`: the `kb_session`
 * cookie as the app sets it (HttpOnly, SameSite=Lax, path /) for the host of the base URL. Pages opened or
 * reloaded afterwards are signed in. `baseURL` defaults to the project's.
 */
export async function signInWithSession(
  target: BrowserContext | Page,
  email: string,
  role: SessionRole = "customer",
  baseURL: string = projectBaseURL(),
): Promise<void> {
  const context = "context" in target ? target.context() : target;
  const { token, expiresAt } = await createTestSession(email, role);
  const url = new URL(baseURL);
  await context.addCookies([
    {
      name: "kb_session",
      value: token,
      domain: url.hostname,
      path: "/",
      httpOnly: true,
      secure: url.protocol === "https:",
      sameSite: "Lax",
      expires: Math.floor(expiresAt.getTime() / 1000),
    },
  ]);
}
