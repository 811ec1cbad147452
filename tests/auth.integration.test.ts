import { describe, expect, it } from "vitest";
import { hashToken } from "../src/server/credentials/tokens";
import type { LoginTokenRow, SecurityEventRow, SessionRow, UserRow } from "../src/server/db/rows";
import { DEMO_ACCOUNTS } from "../src/server/seed/demo";
import { createHarness, sessionCookieFrom } from "./support/harness";

const h = await createHarness();
await h.seed(0.05);

async function signInCustomer(email: string) {
  const asked = await h.request("POST", "/api/auth/request-login", { body: { email } });
  expect(asked.status).toBe(200);
  const link = h.smtp.lastLinkFor(email);
  expect(link).toBeTruthy();
  const token = new URL(link!).searchParams.get("token")!;
  const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token } });
  expect(redeemed.status).toBe(200);
  return { cookie: sessionCookieFrom(redeemed.headers)!, user: redeemed.json.user, token };
}

describe("customer sign-in by e-mailed link", () => {
  it("e-mails a link through SMTP, creates the user on first sign-in and sets a safe cookie", async () => {
    const email = "new.buyer@example.org";
    const asked = await h.request("POST", "/api/auth/request-login", {
      body: { email: "  New.Buyer@Example.org " },
    });
    expect(asked.status).toBe(200);
    expect(asked.json).toMatchObject({ deliveryStatus: "sent" });
    expect(asked.json.magicLink).toBeUndefined(); // only development hands links to this machine
    const link = h.smtp.lastLinkFor(email);
    expect(link).toContain("http://localhost:3000/login?token=");

    const token = new URL(link!).searchParams.get("token")!;
    expect(token.length).toBeGreaterThanOrEqual(32); // 160 bits in base32
    const [stored] = await h.sql<LoginTokenRow[]>`select * from login_tokens where email = ${email}`;
    expect(stored?.id).toBe(hashToken(token)); // only the hash is stored
    expect(JSON.stringify(stored)).not.toContain(token);

    const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(redeemed.status).toBe(200);
    expect(redeemed.json.user).toMatchObject({ email, role: "customer" });
    const setCookie = redeemed.headers.getSetCookie().find((c) => c.startsWith("kb_session="))!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).toMatch(/Max-Age=\d+/);

    const cookie = sessionCookieFrom(redeemed.headers)!;
    const me = await h.request("GET", "/api/auth/user", { cookie });
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(email);
    const sessionToken = cookie.split("=")[1]!;
    const [session] = await h.sql<SessionRow[]>`select * from sessions where user_id = ${me.json.id}`;
    expect(session?.id).toBe(hashToken(sessionToken));
  });

  it("answers the same for unknown and known addresses", async () => {
    const known = await h.request("POST", "/api/auth/request-login", {
      body: { email: DEMO_ACCOUNTS.customer },
    });
    const unknown = await h.request("POST", "/api/auth/request-login", {
      body: { email: "nobody.here@example.org" },
    });
    expect(known.status).toBe(unknown.status);
    expect(known.json.message).toBe(unknown.json.message);
  });

  it("refuses a reused link", async () => {
    const { token } = await signInCustomer("reuse@example.org");
    const again = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(again.status).toBe(401);
    expect(again.json).toEqual({
      message: "Invalid or expired login link. Please request a new one.",
      code: "INVALID_LOGIN_LINK",
    });
  });

  it("refuses an expired link", async () => {
    await h.request("POST", "/api/auth/request-login", { body: { email: "late@example.org" } });
    const token = new URL(h.smtp.lastLinkFor("late@example.org")!).searchParams.get("token")!;
    await h.sql`update login_tokens set expires_at = ${new Date(Date.now() - 1000)} where id = ${hashToken(token)}`;
    const res = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(res.status).toBe(401);
  });

  it("links expire 15 minutes after they are issued", async () => {
    const before = Date.now();
    await h.request("POST", "/api/auth/request-login", { body: { email: "ttl@example.org" } });
    const [row] = await h.sql<LoginTokenRow[]>`select * from login_tokens where email = 'ttl@example.org'`;
    const minutes = (row!.expires_at.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(14.9);
    expect(minutes).toBeLessThan(15.1);
  });

  it("gives exactly one session when 20 redemptions of one link race", async () => {
    await h.request("POST", "/api/auth/request-login", { body: { email: "race@example.org" } });
    const token = new URL(h.smtp.lastLinkFor("race@example.org")!).searchParams.get("token")!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => h.request("POST", "/api/auth/redeem", { body: { token } })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401)).toHaveLength(19);
    const [user] = await h.sql<UserRow[]>`select * from users where email = 'race@example.org'`;
    const rows = await h.sql<SessionRow[]>`select * from sessions where user_id = ${user!.id}`;
    expect(rows).toHaveLength(1);
  });

  it("rejects a malformed e-mail with 400 and the REST error shape", async () => {
    for (const body of [
      { email: "" },
      { email: "not-an-email" },
      {},
      { email: 42 },
      { email: "a@b.co", extra: 1 },
    ]) {
      const res = await h.request("POST", "/api/auth/request-login", { body });
      expect(res.status).toBe(400);
      expect(typeof res.json.message).toBe("string");
      expect(res.json.code).toBe("BAD_REQUEST");
    }
    const broken = await h.request("POST", "/api/auth/request-login", { body: "{not json" });
    expect(broken.status).toBe(400);
    expect(broken.json).toEqual({ message: "Request body must be valid JSON", code: "BAD_REQUEST" });
  });

  it("signs out through POST /api/logout only: a GET answers 405 and signs nobody out", async () => {
    const { cookie } = await signInCustomer("leaver@example.org");
    const get = await h.request("GET", "/api/logout", { cookie });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect(get.json.code).toBe("METHOD_NOT_ALLOWED");
    expect((await h.request("GET", "/api/auth/user", { cookie })).status).toBe(200);
    const out = await h.request("POST", "/api/logout", { cookie });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/");
    const me = await h.request("GET", "/api/auth/user", { cookie });
    expect(me.status).toBe(401);
  });

  it("answers an administrator's address exactly as any other, after the same work (one mail handed over)", async () => {
    const sentTo = (email: string) => h.smtp.messages.filter((m) => m.to.includes(email)).length;
    const stranger = "not.an.admin@example.org";
    const before = { admin: sentTo(DEMO_ACCOUNTS.admin), stranger: sentTo(stranger) };
    const asAdmin = await h.request("POST", "/api/auth/request-login", {
      body: { email: DEMO_ACCOUNTS.admin },
    });
    const asStranger = await h.request("POST", "/api/auth/request-login", { body: { email: stranger } });
    expect(asAdmin.status).toBe(asStranger.status);
    expect(asAdmin.json).toEqual(asStranger.json);
    // Each answer waited for its one mail to be accepted, so neither branch is the quick one.
    expect(sentTo(DEMO_ACCOUNTS.admin)).toBe(before.admin + 1);
    expect(sentTo(stranger)).toBe(before.stranger + 1);
    expect(h.smtp.lastLinkFor(DEMO_ACCOUNTS.admin)).toBeNull();
  });

  it("never signs an administrator in by link", async () => {
    const res = await h.request("POST", "/api/auth/request-login", { body: { email: DEMO_ACCOUNTS.admin } });
    expect(res.status).toBe(200);
    expect(h.smtp.lastLinkFor(DEMO_ACCOUNTS.admin)).toBeNull();
  });

  it("records sign-in attempts as security events without tokens", async () => {
    const { token } = await signInCustomer("audited@example.org");
    const events = await h.sql<SecurityEventRow[]>`select * from security_events`;
    expect(events.some((e) => e.event_type === "login_success")).toBe(true);
    expect(JSON.stringify(events)).not.toContain(token);
  });
});

