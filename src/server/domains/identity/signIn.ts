// "Continue with Google/Microsoft" (docs/product/security.md#google-and-microsoft-accounts): the start sends the
// browser to the provider with PKCE (S256), state and nonce kept server-side; the callback lets openid-client
// check the answer (state, nonce, PKCE, issuer, audience, signature), finds the account and signs in through
// the link flow's own session start, second factor included.
import * as client from "openid-client";
import {
  isOidcSignInError,
  OIDC_FLOW_MINUTES,
  OIDC_PROVIDER_LABELS,
  OIDC_SIGN_IN_ERRORS,
  type OidcProvider,
  type OidcSignInPage,
} from "../../../shared/identity";
import { safeRedirectPath } from "../../../shared/links";
import { AppError, appError } from "../../appError";
import { noticeAccountChange } from "../../credentials/accountChanges";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { hashToken } from "../../credentials/tokens";
import type { OidcFlowRow } from "../../db/rows";
import { consumeToken, RATE_LIMITS } from "../../rateLimit";
import type { Context } from "../../serviceContext";
import { limitRedemptions, signInByLink } from "../auth/linkRedemption";
import { accountForIdentity, signInRefused } from "./accounts";
import { providerConfiguration, redirectUri } from "./providers";

/** A same-site path to land on after signing in; anything else lands where the account's role does. */
function landing(appUrl: string, returnTo: string | undefined): string | null {
  const path = safeRedirectPath(returnTo, appUrl);
  return path === "/" ? null : path;
}

/**
 * Step 1 (limited per address, RATE_LIMITS.oidcStartPerIp): where to send the browser, and the state the browser keeps (in an HttpOnly cookie) to prove at the
 * callback that it is the browser that started this sign-in (no login CSRF).
 */
export async function startOidcSignIn(
  ctx: Context,
  provider: OidcProvider,
  options: { page: OidcSignInPage; returnTo?: string | undefined },
): Promise<{ url: string; state: string }> {
  if (
    !ctx.env.RATE_LIMIT_DISABLED &&
    ctx.ip &&
    !(await consumeToken(ctx.sql, `oidc-start:ip:${ctx.ip}`, RATE_LIMITS.oidcStartPerIp))
  )
    throw appError("TOO_MANY_REQUESTS", OIDC_SIGN_IN_ERRORS.RATE_LIMITED, "RATE_LIMITED");
  const config = await providerConfiguration(ctx.env, ctx.logger, provider);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  await ctx.sql`delete from oidc_flows where expires_at < now()`;
  await ctx.sql`
    insert into oidc_flows (state_hash, provider, code_verifier, nonce, sign_in_page, return_to, expires_at)
    values (${hashToken(state)}, ${provider}, ${codeVerifier}, ${nonce}, ${options.page},
            ${landing(ctx.env.APP_URL, options.returnTo)}, now() + make_interval(mins => ${OIDC_FLOW_MINUTES}))`;
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx.env, provider),
    scope: "openid email profile",
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, state };
}

type Flow = Pick<OidcFlowRow, "code_verifier" | "nonce" | "sign_in_page" | "return_to">;

async function refuse(ctx: Context, provider: OidcProvider, error: AppError, userId?: string) {
  await recordSecurityEvent(ctx, {
    eventType: "oidc_login_failed",
    userId: userId ?? null,
    details: `${provider}: ${error.code}`,
  });
  return error;
}

/** The sign-in page, telling why (by a code it explains; never the provider's own words). */
export function failedSignIn(page: OidcSignInPage, error: AppError): string {
  const code = isOidcSignInError(error.code) ? error.code : "OIDC_REFUSED";
  return `${page}?${new URLSearchParams({ signInError: code })}`;
}

/**
 * Step 2: the provider's answer. `callback` is the URL the browser came back to; `browserState` the state its
 * cookie kept. The flow row is taken by the statement that reads it, so an answer (and its code) works once.
 * Answers where to send the browser: signed in, the second-factor step, or the sign-in page with the reason.
 */
export async function finishOidcSignIn(
  ctx: Context,
  provider: OidcProvider,
  callback: URL,
  browserState: string | null,
): Promise<string> {
  let page: OidcSignInPage = "/login";
  try {
    await limitRedemptions(ctx);
    const state = callback.searchParams.get("state");
    if (!state || state !== browserState)
      throw await refuse(ctx, provider, signInRefused("OIDC_STATE_INVALID"));
    const [flow] = await ctx.sql<Flow[]>`
      delete from oidc_flows
       where state_hash = ${hashToken(state)} and provider = ${provider} and expires_at > now()
      returning code_verifier, nonce, sign_in_page, return_to`;
    if (!flow) throw await refuse(ctx, provider, signInRefused("OIDC_STATE_INVALID"));
    page = flow.sign_in_page;
    return await completeWithFlow(ctx, provider, callback, state, flow);
  } catch (error) {
    if (error instanceof AppError) return failedSignIn(page, error);
    throw error;
  }
}

async function completeWithFlow(
  ctx: Context,
  provider: OidcProvider,
  callback: URL,
  state: string,
  flow: Flow,
): Promise<string> {
  const config = await providerConfiguration(ctx.env, ctx.logger, provider);
  // The address registered with the provider, whatever host name the request came in on.
  const answer = new URL(redirectUri(ctx.env, provider));
  answer.search = callback.search;
  let claims: ReturnType<Awaited<ReturnType<typeof client.authorizationCodeGrant>>["claims"]>;
  try {
    const tokens = await client.authorizationCodeGrant(config, answer, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    ctx.logger.info(`${provider} sign-in refused: ${(error as Error).message}`);
    throw await refuse(ctx, provider, signInRefused("OIDC_REFUSED"));
  }
  if (!claims?.sub) throw await refuse(ctx, provider, signInRefused("OIDC_REFUSED"));

  const page = flow.sign_in_page;
  let account: Awaited<ReturnType<typeof accountForIdentity>>;
  try {
    account = await ctx.sql.begin((tx) => accountForIdentity(tx, provider, claims, page));
  } catch (error) {
    if (error instanceof AppError) throw await refuse(ctx, provider, error);
    throw error;
  }
  if (account.linked) {
    await recordSecurityEvent(ctx, {
      eventType: "oidc_identity_linked",
      userId: account.userId,
      details: provider,
    });
    await noticeAccountChange(
      ctx,
      account.email,
      "identity_linked",
      `The provider: ${OIDC_PROVIDER_LABELS[provider]}.`,
    );
  }
  const outcome = await signInByLink(ctx, account.userId, {
    eventType: "oidc_login_success",
    details: provider,
  });
  // The second factor is asked on the page the sign-in started from, as after an e-mailed link.
  if ("mfaRequired" in outcome) return `${page}?${new URLSearchParams({ challenge: outcome.challenge })}`;
  return flow.return_to ?? outcome.redirectTo;
}
