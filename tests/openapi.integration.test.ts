// The OpenAPI document: valid OpenAPI 3.1, exactly the routes the app serves (a route served and not
// documented, or documented and not served, fails), each with its inputs, answers, errors and auth, and the
// documented answers of the read routes match what the app really answers for seeded data.
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { seedDatabase } from "../src/server/db/seed";
import { createHarness } from "./support/harness";

const h = await createHarness({ RATE_LIMIT_DISABLED: "true" });
await seedDatabase(h.sql, { scale: 0.02 });

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  security?: Record<string, string[]>[];
  "x-access"?: string;
  "x-api-key-scope"?: string;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

const doc = (await h.request("GET", "/api/openapi.json")).json as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
);

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid, JSON.stringify(result.valid ? [] : result.errors)).toBe(true);
  });

  it("documents exactly the routes the app serves", () => {
    const served = new Set(
      h.app.routes
        .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && !r.path.includes("*"))
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z]+)/g, "{$1}")}`),
    );
    const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));
    expect(
      [...served].filter((r) => !documented.has(r)),
      "served but not documented",
    ).toEqual([]);
    expect(
      [...documented].filter((r) => !served.has(r)),
      "documented but not served",
    ).toEqual([]);
    console.log(
      `OpenAPI: ${documented.size} operations on ${Object.keys(doc.paths).length} paths, all served`,
    );
  });

  it("every documented operation reaches a handler (none answers the API's not-found)", async () => {
    for (const { method, path } of operations) {
      const url = path.replace(/\{[^}]+\}/g, "1");
      const res = await h.request(method, url, method === "GET" ? {} : { body: {} });
      expect(res.json?.message ?? "", `${method} ${path}`).not.toMatch(/^No API route/);
      // Stripe's webhook answers 503 on a server without payment keys (as this one): not a failure.
      if (!path.includes("stripe")) expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it("states inputs, answers, errors in { message, code } and auth for every route of the table", () => {
    let typed = 0;
    for (const { method, path, op } of operations) {
      if (!op["x-access"]) continue; // the operations routes (health, webhooks, this reference)
      const where = `${method} ${path}`;
      expect(op.security?.length, where).toBeGreaterThan(0);
      const success = Object.entries(op.responses).find(([status]) => /^[23]/.test(status));
      expect(success, where).toBeDefined();
      expect(op.responses["500"]?.content?.["application/json"]?.schema, where).toEqual({
        $ref: "#/components/schemas/Error",
      });
      if (op["x-access"] !== "public") {
        expect(Object.keys(op.responses), where).toContain("401");
        expect(op.security, where).not.toContainEqual({});
      }
      if (op["x-api-key-scope"])
        expect(op.security, where).toContainEqual({ apiKeyAuth: [op["x-api-key-scope"]] });
      for (const param of path.match(/\{([^}]+)\}/g) ?? [])
        expect(
          op.parameters?.map((p) => p.name),
          where,
        ).toContain(param.slice(1, -1));
      const schema = success?.[1].content?.["application/json"]?.schema;
      if (schema && !("description" in schema && Object.keys(schema).length === 1)) typed++;
    }
    const documented = operations.filter((o) => o.op["x-access"]).length;
    console.log(`OpenAPI: ${typed} of ${documented} route-table operations have a typed answer schema`);
    expect(typed).toBeGreaterThan(0);
  });
});

describe("documented answers match real answers", () => {
  it("validates the JSON of every typed read route against its documented schema", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const [person] = await h.sql<{ id: number; email: string; manager: string }[]>`
      select s.id, s.email, u.email as manager from salespeople s
        join dealerships d on d.id = s.dealership_id join users u on u.id = d.manager_id
       order by s.id limit 1`;
    const sessions = {
      public: undefined,
      customer: (await h.signIn("openapi.customer@example.org")).cookie,
      salesperson: (await h.signIn(person!.email, "salesperson")).cookie,
      manager: (await h.signIn(person!.manager, "manager")).cookie,
      admin: (await h.signIn("openapi.admin@example.org", "admin")).cookie,
    };
    const roleFor: Record<string, keyof typeof sessions> = {
      public: "public",
      authed: "customer",
      customer: "customer",
      salesperson: "salesperson",
      staff: "salesperson",
      manager: "manager",
      dealership: "manager",
      admin: "admin",
      adminAccount: "admin",
    };
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const params: Record<string, string> = {
      id: String(person!.id),
      salespersonId: String(person!.id),
      date,
    };
    let checked = 0;
    const failures: string[] = [];
    for (const { method, path, op } of operations) {
      if (method !== "GET" || !op["x-access"]) continue;
      const schema = op.responses["200"]?.content?.["application/json"]?.schema;
      if (!schema || ("description" in schema && Object.keys(schema).length === 1)) continue;
      if (
        !/^\/api\/(salespeople|appointments|availability-blocks|analytics|manager|crm|api-keys|security|compliance|subscriptions\/mine|auth\/user$|admin\/overview|public\/users|dealerships|site|transfer-requests)/.test(
          path,
        )
      )
        continue;
      const pathParams = path.match(/\{([^}]+)\}/g) ?? [];
      if (pathParams.some((p) => !(p.slice(1, -1) in params))) continue;
      const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => params[name]!);
      const res = await h.request("GET", url, { cookie: sessions[roleFor[op["x-access"] ?? "public"]!] });
      if (res.status !== 200) continue;
      const check = ajv.compile(schema);
      if (!check(res.json)) failures.push(`${path}: ${ajv.errorsText(check.errors).slice(0, 300)}`);
      checked++;
    }
    console.log(`OpenAPI: ${checked} read routes' real answers validated against their documented schema`);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(10);
  });
});
