// Which KnowBefore account a provider's sign-in is (docs/product/security.md#google-and-microsoft-accounts):
// its linked account first, else the account of the e-mail address the provider vouches for, created as a
// customer on a first sign-in exactly as an e-mailed link would.

import type { OidcProvider, OidcSignInError, OidcSignInPage } from "../../../shared/identity";
import { OIDC_SIGN_IN_ERRORS } from "../../../shared/identity";
import { emailSchema } from "../../../shared/schemas/auth";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { accountSuspended, isSuspended } from "../../credentials/suspension";
import type { Queryable } from "../../db/client";
import type { UserRow } from "../../db/rows";
import { accountForLink } from "../auth/linkRedemption";

/** What the provider's ID token says about its account, as far as matching needs it. */
export type IdentityClaims = { sub: string } & Record<string, unknown>;

/** A failed provider sign-in: its code is what the sign-in page is told (never the provider's own words). */
export function signInRefused(code: Exclude<OidcSignInError, "ACCOUNT_SUSPENDED" | "RATE_LIMITED">) {
  const kind = code === "OIDC_PROVIDER_UNAVAILABLE" ? "SERVICE_UNAVAILABLE" : "UNAUTHORIZED";
  return appError(kind, OIDC_SIGN_IN_ERRORS[code], code);
}

/**
 * The address the provider vouches for, or null. Google states it in `email_verified`. Microsoft's `email`
 * is whatever the account's tenant typed in, and Microsoft says so: only `xms_edov` (an optional claim the app
 * registration must ask for) says the tenant owns the address's domain, so without it we never match by it.
 */
export function verifiedEmail(provider: OidcProvider, claims: Record<string, unknown>): string | null {
  const parsed = emailSchema.safeParse(claims.email);
  if (!parsed.success) return null;
  const vouched = provider === "microsoft" ? claims.xms_edov === true : claims.email_verified === true;
  return vouched ? parsed.data : null;
}

type Holder = Pick<UserRow, "id" | "role" | "disabled_at" | "suspension_reason">;

/** Refuses an account no provider may sign in to: suspended (as the link flow says), closed, administrators. */
function refuseClosed(user: Holder): void {
  if (isSuspended(user)) throw accountSuspended();
  if (user.disabled_at || isAdmin(user)) throw signInRefused("OIDC_ACCOUNT_CLOSED");
}

/**
 * The account this provider account signs in to, inside the callback's transaction; `linked` when this
 * sign-in linked it (its owner is told). Throws the refusal the sign-in page shows.
 */
export async function accountForIdentity(
  tx: Queryable,
  provider: OidcProvider,
  claims: IdentityClaims,
  page: OidcSignInPage,
): Promise<{ userId: string; linked: boolean; email: string }> {
  const [known] = await tx<(Holder & { email: string })[]>`
    select u.id, u.role, u.disabled_at, u.suspension_reason, u.email::text as email
      from linked_identities i join users u on u.id = i.user_id
     where i.provider = ${provider} and i.subject = ${claims.sub}`;
  if (known) {
    refuseClosed(known);
    await tx`
      update linked_identities set last_used_at = now() where provider = ${provider} and subject = ${claims.sub}`;
    return { userId: known.id, linked: false, email: known.email };
  }

  const email = verifiedEmail(provider, claims);
  if (!email) throw signInRefused("OIDC_EMAIL_UNVERIFIED");
  const userId = await accountForLink(tx, email, page === "/salesperson-login" ? "salesperson" : "customer");
  if (!userId)
    throw signInRefused(page === "/salesperson-login" ? "OIDC_NO_STAFF_ACCOUNT" : "OIDC_ACCOUNT_CLOSED");
  const [holder] = await tx<Holder[]>`
    select id, role, disabled_at, suspension_reason from users where id = ${userId}`;
  if (holder) refuseClosed(holder);
  // One account of each provider per person: a second one of the same provider signs in without linking.
  const added = await tx`
    insert into linked_identities (user_id, provider, subject, email, last_used_at)
    values (${userId}, ${provider}, ${claims.sub}, ${email}, now())
    on conflict do nothing
    returning 1 as ok`;
  return { userId, linked: added.length > 0, email };
}
