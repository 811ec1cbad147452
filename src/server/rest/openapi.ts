// The OpenAPI 3.1 document of the REST API, generated from the same things that serve it: the REST paths
// procedures declare (rest/route.ts), each procedure's zod input schema, tier (trpc/init.ts) and domain's tag
// (trpc/procedures.ts), the zod schema its answer declares (src/shared/schemas, checked against real answers
// outside production: trpc/output.ts) and the API-key scopes. Nothing here is written by hand per route, so a
// route cannot be served and not documented.
import type { z } from "zod";
import { API_KEY_RATE_LIMIT, API_SCOPE_INFO, API_SCOPES } from "../../shared/apiKeys";
import { type ProcedureMeta, TIERS } from "../trpc/init";
import { answerSchemaOf } from "../trpc/output";
import { tagOf } from "../trpc/procedures";
import { appRouter } from "../trpc/root";
import { ERROR_DEFAULT, infrastructurePaths } from "./openapiInfrastructure";
import {
  ERROR_SCHEMA,
  errorContent,
  exampleOf,
  type Json,
  jsonSchemaOf,
  properties,
  without,
} from "./openapiSchemas";
import { humanize, IDEMPOTENCY_PARAMETER, STATUS_TEXT, TAGS } from "./openapiWords";
import { type MountedRoute, restRoutes } from "./route";

type Procedure = {
  _def: { inputs: z.ZodType[]; output?: unknown; meta?: ProcedureMeta; type: "query" | "mutation" };
};

const procedureOf = (path: string) =>
  (appRouter._def.procedures as Record<string, unknown>)[path] as Procedure;

function inputSchema(procedure: Procedure): Json | null {
  const input = procedure._def.inputs[0];
  return input ? jsonSchemaOf(input, "input") : null;
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
      ...ERROR_DEFAULT,
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

/** The whole document. Paths are below /api; Hono's `:name` parameters become `{name}`. */
export function buildOpenApi(version: string): Json {
  const paths: Record<string, Record<string, Json>> = infrastructurePaths();
  const usedIds = new Set<string>();
  for (const route of restRoutes()) {
    const procedure = procedureOf(route.procedure);
    const { params } = route;
    const access = procedure._def.meta?.access ?? "anyone";
    const input = inputSchema(procedure);
    const path = `/api${route.path.replace(/:([A-Za-z]+)/g, "{$1}")}`;
    const fields = properties(input);

    const parameters: Json[] = params.map((name) => {
      const schema = fields[name];
      if (!schema)
        throw new Error(`${route.method} ${route.path}: :${name} is no field of ${route.procedure}'s input`);
      return { name, in: "path", required: true, schema };
    });
    if (route.reads === "query" && input) {
      const required = (input.required as string[] | undefined) ?? [];
      for (const [name, schema] of Object.entries(fields)) {
        if (params.includes(name)) continue;
        parameters.push({ name, in: "query", required: required.includes(name), schema });
      }
    }
    if (route.method !== "GET") parameters.push(IDEMPOTENCY_PARAMETER);
    let requestBody: Json | undefined;
    if (route.reads === "body" && input) {
      const schema = without(input, params);
      requestBody = {
        required: ((schema.required as string[] | undefined) ?? []).length > 0,
        content: { "application/json": { schema, example: exampleOf(schema) } },
      };
    } else if (route.upload && input) {
      const field = route.upload;
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
            schema: without(input, params),
            example: { [field]: "data:image/png;base64,iVBORw0KGgo..." },
          },
        },
      };
    }

    // Every /api request reads its credentials first: an invalid API key answers 401 even on a public route.
    const statuses = new Set<number>([401, ...TIERS[access].refusals]);
    if (parameters.length > 0 || requestBody) statuses.add(400);
    if (params.length > 0) statuses.add(404);
    if (route.maxBody || route.method !== "GET") statuses.add(413);
    if (route.scope) {
      statuses.add(401);
      statuses.add(403);
      statuses.add(429);
    }
    if (/login|redeem|register|verify-mfa|contact|misconduct|request-login/.test(route.path))
      statuses.add(429);
    // A change may carry an Idempotency-Key: still in use (409), or used for another request (422).
    if (route.method !== "GET") {
      statuses.add(409);
      statuses.add(422);
    }
    statuses.add(500);
    // Any request may find the database busy or away, or run past its deadline (BUSY); a sign-in link's request
    // also answers MAIL_DELAYED when the mail server is away.
    statuses.add(503);
    const errors = Object.fromEntries(
      [...statuses]
        .sort()
        .map((code) => [String(code), { description: STATUS_TEXT[code], content: errorContent }]),
    );

    const signedIn: Json[] = [{ cookieAuth: [] }, { bearerAuth: [] }];
    if (route.scope) signedIn.push({ apiKeyAuth: [route.scope] });
    const security = access === "anyone" ? [{}, ...signedIn] : signedIn;

    let operationId = route.procedure.replace(".", "_");
    if (usedIds.has(operationId))
      operationId = `${operationId}_${route.method.toLowerCase()}${params.length ? "_by_param" : ""}`;
    usedIds.add(operationId);

    const who = TIERS[access].who;
    const tag = tagOf(procedure);
    if (!tag)
      throw new Error(
        `${route.procedure}: its router names no tag (taggedRouter), so the reference cannot list it`,
      );
    const keyNote = route.scope
      ? ` API keys with the \`${route.scope}\` scope may call it.`
      : " API keys may not call it.";
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId,
      summary: humanize(route.procedure, tag),
      description: `${route.description ? `${route.description} ` : ""}Who: ${who}${keyNote} Runs the procedure \`${route.procedure}\` (also callable through tRPC at /trpc/${route.procedure}).`,
      tags: [tag],
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
      version,
      license: { name: "Proprietary: all rights reserved", identifier: "LicenseRef-Proprietary" },
      description: [
        "The REST API of KnowBefore: find, book and review verified car salespeople, and run a dealership.",
        "",
        "**Verification**: a salesperson's `verifiedBy` names the dealership whose manager confirmed them (null while unverified, and for independents). Reviews are visit-verified: only the customer of a completed visit may write one; `verification: purchase` marks a review a confirmed sale backs ('Verified purchase').",
        "",
        "**Errors** answer `{ message, code }` with the HTTP status of their kind; a 500 adds a `requestId`. Every answer carries an `X-Request-Id` header.",
        "",
        "**Authentication**: the browser's session cookie; a session token as `Authorization: Bearer <token>` (from signing in); or an **API key** as `Authorization: Bearer kbk_…`. API keys are made by dealership managers and administrators on the API keys page, are shown once, act as the account that made them, and call only the routes their scopes name:",
        ...API_SCOPES.map((scope) => `- \`${scope}\`: ${API_SCOPE_INFO[scope].description}`),
        "",
        `Each API key may send a burst of ${API_KEY_RATE_LIMIT.capacity} requests, then ${1 / API_KEY_RATE_LIMIT.refillSeconds} per second; more answer 429.`,
        "",
        "**Lists** answer an array and the total in `X-Total-Count`. Where `X-Total-Count-Exact` is `false`, the total is an estimate (browse past a large threshold). Browse pages through every match with `X-Next-Cursor`: give it back as `after` for the next page.",
        "",
        "**State-changing requests** from a browser must carry the app's Origin; requests with a bearer token and no cookie are not checked.",
      ].join("\n"),
    },
    // Relative: the server that serves this document (OpenAPI 3.1 resolves it against the document's URL).
    servers: [{ url: "/", description: "The server this document is served from" }],
    tags: TAGS,
    // In the order of their paths, whatever the order the router declares them in.
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))),
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
