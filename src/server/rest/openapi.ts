// The OpenAPI 3.1 document of the REST API, generated from the same things that serve it: the route table
// (rest/routes.ts), each procedure's zod input schema and tier (trpc/init.ts), the zod schema its `.output()`
// declares (src/shared/schemas, checked against real answers outside production: trpc/output.ts) and the
// API-key scopes. Nothing here is written by hand per route, so a route cannot be served and not documented.
import { z } from "zod";
import { API_KEY_RATE_LIMIT, API_SCOPE_INFO, API_SCOPES } from "../../shared/apiKeys";
import type { Access, ProcedureMeta } from "../trpc/init";
import { answerSchemaOf } from "../trpc/output";
import { appRouter } from "../trpc/root";
import type { MountedRoute, Redirect } from "./route";

type Json = Record<string, unknown>;
type Procedure = {
  _def: { inputs: z.ZodType[]; output?: unknown; meta?: ProcedureMeta; type: "query" | "mutation" };
};

/** Who each tier lets in, in words, and the statuses its refusals answer. */
const ACCESS: Record<Access, { who: string; refusals: number[] }> = {
  public: { who: "Anyone, signed in or not.", refusals: [] },
  authed: { who: "Any signed-in account.", refusals: [401] },
  customer: { who: "Customer accounts.", refusals: [401, 403] },
  salesperson: { who: "Salesperson accounts (their own profile and calendar).", refusals: [401, 403] },
  manager: { who: "Dealership managers (their own dealership).", refusals: [401, 403] },
  dealership: {
    who: "Dealership managers (their own dealership) and administrators.",
    refusals: [401, 403],
  },
  staff: {
    who: "Salespeople (their own), their dealership's managers and administrators.",
    refusals: [401, 403],
  },
  admin: { who: "Administrators.", refusals: [401, 403] },
  adminAccount: { who: "Administrators (their own account).", refusals: [401, 403] },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Bad input: the message says which field and why.",
  401: "Not signed in, or the session or API key is not valid.",
  403: "Signed in, but this account (or this API key's scopes) may not do this.",
  404: "No such object, or not one the caller may see.",
  413: "The body is too large.",
  429: "Too many requests: wait and retry (see Retry-After).",
  500: "Unexpected failure: the answer carries a requestId to quote.",
};

const ERROR_SCHEMA = {
  type: "object",
  required: ["message", "code"],
  properties: {
    message: { type: "string", description: "A sentence for people." },
    code: {
      type: "string",
      description:
        "Stable machine-readable reason, e.g. BAD_REQUEST, SCHEDULING_CONFLICT, INSUFFICIENT_SCOPE.",
    },
    requestId: { type: "string", description: "On 500 answers: the id to quote when reporting it." },
  },
  example: { message: "Please sign in to continue", code: "UNAUTHORIZED" },
};

function procedureOf(path: string): Procedure {
  const procedure = (appRouter._def.procedures as Record<string, unknown>)[path];
  if (!procedure) throw new Error(`REST route names an unknown procedure: ${path}`);
  return procedure as Procedure;
}

