// The routes the app serves beside the procedures' REST paths, as OpenAPI operations: health checks, Stripe's and Twilio's webhooks, CRMs' sale events,
// provider sign-in, this reference and the redirects (app.ts, rest/docs.ts and rest/route.ts serve them).

import { CRM_SIGNATURE_HEADER } from "../../shared/crm";
import { OIDC_PROVIDERS } from "../../shared/identity";
import { CRM_INBOUND_TOLERANCE_SECONDS } from "../../shared/purchases";
import { crmSaleEvent, crmSaleOutcome } from "../../shared/schemas/purchases";
import { errorContent, type Json, jsonSchemaOf } from "./openapiSchemas";
import { STATUS_TEXT, type Tag } from "./openapiWords";
import { REDIRECTS } from "./route";

const json = (schema: Json) => ({ "application/json": { schema } });
const refusal = (status: number) => ({
  [String(status)]: { description: STATUS_TEXT[status], content: errorContent },
});

/** Routes that answer a redirect have no 2xx: any answer other than the redirect is an error. */
export const ERROR_DEFAULT = {
  default: { description: "Any other status: an error.", content: errorContent },
};

const oidcProviderParameter = {
  name: "provider",
  in: "path",
  required: true,
  schema: { enum: [...OIDC_PROVIDERS] },
};

/** An operation anyone may call that answers 200 with the given content, or one of the given refusals. */
function plain(operationId: string, summary: string, description: string, content: Json, refusals: number[]) {
  return {
    operationId,
    summary,
    description,
    tags: ["Operations"] satisfies Tag[],
    security: [{}],
    responses: { "200": { description: "OK.", content }, ...Object.assign({}, ...refusals.map(refusal)) },
  };
}

// The probes answer ahead of sessions, so only the host check (outside production) refuses them; the other
// routes come after the session is read, where an invalid API key answers 401.
export function infrastructurePaths(): Record<string, Record<string, Json>> {
  const webhook = (operationId: string, summary: string) => ({
    operationId,
    summary,
    description:
      "Stripe's signed events (Stripe-Signature header, raw body). Answered 200 once handled; a bad signature answers 400.",
    tags: ["Subscriptions"] satisfies Tag[],
    security: [{}],
    requestBody: { required: true, content: json({ type: "object" }) },
    responses: { "200": { description: "Handled.", content: json({ type: "object" }) }, ...refusal(400) },
  });
  const twilioWebhook = (operationId: string, summary: string, description: string, content: Json) => ({
    operationId,
    summary,
    description,
    tags: ["Texting"] satisfies Tag[],
    security: [{}],
    parameters: [{ name: "X-Twilio-Signature", in: "header", required: true, schema: { type: "string" } }],
    requestBody: {
      required: true,
      content: { "application/x-www-form-urlencoded": { schema: { type: "object" } } },
    },
    responses: {
      "200": { description: "Handled.", content },
      ...Object.assign({}, ...[400, 403].map(refusal)),
    },
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
    "/api/webhooks/twilio/status": {
      post: twilioWebhook(
        "twilio_status_webhook",
        "Text delivery status (Twilio)",
        "Twilio's delivery status of a text we sent (form post: MessageSid, MessageStatus, ErrorCode), signed with X-Twilio-Signature over this exact public URL (APP_URL + path). Stored on the text; an older status never overwrites a newer one. A missing or wrong signature, or any post while texting is off, answers 403.",
        json({ type: "object", properties: { updated: { type: "boolean" } } }),
      ),
    },
    "/api/webhooks/twilio/inbound": {
      post: twilioWebhook(
        "twilio_inbound_webhook",
        "Text from a buyer (Twilio)",
        "A text sent to our number (form post: MessageSid, From, Body), signed with X-Twilio-Signature over this exact public URL. STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT stop texts to the number; START, YES, UNSTOP resume them; HELP, INFO ask for help: each is recorded and answered with the standard reply as TwiML. Any other text from a confirmed number becomes the buyer's message to the salesperson of their next (else latest) visit; a text from another number gets no answer. A missing or wrong signature answers 403.",
        { "text/xml": { schema: { type: "string" } } },
      ),
    },
    "/api/crm/inbound/{integrationId}": {
      post: {
        operationId: "crm_inbound_sale",
        summary: "CRM sale event",
        description: `A dealership CRM's signed sale event (docs/product/crm.md#sale-events), signed as outbound deliveries are: ${CRM_SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> under the integration's signing secret. A timestamp more than ${CRM_INBOUND_TOLERANCE_SECONDS / 60} minutes from the server's clock or a bad signature answers 401, an event id already received 409 (nothing changes), an unknown integration 404, a paused one 403, a salesperson of another dealership 422. The buyer is the customer account with the event's e-mail, else its phone.`,
        tags: ["CRM integrations"] satisfies Tag[],
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
    "/api/auth/oidc/{provider}/start": {
      get: {
        operationId: "oidc_start",
        summary: "Continue with a provider",
        description:
          'Where the sign-in pages\' "Continue with Google/Microsoft" buttons lead (docs/product/security.md#google-and-microsoft-accounts): redirects the browser to the provider with PKCE, state and nonce, the state also kept in an HttpOnly cookie. `returnTo` is a path of this site to land on; `page=salesperson-login` when started from the salesperson portal. A provider that is not configured answers 404; one that cannot be reached sends the browser back to the sign-in page with `signInError=OIDC_PROVIDER_UNAVAILABLE`.',
        tags: ["Authentication"] satisfies Tag[],
        security: [{}],
        parameters: [
          oidcProviderParameter,
          { name: "returnTo", in: "query", required: false, schema: { type: "string", maxLength: 500 } },
          { name: "page", in: "query", required: false, schema: { enum: ["login", "salesperson-login"] } },
        ],
        responses: {
          "302": { description: "Redirects to the provider." },
          "303": { description: "Redirects to the sign-in page with the reason it could not start." },
          ...refusal(404),
          ...ERROR_DEFAULT,
        },
      },
    },
    "/api/auth/oidc/{provider}/callback": {
      get: {
        operationId: "oidc_callback",
        summary: "Provider sign-in callback",
        description:
          "The redirect URI to register with the provider. Checks the answer against the state cookie and the sign-in it started, signs in, and redirects: to where the visitor was going, to the sign-in page's second-factor step (`challenge`) when the account has two-factor authentication, or to the sign-in page with `signInError` naming why it failed.",
        tags: ["Authentication"] satisfies Tag[],
        security: [{}],
        parameters: [oidcProviderParameter],
        responses: {
          "303": {
            description: "Redirects to the site: signed in, the second-factor step, or the reason it failed.",
          },
          ...refusal(404),
          ...ERROR_DEFAULT,
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
  for (const { path, to } of REDIRECTS) {
    paths[`/api${path}`] = {
      get: {
        operationId: `redirect${path.replace(/[^A-Za-z0-9]+/g, "_")}`,
        summary: `Redirect to ${to}`,
        tags: ["Operations"] satisfies Tag[],
        security: [{}],
        responses: { "302": { description: `Redirects to ${to}.` }, ...refusal(401), ...ERROR_DEFAULT },
      },
    };
  }
  return paths;
}
