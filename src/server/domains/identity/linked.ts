// The caller's linked provider accounts: listing and removing them (docs/product/security.md#google-and-microsoft-accounts).
import { OIDC_PROVIDER_LABELS } from "../../../shared/identity";
import type { LinkedIdentityView, UnlinkIdentityInput } from "../../../shared/schemas/identity";
import { appError } from "../../appError";
import { noticeAccountChange } from "../../credentials/accountChanges";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import type { Authed } from "../security/service";

export async function listLinkedIdentities(ctx: Authed): Promise<LinkedIdentityView[]> {
  return ctx.sql<LinkedIdentityView[]>`
    select provider, email, created_at as "createdAt", last_used_at as "lastUsedAt"
      from linked_identities where user_id = ${ctx.user.id} order by created_at, id`;
}

/**
 * Removes one of the caller's linked accounts. Never the last way in, and never needed to be refused as one:
 * every account that may link a provider (everyone but administrators) has an address, and the e-mailed link
 * to it always signs in, so the account stays reachable without the provider.
 */
export async function unlinkIdentity(ctx: Authed, input: UnlinkIdentityInput): Promise<{ ok: true }> {
  const [row] = await ctx.sql`
    delete from linked_identities where user_id = ${ctx.user.id} and provider = ${input.provider}
    returning 1 as ok`;
  if (!row)
    throw appError(
      "NOT_FOUND",
      `No ${OIDC_PROVIDER_LABELS[input.provider]} account is linked to yours`,
      "IDENTITY_NOT_FOUND",
    );
  await recordSecurityEvent(ctx, { eventType: "oidc_identity_removed", details: input.provider });
  await noticeAccountChange(
    ctx,
    ctx.user.email,
    "identity_removed",
    `The provider: ${OIDC_PROVIDER_LABELS[input.provider]}.`,
  );
  return { ok: true };
}
