// The OpenID Connect providers this deployment signs in with: each is on when its client id and secret are set
// (env.ts), and its discovery document is fetched on first use and kept, so a provider that is down costs
// nothing until someone picks it.
import * as client from "openid-client";
import { OIDC_PROVIDERS, type OidcProvider } from "../../../shared/identity";
import { appError } from "../../appError";
import type { Env } from "../../env";
import type { Logger } from "../../logger";

type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

/** How long discovery may take before the provider counts as unreachable. */
const DISCOVERY_TIMEOUT_SECONDS = 5;

/**
 * Microsoft's issuer for MICROSOFT_TENANT. For `common` and `organizations` the discovery document names
 * `https://login.microsoftonline.com/{tenantid}/v2.0`, and openid-client expects each ID token's `iss` to be
 * that with the token's own `tid` put in: the issuer is still checked, per tenant.
 */
function microsoftIssuer(env: Pick<Env, "MICROSOFT_TENANT">): string {
  return `https://login.microsoftonline.com/${env.MICROSOFT_TENANT}/v2.0`;
}

export function providerSettings(env: Env, provider: OidcProvider): ProviderSettings | null {
  if (provider === "google") {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
    return {
      issuer: env.GOOGLE_ISSUER ?? "https://accounts.google.com",
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    };
  }
  if (!env.MICROSOFT_CLIENT_ID || !env.MICROSOFT_CLIENT_SECRET) return null;
  return {
    issuer: env.MICROSOFT_ISSUER ?? microsoftIssuer(env),
    clientId: env.MICROSOFT_CLIENT_ID,
    clientSecret: env.MICROSOFT_CLIENT_SECRET,
  };
}

/** The providers whose buttons the sign-in pages show. */
export function configuredProviders(env: Env): OidcProvider[] {
  return OIDC_PROVIDERS.filter((provider) => providerSettings(env, provider) !== null);
}

/** Where a provider sends the browser back: the address to register with it. */
export function redirectUri(env: Pick<Env, "APP_URL">, provider: OidcProvider): string {
  return new URL(`/api/auth/oidc/${provider}/callback`, env.APP_URL).href;
}

export function providerNotConfigured() {
  return appError("NOT_FOUND", "This sign-in provider is not configured", "OIDC_PROVIDER_NOT_CONFIGURED");
}

export function providerUnavailable() {
  return appError(
    "SERVICE_UNAVAILABLE",
    "The sign-in provider cannot be reached right now. Please try again later, or sign in with an e-mailed link.",
    "OIDC_PROVIDER_UNAVAILABLE",
  );
}

/** Discovered configurations by issuer and client; a failed discovery is forgotten, so the next try asks again. */
const discovered = new Map<string, Promise<client.Configuration>>();

/**
 * The provider's configuration (endpoints, keys' address), discovered once per process. An http issuer is
 * only ever one an operator named (tests, a provider on the same machine), so plain http is allowed for it.
 */
export async function providerConfiguration(
  env: Env,
  logger: Logger,
  provider: OidcProvider,
): Promise<client.Configuration> {
  const settings = providerSettings(env, provider);
  if (!settings) throw providerNotConfigured();
  const key = `${settings.issuer} ${settings.clientId}`;
  let pending = discovered.get(key);
  if (!pending) {
    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === "http:";
    pending = client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
    discovered.set(key, pending);
    pending.catch(() => discovered.delete(key));
  }
  try {
    return await pending;
  } catch (error) {
    logger.warn(`${provider} sign-in: discovery at ${settings.issuer} failed`, error);
    throw providerUnavailable();
  }
}