describe("profile", () => {
  it("reads and updates only your own record", async () => {
    const me = await signInCustomer("profile.owner@example.org");
    const other = await signInCustomer("someone.else@example.org");
    const own = await h.request("GET", `/api/auth/user/${me.user.id}`, { cookie: me.cookie });
    expect(own.status).toBe(200);
    const foreign = await h.request("GET", `/api/auth/user/${other.user.id}`, { cookie: me.cookie });
    expect(foreign.status).toBe(403);
    const patchForeign = await h.request("PATCH", `/api/auth/user/${other.user.id}`, {
      cookie: me.cookie,
      body: { firstName: "Mallory" },
    });
    expect(patchForeign.status).toBe(403);

    const updated = await h.request("PATCH", `/api/auth/user/${me.user.id}`, {
      cookie: me.cookie,
      body: {
        firstName: "Dana",
        lastName: "Fox",
        email: "profile.owner@example.org",
        phone: "",
        city: "Austin",
        state: "TX",
        zipCode: "78701",
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.json).toMatchObject({
      firstName: "Dana",
      lastName: "Fox",
      phone: null,
      city: "Austin",
      zipCode: "78701",
    });

    const badZip = await h.request("PATCH", `/api/auth/user/${me.user.id}`, {
      cookie: me.cookie,
      body: { zipCode: "ABCDE" },
    });
    expect(badZip.status).toBe(400);
    const role = await h.request("PATCH", `/api/auth/user/${me.user.id}`, {
      cookie: me.cookie,
      body: { role: "admin" },
    });
    expect(role.status).toBe(400);
    const email = await h.request("PATCH", `/api/auth/user/${me.user.id}`, {
      cookie: me.cookie,
      body: { email: "new@example.org" },
    });
    expect(email.status).toBe(422);
    const signedOut = await h.request("PATCH", `/api/auth/user/${me.user.id}`, { body: { firstName: "X" } });
    expect(signedOut.status).toBe(401);
    const badId = await h.request("GET", "/api/auth/user/not-a-uuid", { cookie: me.cookie });
    expect(badId.status).toBe(400);
  });
});

describe("salesperson portal", () => {
  it("answers 404 for an unknown e-mail and sends a link to a known one (trimmed, lowercased)", async () => {
    const unknown = await h.request("POST", "/api/salesperson/auth/login", {
      body: { email: "ghost@example.org" },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({
      message: "No salesperson account found with this email address",
      code: "SALESPERSON_NOT_FOUND",
    });

    const known = await h.request("POST", "/api/salesperson/auth/login", {
      body: { email: `  ${DEMO_ACCOUNTS.salesperson.toUpperCase()} ` },
    });
    expect(known.status).toBe(200);
    const link = h.smtp.lastLinkFor(DEMO_ACCOUNTS.salesperson)!;
    expect(link).toContain("/salesperson-login?token=");
    const token = new URL(link).searchParams.get("token")!;
    // The GET checks the link and says whom it signs in, but signs nobody in.
    const checked = await h.request("GET", `/api/salesperson/auth/verify?token=${token}`);
    expect(checked.status).toBe(200);
    expect(checked.json).toMatchObject({ email: DEMO_ACCOUNTS.salesperson, purpose: "salesperson" });
    expect(sessionCookieFrom(checked.headers)).toBeNull();
    const verified = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(verified.status).toBe(200);
    expect(verified.json.user).toMatchObject({ role: "salesperson", email: DEMO_ACCOUNTS.salesperson });
    expect(verified.json.user.salespersonId).toBeTypeOf("number");
    const cookie = sessionCookieFrom(verified.headers)!;
    const me = await h.request("GET", "/api/salesperson/auth/user", { cookie });
    expect(me.status).toBe(200);
    const out = await h.request("POST", "/api/salesperson/auth/logout", { cookie });
    expect(out.status).toBe(200);
    expect((await h.request("GET", "/api/salesperson/auth/user", { cookie })).status).toBe(401);
  });

  it("registers a salesperson at an existing dealership, 409 for an existing e-mail", async () => {
    const [dealer] = await h.sql<{ name: string }[]>`select name from dealerships order by id limit 1`;
    const body = {
      name: "Pat Quinn",
      email: "Pat.Quinn@Example.org",
      dealership: dealer!.name,
      phone: "",
      yearsExperience: 7,
      specialties: ["Used Cars"],
    };
    const created = await h.request("POST", "/api/salesperson/auth/register", { body });
    expect(created.status).toBe(201);
    expect(created.json.email).toBe("pat.quinn@example.org");
    const [row] = await h.sql<{ phone_number: string | null; years_of_experience: number; status: string }[]>`
      select phone_number, years_of_experience, status from salespeople where email = 'pat.quinn@example.org'`;
    expect(row).toEqual({ phone_number: null, years_of_experience: 7, status: "available" });
    const again = await h.request("POST", "/api/salesperson/auth/register", { body });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("ACCOUNT_EXISTS");
  });

  it("validates registration input", async () => {
    const base = {
      name: "Lee Park",
      email: "lee.park@example.org",
      dealership: "x",
      yearsExperience: 3,
      specialties: [],
    };
    expect(
      (await h.request("POST", "/api/salesperson/auth/register", { body: { ...base, name: "" } })).status,
    ).toBe(400);
    expect(
      (await h.request("POST", "/api/salesperson/auth/register", { body: { ...base, yearsExperience: 51 } }))
        .status,
    ).toBe(400);
    expect(
      (await h.request("POST", "/api/salesperson/auth/register", { body: { ...base, yearsExperience: -1 } }))
        .status,
    ).toBe(400);
    expect(
      (
        await h.request("POST", "/api/salesperson/auth/register", {
          body: { ...base, yearsExperience: "many" },
        })
      ).status,
    ).toBe(400);
    const unknownDealer = await h.request("POST", "/api/salesperson/auth/register", {
      body: { ...base, dealership: "No Such Motors" },
    });
    expect(unknownDealer.status).toBe(422);
  });

  it("refuses an invalid verification token", async () => {
    const res = await h.request("GET", "/api/salesperson/auth/verify?token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    expect(res.status).toBe(401);
    expect(res.json.message).toBe("Invalid or expired login link. Please request a new one.");
    expect((await h.request("GET", "/api/salesperson/auth/verify")).status).toBe(400);
  });
});

describe("sessions", () => {
  it("expires after inactivity and slides while used", async () => {
    const { cookie, user } = await signInCustomer("slider@example.org");
    await h.sql`update sessions set last_activity_at = ${new Date(Date.now() - 3 * 3_600_000)} where user_id = ${user.id}`;
    const used = await h.request("GET", "/api/auth/user", { cookie });
    expect(used.status).toBe(200);
    expect(
      used.headers.getSetCookie().some((c) => c.startsWith("kb_session=") && /Max-Age=25\d{5}/.test(c)),
    ).toBe(true);
    await h.sql`update sessions set expires_at = ${new Date(Date.now() - 1000)} where user_id = ${user.id}`;
    const expired = await h.request("GET", "/api/auth/user", { cookie });
    expect(expired.status).toBe(401);
  });

  it("ends at the absolute lifetime even when active", async () => {
    const { cookie, user } = await signInCustomer("absolute@example.org");
    await h.sql`update sessions set absolute_expires_at = ${new Date(Date.now() - 1000)} where user_id = ${user.id}`;
    expect((await h.request("GET", "/api/auth/user", { cookie })).status).toBe(401);
  });

  it("accepts a bearer token for API clients", async () => {
    const { cookie } = await signInCustomer("bearer@example.org");
    const token = cookie.split("=")[1]!;
    const res = await h.request("GET", "/api/auth/user", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
  });
});

describe("CSRF origin check", () => {
  it("refuses state changes with a missing or foreign Origin, JSON and tRPC included", async () => {
    const foreign = await h.app.request("/api/auth/request-login", {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ email: "x@example.org" }),
    });
    expect(foreign.status).toBe(403);
    const missing = await h.app.request("/api/auth/request-login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x@example.org" }),
    });
    expect(missing.status).toBe(403);
    const trpc = await h.app.request("/trpc/auth.logout", {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(trpc.status).toBe(403);
  });
});

describe("rate limits", () => {
  it("answers 429 after too many link requests for one e-mail", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await h.request("POST", "/api/auth/request-login", { body: { email: "flood@example.org" } })).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const last = await h.request("POST", "/api/auth/request-login", { body: { email: "flood@example.org" } });
    expect(last.json.code).toBe("RATE_LIMITED");
    const count = await h.sql<{ n: number }[]>`
      select count(*)::int as n from login_tokens where email = 'flood@example.org'`;
    expect(count[0]?.n).toBe(5);
  });
});

describe("the session cookie in production", () => {
  it("is __Host-kb_session (Secure, Path=/, no Domain), and only that name is read", async () => {
    const prod = await createHarness({
      NODE_ENV: "production",
      ADMIN_CODE: "production-admin-code",
      APP_URL: "https://knowbefore.example",
      CRM_ENCRYPTION_KEY: "b".repeat(64),
    });
    expect(prod.env.COOKIE_SECURE).toBe(true);
    const origin = { origin: prod.env.APP_URL };
    const asked = await prod.request("POST", "/api/auth/request-login", {
      body: { email: "prod.cookie@example.org" },
      headers: origin,
    });
    expect(asked.status).toBe(200);
    const token = new URL(prod.smtp.lastLinkFor("prod.cookie@example.org")!).searchParams.get("token");
    const redeemed = await prod.request("POST", "/api/auth/redeem", { body: { token }, headers: origin });
    expect(redeemed.status).toBe(200);
    const set = redeemed.headers.getSetCookie().find((c) => c.startsWith("__Host-kb_session="));
    expect(set).toMatch(/; Path=\/;/);
    expect(set).toMatch(/; Secure/);
    expect(set).not.toMatch(/Domain=/i);
    const value = set!.split(";")[0]!.split("=")[1]!;
    expect(
      (await prod.request("GET", "/api/auth/user", { cookie: `__Host-kb_session=${value}` })).status,
    ).toBe(200);
    // The unprefixed name (which a neighbouring subdomain could plant) is not read.
    expect((await prod.request("GET", "/api/auth/user", { cookie: `kb_session=${value}` })).status).toBe(401);
    const out = await prod.request("POST", "/api/logout", {
      cookie: `__Host-kb_session=${value}`,
      headers: origin,
    });
    expect(out.headers.getSetCookie().some((c) => c.startsWith("__Host-kb_session=;"))).toBe(true);
  });
});
