// The attacks of the hardening review, each tried again: sign-in links handed to strangers, login CSRF,
// admin lockout by a third party, internal text in answers, forged log lines, and header mistakes.
import { describe, expect, it } from "vitest";
import { hashPassword } from "../src/server/credentials/password";
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD } from "../src/server/seed/demo";
import { createHarness, ORIGIN, sessionCookieFrom } from "./support/harness";
import { openDay } from "./support/openHours";

const ADMIN_CODE = "hardening-admin-code";
const h = await createHarness({ NODE_ENV: "development", ADMIN_CODE }, { captureLog: true });
await h.seed(0.02);

const FORBIDDEN_TEXT =
  /select .* from |insert into|Failed query|out of range|invalid byte sequence|Maximum call stack|github\.com|postgres|params:|date\/time field/i;

async function linkFor(email: string, path = "/api/auth/request-login", remoteAddress = "127.0.0.1") {
  const res = await h.request("POST", path, { body: { email }, remoteAddress });
  expect(res.status).toBe(200);
  const link = h.smtp.lastLinkFor(email)!;
  return { res, token: new URL(link).searchParams.get("token")! };
}

describe("sign-in links are handed only to this machine", () => {
  it("answers the link to a loopback caller in development, to nobody else", async () => {
    const local = await h.request("POST", "/api/auth/request-login", {
      body: { email: DEMO_ACCOUNTS.customer },
      remoteAddress: "127.0.0.1",
    });
    expect(local.json.magicLink).toMatch(/\/login\?token=/);
    const localV6 = await h.request("POST", "/api/auth/request-login", {
      body: { email: "v6@example.org" },
      remoteAddress: "::ffff:127.0.0.2",
    });
    expect(localV6.json.magicLink).toMatch(/\/login\?token=/);

    for (const remoteAddress of ["203.0.113.7", "10.1.2.3", "::ffff:192.168.1.9", "2001:db8::1"]) {
      for (const [path, email] of [
        ["/api/auth/request-login", DEMO_ACCOUNTS.customer],
        ["/api/salesperson/auth/login", DEMO_ACCOUNTS.salesperson],
      ] as const) {
        const res = await h.request("POST", path, { body: { email }, remoteAddress });
        expect(res.status, `${path} from ${remoteAddress}`).toBe(200);
        expect(res.json.magicLink).toBeUndefined();
        expect(res.text).not.toMatch(/token/i);
      }
    }
    // In-process calls (no socket) are not this machine either.
    const noSocket = await h.request("POST", "/api/auth/request-login", { body: { email: "x@example.org" } });
    expect(noSocket.json.magicLink).toBeUndefined();
  });

  it("never answers a link in production, or when APP_URL is not this machine", async () => {
    const prod = await createHarness({
      NODE_ENV: "production",
      ADMIN_CODE,
      APP_URL: "http://localhost:3000",
      CRM_ENCRYPTION_KEY: "a".repeat(64),
    });
    const remote = await createHarness({ NODE_ENV: "development", APP_URL: "https://demo.example.com" });
    for (const other of [prod, remote]) {
      const res = await other.request("POST", "/api/auth/request-login", {
        body: { email: "someone@example.org" },
        remoteAddress: "127.0.0.1",
        headers: { origin: other.env.APP_URL },
      });
      expect(res.status).toBe(200);
      expect(res.json.magicLink).toBeUndefined();
    }
  });

  it("trusts only the proxy's own X-Forwarded-For entry, never the client's", async () => {
    const proxied = await createHarness({ NODE_ENV: "development", TRUST_PROXY: "true" });
    // A client behind the proxy writes 127.0.0.1 first; the proxy appends the address it really saw.
    const res = await proxied.request("POST", "/api/auth/request-login", {
      body: { email: "spoof@example.org" },
      remoteAddress: "127.0.0.1",
      headers: { "x-forwarded-for": "127.0.0.1, 198.51.100.23" },
    });
    expect(res.json.magicLink).toBeUndefined();
    const [event] = await proxied.sql<{ ip_address: string }[]>`
      select ip_address from security_events where event_type = 'login_link_requested' order by id desc limit 1`;
    expect(event?.ip_address).toBe("198.51.100.23");
  });
});

