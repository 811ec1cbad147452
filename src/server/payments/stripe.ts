// The Stripe client, built once from the environment: null when payments are not configured (no secret key),
// so every caller says so plainly instead of pretending. STRIPE_API_HOST/PORT/PROTOCOL point the real SDK at
// a local stand-in (tests/support/stripe-standin.ts) for offline tests. The SDK is loaded only when payments
// are configured: it is the largest module the server imports (~0.4 s), which every start without payments
// (and every integration test file) would otherwise pay for.
import type Stripe from "stripe";
import type { Env } from "../env";
import { callTimeout } from "../http/callTimeout";

export type Payments = {
  stripe: Stripe;
  /** Verifies webhook signatures; without it webhooks are refused (400). */
  webhookSecret: string | null;
  /** Handed to the browser's payment form. */
  publishableKey: string | null;
};

/** The deadline of one attempt of a Stripe call: connecting, sending, and the whole answer. */
export const STRIPE_ATTEMPT_TIMEOUT_MS = 10_000;
/**
 * Attempts after the first when Stripe does not answer, answers 5xx, 409 or 429: with the same idempotency key,
 * half a second apart (the SDK's backoff doubles from 0.5 s, with jitter, up to 5 s).
 */
export const STRIPE_NETWORK_RETRIES = 2;
/** An attempt with less time than this left in its request is not started: it fails at once as timed out. */
const MIN_ATTEMPT_MS = 200;

export async function createPayments(env: Env): Promise<Payments | null> {
  if (!env.STRIPE_SECRET_KEY) return null;
  const { default: StripeClient } = await import("stripe");
  // The fetch client's timeout covers the whole exchange (Node's own client restarts it at each stage, so an
  // answer that trickles in never ends). Inside a request each attempt also ends in time for the person to be
  // told what happened before the request's own deadline (callTimeout).
  const fetchClient = StripeClient.createFetchHttpClient();
  const httpClient: Stripe.HttpClient = {
    getClientName: () => fetchClient.getClientName(),
    makeRequest: (host, port, path, method, headers, body, protocol, timeout) => {
      const allowed = callTimeout(timeout);
      if (allowed < MIN_ATTEMPT_MS) return Promise.reject(StripeClient.HttpClient.makeTimeoutError());
      return fetchClient.makeRequest(host, port, path, method, headers, body, protocol, allowed);
    },
  };
  const stripe = new StripeClient(env.STRIPE_SECRET_KEY, {
    // No caller holds a transaction meanwhile, and a request's wait stays bounded.
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: STRIPE_ATTEMPT_TIMEOUT_MS,
    httpClient,
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
