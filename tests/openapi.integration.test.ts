// The OpenAPI document: valid OpenAPI 3.1, exactly the routes the app serves (a route served and not
// documented, or documented and not served, fails), each with its inputs, answers, errors and auth, and the
// documented answers of the read routes match what the app really answers for seeded data.

import { readFileSync } from "node:fs";
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { restRoutes } from "../src/server/rest/route";
import { createHarness } from "./support/harness";
import { readCalls, readFixtures } from "./support/readRoutes";

// Google's sign-in is configured (never reached: no route here starts one), so its read answers a provider.
const h = await createHarness({
  RATE_LIMIT_DISABLED: "true",
  GOOGLE_CLIENT_ID: "openapi-client",
  GOOGLE_CLIENT_SECRET: "openapi-secret",
});
await h.seed(0.02);

type Operation = {
  operationId?: string;
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
  security?: Record<string, string[]>[];
  "x-access"?: string;
  "x-api-key-scope"?: string;
  tags?: string[];
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  tags: { name: string; description: string }[];
};

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

  it("lists exactly the operations of tests/fixtures/rest-operations.txt", () => {
    const listed = readFileSync(new URL("fixtures/rest-operations.txt", import.meta.url), "utf8");
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(listed.trim().split("\n"));
  });

  it("groups every operation under one of its declared tags, each of which has operations", () => {
    const declared = doc.tags.map((t) => t.name);
    const undeclared = operations.filter((o) => o.op.tags?.length !== 1 || !declared.includes(o.op.tags[0]!));
    expect(undeclared.map((o) => `${o.method} ${o.path} ${o.op.tags}`)).toEqual([]);
    const used = new Set(operations.map((o) => o.op.tags![0]));
    expect(declared.filter((name) => !used.has(name))).toEqual([]);
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

  it("states inputs, answers, errors in { message, code } and auth for every REST route", () => {
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
      if (op["x-access"] !== "anyone") {
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
    console.log(`OpenAPI: ${typed} of ${documented} REST operations have a typed answer schema`);
    expect(typed).toBeGreaterThan(0);
  });
});

describe("documented answers match real answers", () => {
  it("calls every read REST route and validates its real, non-empty answer", async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const fixtures = await readFixtures(h);
    const calls = readCalls(fixtures);
    const reads = restRoutes().filter((route) => route.method === "GET");
    const failures: string[] = [];
    for (const route of reads) {
      const call = calls[route.path];
      if (!call) {
        failures.push(`GET ${route.path}: no caller or fixture in tests/support/readRoutes.ts`);
        continue;
      }
      const where = `GET ${call.url} as ${call.as}`;
      const res = await h.request("GET", `/api${call.url}`, { cookie: fixtures.sessions[call.as]?.cookie });
      // A route declared as a redirect sends the browser on, to the page its documentation names.
      if (route.responds?.kind === "redirect") {
        const to = res.headers.get("location") ?? "";
        const documented = route.responds.to.replace(/\{[^}]*\}.*$/, "");
        if (res.status !== 302 || !to.startsWith(documented))
          failures.push(
            `${where}: answered ${res.status} to ${to}, documented a redirect to ${route.responds.to}`,
          );
        continue;
      }
      if (res.status !== 200) {
        failures.push(`${where}: answered ${res.status} ${res.text.slice(0, 200)}`);
        continue;
      }
      const documented = doc.paths[`/api${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`]?.get;
      const content = documented?.responses["200"]?.content ?? {};
      const type = res.headers.get("content-type")?.split(";")[0] ?? "";
      const schema = content[type]?.schema;
      if (!schema) {
        failures.push(`${where}: answered ${type}, documented ${Object.keys(content).join(", ")}`);
        continue;
      }
      // A file to download is documented by its type alone (its content is the file, JSON or not).
      if (type === "application/json" && !("contentMediaType" in schema)) {
        const check = ajv.compile(schema);
        if (!check(res.json)) failures.push(`${where}: ${ajv.errorsText(check.errors).slice(0, 300)}`);
      }
      if (isEmpty(type === "application/json" ? res.json : res.text))
        failures.push(`${where}: answered nothing to check (give it rows)`);
    }
    console.log(
      `OpenAPI: ${reads.length - failures.length} of ${reads.length} read routes answered 200 with rows matching their schema`,
    );
    expect(failures).toEqual([]);
    // Some 120 routes one after another, each a real query: on a busy 2-core machine past the default 30 s.
  }, 120_000);
});

/** An answer with nothing in it: no items, an empty list, an empty object or no text. */
function isEmpty(body: unknown): boolean {
  if (body === null || body === undefined || body === "") return true;
  if (Array.isArray(body)) return body.length === 0;
  if (typeof body === "object") {
    const items = (body as { items?: unknown }).items;
    return Array.isArray(items) ? items.length === 0 : Object.keys(body).length === 0;
  }
  return false;
}
