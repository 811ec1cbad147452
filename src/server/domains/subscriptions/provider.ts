import type Stripe from "stripe";
import { type BillingInterval, chargeCents, type Plan } from "../../../shared/plans";
import type { PaymentsConfig } from "../../../shared/schemas/subscriptions";
import { AppError, appError } from "../../appError";
import type { Payments } from "../../payments/stripe";
import type { AppDeps } from "../../serviceContext";

/** Statuses that give access: the plan is on while Stripe is trialing, paid up, or retrying a payment. */
export const ACCESS_STATUSES = ["trialing", "active", "past_due"] as const;
export const grantsAccess = (status: string) => (ACCESS_STATUSES as readonly string[]).includes(status);

export const NOT_CONFIGURED_MESSAGE =
  "Payments are not configured on this server, so no subscription can be started. Nothing was charged.";
/** Starting a checkout charges nothing by itself (the browser's payment form does), so this holds whatever happened. */
export const CHECKOUT_UNAVAILABLE_MESSAGE =
  "Payments are not answering right now; nothing was charged. Try again in a few minutes.";
/** Anything else: a change may or may not have reached the provider, so nothing is promised about it. */
export const PAYMENTS_UNAVAILABLE_MESSAGE =
  "Payments are not answering right now. Try again in a few minutes; this page shows what the payment provider last confirmed.";
const REFUSED_MESSAGE =
  "The payment provider turned this request down, so nothing was charged or changed. Please try again, or contact support if it keeps happening.";

/** Stripe's error types for a call it did not answer, or answered with a failure of its own (5xx, 429). */
const UNANSWERED = new Set(["StripeConnectionError", "StripeAPIError", "StripeRateLimitError"]);

export function requirePayments(deps: Pick<AppDeps, "payments">): Payments {
  if (!deps.payments)
    throw appError("SERVICE_UNAVAILABLE", NOT_CONFIGURED_MESSAGE, "PAYMENTS_NOT_CONFIGURED");
  return deps.payments;
}

export function paymentsConfig(deps: Pick<AppDeps, "payments">): PaymentsConfig {
  return { enabled: deps.payments !== null, publishableKey: deps.payments?.publishableKey ?? null };
}

/**
 * A Stripe failure as what a person can be told, in this server's words: the card's own message for card errors
 * (Stripe writes those for the card holder), 503 with `unavailable` when Stripe did not answer in time or failed
 * on its side (the SDK has already retried), else 502. Nothing Stripe wrote about its own failure is repeated.
 */
export function providerError(error: unknown, unavailable = PAYMENTS_UNAVAILABLE_MESSAGE): Error {
  const stripeError = error as { type?: string; message?: string; statusCode?: number };
  if (stripeError?.type === "StripeCardError" && stripeError.message)
    return appError("UNPROCESSABLE_CONTENT", stripeError.message, "PAYMENT_FAILED");
  if (typeof stripeError?.type === "string" && UNANSWERED.has(stripeError.type))
    return appError("SERVICE_UNAVAILABLE", unavailable, "PAYMENTS_UNAVAILABLE");
  if (typeof stripeError?.type === "string" && stripeError.type.startsWith("Stripe"))
    return appError("BAD_GATEWAY", REFUSED_MESSAGE, "PAYMENT_PROVIDER_ERROR");
  return error instanceof Error ? error : new Error(String(error));
}

/** Whether a call's outcome at Stripe is unknown (it may have been carried out): see providerError. */
export function outcomeUnknown(error: unknown): boolean {
  return error instanceof AppError && error.reason === "PAYMENTS_UNAVAILABLE";
}

/** Runs Stripe calls, answering a failure as providerError does (`unavailable` when Stripe does not answer). */
export async function callStripe<T>(work: () => Promise<T>, unavailable?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error, unavailable);
  }
}

// Stripe prices ----------------------------------------------------------------------------------------------

const priceCache = new WeakMap<Stripe, Map<string, string>>();

/**
 * The Stripe price for a plan and interval, found by a lookup key that names the amount, so changing an
 * amount in the catalogue makes (and uses) a new price; existing subscriptions keep theirs until changed.
 */
export async function priceId(stripe: Stripe, plan: Plan, interval: BillingInterval): Promise<string> {
  const unitAmount = chargeCents(plan, interval, plan.minQuantity) / plan.minQuantity;
  const key = `kb_${plan.id}_${interval}_${unitAmount}`;
  const cache = priceCache.get(stripe) ?? new Map<string, string>();
  priceCache.set(stripe, cache);
  const cached = cache.get(key);
  if (cached) return cached;
  const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
  const price =
    found.data[0] ??
    (await stripe.prices.create(
      {
        currency: "usd",
        unit_amount: unitAmount,
        recurring: { interval },
        lookup_key: key,
        product_data: { name: plan.name },
        metadata: { plan: plan.id },
      },
      { idempotencyKey: `price-${key}` },
    ));
  cache.set(key, price.id);
  return price.id;
}
