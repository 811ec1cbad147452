import { describe, expect, it } from "vitest";
import { loadEnv } from "../src/server/env";
import { RATE_LIMITS } from "../src/server/rateLimit";
import { TRPC_MAX_BATCH } from "../src/shared/transport";
import { createHarness } from "./support/harness";

const h = await createHarness({ TRUST_PROXY: "true" });
await h.seed(0.01);
const proxies = await createHarness({ TRUST_PROXY: "true", TRUSTED_PROXIES: "192.0.2.10, 2001:db8::/64" });

describe("rate limits per IP", () => {
  it("answers 429 when one address asks for links for many e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await h.request("POST", "/api/auth/request-login", {
        body: { email: `spray${i}@example.org` },
        ip: "203.0.113.9",
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual([429, 429]);
    const other = await h.request("POST", "/api/auth/request-login", {
      body: { email: "spray-other@example.org" },
      ip: "203.0.113.10",
    });
    expect(other.status).toBe(200);
  });
});

describe("passkey challenges have their own budget", () => {
  it("leaves e-mailed link sign-in open after many sign-in page visits from one address", async () => {
    const ip = "203.0.113.40";
    // Fifteen visits of a sign-in page that each asked for two challenges (the pages used to).
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await h.request("POST", "/api/auth/passkey/options", { ip })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);

    const email = "challenged.visitor@example.org";
    expect((await h.request("POST", "/api/auth/request-login", { body: { email }, ip })).status).toBe(200);
    const token = new URL(h.smtp.lastLinkFor(email)!).searchParams.get("token")!;
    const described = await h.request("GET", `/api/salesperson/auth/verify?token=${token}`, { ip });
    expect(described.status).toBe(200);
    const redeemed = await h.request("POST", "/api/auth/redeem", { body: { token }, ip });
    expect(redeemed.status).toBe(200);
    expect(redeemed.json.user).toMatchObject({ email });
  });

  it("answers 429 beyond its own budget, saying when to try again", async () => {
    const ip = "203.0.113.41";
    const { capacity, refillSeconds } = RATE_LIMITS.passkeyChallengePerIp;
    // A full bucket whose next refill is an hour away, so however slowly this machine answers the requests
    // below, no token comes back while they run.
    await h.sql`insert into rate_limit_buckets (key, tokens, refilled_at)
                values (${`passkey-challenge:ip:${ip}`}, ${capacity}, now() + interval '1 hour')`;
    for (let i = 0; i < capacity; i++)
      expect((await h.request("POST", "/api/auth/passkey/options", { ip })).status).toBe(200);
    const refused = await h.request("POST", "/api/auth/passkey/options", { ip });
    expect(refused.status).toBe(429);
    expect(refused.json.code).toBe("RATE_LIMITED");
    const seconds = Number(refused.json.message.match(/try again in (\d+) seconds?/)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(refillSeconds);
    // Another address is not held back.
    expect((await h.request("POST", "/api/auth/passkey/options", { ip: "203.0.113.42" })).status).toBe(200);
  });
});

