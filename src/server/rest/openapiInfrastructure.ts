// The routes the app serves beside the route table, as OpenAPI operations: health checks, Stripe's webhooks,
// this reference and the redirects (app.ts and rest/docs.ts serve them).

import { errorContent, type Json } from "./openapiSchemas";
import { STATUS_TEXT } from "./openapiWords";
import type { Redirect } from "./route";

const json = (schema: Json) => ({ "application/json": { schema } });
const refusal = (status: number) => ({
  [String(status)]: { description: STATUS_TEXT[status], content: errorContent },
});

/** Routes that answer a redirect have no 2xx: any answer other than the redirect is an error. */
export const ERROR_DEFAULT = {
  default: { description: "Any other status: an error.", content: errorContent },
};

/** An operation anyone may call that answers 200 with the given content, or one of the given refusals. */
function plain(operationId: string, summary: string, description: string, content: Json, refusals: number[]) {
  return {
    operationId,
    summary,
    description,
    tags: ["Operations"],
    security: [{}],
    responses: { "200": { description: "OK.", content }, ...Object.assign({}, ...refusals.map(refusal)) },
  };
}

// The probes answer ahead of sessions, so only the host check (outside production) refuses them; the other
// routes come after the session is read, where an invalid API key answers 401.
export function infrastructurePaths(redirects: readonly Redirect[]): Record<string, Record<string, Json>> {
  const webhook = (operationId: string, summary: string) => ({
    operationId,
    summary,
    description:
      "Stripe's signed events (Stripe-Signature header, raw body). Answered 200 once handled; a bad signature answers 400.",
    tags: ["Subscriptions"],
    security: [{}],
    requestBody: { required: true, content: json({ type: "object" }) },
    responses: { "200": { description: "Handled.", content: json({ type: "object" }) }, ...refusal(400) },
  });
  const paths: Record<string, Record<string, Json>> = {
    "/api/health": {
      get: plain(
        "health",
        "Liveness",
        "The process is up (no database call): for a load balancer's liveness check.",
        json({ type: "object", properties: { status: { const: "ok" } } }),
        [421],
      ),
    },
    "/api/ready": {
      get: {
        ...plain(
          "ready",
          "Readiness",
          "The database answers and its migrations are current: 503 NOT_READY otherwise. For a load balancer's readiness check.",
          {},
          [],
        ),
        responses: {
          "200": {
            description: "Ready.",
            content: json({
              type: "object",
              properties: {
                status: { type: "string" },
                database: { type: "string" },
                migrations: { type: "string" },
              },
            }),
          },
          ...refusal(421),
          "503": { description: "Not ready.", content: errorContent },
        },
      },
    },
    "/api/stripe/webhook": { post: webhook("stripe_webhook", "Stripe webhook") },
    "/api/webhooks/stripe": { post: webhook("stripe_webhook_older_path", "Stripe webhook (older path)") },
    "/api/openapi.json": {
      get: plain(
        "openapi_document",
        "This document",
        "The OpenAPI 3.1 document of the REST API.",
        json({ type: "object" }),
        [401],
      ),
    },
    "/api/docs": {
      get: plain(
        "api_reference",
        "API reference",
        "This reference, readable in a browser.",
        { "text/html": { schema: { type: "string" } } },
        [401],
      ),
    },
    "/api/docs/init.js": {
      get: plain(
        "api_reference_script",
        "API reference script",
        "Starts the reference viewer.",
        { "text/javascript": { schema: { type: "string" } } },
        [401],
      ),
    },
    "/api/docs/assets/{file}": {
      get: {
        ...plain(
          "api_reference_asset",
          "API reference assets",
          "The viewer's stylesheet, script and icon.",
          { "application/octet-stream": { schema: { type: "string" } } },
          [401, 404],
        ),
        parameters: [{ name: "file", in: "path", required: true, schema: { type: "string" } }],
      },
    },
  };
  for (const { path, to } of redirects) {
    paths[`/api${path}`] = {
      get: {
        operationId: `redirect${path.replace(/[^A-Za-z0-9]+/g, "_")}`,
        summary: `Redirect to ${to}`,
        tags: ["Operations"],
        security: [{}],
        responses: { "302": { description: `Redirects to ${to}.` }, ...refusal(401), ...ERROR_DEFAULT },
      },
    };
  }
  return paths;
}
