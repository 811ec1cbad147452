// Account security: TOTP set up and turned on only with a valid code, each code accepted once, five wrong codes
// lock, a backup code works once even when used ten times at once, sign-in through a link and through the
// admin form asks for the second factor, sessions are listed and ended (the ended one answers 401), and
// security events carry the risk the stated rules give them, and a stored TOTP secret opens only in its own row.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { createChallenge, currentStep, totpCode } from "../src/server/credentials/mfa";
import { hashPassword } from "../src/server/credentials/password";
import { createLogger } from "../src/server/logger";
import { startServices } from "../src/server/services";
import { MFA, RISK_ESCALATION } from "../src/shared/security";
import { createHarness, sessionCookieFrom } from "./support/harness";
import { makeManager } from "./support/members";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });

function keyOf(secret: string): Uint8Array {
  return decodeBase32IgnorePadding(secret.replace(/\s/g, ""));
}

/** A code of a step not used yet: the current step's, or the next one's (valid within the drift window). */
function codeAt(key: Uint8Array, offset = 0): string {
  return totpCode(key, currentStep() + offset);
}

async function withMfa(email: string, role: "customer" | "manager" | "admin" = "customer") {
  const account = await h.signIn(email, role);
  const setup = await h.request("POST", "/api/security/setup-mfa", { cookie: account.cookie });
  expect(setup.status).toBe(200);
  expect(setup.json.otpauthUri).toMatch(/^otpauth:\/\/totp\/KnowBefore:/);
  expect(setup.json.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
  const key = keyOf(setup.json.secret);
  expect(key.length).toBe(MFA.secretBytes);
  const enabled = await h.request("POST", "/api/security/enable-mfa", {
    cookie: account.cookie,
    body: { code: codeAt(key, -1) },
  });
  expect(enabled.status).toBe(200);
  return { ...account, key, backupCodes: enabled.json.backupCodes as string[] };
}

describe("turning MFA on", () => {
  it("takes effect only after a valid code, and answers ten single-use backup codes once", async () => {
    const account = await h.signIn("mfa.setup@example.org");
    const setup = await h.request("POST", "/api/security/setup-mfa", { cookie: account.cookie });
    const pending = await h.request("GET", "/api/security/mfa-status", { cookie: account.cookie });
    expect(pending.json).toMatchObject({ enabled: false, pendingSetup: true, backupCodesRemaining: 0 });
    const wrong = await h.request("POST", "/api/security/enable-mfa", {
      cookie: account.cookie,
      body: { code: "000000" === codeAt(keyOf(setup.json.secret)) ? "111111" : "000000" },
    });
    expect(wrong.status).toBe(401);
    expect(
      (await h.request("GET", "/api/security/mfa-status", { cookie: account.cookie })).json.enabled,
    ).toBe(false);
    const ok = await h.request("POST", "/api/security/enable-mfa", {
      cookie: account.cookie,
      body: { code: codeAt(keyOf(setup.json.secret)) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.backupCodes).toHaveLength(MFA.backupCodeCount);
    for (const code of ok.json.backupCodes) expect(code).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
    const status = await h.request("GET", "/api/security/mfa-status", { cookie: account.cookie });
    expect(status.json).toMatchObject({ enabled: true, backupCodesRemaining: 10, warning: false });
    // Stored hashed: no code appears in the table.
    const stored = await h.sql<{ code_hash: string }[]>`
      select code_hash from mfa_backup_codes where user_id = ${account.userId}`;
    expect(stored).toHaveLength(10);
    for (const code of ok.json.backupCodes as string[])
      expect(stored.some((r) => r.code_hash.includes(code.replace("-", "")))).toBe(false);
    // A second setup while on is refused.
    expect((await h.request("POST", "/api/security/setup-mfa", { cookie: account.cookie })).status).toBe(409);
  });
});

describe("codes", () => {
  it("accepts a TOTP code once: the same code again is refused", async () => {
    const account = await withMfa("mfa.replay@example.org");
    const code = codeAt(account.key, 1);
    const first = await h.request("POST", "/api/security/backup-codes", {
      cookie: account.cookie,
      body: { code },
    });
    expect(first.status).toBe(200);
    const again = await h.request("POST", "/api/security/backup-codes", {
      cookie: account.cookie,
      body: { code },
    });
    expect(again.status).toBe(401);
    expect(again.json.code).toBe("INVALID_MFA_CODE");
  });

  it("locks the second factor for 15 minutes after 5 wrong codes, even against a right one", async () => {
    const account = await withMfa("mfa.lock@example.org");
    const right = codeAt(account.key, 1);
    const wrong = right === "123456" ? "654321" : "123456";
    const answers: number[] = [];
    for (let i = 0; i < MFA.maxFailures; i++) {
      const res = await h.request("POST", "/api/security/backup-codes", {
        cookie: account.cookie,
        body: { code: wrong },
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429]);
    const locked = await h.request("POST", "/api/security/backup-codes", {
      cookie: account.cookie,
      body: { code: right },
    });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe("MFA_LOCKED");
    const [row] = await h.sql<{ minutes: number }[]>`
      select (extract(epoch from locked_until - now()) / 60)::float8 as minutes from user_mfa where user_id = ${account.userId}`;
    expect(row!.minutes).toBeGreaterThan(MFA.lockMinutes - 1);
    expect(row!.minutes).toBeLessThanOrEqual(MFA.lockMinutes);
    const events = await h.sql<{ event_type: string }[]>`
      select event_type from security_events where user_id = ${account.userId} and event_type = 'mfa_locked'`;
    // The attempt that locked it and the refused one after.
    expect(events).toHaveLength(2);
  });

  it("lets a backup code sign in once when it is used 10 times in parallel", async () => {
    const account = await withMfa("mfa.backup@example.org");
    // Ten sign-ins waiting for their second factor, each answered with the same backup code at once.
    const challenges = await Promise.all(
      Array.from({ length: 10 }, () => createChallenge(h.sql, account.userId, "session", "/")),
    );
    const code = account.backupCodes[0]!;
    const results = await Promise.all(
      challenges.map((c) =>
        h.request("POST", "/api/auth/verify-mfa", { body: { challenge: c.challenge, code } }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s >= 500)).toHaveLength(0);
    const status = await h.request("GET", "/api/security/mfa-status", { cookie: account.cookie });
    expect(status.json.backupCodesRemaining).toBe(MFA.backupCodeCount - 1);
  });
});

describe("signing in with the second factor", () => {
  it("a sign-in link asks for the code, and the code (not the link) creates the session", async () => {
    const account = await withMfa("mfa.link@example.org");
    await h.request("POST", "/api/auth/request-login", { body: { email: "mfa.link@example.org" } });
    const mail = await h.waitForMail(
      (m) => m.to.includes("mfa.link@example.org") && /sign-in link/.test(m.subject),
    );
    const token = /token=([a-z2-7]+)/.exec(mail.text)![1]!;
    const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.json).toMatchObject({ mfaRequired: true });
    expect(redeemed.json.user).toBeUndefined();
    expect(sessionCookieFrom(redeemed.headers)).toBeNull();
    const bad = await h.request("POST", "/api/auth/verify-mfa", {
      body: { challenge: redeemed.json.challenge, code: "12345X" },
    });
    expect(bad.status).toBe(401);
    const ok = await h.request("POST", "/api/auth/verify-mfa", {
      body: { challenge: redeemed.json.challenge, code: codeAt(account.key, 1) },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.user.email).toBe("mfa.link@example.org");
    const cookie = sessionCookieFrom(ok.headers)!;
    expect((await h.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
    // The challenge is used up.
    const reuse = await h.request("POST", "/api/auth/verify-mfa", {
      body: { challenge: redeemed.json.challenge, code: account.backupCodes[1]! },
    });
    expect(reuse.status).toBe(401);
  });

  it("the admin form answers a challenge, and the code answers the console's token", async () => {
    const email = "mfa.admin@example.org";
    const account = await withMfa(email, "admin");
    await h.sql`update users set password_hash = ${await hashPassword("admin-password-1", h.env.ADMIN_PASSWORD_SCRYPT_N)} where email = ${email}`;
    const login = await h.request("POST", "/api/admin/login", {
      body: { email, password: "admin-password-1", adminCode: h.env.ADMIN_CODE },
    });
    expect(login.status).toBe(200);
    expect(login.json.mfaRequired).toBe(true);
    expect(login.json.token).toBeUndefined();
    const done = await h.request("POST", "/api/admin/verify-mfa", {
      body: { challenge: login.json.challenge, code: codeAt(account.key, 1) },
    });
    expect(done.status).toBe(200);
    const verify = await h.request("GET", "/api/admin/verify", {
      headers: { authorization: `Bearer ${done.json.token}` },
    });
    expect(verify.status).toBe(200);
  });

  it("administrators can be required to use MFA: without it they reach no admin procedure", async () => {
    const withIt = await withMfa("mfa.required.on@example.org", "admin");
    const without = await h.signIn("mfa.required.off@example.org", "admin");
    const refused = await h.request("PUT", "/api/security/settings", {
      cookie: without.cookie,
      body: { adminMfaRequired: true },
    });
    expect(refused.status).toBe(409);
    const on = await h.request("PUT", "/api/security/settings", {
      cookie: withIt.cookie,
      body: { adminMfaRequired: true },
    });
    expect(on.status).toBe(200);
    const blocked = await h.request("GET", "/api/admin/overview", { cookie: without.cookie });
    expect(blocked.status).toBe(403);
    expect(blocked.json.code).toBe("MFA_REQUIRED");
    expect((await h.request("GET", "/api/admin/overview", { cookie: withIt.cookie })).status).toBe(200);
    expect(
      (await h.request("GET", "/api/security/mfa-status", { cookie: without.cookie })).json.required,
    ).toBe(true);
    await h.request("PUT", "/api/security/settings", {
      cookie: withIt.cookie,
      body: { adminMfaRequired: false },
    });
  });
});

describe("sessions", () => {
  it("lists the caller's sessions without token hashes, and an ended session's next request answers 401", async () => {
    const first = await h.signIn("sessions.owner@example.org");
    const second = await h.signIn("sessions.owner@example.org");
    const list = await h.request("GET", "/api/security/sessions", { cookie: first.cookie });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(2);
    expect(list.json.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const hashes = await h.sql<{ id: string }[]>`select id from sessions where user_id = ${first.userId}`;
    for (const { id } of hashes) expect(list.text).not.toContain(id);
    const other = list.json.find((s: { current: boolean }) => !s.current);
    expect(other).toMatchObject({ device: expect.any(String), location: "This computer" });

    // Someone else cannot end it.
    const stranger = await h.signIn("sessions.stranger@example.org");
    const foreign = await h.request("POST", "/api/security/terminate-session", {
      cookie: stranger.cookie,
      body: { sessionId: other.id },
    });
    expect(foreign.status).toBe(404);

    expect((await h.request("GET", "/api/auth/user", { cookie: second.cookie })).status).toBe(200);
    const ended = await h.request("POST", "/api/security/terminate-session", {
      cookie: first.cookie,
      body: { sessionId: other.id },
    });
    expect(ended.status).toBe(200);
    expect((await h.request("GET", "/api/auth/user", { cookie: second.cookie })).status).toBe(401);
    expect((await h.request("GET", "/api/auth/user", { cookie: first.cookie })).status).toBe(200);
  });

  it("ends every other session at once, and turning MFA on ends them too", async () => {
    const a = await h.signIn("sessions.all@example.org");
    const b = await h.signIn("sessions.all@example.org");
    const c = await h.signIn("sessions.all@example.org");
    const res = await h.request("POST", "/api/security/terminate-session", {
      cookie: a.cookie,
      body: { allOthers: true },
    });
    expect(res.json.terminated).toBe(2);
    expect((await h.request("GET", "/api/auth/user", { cookie: b.cookie })).status).toBe(401);
    expect((await h.request("GET", "/api/auth/user", { cookie: c.cookie })).status).toBe(401);

    const d = await h.signIn("sessions.mfa@example.org");
    const e = await h.signIn("sessions.mfa@example.org");
    const setup = await h.request("POST", "/api/security/setup-mfa", { cookie: d.cookie });
    await h.request("POST", "/api/security/enable-mfa", {
      cookie: d.cookie,
      body: { code: codeAt(keyOf(setup.json.secret)) },
    });
    expect((await h.request("GET", "/api/auth/user", { cookie: e.cookie })).status).toBe(401);
    expect((await h.request("GET", "/api/auth/user", { cookie: d.cookie })).status).toBe(200);
  });
});

describe("security events", () => {
  it("gives failures from one address rising risk by the stated rule", async () => {
    const ip = "127.0.0.9";
    const levels: string[] = [];
    for (let i = 0; i < RISK_ESCALATION.highAfterFailures; i++) {
      await h.request("POST", "/api/auth/redeem", {
        body: { token: "a".repeat(32) },
        remoteAddress: ip,
      });
    }
    const rows = await h.sql<{ risk_level: string }[]>`
      select risk_level from security_events where ip_address = ${ip} order by id`;
    for (const r of rows) levels.push(r.risk_level);
    expect(levels.slice(0, RISK_ESCALATION.highAfterFailures - 1).every((l) => l === "medium")).toBe(true);
    expect(levels.at(-1)).toBe("high");
  });

  it("users read their own events; administrators everyone's, with filters", async () => {
    const user = await h.signIn("events.reader@example.org");
    await h.request("POST", "/api/security/setup-mfa", { cookie: user.cookie });
    await h.request("POST", "/api/security/enable-mfa", { cookie: user.cookie, body: { code: "000000" } });
    const own = await h.request("GET", "/api/security/events", { cookie: user.cookie });
    expect(own.status).toBe(200);
    expect(own.json.length).toBeGreaterThan(0);
    for (const e of own.json) expect(e.userId).toBe(user.userId);
    expect(own.json[0]).toMatchObject({ label: expect.any(String), riskLevel: expect.any(String) });

    const admin = await h.signIn("events.admin@example.org", "admin");
    const all = await h.request("GET", "/api/security/events?riskLevel=high&pageSize=100", {
      cookie: admin.cookie,
    });
    expect(all.status).toBe(200);
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(0);
    for (const e of all.json) expect(e.riskLevel).toBe("high");
    expect(new Set(all.json.map((e: { userId: string | null }) => e.userId)).size).toBeGreaterThan(0);
    const bad = await h.request("GET", "/api/security/events?riskLevel=severe", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
  });
});

describe("administrators without the required second factor", () => {
  it("are refused every admin-privileged path, whatever its tier, but can still turn MFA on", async () => {
    const withIt = await withMfa("mfa.gate.on@example.org", "admin");
    const without = await h.signIn("mfa.gate.off@example.org", "admin");
    const victim = await h.signIn("mfa.gate.victim@example.org");
    const [victimSession] = await h.sql<{ publicId: string }[]>`
      select public_id as "publicId" from sessions where user_id = ${victim.userId}`;
    const on = await h.request("PUT", "/api/security/settings", {
      cookie: withIt.cookie,
      body: { adminMfaRequired: true },
    });
    expect(on.status).toBe(200);
    try {
      const refused = [
        await h.request("GET", "/api/compliance/gdpr-requests/1/export?format=json", {
          cookie: without.cookie,
        }),
        await h.request("GET", "/api/admin/audit-log", { cookie: without.cookie }),
        await h.request("GET", "/api/security/events", { cookie: without.cookie }),
        await h.request("POST", "/api/security/terminate-session", {
          cookie: without.cookie,
          body: { sessionId: victimSession!.publicId },
        }),
        await h.request("POST", "/api/api-keys", {
          cookie: without.cookie,
          body: { name: "platform key", scopes: ["salespeople:read"] },
        }),
      ];
      for (const res of refused) {
        expect(res.status, res.text).toBe(403);
        expect(res.json.code).toBe("MFA_REQUIRED");
      }
      // Nothing happened: the other user's session lives, no key was made.
      expect((await h.request("GET", "/api/auth/user", { cookie: victim.cookie })).status).toBe(200);
      expect(await h.sql`select 1 from api_keys where user_id = ${without.userId}`).toHaveLength(0);

      // Turning MFA on still works, and then everything opens.
      expect((await h.request("GET", "/api/auth/user", { cookie: without.cookie })).status).toBe(200);
      const setup = await h.request("POST", "/api/security/setup-mfa", { cookie: without.cookie });
      expect(setup.status).toBe(200);
      const enabled = await h.request("POST", "/api/security/enable-mfa", {
        cookie: without.cookie,
        body: { code: codeAt(keyOf(setup.json.secret)) },
      });
      expect(enabled.status).toBe(200);
      expect((await h.request("GET", "/api/security/events", { cookie: without.cookie })).status).toBe(200);
    } finally {
      await h.request("PUT", "/api/security/settings", {
        cookie: withIt.cookie,
        body: { adminMfaRequired: false },
      });
    }
  });
});

/** A dealership managed by `managerId`, so the manager may make API keys. */
async function dealershipOf(managerId: string, name: string) {
  const [row] = await h.sql<{ id: number }[]>`
    insert into dealerships (name, address, city, state, zip_code, time_zone, latitude, longitude)
    values (${name}, '1 Main St', 'Austin', 'TX', '78701', 'America/Chicago', 30.27, -97.74) returning id`;
  await makeManager(h.sql, row!.id, managerId);
}

describe("changes that need a recent sign-in", () => {
  /** Moves the account's sessions' sign-in back in time, as if it happened `minutes` ago. */
  async function signedInAgo(userId: string, minutes: number) {
    await h.sql`
      update sessions set created_at = now() - make_interval(mins => ${minutes}) where user_id = ${userId}`;
  }

  it("setting up and removing MFA answer 403 REAUTH_REQUIRED on an old session, and work on a fresh one", async () => {
    const old = await h.signIn("reauth.mfa@example.org");
    await signedInAgo(old.userId, 6);
    const refused = await h.request("POST", "/api/security/setup-mfa", { cookie: old.cookie });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("REAUTH_REQUIRED");
    expect(refused.json.message).toMatch(/sign in again/i);
    expect(await h.sql`select 1 from user_mfa where user_id = ${old.userId}`).toHaveLength(0);

    const account = await withMfa("reauth.mfa@example.org");
    const enabledMail = await h.waitForMail(
      (m) =>
        m.to.includes("reauth.mfa@example.org") && /two-factor authentication is now on/i.test(m.subject),
    );
    expect(enabledMail.text).toContain("turned on");

    await signedInAgo(account.userId, 6);
    const keep = await h.request("POST", "/api/security/disable-mfa", {
      cookie: account.cookie,
      body: { code: codeAt(account.key, 1) },
    });
    expect(keep.status).toBe(403);
    expect(keep.json.code).toBe("REAUTH_REQUIRED");
    expect(
      (await h.request("GET", "/api/security/mfa-status", { cookie: account.cookie })).json.enabled,
    ).toBe(true);
  });

  it("removing MFA on a fresh session revokes the account's API keys and tells the account", async () => {
    const manager = await h.signIn("reauth.keys@example.org", "manager");
    await dealershipOf(manager.userId, "Reauth Motors");
    const fresh = await h.signIn("reauth.keys@example.org", "manager");
    const key = await h.request("POST", "/api/api-keys", {
      cookie: fresh.cookie,
      body: { name: "warehouse sync", scopes: ["salespeople:read"] },
    });
    expect(key.status, key.text).toBe(201);
    const keyMail = await h.waitForMail(
      (m) => m.to.includes("reauth.keys@example.org") && /new API key/i.test(m.subject),
    );
    expect(keyMail.text).toContain("warehouse sync");
    expect(keyMail.text).not.toContain(key.json.key);

    await signedInAgo(fresh.userId, 6);
    const stale = await h.request("POST", "/api/api-keys", {
      cookie: fresh.cookie,
      body: { name: "second", scopes: ["salespeople:read"] },
    });
    expect(stale.status).toBe(403);
    expect(stale.json.code).toBe("REAUTH_REQUIRED");

    const account = await withMfa("reauth.keys@example.org", "manager");
    const off = await h.request("POST", "/api/security/disable-mfa", {
      cookie: account.cookie,
      body: { code: codeAt(account.key, 1) },
    });
    expect(off.status, off.text).toBe(200);
    await h.waitForMail((m) => m.to.includes("reauth.keys@example.org") && /turned off/i.test(m.subject));
    const [stored] = await h.sql<{ revokedAt: Date | null }[]>`
      select revoked_at as "revokedAt" from api_keys where id = ${key.json.id}`;
    expect(stored!.revokedAt).toBeInstanceOf(Date);
    expect(
      (
        await h.request("GET", "/api/salespeople?limit=1", {
          headers: { authorization: `Bearer ${key.json.key}` },
        })
      ).status,
    ).toBe(401);
  });

  it("ending all other sessions revokes the caller's API keys only when asked", async () => {
    const manager = await h.signIn("sessions.keys@example.org", "manager");
    await dealershipOf(manager.userId, "Session Keys Motors");
    const make = async () => {
      const made = await h.request("POST", "/api/api-keys", {
        cookie: manager.cookie,
        body: { name: "k", scopes: ["salespeople:read"] },
      });
      expect(made.status, made.text).toBe(201);
      return made.json.id as number;
    };
    const kept = await make();
    const plain = await h.request("POST", "/api/security/terminate-session", {
      cookie: manager.cookie,
      body: { allOthers: true },
    });
    expect(plain.json.revokedApiKeys).toBe(0);
    const revoking = await h.request("POST", "/api/security/terminate-session", {
      cookie: manager.cookie,
      body: { allOthers: true, revokeApiKeys: true },
    });
    expect(revoking.status).toBe(200);
    expect(revoking.json.revokedApiKeys).toBe(1);
    const [row] = await h.sql<{ revokedAt: Date | null }[]>`
      select revoked_at as "revokedAt" from api_keys where id = ${kept}`;
    expect(row!.revokedAt).toBeInstanceOf(Date);
  });
});

describe("administrators' sessions", () => {
  /** Moves a session's whole life back in time by `minutes`. */
  async function age(userId: string, minutes: number, { active }: { active: boolean }) {
    await h.sql`
      update sessions set created_at = created_at - make_interval(mins => ${minutes}),
                          absolute_expires_at = absolute_expires_at - make_interval(mins => ${minutes}),
                          ${active ? h.sql`last_activity_at = now()` : h.sql`last_activity_at = last_activity_at - make_interval(mins => ${minutes}), expires_at = expires_at - make_interval(mins => ${minutes})`}
       where user_id = ${userId}`;
  }

  it("end after 30 minutes unused and 12 hours in all; other accounts keep theirs", async () => {
    const admin = await h.signIn("short.admin@example.org", "admin");
    const [row] = await h.sql<{ idle: number; absolute: number }[]>`
      select extract(epoch from expires_at - created_at)::int as idle,
             extract(epoch from absolute_expires_at - created_at)::int as absolute
        from sessions where user_id = ${admin.userId}`;
    expect(row).toEqual({ idle: 30 * 60, absolute: 12 * 3600 });

    await age(admin.userId, 31, { active: false });
    expect((await h.request("GET", "/api/auth/user", { cookie: admin.cookie })).status).toBe(401);

    const busy = await h.signIn("busy.admin@example.org", "admin");
    await age(busy.userId, 12 * 60 + 1, { active: true });
    expect((await h.request("GET", "/api/auth/user", { cookie: busy.cookie })).status).toBe(401);
    // The console's bearer token is the same kind of session.
    const token = await h.signIn("token.admin@example.org", "admin");
    await age(token.userId, 31, { active: false });
    expect(
      (await h.request("GET", "/api/admin/verify", { headers: { authorization: `Bearer ${token.token}` } }))
        .status,
    ).toBe(401);

    const customer = await h.signIn("long.customer@example.org");
    await age(customer.userId, 12 * 60 + 1, { active: false });
    expect((await h.request("GET", "/api/auth/user", { cookie: customer.cookie })).status).toBe(200);
  });
});

describe("stored TOTP secrets", () => {
  /** A sign-in waiting for the second factor of this account, answered with `code`. */
  async function verify(userId: string, code: string) {
    const { challenge } = await createChallenge(h.sql, userId, "session", "/");
    return h.request("POST", "/api/auth/verify-mfa", { body: { challenge, code } });
  }
  const storedSecret = async (userId: string) =>
    (await h.sql<{ s: string }[]>`select secret_sealed as s from user_mfa where user_id = ${userId}`)[0]!.s;

  it("open only in their own account's row: a secret copied to another account verifies no code there", async () => {
    const owner = await withMfa("sealed.owner@example.org");
    const other = await withMfa("sealed.other@example.org");
    await h.sql`update user_mfa set secret_sealed = ${await storedSecret(owner.userId)} where user_id = ${other.userId}`;
    const borrowed = await verify(other.userId, codeAt(owner.key, 1));
    expect(borrowed.status).toBe(401);
    expect(borrowed.json.code).toBe("INVALID_MFA_CODE");
    expect(sessionCookieFrom(borrowed.headers)).toBeNull();
    // The account's backup codes still sign it in.
    expect((await verify(other.userId, other.backupCodes[0]!)).status).toBe(200);
    expect((await verify(owner.userId, codeAt(owner.key, 1))).status).toBe(200);
  });

  it("sealed before they were bound still verify, and are bound to their row at the next start", async () => {
    const account = await withMfa("sealed.older@example.org");
    const unbound = h.deps.secrets.seal(Buffer.from(account.key).toString("base64"));
    await h.sql`update user_mfa set secret_sealed = ${unbound} where user_id = ${account.userId}`;
    expect((await verify(account.userId, codeAt(account.key))).status).toBe(200);

    const restarted = await startServices({
      env: h.env,
      sql: h.sql,
      searchSql: h.deps.searchSql,
      browseSql: h.deps.browseSql,
      databaseUrl: h.dbUrl,
      logger: createLogger("silent"),
      secrets: h.deps.secrets,
      browseCacheEntries: 10,
      pollingIntervalSeconds: 0.5,
    });
    await restarted.stop();
    const bound = await storedSecret(account.userId);
    expect(bound.startsWith("v2.")).toBe(true);
    expect(h.deps.secrets.open(bound, `user_mfa:${account.userId}:secret_sealed`)).toBe(
      Buffer.from(account.key).toString("base64"),
    );
    expect(() => h.deps.secrets.open(bound)).toThrow();
    expect((await verify(account.userId, codeAt(account.key, 1))).status).toBe(200);
  });
});
