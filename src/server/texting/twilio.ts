// Twilio's client for text messages, built once from the environment: null when texting is not configured, so
// every caller says so plainly. TWILIO_API_URL points the real SDK at a local stand-in
// (tests/support/twilio-standin.ts): a RequestClient of the SDK's own that sends api.twilio.com's calls there.
// The SDK is loaded only when texting is configured, like Stripe's (payments/stripe.ts).
import type RequestClient from "twilio/lib/base/RequestClient";
import type { Env } from "../env";
import { textingConfigured } from "../env";
import { callTimeout } from "../http/callTimeout";

/** The webhook paths Twilio is given: delivery statuses of sent texts, and texts buyers send. */
export const TWILIO_WEBHOOK_PATHS = {
  status: "/api/webhooks/twilio/status",
  inbound: "/api/webhooks/twilio/inbound",
} as const;

/** The deadline of one call to Twilio: connecting, sending, and the whole answer. */
export const TWILIO_TIMEOUT_MS = 10_000;

export type SentText = { sid: string; status: string };

export type Texting = {
  /** Sends one text; throws when Twilio refuses it or cannot be reached (TwilioProviderError). */
  send: (to: string, body: string) => Promise<SentText>;
  /**
   * Whether a webhook's X-Twilio-Signature was made with our auth token for this exact public URL and these
   * form parameters (the SDK's validateRequest, with the algorithm the settings header names).
   */
  verify: (request: {
    signature: string | undefined;
    settings: string | undefined;
    url: string;
    params: Record<string, string>;
  }) => boolean;
  /** The number (or the messaging service) texts come from, as the help text and docs name it. */
  sender: string;
  /** The public URL of a webhook path (APP_URL + path): what Twilio signs. */
  webhookUrl: (path: string) => string;
};

/** Twilio refused a text or could not be reached: its HTTP status and error code, when it answered. */
export class TwilioProviderError extends Error {
  override readonly name = "TwilioProviderError";
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: string | null,
  ) {
    super(message);
  }
}

export async function createTexting(env: Env): Promise<Texting | null> {
  if (!textingConfigured(env)) return null;
  const accountSid = env.TWILIO_ACCOUNT_SID!;
  const authToken = env.TWILIO_AUTH_TOKEN!;
  const { default: twilio } = await import("twilio");
  const base = env.TWILIO_API_URL ? new URL(env.TWILIO_API_URL) : null;
  // The SDK's own client, with each call's deadline bounded by the request's (callTimeout) and, for the
  // stand-in, api.twilio.com's calls sent to TWILIO_API_URL instead.
  class BoundedRequestClient extends twilio.RequestClient {
    override request<T>(opts: RequestClient.RequestOptions<T>) {
      const uri = new URL(opts.uri);
      if (base) {
        uri.protocol = base.protocol;
        uri.host = base.host;
        uri.pathname = base.pathname.replace(/\/$/, "") + uri.pathname;
      }
      return super.request<T>({
        ...opts,
        uri: uri.href,
        timeout: Math.max(1, callTimeout(opts.timeout ?? TWILIO_TIMEOUT_MS)),
      });
    }
  }
  const client = twilio(accountSid, authToken, {
    httpClient: new BoundedRequestClient({ timeout: TWILIO_TIMEOUT_MS, autoRetry: false }),
    timeout: TWILIO_TIMEOUT_MS,
  });
  const webhookUrl = (path: string) => new URL(path, env.APP_URL).href;
  const sender = env.TWILIO_FROM_NUMBER
    ? { from: env.TWILIO_FROM_NUMBER }
    : { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID! };
  return {
    sender: env.TWILIO_FROM_NUMBER ?? env.TWILIO_MESSAGING_SERVICE_SID!,
    webhookUrl,
    send: async (to, body) => {
      try {
        const message = await client.messages.create({
          to,
          body,
          ...sender,
          statusCallback: webhookUrl(TWILIO_WEBHOOK_PATHS.status),
        });
        return { sid: message.sid, status: message.status };
      } catch (error) {
        const e = error as { status?: number; code?: number | string; message?: string };
        throw new TwilioProviderError(
          `Twilio refused the text: ${e.message ?? String(error)}`,
          typeof e.status === "number" ? e.status : null,
          e.code === undefined ? null : String(e.code),
        );
      }
    },
    verify: ({ signature, settings, url, params }) => {
      if (!signature) return false;
      const algorithm = twilio.getSignatureAlgorithm(settings ?? null);
      return twilio.validateRequest(authToken, signature, url, params, algorithm);
    },
  };
}