describe("whose X-Forwarded-For counts", () => {
  async function seenAs(remoteAddress: string, forwardedFor: string) {
    const email = `seen.${remoteAddress.replace(/\W/g, "")}@example.org`;
    const res = await proxies.request("POST", "/api/auth/request-login", {
      body: { email },
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
    });
    expect(res.status).toBe(200);
    const [event] = await proxies.sql<{ ip_address: string }[]>`
      select ip_address from security_events where event_type = 'login_link_requested' order by id desc limit 1`;
    return event?.ip_address;
  }

  it("reads the header only on a connection from a configured proxy (TRUSTED_PROXIES)", async () => {
    expect(await seenAs("192.0.2.10", "198.51.100.1")).toBe("198.51.100.1");
    expect(await seenAs("2001:db8::7", "198.51.100.2")).toBe("198.51.100.2");
    // Not listed: a private address, a public one, this machine.
    expect(await seenAs("10.0.0.5", "198.51.100.3")).toBe("10.0.0.5");
    expect(await seenAs("203.0.113.77", "198.51.100.4")).toBe("203.0.113.77");
    expect(await seenAs("127.0.0.1", "198.51.100.5")).toBe("127.0.0.1");
  });

  it("by default trusts this machine and private networks, never a client on the internet", async () => {
    expect(await seenAsDefault("10.1.2.3", "198.51.100.6")).toBe("198.51.100.6");
    expect(await seenAsDefault("::ffff:127.0.0.1", "198.51.100.7")).toBe("198.51.100.7");
    expect(await seenAsDefault("203.0.113.78", "127.0.0.1")).toBe("203.0.113.78");
  });

  async function seenAsDefault(remoteAddress: string, forwardedFor: string) {
    const email = `default.${remoteAddress.replace(/\W/g, "")}@example.org`;
    await h.request("POST", "/api/auth/request-login", {
      body: { email },
      remoteAddress,
      headers: { "x-forwarded-for": forwardedFor },
    });
    const [event] = await h.sql<{ ip_address: string }[]>`
      select ip_address from security_events where event_type = 'login_link_requested' order by id desc limit 1`;
    return event?.ip_address;
  }

  it("refuses a TRUSTED_PROXIES entry that is not an address or range", () => {
    expect(() => loadEnv({ NODE_ENV: "test", TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal" })).toThrow(
      /TRUSTED_PROXIES/,
    );
    expect(() => loadEnv({ NODE_ENV: "test", TRUSTED_PROXIES: "10.0.0.0/33" })).toThrow(/TRUSTED_PROXIES/);
  });
});

describe("public mutations: per-call limits and the batch cap", () => {
  const report = async () => {
    const [sp] = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 1`;
    return {
      salespersonId: sp!.id,
      category: "other",
      description: "Pressured me into add-ons I had declined twice.",
    };
  };
  const reportCount = async () =>
    (await h.sql<{ n: number }[]>`select count(*)::int as n from misconduct_reports`)[0]!.n;

  it("refuses a tRPC batch of more than 10 calls before running any, with a clear 413", async () => {
    const before = await reportCount();
    const body = await report();
    const calls = TRPC_MAX_BATCH + 1;
    const res = await h.request(
      "POST",
      `/trpc/${Array.from({ length: calls }, () => "misconduct.create").join(",")}?batch=1`,
      {
        body: Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { json: body }])),
        ip: "198.51.100.70",
      },
    );
    expect(res.status).toBe(413);
    expect(res.json).toEqual({
      message: `A request may carry at most ${TRPC_MAX_BATCH} calls: send the others in another request`,
      code: "BATCH_TOO_LARGE",
    });
    expect(await reportCount()).toBe(before);
  });

  it("answers 429 to the 6th report from one address, also inside one batch, and not to another address", async () => {
    const body = await report();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await h.request("POST", "/api/misconduct-reports", { body, ip: "198.51.100.61" })).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const refused = await h.request("POST", "/api/misconduct-reports", { body, ip: "198.51.100.61" });
    expect(refused.json.code).toBe("RATE_LIMITED");
    expect((await h.request("POST", "/api/misconduct-reports", { body, ip: "198.51.100.62" })).status).toBe(
      201,
    );

    // A batch pays for each call it carries: of 10 from a fresh address, 5 are written.
    const before = await reportCount();
    const batch = await h.request(
      "POST",
      `/trpc/${Array.from({ length: 10 }, () => "misconduct.create").join(",")}?batch=1`,
      {
        body: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { json: body }])),
        ip: "198.51.100.63",
      },
    );
    const codes = (batch.json as { error?: { json: { data: { httpStatus: number } } } }[]).map((r) =>
      r.error ? r.error.json.data.httpStatus : 200,
    );
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect(await reportCount()).toBe(before + 5);
  });

  it("limits self-registration per address", async () => {
    const [dealership] = await h.sql<{ name: string }[]>`select name from dealerships order by id limit 1`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await h.request("POST", "/api/salesperson/auth/register", {
        body: {
          name: `Signup Person ${i}`,
          email: `signup.${i}@example.org`,
          dealership: dealership!.name,
          yearsExperience: 3,
          specialties: ["SUVs"],
        },
        ip: "198.51.100.64",
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 5).every((s) => s !== 429)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});
