// Administrators' strongest session rules: role changes, exports and new API keys need a proof of identity
// from the last few minutes (the sign-in, or a re-authentication with password, admin code and second
// factor), and a passkey is an administrator's second factor, at sign-in and when re-authenticating, but never
// a way in on its own.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { currentStep, totpCode } from "../src/server/credentials/mfa";
import { hashPassword } from "../src/server/credentials/password";
import { DEMO_ACCOUNTS } from "../src/server/seed/demo";
import { createHarness, ORIGIN } from "./support/harness";
import { softAuthenticator } from "./support/softAuthenticator";

const ADMIN_CODE = "test-admin-code";
const PASSWORD = "admin-password-1";
const h = await createHarness({ ADMIN_CODE, RATE_LIMIT_DISABLED: "true" });
await h.seed(0.01);
const RP = { id: new URL(ORIGIN).hostname, origin: ORIGIN };

/** A signed-in administrator with a known password; `auth` sends their session. */
async function administrator(email: string) {
  const account = await h.signIn(email, "admin");
  await h.sql`
    update users set password_hash = ${await hashPassword(PASSWORD, h.env.ADMIN_PASSWORD_SCRYPT_N)}
     where id = ${account.userId}`;
  return account;
}

/** Makes every session of the account look signed in (and last re-authenticated) ten minutes ago. */
async function age(userId: string) {
  await h.sql`
    update sessions set created_at = now() - interval '10 minutes', authenticated_at = null
     where user_id = ${userId}`;
}

/** Registers a passkey held by `key` to the account behind `cookie`; answers the REST response. */
async function addPasskey(cookie: string, key: ReturnType<typeof softAuthenticator>, name: string) {
  const options = await h.request("POST", "/api/security/passkeys/options", { cookie });
  expect(options.status, options.text).toBe(200);
  const added = await h.request("POST", "/api/security/passkeys", {
    cookie,
    body: { name, response: key.register(options.json) },
  });
  expect(added.status, added.text).toBe(201);
  return added;
}

function reauthenticate(cookie: string, body: Record<string, unknown>) {
  return h.request("POST", "/api/admin/reauthenticate", {
    cookie,
    body: { password: PASSWORD, adminCode: ADMIN_CODE, ...body },
  });
}

async function eventsOf(userId: string, type: string) {
  const [row] = await h.sql<{ n: number }[]>`
    select count(*)::int as n from security_events where user_id = ${userId} and event_type = ${type}`;
  return row?.n ?? 0;
}

