// POST /api/stripe/webhook: the signature is checked on the raw body before anything else (400 when it fails);
// the event id is stored in the same transaction as the event's effects, so a repeated delivery is a no-op 200.
// Effects never trust the payload's copy of an object: the subscription or invoice is read back from Stripe
// (before, never inside, the transaction), so events delivered in any order leave the row in Stripe's current state,
// and an event delivered late cannot roll it back. When Stripe cannot be read, the answer is 503 and nothing is
// recorded, so Stripe delivers the event again later.
import type Stripe from "stripe";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { AppDeps } from "../../serviceContext";
import { readSubscription } from "./changes";
import { callStripe, requirePayments } from "./provider";
import { invoiceSubscriptionId, recordInvoice, recordSubscription } from "./sync";

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

/**
 * Stripe is read first, outside any transaction; the event id and its effects are then written together in a
 * short transaction under the subscription's lock (see settle), so a slow Stripe never holds a lock or a
 * connection in a transaction.
 */
export async function handleStripeEvent(
  deps: Pick<AppDeps, "payments" | "sql" | "jobs">,
  event: Stripe.Event,
): Promise<WebhookResult> {
  const { stripe } = requirePayments(deps);
  const done = (duplicate: boolean): WebhookResult => ({ received: true, duplicate, type: event.type });
  const [handled] = await deps.sql`select 1 from stripe_events where id = ${event.id}`;
  if (handled) return done(true);
  const claim = async (tx: Queryable) =>
    (
      await tx`
        insert into stripe_events (id, type) values (${event.id}, ${event.type}) on conflict (id) do nothing
        returning id`
    ).length > 0;

  const object = event.data.object as { id?: string };
  if (SUBSCRIPTION_EVENTS.has(event.type) && object.id) {
    return readSubscription(deps.sql, stripe, object.id, async (tx, subscription) => {
      if (!(await claim(tx))) return done(true);
      await recordSubscription(deps, tx, subscription);
      return done(false);
    });
  }
  if ((INVOICE_PAID.has(event.type) || INVOICE_FAILED.has(event.type)) && object.id) {
    const invoice = await callStripe(() => stripe.invoices.retrieve(object.id!));
    const stripeSubscriptionId = invoiceSubscriptionId(invoice);
    if (stripeSubscriptionId) {
      return readSubscription(deps.sql, stripe, stripeSubscriptionId, async (tx, subscription) => {
        if (!(await claim(tx))) return done(true);
        const localId = await recordSubscription(deps, tx, subscription);
        if (localId) await recordInvoice(tx, invoice, localId, INVOICE_FAILED.has(event.type));
        return done(false);
      });
    }
  }
  return deps.sql.begin(async (tx) => done(!(await claim(tx))));
}