/** JSON Schema of a zod schema as JSON carries it (dates as ISO strings), without the dialect header. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    target: "draft-2020-12",
    override: ({ zodSchema, jsonSchema }) => {
      const type = (zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def?.type;
      if (type === "date") {
        jsonSchema.type = "string";
        jsonSchema.format = "date-time";
      }
    },
  }) as Json;
  delete out.$schema;
  return out;
}

function inputSchema(procedure: Procedure): Json | null {
  const input = procedure._def.inputs[0];
  return input ? jsonSchemaOf(input, "input") : null;
}

function properties(schema: Json | null | undefined): Record<string, Json> {
  return (schema?.properties as Record<string, Json> | undefined) ?? {};
}

function without(schema: Json, names: string[]): Json {
  if (names.length === 0) return schema;
  const props = { ...properties(schema) };
  for (const name of names) delete props[name];
  const required = ((schema.required as string[] | undefined) ?? []).filter((n) => !names.includes(n));
  return { ...schema, properties: props, ...(required.length ? { required } : { required: undefined }) };
}

/** A plausible value for a field, for the examples beside each request. */
function exampleOf(schema: Json, name = ""): unknown {
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variants = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (variants?.length) return exampleOf(variants.find((v) => v.type !== "null") ?? variants[0]!, name);
  const key = name.toLowerCase();
  switch (schema.type) {
    case "object": {
      const required = (schema.required as string[] | undefined) ?? [];
      return Object.fromEntries(
        Object.entries(properties(schema))
          .filter(([field]) => required.includes(field))
          .map(([field, sub]) => [field, exampleOf(sub, field)]),
      );
    }
    case "array":
      return schema.items ? [exampleOf(schema.items as Json, name)] : [];
    case "integer":
    case "number":
      return key.includes("rating") ? 5 : typeof schema.minimum === "number" ? schema.minimum : 1;
    case "boolean":
      return true;
    case "string":
      if (schema.format === "email" || key.includes("email")) return "buyer@example.com";
      if (schema.format === "date-time") return "2026-12-01T15:00:00.000Z";
      if (key.includes("date") || key === "from" || key === "to") return "2026-12-01";
      if (key === "time") return "10:00";
      if (key.includes("phone")) return "(512) 555-0101";
      if (key === "code") return "123456";
      if (key.includes("url") || key.includes("endpoint")) return "https://crm.example.com/hooks";
      return name ? `${name} text` : "text";
    default:
      return null;
  }
}

function responseFor(route: MountedRoute, procedure: Procedure): Json {
  const status = String(route.status ?? 200);
  const doc = route.responds;
  const schema = answerSchemaOf(procedure);
  const resultSchema = schema ? jsonSchemaOf(schema, "output") : null;
  const described = (s: Json | null) => s ?? { description: "The procedure's result as JSON." };
  if (doc?.kind === "redirect")
    return {
      "302": {
        description: `Redirects to ${doc.to}.`,
        headers: { Location: { schema: { type: "string" } } },
      },
    };
  if (doc?.kind === "file") {
    return {
      [status]: {
        description: "A file to download (Content-Disposition: attachment).",
        content: Object.fromEntries(
          doc.contentTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
        ),
      },
    };
  }
  let body: Json | null = resultSchema;
  const headers: Json = {};
  if (doc?.kind === "page") {
    const page = resultSchema
      ? (properties(resultSchema).items ?? properties(properties(resultSchema).page ?? null).items)
      : null;
    body = page ?? { type: "array", items: {} };
    for (const [name, description] of Object.entries(doc.headers))
      headers[name] = { description, schema: { type: "string" } };
  } else if (doc?.kind === "fields" && resultSchema) {
    const props = properties(resultSchema);
    body = {
      type: "object",
      required: doc.fields,
      properties: Object.fromEntries(doc.fields.map((field) => [field, props[field] ?? {}])),
    };
  }
  const content: Json = { "application/json": { schema: described(body) } };
  if (doc?.kind === "page" && doc.file)
    content[doc.file] = { schema: { type: "string", contentMediaType: doc.file } };
  return {
    [status]: {
      description: route.status === 201 ? "Created." : "OK.",
      ...(Object.keys(headers).length ? { headers } : {}),
      content,
    },
  };
}

const TAGS: Record<string, string> = {
  auth: "Authentication",
  salespersonAuth: "Authentication",
  admin: "Administration",
  audit: "Administration",
  salespeople: "Salespeople",
  reviews: "Reviews",
  portal: "Salesperson portal",
  messages: "Messages",
  reports: "Misconduct reports",
  appointments: "Appointments",
  availability: "Appointments",
  manager: "Dealership managers",
  subscriptions: "Subscriptions",
  crm: "CRM integrations",
  analytics: "Analytics",
  transfers: "Transfers",
  site: "Site",
  documents: "Documents",
  compliance: "Compliance",
  security: "Security",
  apiKeys: "API keys",
};

function humanize(procedure: string): string {
  const [domain = "", name = ""] = procedure.split(".");
  const words = name.replace(/([A-Z])/g, " $1").toLowerCase();
  return `${TAGS[domain] ?? domain}: ${words}`;
}

