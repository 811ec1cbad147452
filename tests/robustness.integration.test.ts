// Generated bad input to every tRPC procedure and REST route, as every role: 4xx only, never a 500.
// And every state-changing REST route and tRPC mutation refuses a foreign or missing Origin with 403.
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../src/server/db/seed";
import { appRouter } from "../src/server/trpc/root";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await seedDatabase(h.sql, { scale: 0.02 });

const [sp] = await h.sql<
  { email: string }[]
>`select email from salespeople where dealership_id is not null order by id limit 1`;
const [mgr] = await h.sql<{ email: string }[]>`select u.email from users u where u.role = 'manager' limit 1`;
const roles = {
  anonymous: null,
  customer: await h.signIn("robust.customer@example.org"),
  salesperson: await h.signIn(sp!.email, "salesperson"),
  manager: await h.signIn(mgr!.email, "manager"),
  admin: await h.signIn("robust.admin@example.org", "admin"),
};

const BAD_INPUTS: unknown[] = [
  undefined,
  null,
  42,
  "text",
  [],
  {},
  { id: -1 },
  { id: "1; drop table users" },
  { id: 1e12, salespersonId: "x".repeat(5000) },
  { salespersonId: 1, date: "2026-13-45", time: "25:99" },
  { email: "not-an-email", token: "", userId: "nope" },
  { nested: { deep: [1, 2, { a: null }] }, __proto__: { admin: true } },
  { limit: -5, offset: "many", sort: "random", period: "forever" },
];

type ProcedureDef = { _def: { type: "query" | "mutation" | "subscription" } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, ProcedureDef>);

function callPath(caller: unknown, path: string) {
  let target = caller as Record<string, unknown>;
  for (const part of path.split(".")) target = target[part] as Record<string, unknown>;
  return target as unknown as (input: unknown) => Promise<unknown>;
}

describe("malformed input to every procedure", () => {
  it(`answers 4xx-class errors only, for ${procedures.length} procedures x ${BAD_INPUTS.length} inputs x 5 roles`, async () => {
    const failures: string[] = [];
    for (const [role, auth] of Object.entries(roles)) {
      const caller = h.caller(
        auth ? { user: auth.user, session: { id: "s", userId: auth.userId, expiresAt: new Date() } } : {},
      );
      for (const [path] of procedures) {
        for (const input of BAD_INPUTS) {
          try {
            await callPath(caller, path)(input);
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (!code || code === "INTERNAL_SERVER_ERROR") {
              failures.push(
                `${role} ${path} ${JSON.stringify(input)?.slice(0, 60)}: ${(error as Error).message.slice(0, 120)}`,
              );
            }
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

const REST_ROUTES: [string, string][] = [
  ["POST", "/api/auth/request-login"],
  ["POST", "/api/auth/redeem"],
  ["PATCH", "/api/auth/user/00000000-0000-0000-0000-000000000000"],
  ["POST", "/api/salesperson/auth/login"],
  ["POST", "/api/salesperson/auth/register"],
  ["POST", "/api/salesperson/auth/logout"],
  ["POST", "/api/admin/login"],
  ["POST", "/api/appointments"],
  ["PATCH", "/api/appointments/1"],
  ["PATCH", "/api/appointments/1/cancel"],
  ["POST", "/api/appointments/1/reschedule"],
  ["POST", "/api/appointments/waitlist"],
  ["POST", "/api/availability-blocks"],
  ["PATCH", "/api/availability-blocks/1"],
  ["DELETE", "/api/availability-blocks/1"],
  ["PATCH", "/api/salespeople/1"],
  ["PATCH", "/api/salespeople/1/status"],
  ["POST", "/api/salespeople/1/views"],
  ["POST", "/api/profile-image-upload"],
  ["POST", "/api/ratings-submit"],
  ["POST", "/api/contact-salesperson"],
  ["POST", "/api/misconduct-reports"],
];

const REST_GETS = [
  "/api/salespeople?rating=%00",
  "/api/salespeople/%27%20or%201=1",
  "/api/salespeople/1/ratings",
  "/api/salespeople/abc/reviews",
  "/api/auth/user/abc",
  "/api/salesperson/auth/verify?token=%ff%fe",
  "/api/appointments/salesperson/abc",
  "/api/appointments/salesperson/1/2026-02-30",
  "/api/appointments/customer?userId[]=1",
  "/api/appointments/customer/..%2f..%2fetc",
  "/api/availability-blocks/salesperson/-1",
  "/api/admin/verify",
  "/uploads/../../etc/passwd",
  "/uploads/not-a-uuid.webp",
];

describe("malformed input to every REST route", () => {
  it("answers 4xx with { message, code } for bad bodies, as every role", async () => {
    const bodies = [
      "{not json",
      "[]",
      "null",
      '"text"',
      JSON.stringify({ id: { $gt: "" }, email: ["a"] }),
      "x".repeat(2_000_000),
    ];
    const failures: string[] = [];
    for (const [role, auth] of Object.entries(roles)) {
      for (const [method, path] of REST_ROUTES) {
        // These take no input: any body is ignored.
        if (path.endsWith("/logout") || path.endsWith("/views")) continue;
        for (const body of bodies) {
          const res = await h.request(method, path, { cookie: auth?.cookie, body });
          if (
            res.status < 400 ||
            res.status >= 500 ||
            typeof res.json?.message !== "string" ||
            typeof res.json?.code !== "string"
          ) {
            failures.push(
              `${role} ${method} ${path} ${body.slice(0, 20)} -> ${res.status} ${res.text.slice(0, 80)}`,
            );
          }
        }
      }
      for (const path of REST_GETS) {
        const res = await h.request("GET", path, { cookie: auth?.cookie });
        if (res.status >= 500) failures.push(`${role} GET ${path} -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe("CSRF", () => {
  it("refuses every state-changing REST route with a foreign or missing Origin (403)", async () => {
    for (const [method, path] of REST_ROUTES) {
      for (const origin of ["https://evil.example", null]) {
        const headers: Record<string, string> = {
          "content-type": "application/json",
          cookie: roles.customer.cookie,
        };
        if (origin) headers.origin = origin;
        const res = await h.app.request(path, { method, headers, body: "{}" });
        expect(res.status, `${method} ${path} origin=${origin}`).toBe(403);
      }
    }
  });

  it("refuses every tRPC mutation with a foreign or missing Origin (403)", async () => {
    const mutations = procedures.filter(([, p]) => p._def.type === "mutation").map(([path]) => path);
    expect(mutations.length).toBeGreaterThan(10);
    for (const path of mutations) {
      for (const origin of ["https://evil.example", null]) {
        const headers: Record<string, string> = {
          "content-type": "application/json",
          cookie: roles.customer.cookie,
        };
        if (origin) headers.origin = origin;
        const res = await h.app.request(`/trpc/${path}`, {
          method: "POST",
          headers,
          body: JSON.stringify({ json: {} }),
        });
        expect(res.status, `${path} origin=${origin}`).toBe(403);
      }
    }
  });
});
