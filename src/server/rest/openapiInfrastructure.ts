// The routes the app serves beside the route table, as OpenAPI operations: health checks, Stripe's webhooks, CRMs' sale events,
// this reference and the redirects (app.ts and rest/docs.ts serve them).

import { CRM_SIGNATURE_HEADER } from "../../shared/crm";
import { CRM_INBOUND_TOLERANCE_SECONDS } from "../../shared/purchases";
import { crmSaleEvent, crmSaleOutcome } from "../../shared/schemas/purchases";
import { errorContent, type Json, jsonSchemaOf } from "./openapiSchemas";
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
    "/api/crm/inbound/{integrationId}": {
      post: {
        operationId: "crm_inbound_sale",
        summary: "CRM sale event",
        description: `A dealership CRM's signed sale event (docs/product/crm.md#sale-events), signed as outbound deliveries are: ${CRM_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> under the integration's signing secret. A timestamp more than ${CRM_INBOUND_TOLERANCE_SECONDS / 60} minutes from the server's clock or a bad signature answers 401, an event id already received 409 (nothing changes), an unknown integration 404, a paused one 403, a salesperson of another dealership 422. The buyer is the customer account with the event's e-mail, else its phone.`,
        tags: ["CRM integrations"],
        security: [{}],
        parameters: [
          { name: "integrationId", in: "path", required: true, schema: { type: "integer", minimum: 1 } },
          {
            name: CRM_SIGNATURE_HEADER,
            in: "header",
            required: true,
            schema: { type: "string", pattern: "^t=\\d+,v1=[0-9a-f]{64}$" },
          },
        ],
        requestBody: { required: true, content: json(jsonSchemaOf(crmSaleEvent, "input")) },
        responses: {
          "200": { description: "Received.", content: json(jsonSchemaOf(crmSaleOutcome, "output")) },
          ...Object.assign({}, ...[400, 401, 403, 404].map(refusal)),
          "409": {
            description: "This event id was already received: nothing changed.",
            content: errorContent,
          },
          "422": {
            description: "The salesperson is not at the integration's dealership.",
            content: errorContent,
          },
        },
      },
    },
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
