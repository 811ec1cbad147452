// The Stripe client, built once from the environment: null when payments are not configured (no secret key),
// so every caller says so plainly instead of pretending. STRIPE_API_HOST/PORT/PROTOCOL point the real SDK at
// a local stand-in (tests/support/stripe-standin.ts) for offline tests. The SDK is loaded only when payments
// are configured: it is the largest module the server imports (~0.4 s), which every start without payments
// (and every integration test file) would otherwise pay for.
import type Stripe from "stripe";
import type { Env } from "../env";

export type Payments = {
  stripe: Stripe;
  /** Verifies webhook signatures; without it webhooks are refused (400). */
  webhookSecret: string | null;
  /** Handed to the browser's payment form. */
  publishableKey: string | null;
};

export async function createPayments(env: Env): Promise<Payments | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const { default: StripeClient } = await import("stripe");
  const stripe = new StripeClient(env.STRIPE_SECRET_KEY, {
    // Each call gives up after 10 s and is retried twice (with the same idempotency key): no caller holds a
    // transaction meanwhile, and a request's wait stays bounded.
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: "KnowBefore" },
    telemetry: false,
    ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
    ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
    ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
  });
  return {
    stripe,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? env.VITE_STRIPE_PUBLISHABLE_KEY ?? null,
  };
}