describe("re-authentication before what reaches furthest", () => {
  it("refuses a stale session role changes, exports and new keys until the password and admin code are given again", async () => {
    const admin = await administrator("reauth.admin@example.org");
    const target = await h.signIn("reauth.target@example.org");
    await age(admin.userId);
    const cookie = admin.cookie;
    const promote = () =>
      h.request("PUT", `/api/admin/user/${target.userId}/role`, {
        cookie,
        body: { target: { role: "admin", reason: "Runs the support desk" } },
      });
    const exportAudit = () => h.request("GET", "/api/admin/audit-log?format=csv", { cookie });
    const newKey = () =>
      h.request("POST", "/api/api-keys", { cookie, body: { name: "Reports", scopes: ["analytics:read"] } });

    for (const refused of [await promote(), await exportAudit(), await newKey()]) {
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.code).toBe("REAUTH_REQUIRED");
    }
    const [filed] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from admin_promotions where user_id = ${target.userId}`;
    expect(filed?.n).toBe(0);

    for (const wrong of [{ password: "not-the-password" }, { adminCode: "not-the-admin-code" }]) {
      const refused = await reauthenticate(cookie, wrong);
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.code).toBe("REAUTH_FAILED");
    }
    expect(await eventsOf(admin.userId, "admin_reauth_failed")).toBe(2);
    expect((await promote()).status).toBe(403);

    const asked = await h.request("GET", "/api/admin/reauthentication", { cookie });
    expect(asked.json).toEqual({
      email: "reauth.admin@example.org",
      methods: { totp: false, passkey: false },
    });
    const done = await reauthenticate(cookie, {});
    expect(done.status, done.text).toBe(200);
    const window = Date.parse(done.json.validUntil) - Date.parse(done.json.authenticatedAt);
    expect(window).toBe(5 * 60_000);
    expect(await eventsOf(admin.userId, "admin_reauthenticated")).toBe(1);

    const promoted = await promote();
    expect(promoted.status, promoted.text).toBe(200);
    const exported = await exportAudit();
    expect(exported.status, exported.text).toBe(200);
    expect(exported.headers.get("content-type")).toMatch(/text\/csv/);
    const key = await newKey();
    expect(key.status, key.text).toBe(201);

    // A program's key stands for no person at a console: its exports are not asked to re-authenticate.
    await age(admin.userId);
    const byKey = await h.request("GET", "/api/analytics/feedback/export", {
      headers: { authorization: `Bearer ${key.json.key}` },
    });
    expect(byKey.status, byKey.text).toBe(200);
    const byStaleSession = await h.request("GET", "/api/analytics/feedback/export", { cookie });
    expect(byStaleSession.status).toBe(403);
  });

  it("is not asked of other roles' exports, and is refused to them", async () => {
    const manager = await h.signIn(DEMO_ACCOUNTS.manager, "manager");
    await age(manager.userId);
    const exported = await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: manager.cookie });
    expect(exported.status, exported.text).toBe(200);
    const refused = await h.request("POST", "/api/admin/reauthenticate", {
      cookie: manager.cookie,
      body: { password: PASSWORD, adminCode: ADMIN_CODE },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("FORBIDDEN");
  });

  it("asks an account with an authenticator app for its code as well", async () => {
    const admin = await administrator("reauth.totp@example.org");
    const setup = await h.request("POST", "/api/security/setup-mfa", { cookie: admin.cookie });
    const key = decodeBase32IgnorePadding(setup.json.secret.replace(/\s/g, ""));
    const enabled = await h.request("POST", "/api/security/enable-mfa", {
      cookie: admin.cookie,
      body: { code: totpCode(key, currentStep() - 1) },
    });
    expect(enabled.status, enabled.text).toBe(200);
    await age(admin.userId);

    const withoutCode = await reauthenticate(admin.cookie, {});
    expect(withoutCode.status).toBe(403);
    expect(withoutCode.json.code).toBe("SECOND_FACTOR_REQUIRED");
    const current = totpCode(key, currentStep());
    const wrongCode = await reauthenticate(admin.cookie, {
      code: current === "000000" ? "111111" : "000000",
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json.code).toBe("INVALID_MFA_CODE");
    const stillStale = await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: admin.cookie });
    expect(stillStale.status).toBe(403);

    const done = await reauthenticate(admin.cookie, { code: current });
    expect(done.status, done.text).toBe(200);
    const exported = await h.request("GET", "/api/admin/audit-log?format=csv", { cookie: admin.cookie });
    expect(exported.status).toBe(200);
  });
});

describe("re-authentication before an account's lifecycle", () => {
  it("refuses a stale session adding a user, changing a sign-in address, and deleting or suspending an administrator", async () => {
    const admin = await administrator("reauth.lifecycle@example.org");
    const target = await h.signIn("reauth.renamed@example.org");
    const otherAdmin = await h.signIn("reauth.peer@example.org", "admin");
    await age(admin.userId);
    const { cookie } = admin;
    const create = () =>
      h.request("POST", "/api/admin/users", {
        cookie,
        body: { email: "reauth.created@example.org", target: { role: "customer" } },
      });
    const changeEmail = () =>
      h.request("PATCH", `/api/admin/user/${target.userId}`, {
        cookie,
        body: { email: "reauth.taken-over@example.org" },
      });
    const suspend = () =>
      h.request("POST", `/api/admin/user/${otherAdmin.userId}/suspend`, {
        cookie,
        body: { reason: "Left the company" },
      });
    const remove = () =>
      h.request("DELETE", `/api/admin/user/${otherAdmin.userId}`, {
        cookie,
        body: { reason: "Left the company" },
      });

    for (const refused of [await create(), await changeEmail(), await suspend(), await remove()]) {
      expect(refused.status, refused.text).toBe(403);
      expect(refused.json.code).toBe("REAUTH_REQUIRED");
    }
    const [state] = await h.sql<{ created: number; email: string; peer: Date | null; peers: number }[]>`
      select (select count(*)::int from users where email = 'reauth.created@example.org') as created,
             (select email::text from users where id = ${target.userId}) as email,
             (select disabled_at from users where id = ${otherAdmin.userId}) as peer,
             (select count(*)::int from users where id = ${otherAdmin.userId}) as peers`;
    expect(state).toEqual({ created: 0, email: "reauth.renamed@example.org", peer: null, peers: 1 });

    // What reaches less far stays open: a name edit, and suspending someone who is not an administrator.
    const renamed = await h.request("PATCH", `/api/admin/user/${target.userId}`, {
      cookie,
      body: { firstName: "Renamed", email: "reauth.renamed@example.org" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await h.request("GET", "/api/auth/user", { cookie: target.cookie })).status).toBe(200);

    expect((await reauthenticate(cookie, {})).status).toBe(200);
    expect((await create()).status).toBe(201);
    expect((await suspend()).status).toBe(200);
    expect((await remove()).status).toBe(200);
  });

  it("ends the sessions of an account whose sign-in address changes, and tells the old address", async () => {
    const admin = await administrator("reauth.mailer@example.org");
    const target = await h.signIn("reauth.old-address@example.org");
    const second = await h.signIn("reauth.old-address@example.org");
    const changed = await h.request("PATCH", `/api/admin/user/${target.userId}`, {
      cookie: admin.cookie,
      body: { email: "reauth.new-address@example.org" },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json.email).toBe("reauth.new-address@example.org");
    for (const ended of [target.cookie, second.cookie]) {
      expect((await h.request("GET", "/api/auth/user", { cookie: ended })).status).toBe(401);
    }
    const [left] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from sessions where user_id = ${target.userId}`;
    expect(left?.n).toBe(0);
    // The administrator making the change keeps their own session.
    expect((await h.request("GET", "/api/admin/verify", { cookie: admin.cookie })).status).toBe(200);

    const notice = await h.waitForMail(
      (m) => m.to.includes("reauth.old-address@example.org") && /e-mail address was changed/.test(m.subject),
    );
    expect(notice.text).toContain("reauth.new-address@example.org");
    expect(h.smtp.messages.filter((m) => m.to.includes("reauth.new-address@example.org"))).toHaveLength(0);
  });
});

