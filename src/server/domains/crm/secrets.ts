// An integration's sealed columns (its credentials and its webhook signing secret): bound to their row and
// column, so a sealed value copied elsewhere does not open, and a value that does not open is a clear refusal.

import { randomBytes } from "node:crypto";
import { appError } from "../../appError";
import { bindSealedColumns, rowBinding, type SecretBox } from "../../crypto/secretBox";
import type { Queryable, Sql } from "../../db/client";
import type { Logger } from "../../logger";
import type { Authed } from "../../serviceContext";

export type Credentials = { apiKey?: string; username?: string; password?: string };

/** The sealed columns of an integration. */
type SealedColumn = "credentials_encrypted" | "signing_secret_encrypted";

/** What a sealed value of an integration is bound to: copied into another row or column, it does not open. */
export function crmSecretBinding(integrationId: number, column: SealedColumn): string {
  return rowBinding("crm_integrations", integrationId, column);
}

/** What a manager reads when a sealed value does not open (moved to another row, or sealed under another key). */
export const CREDENTIALS_UNREADABLE =
  "The stored credentials of this integration cannot be read: enter them again";

/** Opens a sealed value of an integration; one that does not open is a clear refusal. */
function openCrmSecret(secrets: SecretBox, integrationId: number, column: SealedColumn, sealed: string) {
  try {
    return secrets.open(sealed, crmSecretBinding(integrationId, column));
  } catch {
    throw appError("CONFLICT", CREDENTIALS_UNREADABLE, "CREDENTIALS_UNREADABLE");
  }
}

export function openCredentials(ctx: Authed, integration: { id: number; credentialsEncrypted: string }) {
  return JSON.parse(
    openCrmSecret(ctx.secrets, integration.id, "credentials_encrypted", integration.credentialsEncrypted),
  ) as Credentials;
}

/** The integrations' sealed columns, bound at start (see bindSealedColumns). */
export function bindCrmSecrets(sql: Sql, secrets: SecretBox, logger: Logger): Promise<void> {
  return bindSealedColumns(sql, secrets, logger, {
    table: "crm_integrations",
    key: "id",
    columns: ["credentials_encrypted", "signing_secret_encrypted"] satisfies SealedColumn[],
  });
}

/** A new webhook signing secret (192 random bits): shown once to whoever created or rotated it, then only sealed. */
export function newSigningSecret(): string {
  return `kbsec_${randomBytes(24).toString("base64url")}`;
}

/** Seals `secret` as the integration's signing secret; the one it replaces stops working at once. */
export async function storeSigningSecret(
  tx: Queryable,
  secrets: SecretBox,
  integrationId: number,
  secret: string,
): Promise<void> {
  await tx`
    update crm_integrations
       set signing_secret_encrypted = ${secrets.seal(secret, crmSecretBinding(integrationId, "signing_secret_encrypted"))},
           signing_secret_rotated_at = now(), updated_at = now()
     where id = ${integrationId}`;
}

/**
 * Call wherever a dealership's manager changes (a replacement, an invitation accepted, a manager's role taken
 * away): every integration of the dealership gets a signing secret nobody has seen, so whoever managed it before
 * can no longer sign sale events. The new manager rotates the secret to get one for their CRM
 * (docs/product/crm.md#signing-secret). In the caller's transaction.
 */
export async function rotateSigningSecretsOnManagerChange(
  tx: Queryable,
  secrets: SecretBox,
  dealershipIds: readonly number[],
): Promise<void> {
  if (dealershipIds.length === 0) return;
  const integrations = await tx<{ id: number }[]>`
    select id from crm_integrations where dealership_id in ${tx(dealershipIds)} order by id for update`;
  for (const { id } of integrations) await storeSigningSecret(tx, secrets, id, newSigningSecret());
}