describe("the development link shortcut and the Host", () => {
  it("refuses a rebound name from loopback: no link, and no page or API for that Host", async () => {
    const rebound = "http://rebind.attacker.test:3000";
    const res = await h.app.request(
      `${rebound}/api/auth/request-login`,
      {
        method: "POST",
        headers: { origin: rebound, "content-type": "application/json" },
        body: JSON.stringify({ email: "rebind@example.org" }),
      },
      { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 40000 } } },
    );
    expect(res.status).toBe(421);
    const body = await res.json();
    expect(body.code).toBe("UNKNOWN_HOST");
    expect(JSON.stringify(body)).not.toMatch(/token=/);
    expect(h.smtp.lastLinkFor("rebind@example.org")).toBeNull();
    // The app's own host and loopback names are served.
    const own = await h.app.request("http://127.0.0.1:3000/api/health");
    expect(own.status).toBe(200);
  });

  it("hands no link to a request a proxy forwarded, whatever X-Forwarded-For says", async () => {
    const proxied = await createHarness({ NODE_ENV: "development", TRUST_PROXY: "true" });
    for (const remoteAddress of ["127.0.0.1", "203.0.113.50"]) {
      const res = await proxied.request("POST", "/api/auth/request-login", {
        body: { email: `forwarded.${remoteAddress}@example.org` },
        remoteAddress,
        headers: { "x-forwarded-for": "127.0.0.1" },
      });
      expect(res.status, remoteAddress).toBe(200);
      expect(res.json.magicLink, remoteAddress).toBeUndefined();
    }
    // A client on the internet reaching the app directly is not a proxy: its X-Forwarded-For is ignored.
    const [event] = await proxied.sql<{ ip_address: string }[]>`
      select ip_address from security_events where event_type = 'login_link_requested' order by id desc limit 1`;
    expect(event?.ip_address).toBe("203.0.113.50");
  });
});

describe("login CSRF", () => {
  it("a cross-site GET of a link URL sets no session cookie and keeps the visitor's own session", async () => {
    const visitor = await h.signIn("victim@example.org");
    const { token } = await linkFor(DEMO_ACCOUNTS.salesperson, "/api/salesperson/auth/login");
    const res = await h.request("GET", `/api/salesperson/auth/verify?token=${token}`, {
      cookie: visitor.cookie,
      headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: DEMO_ACCOUNTS.salesperson, purpose: "salesperson" });
    expect(res.headers.getSetCookie().some((c) => c.startsWith("kb_session="))).toBe(false);
    const me = await h.request("GET", "/api/auth/user", { cookie: visitor.cookie });
    expect(me.json.email).toBe("victim@example.org");

    // Describing a link does not use it: the one click on the link page still signs in, once.
    const described = await h.request("POST", "/trpc/auth.describeLink", { body: { json: { token } } });
    expect(described.status).toBe(200);
    const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(redeemed.status).toBe(200);
    expect(sessionCookieFrom(redeemed.headers)).not.toBeNull();
    expect((await h.request("POST", "/api/auth/redeem", { body: { token } })).status).toBe(401);
  });

  it("redeeming needs this app's Origin", async () => {
    const { token } = await linkFor("csrf-origin@example.org");
    for (const origin of ["https://evil.example", undefined]) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (origin) headers.origin = origin;
      const res = await h.app.request("/api/auth/redeem", {
        method: "POST",
        headers,
        body: JSON.stringify({ token }),
      });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    const ok = await h.request("POST", "/api/auth/redeem", { body: { token } });
    expect(ok.status).toBe(200);
  });
});

