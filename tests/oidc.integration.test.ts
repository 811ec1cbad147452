// "Continue with Google" against a real OpenID provider (oidc-provider) on 127.0.0.1, configured as the app's
// Google through GOOGLE_ISSUER: the browser's round trip is driven over HTTP, the provider's login completed by
// posting its development login form. docs/product/security.md#google-and-microsoft-accounts.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import { afterAll, describe, expect, it } from "vitest";
import { createHarness, ORIGIN, sessionCookieFrom } from "./support/harness";

const CLIENT = { id: "knowbefore", secret: "a-client-secret-for-tests" };

/** The provider's accounts by subject: what its ID token says about each. */
const accounts = new Map<string, Record<string, unknown>>();

let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
const server = createServer((req, res) => handler(req, res));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uris: [`${ORIGIN}/api/auth/oidc/google/callback`],
    },
  ],
  claims: { openid: ["sub"], email: ["email", "email_verified"] },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...accounts.get(sub) }) }),
  // A first-party client: the grant is given without a consent screen.
  loadExistingGrant: async (ctx) => {
    const { oidc } = ctx;
    const grant = new oidc.provider.Grant({
      clientId: oidc.client!.clientId,
      accountId: oidc.session!.accountId!,
    });
    grant.addOIDCScope("openid email profile");
    await grant.save();
    return grant;
  },
  // As Google does: the address and whether it is verified travel in the ID token itself.
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ["test-cookie-key"] },
});
handler = provider.callback();
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const h = await createHarness({
  RATE_LIMIT_DISABLED: "true",
  GOOGLE_CLIENT_ID: CLIENT.id,
  GOOGLE_CLIENT_SECRET: CLIENT.secret,
  GOOGLE_ISSUER: issuer,
});

const STATE_COOKIE = /^kb_oidc_state=([^;]+)/;

/** Starts a sign-in as a browser would: where it is sent, and the state cookie it keeps. */
async function start(query = "") {
  const started = await h.request("GET", `/api/auth/oidc/google/start${query}`);
  expect(started.status, started.text).toBe(302);
  const cookie = started.headers
    .getSetCookie()
    .map((c) => c.match(STATE_COOKIE)?.[0])
    .find(Boolean);
  return { location: new URL(started.headers.get("location")!), cookie: cookie! };
}

/** Signs in at the provider as `sub` (its login form), up to the redirect back to the app: that URL. */
async function loginAtProvider(authorizationUrl: URL, sub: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ""] = c.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return new URL(res.headers.get("location") ?? url, url);
  };
  let next = await send(authorizationUrl.href);
  for (let step = 0; step < 4 && next.origin === issuer; step++) {
    next = next.pathname.startsWith("/interaction/")
      ? await send(next.href, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ prompt: "login", login: sub, password: "any" }).toString(),
        })
      : await send(next.href);
  }
  expect(next.origin + next.pathname).toBe(`${ORIGIN}/api/auth/oidc/google/callback`);
  return next;
}

/** The app's callback, as the browser comes back to it. */
function callback(url: URL, cookie?: string) {
  return h.request("GET", url.pathname + url.search, cookie ? { cookie } : {});
}

/** A whole "Continue with Google" as the provider's account `sub`. */
async function continueWithGoogle(sub: string, claims: Record<string, unknown>, query = "") {
  accounts.set(sub, claims);
  const { location, cookie } = await start(query);
  const back = await loginAtProvider(location, sub);
  const answer = await callback(back, cookie);
  expect(answer.status, answer.text).toBe(303);
  return {
    answer,
    to: answer.headers.get("location")!,
    session: sessionCookieFrom(answer.headers),
    back,
    cookie,
  };
}

async function userByEmail(email: string) {
  const [user] = await h.sql<
    { id: string; role: string }[]
  >`select id, role from users where email = ${email}`;
  return user ?? null;
}