/** The routes the app serves beside the route table: health checks, Stripe's webhooks, this reference. */
function infrastructurePaths(redirects: readonly Redirect[]): Record<string, Record<string, Json>> {
  const plain = (summary: string, description: string, content: Json, extra: Json = {}) => ({
    summary,
    description,
    tags: ["Operations"],
    security: [{}],
    responses: { "200": { description: "OK.", content } },
    ...extra,
  });
  const json = (schema: Json) => ({ "application/json": { schema } });
  const webhook = {
    summary: "Stripe webhook",
    description:
      "Stripe's signed events (Stripe-Signature header, raw body). Answered 200 once handled; a bad signature answers 400.",
    tags: ["Subscriptions"],
    security: [{}],
    requestBody: { required: true, content: json({ type: "object" }) },
    responses: {
      "200": { description: "Handled.", content: json({ type: "object" }) },
      "400": { description: STATUS_TEXT[400], content: json({ $ref: "#/components/schemas/Error" }) },
    },
  };
  const paths: Record<string, Record<string, Json>> = {
    "/api/health": {
      get: plain(
        "Liveness",
        "The process is up (no database call): for a load balancer's liveness check.",
        json({ type: "object", properties: { status: { const: "ok" } } }),
      ),
    },
    "/api/ready": {
      get: plain(
        "Readiness",
        "The database answers and its migrations are current: 503 NOT_READY otherwise. For a load balancer's readiness check.",
        json({
          type: "object",
          properties: {
            status: { type: "string" },
            database: { type: "string" },
            migrations: { type: "string" },
          },
        }),
        {
          responses: {
            "200": { description: "Ready.", content: json({ type: "object" }) },
            "503": { description: "Not ready.", content: json({ $ref: "#/components/schemas/Error" }) },
          },
        },
      ),
    },
    "/api/stripe/webhook": { post: webhook },
    "/api/webhooks/stripe": { post: { ...webhook, summary: "Stripe webhook (older path)" } },
    "/api/openapi.json": {
      get: plain("This document", "The OpenAPI 3.1 document of the REST API.", json({ type: "object" })),
    },
    "/api/docs": {
      get: plain("API reference", "This reference, readable in a browser.", {
        "text/html": { schema: { type: "string" } },
      }),
    },
    "/api/docs/init.js": {
      get: plain("API reference script", "Starts the reference viewer.", {
        "text/javascript": { schema: { type: "string" } },
      }),
    },
    "/api/docs/assets/{file}": {
      get: plain(
        "API reference assets",
        "The viewer's stylesheet, script and icon.",
        { "application/octet-stream": { schema: { type: "string" } } },
        {
          parameters: [{ name: "file", in: "path", required: true, schema: { type: "string" } }],
          responses: {
            "200": { description: "OK." },
            "404": { description: STATUS_TEXT[404], content: json({ $ref: "#/components/schemas/Error" }) },
          },
        },
      ),
    },
  };
  for (const { path, to } of redirects) {
    paths[`/api${path}`] = {
      get: {
        summary: `Redirect to ${to}`,
        tags: ["Operations"],
        security: [{}],
        responses: { "302": { description: `Redirects to ${to}.` } },
      },
    };
  }
  return paths;
}

export type OpenApiOptions = {
  redirects: readonly Redirect[];
  routes: readonly MountedRoute[];
  serverUrl: string;
  version: string;
};

