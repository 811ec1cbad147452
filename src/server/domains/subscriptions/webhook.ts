// POST /api/stripe/webhook: the signature is checked on the raw body before anything else (400 when it fails);
// the event id is stored in the same transaction as the event's effects, so a repeated delivery is a no-op 200.
// Effects never trust the payload's copy of an object: the subscription or invoice is read back from Stripe,
// so events delivered in any order leave the row in Stripe's current state.
import type Stripe from "stripe";
import type { AppDeps } from "../../context";
import { appError } from "../../errors";
import { requirePayments, syncInvoice, syncSubscription } from "./service";

export type WebhookResult = { received: true; duplicate: boolean; type: string };

const SUBSCRIPTION_EVENTS = new Set([
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.trial_will_end",
]);
const INVOICE_PAID = new Set(["invoice.paid", "invoice.payment_succeeded"]);
const INVOICE_FAILED = new Set(["invoice.payment_failed"]);

export function verifyEvent(
  deps: Pick<AppDeps, "payments">,
  rawBody: string,
  signature: string | undefined,
): Stripe.Event {
  const payments = requirePayments(deps);
  if (!payments.webhookSecret)
    throw appError(
      "SERVICE_UNAVAILABLE",
      "Webhooks are not configured (STRIPE_WEBHOOK_SECRET)",
      "WEBHOOK_NOT_CONFIGURED",
    );
  if (!signature) throw appError("BAD_REQUEST", "Missing Stripe-Signature header", "BAD_SIGNATURE");
  try {
    return payments.stripe.webhooks.constructEvent(rawBody, signature, payments.webhookSecret);
  } catch {
    throw appError("BAD_REQUEST", "Webhook signature verification failed", "BAD_SIGNATURE");
  }
}

export async function handleStripeEvent(
  deps: Pick<AppDeps, "payments" | "sql">,
  event: Stripe.Event,
): Promise<WebhookResult> {
  const { stripe } = requirePayments(deps);
  return deps.sql.begin(async (tx) => {
    const inserted = await tx`
      insert into stripe_events (id, type) values (${event.id}, ${event.type}) on conflict (id) do nothing
      returning id`;
    if (inserted.length === 0) return { received: true, duplicate: true, type: event.type };
    const object = event.data.object as { id?: string };
    if (SUBSCRIPTION_EVENTS.has(event.type) && object.id) {
      await syncSubscription(tx, stripe, object.id);
    } else if ((INVOICE_PAID.has(event.type) || INVOICE_FAILED.has(event.type)) && object.id) {
      await syncInvoice(tx, stripe, object.id, INVOICE_FAILED.has(event.type));
    }
    return { received: true, duplicate: false, type: event.type };
  });
}