describe("administrator throttling cannot lock the owner out", { timeout: 120_000 }, () => {
  const good = { email: DEMO_ACCOUNTS.admin, password: DEMO_ADMIN_PASSWORD, adminCode: ADMIN_CODE };

  it("six wrong logins from 127.0.0.2, then the right ones from 127.0.0.3 answer 200 at once", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await h.request("POST", "/api/admin/login", {
        body: { ...good, password: `wrong-password-${i}` },
        remoteAddress: "127.0.0.2",
      });
      statuses.push(res.status);
      expect(res.text).not.toContain(good.password);
    }
    expect(statuses.slice(0, 4)).toEqual([401, 401, 401, 401]);
    expect(statuses.slice(4)).toEqual([429, 429]); // the guessing address now waits
    const owner = await h.request("POST", "/api/admin/login", { body: good, remoteAddress: "127.0.0.3" });
    expect(owner.status).toBe(200);
    expect(owner.json.token).toBeTruthy();
    // Even the right credentials wait from the address that was guessing.
    const guesser = await h.request("POST", "/api/admin/login", { body: good, remoteAddress: "127.0.0.2" });
    expect(guesser.status).toBe(429);

    const events = await h.sql<{ event_type: string; ip_address: string }[]>`
      select event_type, ip_address from security_events where event_type like 'admin_login_%' order by id`;
    const failures = events.filter((e) => e.event_type === "admin_login_failed");
    expect(failures).toHaveLength(4);
    expect(failures.every((e) => e.ip_address === "127.0.0.2")).toBe(true);
    expect(events.filter((e) => e.event_type === "admin_login_throttled").length).toBeGreaterThanOrEqual(3);
  });

  it("an account under attack from many addresses still lets a clean address in", async () => {
    const target = { ...good, email: "second.admin@example.org" };
    await h.sql`insert into users (email, role, password_hash)
                values (${target.email}, 'admin', ${await hashPassword(target.password, h.env.ADMIN_PASSWORD_SCRYPT_N)})`;
    for (let i = 0; i < 12; i++) {
      const res = await h.request("POST", "/api/admin/login", {
        body: { ...target, password: "not-the-password" },
        remoteAddress: `127.0.1.${i + 1}`,
      });
      expect(res.status).toBe(401);
    }
    // Under attack, an address that failed once waits at once…
    const again = await h.request("POST", "/api/admin/login", {
      body: { ...target, password: "not-the-password" },
      remoteAddress: "127.0.1.12",
    });
    expect(again.status).toBe(429);
    // …but the owner from an address that never failed gets in.
    expect(
      (await h.request("POST", "/api/admin/login", { body: target, remoteAddress: "127.0.2.1" })).status,
    ).toBe(200);
  });

  it("rehashes a password stored with old scrypt parameters at the next sign-in", async () => {
    const email = "legacy.admin@example.org";
    const legacy = await legacyHash("legacy-password-1");
    await h.sql`insert into users (email, role, password_hash) values (${email}, 'admin', ${legacy})`;
    const res = await h.request("POST", "/api/admin/login", {
      body: { email, password: "legacy-password-1", adminCode: ADMIN_CODE },
      remoteAddress: "127.0.3.1",
    });
    expect(res.status).toBe(200);
    const [row] = await h.sql<
      { password_hash: string }[]
    >`select password_hash from users where email = ${email}`;
    expect(row!.password_hash).toMatch(new RegExp(`^scrypt\\$${h.env.ADMIN_PASSWORD_SCRYPT_N}\\$8\\$1\\$`));
  });
});

