// Passkeys over REST, with a software authenticator (tests/support/softAuthenticator.ts): adding one, signing in
// with it as both factors, and every refusal docs/product/security.md#passkeys states.
import { describe, expect, it } from "vitest";
import { createHarness, ORIGIN, sessionCookieFrom } from "./support/harness";
import { softAuthenticator } from "./support/softAuthenticator";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
const RP = { id: new URL(ORIGIN).hostname, origin: ORIGIN };

type Authenticator = ReturnType<typeof softAuthenticator>;

/** Adds a passkey to the signed-in account behind `cookie`; answers the REST response. */
async function addPasskey(cookie: string, key: Authenticator, name = "Laptop", origin?: string) {
  const options = await h.request("POST", "/api/security/passkeys/options", { cookie });
  expect(options.status, options.text).toBe(200);
  return h.request("POST", "/api/security/passkeys", {
    cookie,
    body: { name, response: key.register(options.json, { origin }) },
  });
}

async function signInOptions() {
  const options = await h.request("POST", "/api/auth/passkey/options");
  expect(options.status, options.text).toBe(200);
  return options.json as { challenge: string; rpId: string };
}

async function signInWith(key: Authenticator, ceremony: Parameters<Authenticator["assert"]>[1] = {}) {
  const response = key.assert(await signInOptions(), ceremony);
  return { response, answer: await h.request("POST", "/api/auth/passkey", { body: { response } }) };
}

