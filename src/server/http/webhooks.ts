// The signed webhooks other systems call: Stripe's events, Twilio's text statuses and inbound texts, and CRMs'
// sale events. Each carries a raw body and a signature, no session and no Origin (the CSRF check exempts them:
// app.ts), and is checked against its signature before anything else.
import type { Hono } from "hono";
import { CRM_SIGNATURE_HEADER } from "../../shared/crm";
import { receiveSaleEvent } from "../domains/crm/inbound";
import { handleStripeEvent, verifyEvent } from "../domains/subscriptions/webhook";
import { receiveText, receiveTextStatus, type TwilioWebhook } from "../domains/texting/webhooks";
import type { AppDeps } from "../serviceContext";
import { TWILIO_WEBHOOK_PATHS } from "../texting/twilio";
import type { AppEnv } from "./honoRequest";

/** Where Stripe delivers events: the path, and the older one the CSRF exemption named. */
export const STRIPE_WEBHOOK_PATHS = ["/api/stripe/webhook", "/api/webhooks/stripe"] as const;
export const CRM_INBOUND_PREFIX = "/api/crm/inbound/";

export function webhookRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  // Stripe's webhooks: signed raw bodies from Stripe's servers (no session, no Origin), answered 200 once handled.
  for (const webhookPath of STRIPE_WEBHOOK_PATHS) {
    app.post(webhookPath, async (c) => {
      const event = verifyEvent(deps, await c.req.text(), c.req.header("stripe-signature"));
      return c.json(await handleStripeEvent(deps, event));
    });
  }

  // Twilio's webhooks: signed form posts (X-Twilio-Signature over APP_URL + path), no session, no Origin. The
  // inbound one answers TwiML (a keyword's reply, or nothing).
  app.post(TWILIO_WEBHOOK_PATHS.status, async (c) =>
    c.json(await receiveTextStatus(deps, twilioWebhook(c, TWILIO_WEBHOOK_PATHS.status, await c.req.text()))),
  );
  app.post(TWILIO_WEBHOOK_PATHS.inbound, async (c) =>
    c.body(await receiveText(deps, twilioWebhook(c, TWILIO_WEBHOOK_PATHS.inbound, await c.req.text())), 200, {
      "content-type": "text/xml; charset=utf-8",
    }),
  );

  // CRMs' signed sale events: raw bodies from a dealership's systems (no session, no Origin), checked against the
  // integration's signing secret before anything else.
  app.post(`${CRM_INBOUND_PREFIX}:integrationId`, async (c) =>
    c.json(
      await receiveSaleEvent(deps, {
        integrationId: c.req.param("integrationId"),
        signature: c.req.header(CRM_SIGNATURE_HEADER),
        rawBody: await c.req.text(),
        ip: c.get("ip"),
      }),
    ),
  );
}

/** A Twilio webhook's signature headers and raw form body, as domains/texting/webhooks.ts checks them. */
function twilioWebhook(
  c: { req: { header: (name: string) => string | undefined } },
  path: TwilioWebhook["path"],
  rawBody: string,
): TwilioWebhook {
  return {
    path,
    signature: c.req.header("x-twilio-signature"),
    settings: c.req.header("x-twilio-webhooks-signature-settings"),
    rawBody,
  };
}
