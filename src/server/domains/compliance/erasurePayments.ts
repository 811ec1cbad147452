// The payment side of an erasure: the subject's payment customer lives at Stripe, so its live subscriptions
// are cancelled and the customer deleted before the database transaction (never inside it); the erasure then
// checks that nothing changed meanwhile and records what was settled.

import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";

/** Subscription statuses Stripe can still charge or reactivate. */
export const LIVE_SUBSCRIPTION = [
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
] as const;

export type PaymentsSettled = {
  /** Local ids of the subscriptions cancelled at Stripe for this erasure. */
  cancelledSubscriptions: string[];
  /** The Stripe customer deleted, if there was one. */
  deletedCustomer: string | null;
};

export const NOTHING_TO_SETTLE: PaymentsSettled = { cancelledSubscriptions: [], deletedCustomer: null };

const PROVIDER_FAILED =
  "The payment provider did not confirm cancelling this account's subscriptions and payment customer, so nothing was erased. Try again in a moment.";

/** Stripe's answer for something already gone: a repeated erasure goes on. */
function isMissing(error: unknown): boolean {
  return (error as { code?: string }).code === "resource_missing";
}

/**
 * Cancels the subject's live subscriptions at Stripe and deletes their Stripe customer. Runs outside any
 * database transaction; a failure throws before anything local is changed (a repeat skips what is gone).
 */
export async function settleErasurePayments(
  deps: Pick<Context, "payments">,
  sql: Queryable,
  userId: string,
): Promise<PaymentsSettled> {
  const live = await sql<{ id: string; stripeId: string }[]>`
    select id, stripe_subscription_id as "stripeId" from subscriptions
     where user_id = ${userId} and stripe_subscription_id is not null and status in ${sql(LIVE_SUBSCRIPTION)}`;
  const [customer] = await sql<{ stripeId: string }[]>`
    select stripe_customer_id as "stripeId" from stripe_customers where user_id = ${userId}`;
  if (live.length === 0 && !customer) return NOTHING_TO_SETTLE;
  if (!deps.payments) {
    throw appError(
      "SERVICE_UNAVAILABLE",
      "This account has a payment customer or a live subscription, and payments are not configured on this server, so they cannot be cancelled. Nothing was erased.",
      "PAYMENTS_NOT_CONFIGURED",
    );
  }
  const { stripe } = deps.payments;
  try {
    for (const sub of live) {
      await stripe.subscriptions.cancel(sub.stripeId).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
    if (customer) {
      await stripe.customers.del(customer.stripeId).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    }
  } catch {
    throw appError("BAD_GATEWAY", PROVIDER_FAILED, "ERASURE_PAYMENT_FAILED");
  }
  return { cancelledSubscriptions: live.map((s) => s.id), deletedCustomer: customer?.stripeId ?? null };
}