describe("an administrator's passkey", () => {
  it("is the second step of the console's sign-in, for that account's passkeys only", async () => {
    const email = "reauth.passkey@example.org";
    const admin = await administrator(email);
    const key = softAuthenticator(RP);
    await addPasskey(admin.cookie, key, "Console key");

    // Never a sign-in on its own: the password and admin code come first.
    const alone = await h.request("POST", "/api/auth/passkey/options");
    const refused = await h.request("POST", "/api/auth/passkey", {
      body: { response: key.assert(alone.json) },
    });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("PASSKEY_UNKNOWN");

    const login = await h.request("POST", "/api/admin/login", {
      body: { email, password: PASSWORD, adminCode: ADMIN_CODE },
    });
    expect(login.status, login.text).toBe(200);
    expect(login.json).toMatchObject({ mfaRequired: true, methods: { totp: false, passkey: true } });
    expect(login.json.token).toBeUndefined();
    const challenge = login.json.challenge as string;
    const step = await h.request("POST", "/api/admin/passkey-options", { body: { challenge } });
    expect(step.status, step.text).toBe(200);
    expect(step.json.allowCredentials.map((c: { id: string }) => c.id)).toEqual([key.assert(step.json).id]);

    // Another administrator's passkey does not finish this sign-in.
    const other = await administrator("reauth.other@example.org");
    const stranger = softAuthenticator(RP);
    await addPasskey(other.cookie, stranger, "Their key");
    const wrong = await h.request("POST", "/api/admin/verify-passkey", {
      body: { challenge, response: stranger.assert(step.json) },
    });
    expect(wrong.status).toBe(401);

    const fresh = await h.request("POST", "/api/admin/passkey-options", { body: { challenge } });
    const response = key.assert(fresh.json);
    const done = await h.request("POST", "/api/admin/verify-passkey", { body: { challenge, response } });
    expect(done.status, done.text).toBe(200);
    expect(done.json.user.email).toBe(email);
    const replayed = await h.request("POST", "/api/admin/verify-passkey", { body: { challenge, response } });
    expect(replayed.status).toBe(401);

    // The console's session re-authenticates with the same passkey.
    const bearer = { authorization: `Bearer ${done.json.token}` };
    await age(admin.userId);
    const withoutPasskey = await h.request("POST", "/api/admin/reauthenticate", {
      headers: bearer,
      body: { password: PASSWORD, adminCode: ADMIN_CODE },
    });
    expect(withoutPasskey.status).toBe(403);
    expect(withoutPasskey.json.code).toBe("SECOND_FACTOR_REQUIRED");
    const again = await h.request("POST", "/api/admin/reauthentication/passkey-options", { headers: bearer });
    expect(again.status, again.text).toBe(200);
    const notTheirs = await h.request("POST", "/api/admin/reauthenticate", {
      headers: bearer,
      body: { password: PASSWORD, adminCode: ADMIN_CODE, passkey: stranger.assert(again.json) },
    });
    expect(notTheirs.status).toBe(401);
    expect(await h.request("GET", "/api/admin/audit-log?format=csv", { headers: bearer })).toMatchObject({
      status: 403,
    });
    // Each challenge answers once, right or wrong.
    const third = await h.request("POST", "/api/admin/reauthentication/passkey-options", { headers: bearer });
    const reauthenticated = await h.request("POST", "/api/admin/reauthenticate", {
      headers: bearer,
      body: { password: PASSWORD, adminCode: ADMIN_CODE, passkey: key.assert(third.json) },
    });
    expect(reauthenticated.status, reauthenticated.text).toBe(200);
  });

  it("can be added by an administrator the MFA requirement holds back, who reaches nothing else until then", async () => {
    const enforcer = await administrator("reauth.enforcer@example.org");
    await addPasskey(enforcer.cookie, softAuthenticator(RP), "Enforcer key");
    const blocked = await administrator("reauth.blocked@example.org");
    const required = await h.request("PUT", "/api/security/settings", {
      cookie: enforcer.cookie,
      body: { adminMfaRequired: true },
    });
    expect(required.status, required.text).toBe(200);
    try {
      for (const refused of [
        await h.request("GET", "/api/admin/overview", { cookie: blocked.cookie }),
        await h.request("GET", "/api/security/sessions", { cookie: blocked.cookie }),
      ]) {
        expect(refused.status, refused.text).toBe(403);
        expect(refused.json.code).toBe("MFA_REQUIRED");
      }
      const none = await h.request("GET", "/api/security/passkeys", { cookie: blocked.cookie });
      expect(none.status, none.text).toBe(200);
      expect(none.json).toEqual([]);
      await addPasskey(blocked.cookie, softAuthenticator(RP), "First key");
      const overview = await h.request("GET", "/api/admin/overview", { cookie: blocked.cookie });
      expect(overview.status, overview.text).toBe(200);
    } finally {
      await h.sql`update security_settings set admin_mfa_required = false where id = 1`;
    }
  });

  it("meets the platform's MFA requirement, and the last one stays while it is the only second factor", async () => {
    const admin = await administrator("reauth.required@example.org");
    const added = await addPasskey(admin.cookie, softAuthenticator(RP), "Only key");
    const required = await h.request("PUT", "/api/security/settings", {
      cookie: admin.cookie,
      body: { adminMfaRequired: true },
    });
    expect(required.status, required.text).toBe(200);
    try {
      const overview = await h.request("GET", "/api/admin/overview", { cookie: admin.cookie });
      expect(overview.status, overview.text).toBe(200);
      const removal = await h.request("DELETE", `/api/security/passkeys/${added.json.id}`, {
        cookie: admin.cookie,
      });
      expect(removal.status).toBe(409);
      expect(removal.json.code).toBe("MFA_REQUIRED");
    } finally {
      await h.sql`update security_settings set admin_mfa_required = false where id = 1`;
    }
  });
});
