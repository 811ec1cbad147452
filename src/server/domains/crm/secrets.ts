// An integration's sealed columns (its credentials and its webhook signing secret): bound to their row and
// column, so a sealed value copied elsewhere does not open, and a value that does not open is a clear refusal.

import { appError } from "../../appError";
import { bindSealedColumns, rowBinding, type SecretBox } from "../../crypto/secretBox";
import type { Sql } from "../../db/client";
import type { Logger } from "../../logger";
import type { Caller } from "./service";

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

export function openCredentials(ctx: Caller, integration: { id: number; credentialsEncrypted: string }) {
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