/** The whole document. Paths are below /api; Hono's `:name` parameters become `{name}`. */
export function buildOpenApi(options: OpenApiOptions): Json {
  const paths: Record<string, Record<string, Json>> = infrastructurePaths(options.redirects);
  const usedIds = new Set<string>();
  for (const route of options.routes) {
    const procedure = procedureOf(route.procedure);
    const access = procedure._def.meta?.access ?? "public";
    const input = inputSchema(procedure);
    const path = `/api${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
    const fields = properties(input);

    const parameters: Json[] = route.params.map((name) => ({
      name,
      in: "path",
      required: true,
      schema: fields[name] ?? { type: "string" },
    }));
    if (route.input === "query" && input) {
      const required = (input.required as string[] | undefined) ?? [];
      for (const [name, schema] of Object.entries(fields)) {
        if (route.params.includes(name)) continue;
        parameters.push({ name, in: "query", required: required.includes(name), schema });
      }
    }
    let requestBody: Json | undefined;
    if (route.input === "body" && input) {
      const schema = without(input, route.params);
      requestBody = {
        required: ((schema.required as string[] | undefined) ?? []).length > 0,
        content: { "application/json": { schema, example: exampleOf(schema) } },
      };
    } else if (typeof route.input === "object" && input) {
      const field = route.input.image;
      requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: ["image"],
              properties: {
                image: {
                  type: "string",
                  contentMediaType: "image/*",
                  description: "JPG, PNG, WebP or GIF, at most 5 MB",
                },
              },
            },
          },
          "application/json": {
            schema: without(input, route.params),
            example: { [field]: "data:image/png;base64,iVBORw0KGgo..." },
          },
        },
      };
    }

    const statuses = new Set<number>(ACCESS[access].refusals);
    if (parameters.length > 0 || requestBody) statuses.add(400);
    if (route.params.length > 0) statuses.add(404);
    if (route.maxBody || route.method !== "GET") statuses.add(413);
    if (route.scope) {
      statuses.add(401);
      statuses.add(403);
      statuses.add(429);
    }
    if (/login|redeem|register|verify-mfa|contact|misconduct|request-login/.test(route.path))
      statuses.add(429);
    statuses.add(500);
    const errors = Object.fromEntries(
      [...statuses].sort().map((code) => [
        String(code),
        {
          description: STATUS_TEXT[code],
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      ]),
    );

    const signedIn: Json[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
    if (route.scope) signedIn.push({ apiKeyAuth: [route.scope] });
    const security = access === "public" ? [{}, ...signedIn] : signedIn;

    let operationId = route.procedure.replace(".", "_");
    if (usedIds.has(operationId))
      operationId = `${operationId}_${route.method.toLowerCase()}${route.params.length ? "_by_param" : ""}`;
    usedIds.add(operationId);

    const who = ACCESS[access].who;
    const keyNote = route.scope
      ? ` API keys with the \`${route.scope}\` scope may call it.`
      : " API keys may not call it.";
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId,
      summary: humanize(route.procedure),
      description: `Who: ${who}${keyNote} Runs the procedure \`${route.procedure}\` (also callable through tRPC at /trpc/${route.procedure}).`,
      tags: [TAGS[route.procedure.split(".")[0]!] ?? "Other"],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { ...responseFor(route, procedure), ...errors },
      security,
      "x-access": access,
      ...(route.scope ? { "x-api-key-scope": route.scope } : {}),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "KnowBefore API",
      version: options.version,
      description: [
        "The REST API of KnowBefore: find, book and review verified car salespeople, and run a dealership.",
        "",
        "**Errors** answer `{ message, code }` with the HTTP status of their kind; a 500 adds a `requestId`. Every answer carries an `X-Request-Id` header.",
        "",
        "**Authentication**: the browser's session cookie; a session token as `Authorization: Bearer <token>` (from signing in); or an **API key** as `Authorization: Bearer kbk_…`. API keys are made by dealership managers and administrators on the API keys page, are shown once, act as the account that made them, and call only the routes their scopes name:",
        ...API_SCOPES.map((scope) => `- \`${scope}\`: ${API_SCOPE_INFO[scope].description}`),
        "",
        `Each API key may send a burst of ${API_KEY_RATE_LIMIT.capacity} requests, then ${1 / API_KEY_RATE_LIMIT.refillSeconds} per second; more answer 429.`,
        "",
        "**Lists** answer an array and the total in `X-Total-Count`. Where `X-Total-Count-Exact` is `false`, the total is an estimate (browse past a large threshold).",
        "",
        "**State-changing requests** from a browser must carry the app's Origin; requests with a bearer token and no cookie are not checked.",
      ].join("\n"),
    },
    servers: [{ url: options.serverUrl }],
    tags: [...new Set([...Object.values(TAGS), "Operations"])].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        cookieAuth: {
          type: "apiKey",
          in: "cookie",
          name: "kb_session",
          description: "The web app's session.",
        },
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: "A session token (for example the administrator sign-in's `token`), for scripts.",
        },
        apiKeyAuth: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "kbk_ followed by 32 base32 characters",
          description: `An API key. Scopes: ${API_SCOPES.join(", ")}.`,
        },
      },
    },
  };
}