async function legacyHash(password: string): Promise<string> {
  const { randomBytes, scryptSync } = await import("node:crypto");
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 64, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return `scrypt$${2 ** 15}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

describe("the probes of the review answer 4xx without internal text", () => {
  it("refuses NUL bytes, impossible dates and out-of-range numbers on each route that once answered 500", async () => {
    const [sp] = await h.sql<{ id: number; email: string }[]>`
      select id, email from salespeople where dealership_id is not null order by id limit 1`;
    const customer = await h.signIn("probe.customer@example.org");
    const salesperson = await h.signIn(sp!.email, "salesperson");
    const future = openDay("UTC", 14);
    const block = { title: "Busy", startDateTime: `${future}T09:00`, endDateTime: `${future}T10:00` };
    const booking = {
      salespersonId: sp!.id,
      date: future,
      time: "10:00",
      appointmentType: "Test Drive",
      customerName: "Pat",
      customerPhone: "555-123-4567",
    };
    const probes: [string, string, unknown, string | undefined][] = [
      ["GET", "/api/salespeople?search=%00abc", undefined, undefined],
      ["GET", "/api/salespeople?city=%00abc", undefined, undefined],
      ["GET", "/api/salespeople?specialty=%00abc", undefined, undefined],
      ["GET", "/api/salespeople?dealership=%00abc", undefined, undefined],
      ["GET", "/api/documents/%00", undefined, undefined],
      [
        "POST",
        "/api/contact",
        { name: "A\u0000", email: "a@example.org", subject: "general", message: "Hi" },
        undefined,
      ],
      ["POST", "/api/appointments", { ...booking, customerName: "Pat\u0000" }, customer.cookie],
      ["POST", "/api/availability-blocks", { ...block, title: "Busy\u0000" }, salesperson.cookie],
      [
        "POST",
        "/api/contact-salesperson",
        { salespersonId: sp!.id, message: "Hello\u0000" },
        customer.cookie,
      ],
      ["PATCH", `/api/auth/user/${customer.userId}`, { firstName: "A\u0000" }, customer.cookie],
      ["PATCH", `/api/salespeople/${sp!.id}`, { bio: "Bio\u0000" }, salesperson.cookie],
      [
        "POST",
        "/api/salesperson/auth/register",
        { name: "N\u0000", email: "n@example.org", dealership: "X" },
        undefined,
      ],
      ["GET", `/api/appointments/salesperson/${sp!.id}/9999-12-31`, undefined, undefined],
      ["GET", `/api/appointments/salesperson/${sp!.id}/2026-02-30`, undefined, undefined],
      [
        "POST",
        "/api/misconduct-reports",
        {
          salespersonId: sp!.id,
          category: "high-pressure",
          description: "x".repeat(30),
          incidentDate: "0000-01-01",
        },
        undefined,
      ],
      [
        "POST",
        "/api/availability-blocks",
        { ...block, startDateTime: "2026-13-45T09:00" },
        salesperson.cookie,
      ],
      [
        "POST",
        "/api/availability-blocks",
        { ...block, startDateTime: "2026-12-01T25:00" },
        salesperson.cookie,
      ],
      [
        "POST",
        "/api/availability-blocks",
        { ...block, startDateTime: "0000-12-01T09:00" },
        salesperson.cookie,
      ],
      [
        "POST",
        "/api/availability-blocks",
        { ...block, startDateTime: "2026-02-30T09:00" },
        salesperson.cookie,
      ],
      [
        "POST",
        "/api/availability-blocks",
        { ...block, startDateTime: "2099-12-01T09:00", endDateTime: "2099-12-01T10:00" },
        salesperson.cookie,
      ],
      ["POST", "/api/appointments/waitlist", { salespersonId: sp!.id, date: "9999-12-31" }, customer.cookie],
      ["POST", "/api/appointments/waitlist", { salespersonId: sp!.id, date: "2099-12-31" }, customer.cookie],
      [
        "POST",
        "/api/ratings-submit",
        {
          salespersonId: sp!.id,
          appointmentId: 3_000_000_000,
          overallRating: 5,
          helpfulnessRating: 5,
          pressureLevelRating: 5,
          communicationRating: 5,
          knowledgeRating: 5,
        },
        customer.cookie,
      ],
      ["GET", "/uploads/------------------------------------.webp", undefined, undefined],
    ];
    for (const [method, path, body, cookie] of probes) {
      const res = await h.request(method, path, { body, cookie });
      const label = `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      expect(res.status, label).toBeLessThan(500);
      expect(typeof res.json?.message, label).toBe("string");
      expect(typeof res.json?.code, label).toBe("string");
      expect(res.text, label).not.toMatch(FORBIDDEN_TEXT);
      // The rest of each body is valid: it is the bad part that was refused.
      if (JSON.stringify(body ?? "").includes("\\u0000") || path.includes("%00abc"))
        expect(res.json.message, label).toBe("Text must not contain control characters");
    }
  });
});

