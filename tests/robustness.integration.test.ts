// Generated bad input to every tRPC procedure and every REST route, as every role: 4xx only,
// never a 500.
// And every state-changing REST route and tRPC mutation refuses a foreign or missing Origin with 403.
import { describe, expect, it } from "vitest";
import { type MountedRoute, restRoutes } from "../src/server/rest/route";
import { appRouter } from "../src/server/trpc/root";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

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
        auth
          ? {
              user: auth.user,
              session: { id: "s", userId: auth.userId, expiresAt: new Date(), authenticatedAt: new Date() },
            }
          : {},
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

/** Every REST route, with each path parameter filled by `value`. */
function restPaths(value: (param: string) => string) {
  return restRoutes().map((route) => ({
    route,
    path: `/api${route.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name)))}`,
  }));
}

/** Values no row has, of the right kind where the kind is known, so a call reaches validation and the lookup. */
const PLAUSIBLE: Record<string, string> = {
  slug: "no-such-document",
  dataType: "no-such-type",
  date: "2026-02-30",
  userId: "00000000-0000-0000-0000-000000000000",
};
const plausible = (param: string) => PLAUSIBLE[param] ?? "999999999";
const HOSTILE_PARAMS = ["abc", "-1", "1e12", "' or 1=1 --", "../../etc/passwd", "%00", "9".repeat(400)];
const HOSTILE_QUERY = "?limit=-5&offset=many&page=0&pageSize=1e9&sort=random&period=forever&rating=%00&x[]=1";

/** Routes that read a request body (the others ignore one). */
const BODY_ROUTES = restRoutes().filter((r) => r.reads === "body" || r.reads === "upload");
const STATE_CHANGING = restRoutes().filter((r) => r.method !== "GET");
/** Routes that read a path parameter or a query string: every GET, and every route with a parameter. */
const PROBED = restRoutes().filter((r) => r.method === "GET" || r.path.includes(":"));

describe("malformed input to every REST route", () => {
  it(`answers 4xx with { message, code } for bad bodies, for all ${BODY_ROUTES.length} routes that read one, as every role`, async () => {
    const bodies = [
      "{not json",
      "[]",
      "null",
      '"text"',
      JSON.stringify({ id: { $gt: "" }, email: ["a"], salespersonId: "x".repeat(5000) }),
    ];
    // The body limit answers before anyone is identified, so one role is enough for an oversized body.
    const oversized = "x".repeat(2_000_000);
    const targets = restPaths(plausible).filter(({ route }) => BODY_ROUTES.includes(route));
    expect(targets).toHaveLength(BODY_ROUTES.length);
    const failures: string[] = [];
    for (const [role, auth] of Object.entries(roles)) {
      for (const { route, path } of targets) {
        for (const body of role === "admin" ? [...bodies, oversized] : bodies) {
          const res = await h.request(route.method, path, { cookie: auth?.cookie, body });
          if (
            res.status < 400 ||
            res.status >= 500 ||
            typeof res.json?.message !== "string" ||
            typeof res.json?.code !== "string"
          ) {
            failures.push(
              `${role} ${route.method} ${path} ${body.slice(0, 20)} -> ${res.status} ${res.text.slice(0, 80)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it(`never answers 5xx to hostile path parameters or query strings, for all ${PROBED.length} routes that read either, as every role`, async () => {
    const failures: string[] = [];
    const probed = new Set<MountedRoute>();
    for (const [role, auth] of Object.entries(roles)) {
      for (const hostile of HOSTILE_PARAMS) {
        // Only routes with a parameter differ from one hostile value to the next.
        const targets = restPaths(() => hostile).filter(
          ({ route }) =>
            route.path.includes(":") || (route.method === "GET" && hostile === HOSTILE_PARAMS[0]),
        );
        for (const { route, path } of targets) {
          // No body, or an empty object: the point here is the parameters and the query string.
          const body = route.method === "GET" ? undefined : {};
          const res = await h.request(route.method, `${path}${HOSTILE_QUERY}`, {
            cookie: auth?.cookie,
            body,
          });
          probed.add(route);
          if (res.status >= 500) failures.push(`${role} ${route.method} ${path} -> ${res.status}`);
          else if (
            res.status >= 400 &&
            (typeof res.json?.message !== "string" || typeof res.json?.code !== "string")
          )
            failures.push(`${role} ${route.method} ${path} -> ${res.status} without { message, code }`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(probed.size).toBe(PROBED.length);
  }, 300_000);

  it("never answers 5xx to paths outside the table", async () => {
    for (const path of ["/uploads/../../etc/passwd", "/uploads/not-a-uuid.webp", "/api/no-such-route"]) {
      const res = await h.request("GET", path, { cookie: roles.customer.cookie });
      expect(res.status, path).toBeLessThan(500);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
    }
  });
});

describe("CSRF", () => {
  it(`refuses every state-changing REST route (${STATE_CHANGING.length}) with a foreign or missing Origin (403)`, async () => {
    for (const { route, path } of restPaths(plausible).filter(({ route }) =>
      STATE_CHANGING.includes(route),
    )) {
      const method = route.method;
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

describe("malformed tRPC paths", () => {
  it.each([
    ["a batch", "/trpc/site.stats%ZZ?batch=1&input=%7B%7D"],
    ["a batch of two", "/trpc/site.stats,site.stats%E0%A4%A?batch=1&input=%7B%7D"],
    ["a single call", "/trpc/site.stats%ZZ"],
  ])("answer 400 for broken percent-encoding in %s, and record no server fault", async (_name, path) => {
    const before = await h.sql<{ n: number }[]>`select count(*)::int as n from error_events`;
    const res = await h.request("GET", path);
    expect(res.status, res.text).toBe(400);
    expect(res.text).not.toMatch(/URIError|at .*\.ts:\d+/);
    const after = await h.sql<{ n: number }[]>`select count(*)::int as n from error_events`;
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});
