// API keys: made by managers and administrators, shown once and stored hashed, listed with when they were last
// used, revoked; as bearer tokens they reach exactly the REST routes their scopes name (every scope x every
// route), never tRPC, within their own rate limit.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { restRoutes } from "../src/server/rest/route";
import { seedDatabase } from "../src/server/seed/demo";
import { API_KEY_RATE_LIMIT, API_SCOPES, type ApiScope } from "../src/shared/apiKeys";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await h.seed(0.02);

const [a, b] = await h.sql<{ id: number; manager: string; person: string }[]>`
  select distinct on (d.id) d.id, u.email as manager, s.email as person
    from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id join salespeople s on s.dealership_id = d.id
   order by d.id, s.id limit 2`;
const managerA = await h.signIn(a!.manager, "manager");
const managerB = await h.signIn(b!.manager, "manager");
const admin = await h.signIn("keys.admin@example.org", "admin");
const customer = await h.signIn("keys.customer@example.org");
const seller = await h.signIn(a!.person, "salesperson");

async function makeKey(session: { cookie: string }, scopes: ApiScope[], name = `key ${scopes.join(" ")}`) {
  const res = await h.request("POST", "/api/api-keys", { cookie: session.cookie, body: { name, scopes } });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: number; key: string; prefix: string };
}

const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });

describe("making and revoking keys", () => {
  it("answers the key once and stores only its hash", async () => {
    const made = await makeKey(managerA, ["salespeople:read"]);
    expect(made.key).toMatch(/^kbk_[a-z2-7]{32}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    const [row] = await h.sql<Record<string, unknown>[]>`select * from api_keys where id = ${made.id}`;
    expect(row!.key_hash).toBe(createHash("sha256").update(made.key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(made.key);
    const list = await h.request("GET", "/api/api-keys", { cookie: managerA.cookie });
    expect(list.text).not.toContain(made.key);
    expect(list.json.find((k: { id: number }) => k.id === made.id)).toMatchObject({
      name: "key salespeople:read",
      scopes: ["salespeople:read"],
      dealershipId: a!.id,
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it("records when a key was last used, and a revoked key answers 401", async () => {
    const made = await makeKey(managerA, ["salespeople:read"]);
    const used = await h.request("GET", "/api/salespeople?limit=2", bearer(made.key));
    expect(used.status).toBe(200);
    const listed = (await h.request("GET", "/api/api-keys", { cookie: managerA.cookie })).json.find(
      (k: { id: number }) => k.id === made.id,
    );
    expect(new Date(listed.lastUsedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const revoked = await h.request("DELETE", `/api/api-keys/${made.id}`, { cookie: managerA.cookie });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    const after = await h.request("GET", "/api/salespeople?limit=2", bearer(made.key));
    expect(after.status).toBe(401);
    expect(after.json.code).toBe("INVALID_API_KEY");
    const bogus = await h.request("GET", "/api/salespeople", bearer(`kbk_${"a".repeat(32)}`));
    expect(bogus.status).toBe(401);
  });

  it("keeps each dealership's keys to itself; administrators see and revoke all; others may not make keys", async () => {
    const made = await makeKey(managerA, ["analytics:read"]);
    const seenByB = (await h.request("GET", "/api/api-keys", { cookie: managerB.cookie })).json;
    expect(seenByB.map((k: { id: number }) => k.id)).not.toContain(made.id);
    expect((await h.request("DELETE", `/api/api-keys/${made.id}`, { cookie: managerB.cookie })).status).toBe(
      404,
    );
    const seenByAdmin = (await h.request("GET", "/api/api-keys", { cookie: admin.cookie })).json;
    expect(seenByAdmin.map((k: { id: number }) => k.id)).toContain(made.id);
    expect((await h.request("DELETE", `/api/api-keys/${made.id}`, { cookie: admin.cookie })).status).toBe(
      200,
    );
    for (const who of [customer, seller]) {
      const res = await h.request("POST", "/api/api-keys", {
        cookie: who.cookie,
        body: { name: "x", scopes: ["salespeople:read"] },
      });
      expect(res.status).toBe(403);
    }
    expect((await h.request("GET", "/api/api-keys")).status).toBe(401);
    const bad = await h.request("POST", "/api/api-keys", {
      cookie: managerA.cookie,
      body: { name: "x", scopes: ["everything"] },
    });
    expect(bad.status).toBe(400);
    const none = await h.request("POST", "/api/api-keys", {
      cookie: managerA.cookie,
      body: { name: "x", scopes: [] },
    });
    expect(none.status).toBe(400);
  });

  it("stops working when its manager no longer manages the dealership, or the account is disabled", async () => {
    const made = await makeKey(managerB, ["salespeople:read"]);
    expect((await h.request("GET", "/api/salespeople?limit=1", bearer(made.key))).status).toBe(200);
    await h.sql`update users set disabled_at = now() where id = ${managerB.userId}`;
    expect((await h.request("GET", "/api/salespeople?limit=1", bearer(made.key))).status).toBe(401);
    await h.sql`update users set disabled_at = null where id = ${managerB.userId}`;
    expect((await h.request("GET", "/api/salespeople?limit=1", bearer(made.key))).status).toBe(200);
  });

  it("cannot reach tRPC or make keys with a key", async () => {
    const made = await makeKey(admin, [...API_SCOPES]);
    const trpc = await h.request("GET", "/trpc/salespeople.list", bearer(made.key));
    expect(trpc.status).toBe(403);
    expect(trpc.json.code).toBe("INSUFFICIENT_SCOPE");
    const res = await h.request("POST", "/api/api-keys", {
      ...bearer(made.key),
      body: { name: "child", scopes: ["salespeople:read"] },
    });
    expect(res.status).toBe(403);
  });
});

describe("the scope matrix", () => {
  it("lets a key through exactly the routes its scope names, for every scope x every route", async () => {
    const keys = Object.fromEntries(
      await Promise.all(API_SCOPES.map(async (scope) => [scope, (await makeKey(managerA, [scope])).key])),
    ) as Record<ApiScope, string>;
    const mismatches: string[] = [];
    let checks = 0;
    for (const scope of API_SCOPES) {
      for (const route of restRoutes()) {
        const path = `/api${route.path.replace(/:[A-Za-z]+/g, "1")}`;
        const res = await h.request(route.method, path, {
          ...bearer(keys[scope]),
          body: route.method === "GET" ? undefined : {},
        });
        const refusedByScope = res.status === 403 && res.json?.code === "INSUFFICIENT_SCOPE";
        const allowed = route.scope === scope;
        if (allowed === refusedByScope || res.status === 401 || res.status >= 500)
          mismatches.push(`${scope} ${route.method} ${route.path}: ${res.status} ${res.json?.code}`);
        checks++;
      }
    }
    const allowedPairs = restRoutes().filter((r) => r.scope).length;
    console.log(
      `API-key scope matrix: ${API_SCOPES.length} scopes x ${restRoutes().length} routes = ${checks} checks, ${allowedPairs} allowed pairs`,
    );
    expect(mismatches).toEqual([]);
  });

  it("does the work the scope allows: reads salespeople, reads and changes appointments", async () => {
    const key = (await makeKey(managerA, ["salespeople:read", "appointments:read", "appointments:write"]))
      .key;
    const team = await h.request("GET", "/api/manager/team", bearer(key));
    expect(team.status, team.text).toBe(200);
    const [person] = await h.sql<{ id: number }[]>`
      select id from salespeople where dealership_id = ${a!.id} order by id limit 1`;
    const list = await h.request("GET", `/api/appointments/salesperson/${person!.id}`, bearer(key));
    expect(list.status, list.text).toBe(200);
    const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const block = await h.request("POST", "/api/availability-blocks", {
      ...bearer(key),
      body: {
        salespersonId: person!.id,
        title: "Training",
        startDateTime: `${start}T09:00`,
        endDateTime: `${start}T10:00`,
      },
    });
    expect(block.status, block.text).toBeLessThan(300);
    const [other] = await h.sql<{ id: number }[]>`
      select id from salespeople where dealership_id = ${b!.id} order by id limit 1`;
    const foreign = await h.request("POST", "/api/availability-blocks", {
      ...bearer(key),
      body: {
        salespersonId: other!.id,
        title: "Training",
        startDateTime: `${start}T09:00`,
        endDateTime: `${start}T10:00`,
      },
    });
    // Another dealership's salesperson answers as an unknown one does.
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe("SALESPERSON_NOT_FOUND");
  });
});

describe("the rate limit", () => {
  it(`lets a key send ${API_KEY_RATE_LIMIT.capacity} requests at once, then answers 429, and counts each key apart`, async () => {
    const limited = await createHarness();
    await seedDatabase(limited.sql, { scale: 0.01 });
    const manager = await limited.signIn(
      (
        await limited.sql<{ email: string }[]>`
        select u.email from dealerships d join dealership_members dm on dm.dealership_id = d.id and dm.role = 'owner' join users u on u.id = dm.user_id order by d.id limit 1`
      )[0]!.email,
      "manager",
    );
    const make = async () =>
      (
        await limited.request("POST", "/api/api-keys", {
          cookie: manager.cookie,
          body: { name: "burst", scopes: ["salespeople:read"] },
        })
      ).json.key as string;
    const [first, second] = [await make(), await make()];
    // At once, as a burst arrives: the bucket holds the capacity, and refills 2 per second meanwhile.
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: API_KEY_RATE_LIMIT.capacity + 30 }, () =>
        limited.request("GET", "/api/crm/providers", bearer(first)),
      ),
    );
    const refills = Math.floor((Date.now() - started) / 1000 / API_KEY_RATE_LIMIT.refillSeconds) + 1;
    const passed = answers.filter((r) => r.status !== 429).length;
    expect(passed).toBeGreaterThanOrEqual(API_KEY_RATE_LIMIT.capacity);
    expect(passed).toBeLessThanOrEqual(API_KEY_RATE_LIMIT.capacity + refills);
    expect(answers.filter((r) => r.status !== 429 && r.status !== 403)).toEqual([]);
    const over = answers.find((r) => r.status === 429)!;
    expect(over.json.code).toBe("RATE_LIMITED");
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect((await limited.request("GET", "/api/salespeople?limit=1", bearer(second))).status).toBe(200);
  });
});