describe("one error boundary", () => {
  it("answers an unexpected failure with a generic message and a request id, on REST and tRPC, and logs it once", async () => {
    const broken = await createHarness({}, { captureLog: true });
    await broken.sql`alter table documents rename to documents_moved`;
    const rest = await broken.request("GET", "/api/documents/privacy-policy");
    expect(rest.status).toBe(500);
    expect(rest.json).toEqual({
      message: "Something went wrong on our side",
      code: "INTERNAL_SERVER_ERROR",
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(rest.text).not.toMatch(FORBIDDEN_TEXT);
    // Every line of the request carries its id (the access line too): the failure itself is one error line.
    const records = () =>
      broken.logLines.map((l) => JSON.parse(l) as { level: string; msg: string; requestId?: string });
    const logged = records().filter((r) => r.requestId === rest.json.requestId && r.level === "error");
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toMatch(/documents/);

    const input = encodeURIComponent(JSON.stringify({ json: { slug: "privacy-policy" } }));
    const trpc = await broken.request("GET", `/trpc/documents.get?input=${input}`);
    expect(trpc.status).toBe(500);
    expect(trpc.json.error.json.message).toBe("Something went wrong on our side");
    expect(trpc.json.error.json.data.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(trpc.text).not.toMatch(FORBIDDEN_TEXT);
    expect(
      records().filter((r) => r.requestId === trpc.json.error.json.data.requestId && r.level === "error"),
    ).toHaveLength(1);
  });

  it("answers 400 'Malformed request' for envelopes a library cannot read, without its text", async () => {
    const cases: [string, string][] = [
      ["POST", '{"json":{"email":"a@example.org"},"meta":{"values":"zzz"}}'],
      ["POST", '{"json":{"email":"a@example.org"},"meta":{"values":{"email":[["custom","NoSuchClass"]]}}}'],
      ["POST", '{"json":{"email":"a@example.org"},"meta":{"values":{"email":["class","Evil"]}}}'],
      ["POST", "{not json"],
    ];
    for (const [method, body] of cases) {
      const res = await h.request(method, "/trpc/auth.requestLogin", { body });
      expect(res.status, body).toBe(400);
      expect(res.json.error.json.message, body).toBe("Malformed request");
      expect(res.text).not.toMatch(FORBIDDEN_TEXT);
    }
    const bad = await h.request("GET", "/trpc/documents.get?input=%7Bnot-json");
    expect(bad.status).toBe(400);
    expect(bad.json.error.json.message).toBe("Malformed request");
  });
});

describe("headers", () => {
  it("sends no HSTS over http, frames nowhere, and keeps the upload policy", async () => {
    const page = await h.request("GET", "/api/auth/user");
    expect(page.headers.get("strict-transport-security")).toBeNull();
    expect(page.headers.get("x-frame-options")).toBe("DENY");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");

    const [image] = await h.sql<{ id: string }[]>`
      insert into images (salesperson_id, kind, content_type, width, height, bytes)
      values ((select id from salespeople order by id limit 1), 'profile', 'image/webp', 1, 1, ${Buffer.from("RIFF")})
      returning id`;
    const upload = await h.request("GET", `/uploads/${image!.id}.webp`);
    expect(upload.status).toBe(200);
    expect(upload.headers.get("content-security-policy")).toBe(
      "default-src 'none'; sandbox; frame-ancestors 'none'",
    );
    expect(upload.headers.get("x-content-type-options")).toBe("nosniff");
    for (const name of [
      "------------------------------------.webp",
      "0000000g-0000-0000-0000-000000000000.webp",
    ]) {
      expect((await h.request("GET", `/uploads/${name}`)).status).toBe(404);
    }

    const secure = await createHarness({ APP_URL: "https://knowbefore.example" });
    const https = await secure.app.request("/api/auth/user", { headers: { origin: ORIGIN } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });
});
