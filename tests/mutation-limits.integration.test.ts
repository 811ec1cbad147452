// Limits on per-account and anonymous mutations (the per-call limits declared on procedures, answered 429 with
// RATE_LIMITED): purchase claims, contact messages, new certifications (and the cap per profile), and starts
// of a provider sign-in.
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../src/server/rateLimit";
import type { ProcedureMeta } from "../src/server/trpc/init";
import { appRouter } from "../src/server/trpc/root";
import { CERTIFICATIONS_PER_PROFILE } from "../src/shared/schemas/certifications";
import { createHarness } from "./support/harness";

const h = await createHarness({
  TRUST_PROXY: "true",
  // A configured provider whose issuer cannot be reached: a start answers "unavailable" unless it is limited.
  GOOGLE_CLIENT_ID: "knowbefore",
  GOOGLE_CLIENT_SECRET: "a-client-secret-for-tests",
  GOOGLE_ISSUER: "http://127.0.0.1:9",
});
await h.seed(0.02);

let address = 0;
/** An address of its own for each use, so one test's calls never spend another's budget. */
const freshIp = () => `198.51.100.${++address}`;

function budget(path: string, which: "perAddress" | "perAccount"): number {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: ProcedureMeta } }
  >;
  const rule = procedures[path]?._def.meta?.limit?.[which];
  expect(rule, `${path} ${which}`).toEqual(expect.objectContaining({ capacity: expect.any(Number) }));
  return rule!.capacity;
}

describe("purchase claims", () => {
  it("answer 429 once an account has made its allowance of claims", async () => {
    const buyer = await h.signIn("limits.claims@example.org");
    const people = await h.sql<{ id: number }[]>`select id from salespeople order by id limit 3`;
    const ip = freshIp();
    const allowed = budget("purchases.claim", "perAccount");
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const res = await h.request("POST", "/api/purchase-claims", {
        cookie: buyer.cookie,
        body: { salespersonId: people[i % people.length]!.id },
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, allowed)).not.toContain(429);
    expect(statuses[allowed]).toBe(429);
    const refused = await h.request("POST", "/api/purchase-claims", {
      cookie: buyer.cookie,
      body: { salespersonId: people[0]!.id },
      ip: freshIp(),
    });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ message: expect.stringContaining("try again"), code: "RATE_LIMITED" });
  });
});

describe("contact messages", () => {
  it("answer 429 once a signed-in account has sent its allowance, whatever the address", async () => {
    const visitor = await h.signIn("limits.contact@example.org");
    const allowed = budget("site.contact", "perAccount");
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const res = await h.request("POST", "/api/contact", {
        cookie: visitor.cookie,
        body: {
          name: "Pat Visitor",
          email: "limits.contact@example.org",
          subject: "partnership",
          message: "We'd like to list our salespeople. Can we talk next week?",
        },
        ip: freshIp(),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(allowed).fill(201), 429]);
  });
});

describe("certifications", () => {
  const certification = (i: number) => ({ name: `Certified ${i}`, issuer: "Institute", year: 2020 });

  it("answer 429 once an account has added its allowance", async () => {
    const [person] = await h.sql<{ email: string }[]>`
      select email from salespeople where user_id is null order by id limit 1`;
    const seller = await h.signIn(person!.email, "salesperson");
    const ip = freshIp();
    const allowed = budget("certifications.add", "perAccount");
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const res = await h.request("POST", "/api/salesperson/certifications", {
        cookie: seller.cookie,
        body: certification(i),
        ip,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(allowed).fill(201), 429]);
  });

  it(`refuse a ${CERTIFICATIONS_PER_PROFILE + 1}th certification on one profile with a clear 409`, async () => {
    const [person] = await h.sql<{ id: number; email: string }[]>`
      select id, email from salespeople where user_id is null order by id desc limit 1`;
    const seller = await h.signIn(person!.email, "salesperson");
    await h.sql`
      insert into certifications (salesperson_id, name, issuer, year)
      select ${person!.id}, 'Held ' || n, 'Institute', 2019
        from generate_series(1, ${CERTIFICATIONS_PER_PROFILE - 1}) n`;
    const last = await h.request("POST", "/api/salesperson/certifications", {
      cookie: seller.cookie,
      body: certification(1),
      ip: freshIp(),
    });
    expect(last.status, last.text).toBe(201);
    const over = await h.request("POST", "/api/salesperson/certifications", {
      cookie: seller.cookie,
      body: certification(2),
      ip: freshIp(),
    });
    expect(over.status).toBe(409);
    expect(over.json).toEqual({
      message: expect.stringContaining(`at most ${CERTIFICATIONS_PER_PROFILE} certifications`),
      code: "CERTIFICATION_LIMIT",
    });
    const [held] = await h.sql<{ n: number }[]>`
      select count(*)::int as n from certifications where salesperson_id = ${person!.id}`;
    expect(held!.n).toBe(CERTIFICATIONS_PER_PROFILE);
  });
});

describe("provider sign-in starts", () => {
  it("answer 429 to a script once an address has used its allowance, and tell a browser on the sign-in page", async () => {
    const ip = freshIp();
    const allowed = RATE_LIMITS.oidcStartPerIp.capacity;
    const statuses: number[] = [];
    for (let i = 0; i <= allowed; i++) {
      const res = await h.request("GET", "/api/auth/oidc/google/start", {
        headers: { accept: "application/json" },
        ip,
      });
      statuses.push(res.status);
    }
    // Each start within the allowance reaches for the (unreachable) provider and is sent back to sign in.
    expect(statuses).toEqual([...Array(allowed).fill(303), 429]);
    const script = await h.request("GET", "/api/auth/oidc/google/start", {
      headers: { accept: "application/json" },
      ip,
    });
    expect(script.status).toBe(429);
    expect(script.json).toEqual({ message: expect.stringContaining("try again"), code: "RATE_LIMITED" });
    const browser = await h.request("GET", "/api/auth/oidc/google/start?page=salesperson-login", {
      headers: { accept: "text/html,application/xhtml+xml" },
      ip,
    });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("/salesperson-login?signInError=RATE_LIMITED");
    const elsewhere = await h.request("GET", "/api/auth/oidc/google/start", {
      headers: { accept: "application/json" },
      ip: freshIp(),
    });
    expect(elsewhere.status).toBe(303);
  });
});