describe("passkeys", () => {
  it("are added after a recent sign-in and sign in without an e-mail or a TOTP code", async () => {
    const person = await h.signIn("passkey.owner@example.org");
    // Two-factor is on: a passkey is both factors, so no code is asked for.
    await h.sql`insert into user_mfa (user_id, secret_sealed, enabled_at) values (${person.userId}, 'x', now())`;
    const key = softAuthenticator(RP);
    const added = await addPasskey(person.cookie, key, "Work laptop");
    expect(added.status, added.text).toBe(201);
    expect(added.json).toMatchObject({ name: "Work laptop", lastUsedAt: null, transports: ["internal"] });
    await h.waitForMail(
      (m) => m.to.includes("passkey.owner@example.org") && /passkey was added/.test(m.subject),
    );

    const options = await signInOptions();
    expect(options.rpId).toBe("localhost");
    const { answer } = await signInWith(key);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.user.id).toBe(person.userId);
    expect(answer.json.redirectTo).toBe("/");
    const cookie = sessionCookieFrom(answer.headers);
    expect(cookie).toMatch(/^kb_session=/);
    const me = await h.request("GET", "/api/auth/user", { cookie: cookie! });
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(person.userId);

    const list = await h.request("GET", "/api/security/passkeys", { cookie: person.cookie });
    expect(list.json).toHaveLength(1);
    expect(list.json[0].lastUsedAt).not.toBeNull();
    const [event] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from security_events
       where user_id = ${person.userId} and event_type = 'passkey_login_success'`;
    expect(event!.n).toBe(1);
  });

  it("refuses a challenge used twice, for sign-in and for adding", async () => {
    const person = await h.signIn("passkey.replay@example.org");
    const key = softAuthenticator(RP);
    const options = await h.request("POST", "/api/security/passkeys/options", { cookie: person.cookie });
    const registration = key.register(options.json);
    const first = await h.request("POST", "/api/security/passkeys", {
      cookie: person.cookie,
      body: { name: "Phone", response: registration },
    });
    expect(first.status, first.text).toBe(201);
    const again = await h.request("POST", "/api/security/passkeys", {
      cookie: person.cookie,
      body: { name: "Phone", response: registration },
    });
    expect(again.status).toBe(400);
    expect(again.json.code).toBe("PASSKEY_CHALLENGE_INVALID");

    const { response, answer } = await signInWith(key);
    expect(answer.status, answer.text).toBe(200);
    const replay = await h.request("POST", "/api/auth/passkey", { body: { response } });
    expect(replay.status).toBe(401);
    expect(replay.json.code).toBe("PASSKEY_CHALLENGE_INVALID");
    expect(sessionCookieFrom(replay.headers)).toBeNull();
  });

  it("refuses an expired challenge", async () => {
    const person = await h.signIn("passkey.expired@example.org");
    const key = softAuthenticator(RP);
    expect((await addPasskey(person.cookie, key)).status).toBe(201);
    const options = await signInOptions();
    await h.sql`update webauthn_challenges set expires_at = now() - interval '1 second'
                 where challenge = ${options.challenge}`;
    const answer = await h.request("POST", "/api/auth/passkey", { body: { response: key.assert(options) } });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe("PASSKEY_CHALLENGE_INVALID");
  });

  it("refuses an answer made for another origin", async () => {
    const person = await h.signIn("passkey.origin@example.org");
    const key = softAuthenticator(RP);
    const phished = await addPasskey(person.cookie, key, "Laptop", "https://knowbefore.example.net");
    expect(phished.status).toBe(400);
    expect(phished.json.code).toBe("PASSKEY_NOT_VERIFIED");
    expect((await addPasskey(person.cookie, key)).status).toBe(201);
    const { answer } = await signInWith(key, { origin: "https://knowbefore.example.net" });
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe("PASSKEY_NOT_VERIFIED");
  });

  it("refuses a signature counter that went back, but takes authenticators that keep it at zero", async () => {
    const person = await h.signIn("passkey.counter@example.org");
    const key = softAuthenticator(RP);
    expect((await addPasskey(person.cookie, key)).status).toBe(201);
    expect((await signInWith(key, { counter: 5 })).answer.status).toBe(200);
    const cloned = await signInWith(key, { counter: 3 });
    expect(cloned.answer.status).toBe(401);
    expect(cloned.answer.json.code).toBe("PASSKEY_NOT_VERIFIED");
    const same = await signInWith(key, { counter: 5 });
    expect(same.answer.status).toBe(401);

    const synced = softAuthenticator(RP);
    expect((await addPasskey(person.cookie, synced, "Synced")).status).toBe(201);
    expect((await signInWith(synced, { counter: 0 })).answer.status).toBe(200);
    expect((await signInWith(synced, { counter: 0 })).answer.status).toBe(200);
  });

  it("refuses a passkey without user verification, and one that was removed", async () => {
    const person = await h.signIn("passkey.removed@example.org");
    const key = softAuthenticator(RP);
    const added = await addPasskey(person.cookie, key);
    expect((await signInWith(key, { userVerified: false })).answer.status).toBe(401);
    const removed = await h.request("DELETE", `/api/security/passkeys/${added.json.id}`, {
      cookie: person.cookie,
    });
    expect(removed.status, removed.text).toBe(200);
    const { answer } = await signInWith(key);
    expect(answer.status).toBe(401);
    expect(answer.json.code).toBe("PASSKEY_UNKNOWN");
  });

  it("needs a recent sign-in to add one", async () => {
    const person = await h.signIn("passkey.stale@example.org");
    await h.sql`update sessions set created_at = now() - interval '1 hour' where user_id = ${person.userId}`;
    const stale = await h.request("POST", "/api/security/passkeys/options", { cookie: person.cookie });
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe("REAUTH_REQUIRED");
  });

  it("renames and removes only the caller's own passkeys", async () => {
    const owner = await h.signIn("passkey.mine@example.org");
    const other = await h.signIn("passkey.theirs@example.org");
    const added = await addPasskey(owner.cookie, softAuthenticator(RP), "Desk key");
    const id = added.json.id as number;
    const rename = await h.request("PATCH", `/api/security/passkeys/${id}`, {
      cookie: other.cookie,
      body: { name: "Stolen" },
    });
    expect(rename.status).toBe(404);
    const remove = await h.request("DELETE", `/api/security/passkeys/${id}`, { cookie: other.cookie });
    expect(remove.status).toBe(404);
    const [kept] = await h.sql<{ name: string }[]>`select name from passkeys where id = ${id}`;
    expect(kept?.name).toBe("Desk key");

    const renamed = await h.request("PATCH", `/api/security/passkeys/${id}`, {
      cookie: owner.cookie,
      body: { name: "  Office key " },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.json.name).toBe("Office key");
    expect((await h.request("GET", "/api/security/passkeys", { cookie: other.cookie })).json).toEqual([]);
  });
});