describe("Continue with Google", () => {
  it("sends the browser to the provider with PKCE (S256), state and nonce", async () => {
    const { location, cookie } = await start();
    expect(location.origin).toBe(issuer);
    const params = location.searchParams;
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(params.get("nonce")).toMatch(/^[\w-]{20,}$/);
    expect(cookie).toBe(`kb_oidc_state=${params.get("state")}`);
    expect(params.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/oidc/google/callback`);
  });

  it("creates a customer on a first sign-in with a verified address, and matches the link after", async () => {
    const first = await continueWithGoogle(
      "google-first",
      { email: "first.google@example.org", email_verified: true },
      "?returnTo=%2Fappointments",
    );
    expect(first.to).toBe("/appointments");
    const created = await userByEmail("first.google@example.org");
    expect(created).toMatchObject({ role: "customer" });
    const me = await h.request("GET", "/api/auth/user", { cookie: first.session! });
    expect(me.json.id).toBe(created!.id);
    await h.waitForMail(
      (m) => m.to.includes("first.google@example.org") && /sign-in account was linked/.test(m.subject),
    );

    // The provider's account now says another, unverified address: the link alone decides.
    const again = await continueWithGoogle("google-first", {
      email: "changed@example.org",
      email_verified: false,
    });
    expect(again.to).toBe("/");
    const meAgain = await h.request("GET", "/api/auth/user", { cookie: again.session! });
    expect(meAgain.json.id).toBe(created!.id);
    expect(await userByEmail("changed@example.org")).toBeNull();
    const events = await h.sql`
      select 1 from security_events where user_id = ${created!.id} and event_type = 'oidc_login_success'`;
    expect(events).toHaveLength(2);
  });

  it("matches an existing account by a verified address only", async () => {
    const existing = await h.signIn("known.buyer@example.org");
    const matched = await continueWithGoogle("google-known", {
      email: "Known.Buyer@example.org",
      email_verified: true,
    });
    const me = await h.request("GET", "/api/auth/user", { cookie: matched.session! });
    expect(me.json.id).toBe(existing.userId);

    const refused = await continueWithGoogle("google-unverified", {
      email: "unverified.buyer@example.org",
      email_verified: false,
    });
    expect(refused.to).toBe("/login?signInError=OIDC_EMAIL_UNVERIFIED");
    expect(refused.session).toBeNull();
    expect(await userByEmail("unverified.buyer@example.org")).toBeNull();
    // Not even an existing account is matched by an address the provider did not verify.
    const notMatched = await continueWithGoogle("google-unverified-known", {
      email: "known.buyer@example.org",
      email_verified: false,
    });
    expect(notMatched.to).toBe("/login?signInError=OIDC_EMAIL_UNVERIFIED");
    const links = await h.sql`select 1 from linked_identities where subject like 'google-unverified%'`;
    expect(links).toHaveLength(0);
  });

  it("never signs in an administrator, by address or by a link made before they became one", async () => {
    const admin = await h.signIn("admin.google@example.org", "admin");
    const refused = await continueWithGoogle("google-admin", {
      email: "admin.google@example.org",
      email_verified: true,
    });
    expect(refused.to).toBe("/login?signInError=OIDC_ACCOUNT_CLOSED");
    expect(refused.session).toBeNull();
    await h.sql`
      insert into linked_identities (user_id, provider, subject, email)
      values (${admin.userId}, 'google', 'google-admin-linked', 'admin.google@example.org')`;
    const linked = await continueWithGoogle("google-admin-linked", {});
    expect(linked.to).toBe("/login?signInError=OIDC_ACCOUNT_CLOSED");
    expect(linked.session).toBeNull();
  });

  it("refuses a wrong state, an answer used twice and a code replayed under a new state", async () => {
    accounts.set("google-replay", { email: "replay@example.org", email_verified: true });
    const { location, cookie } = await start();
    const back = await loginAtProvider(location, "google-replay");
    const forged = new URL(back);
    forged.searchParams.set("state", "not-the-state-this-browser-started");
    const wrong = await callback(forged, cookie);
    expect(wrong.headers.get("location")).toBe("/login?signInError=OIDC_STATE_INVALID");
    // Without the browser's cookie (a callback URL handed to someone else) the state proves nothing.
    const elsewhere = await callback(back);
    expect(elsewhere.headers.get("location")).toBe("/login?signInError=OIDC_STATE_INVALID");

    const used = await callback(back, cookie);
    expect(sessionCookieFrom(used.headers)).not.toBeNull();
    const twice = await callback(back, cookie);
    expect(twice.headers.get("location")).toBe("/login?signInError=OIDC_STATE_INVALID");
    expect(sessionCookieFrom(twice.headers)).toBeNull();

    // The used code under a fresh sign-in's state: the provider refuses it (and the PKCE verifier differs).
    const fresh = await start();
    const replayed = new URL(back);
    replayed.searchParams.set("state", fresh.location.searchParams.get("state")!);
    const answer = await callback(replayed, fresh.cookie);
    expect(answer.headers.get("location")).toBe("/login?signInError=OIDC_REFUSED");
    expect(sessionCookieFrom(answer.headers)).toBeNull();
  });

  it("asks an account with two-factor authentication for its code instead of starting a session", async () => {
    const person = await h.signIn("totp.buyer@example.org");
    await h.sql`insert into user_mfa (user_id, secret_sealed, enabled_at) values (${person.userId}, 'x', now())`;
    const { to, session } = await continueWithGoogle("google-totp", {
      email: "totp.buyer@example.org",
      email_verified: true,
    });
    expect(session).toBeNull();
    const challenge = new URL(to, ORIGIN).searchParams.get("challenge");
    expect(to.startsWith("/login?challenge=")).toBe(true);
    const pending = await h.sql`
      select 1 from mfa_challenges where user_id = ${person.userId} and purpose = 'session'`;
    expect(pending).toHaveLength(1);
    const wrongCode = await h.request("POST", "/api/auth/verify-mfa", {
      body: { challenge, code: "000000" },
    });
    expect(wrongCode.status).toBe(401);
  });

  it.each([
    ["a tab between the slashes", "/\t/evil.example"],
    ["a backslash", "/\\evil.example"],
    ["a newline and a backslash", "/\n\\evil.example"],
    ["a dot segment", "/.//evil.example"],
    ["a full URL", "https://evil.example/"],
  ])("never lands on another site after signing in: %s", async (_name, returnTo) => {
    const signedIn = await continueWithGoogle(
      `google-return-${returnTo.length}-${_name.length}`,
      { email: `return.${_name.length}.${returnTo.length}@example.org`, email_verified: true },
      `?${new URLSearchParams({ returnTo })}`,
    );
    expect(signedIn.session).not.toBeNull();
    expect(signedIn.to).toBe("/");
    expect(new URL(signedIn.to, ORIGIN).origin).toBe(ORIGIN);
  });

  it("offers only configured providers", async () => {
    const providers = await h.request("GET", "/api/auth/providers");
    expect(providers.json).toEqual(["google"]);
    const microsoft = await h.request("GET", "/api/auth/oidc/microsoft/start");
    expect(microsoft.status).toBe(404);
    expect(microsoft.json.code).toBe("OIDC_PROVIDER_NOT_CONFIGURED");
    const unknown = await h.request("GET", "/api/auth/oidc/facebook/callback?code=x&state=y");
    expect(unknown.status).toBe(404);
  });

  it("lists and removes a linked account: the e-mailed link stays a way in", async () => {
    const linked = await continueWithGoogle("google-unlink", {
      email: "unlink@example.org",
      email_verified: true,
    });
    const cookie = linked.session!;
    const list = await h.request("GET", "/api/security/linked-accounts", { cookie });
    expect(list.json).toEqual([
      {
        provider: "google",
        email: "unlink@example.org",
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
      },
    ]);
    const removed = await h.request("DELETE", "/api/security/linked-accounts/google", { cookie });
    expect(removed.status, removed.text).toBe(200);
    expect((await h.request("GET", "/api/security/linked-accounts", { cookie })).json).toEqual([]);
    const again = await h.request("DELETE", "/api/security/linked-accounts/google", { cookie });
    expect(again.status).toBe(404);
    const events = await h.sql`
      select 1 from security_events where event_type = 'oidc_identity_removed' and details = 'google'`;
    expect(events).toHaveLength(1);
    // The e-mailed link still signs the account in.
    const link = await h.request("POST", "/api/auth/request-login", {
      body: { email: "unlink@example.org" },
    });
    expect(link.status).toBe(200);
  });
});
