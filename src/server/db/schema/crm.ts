// A dealership's CRM integrations and the log of every delivery attempt to them. Credentials and the signing
// secret are stored encrypted (AES-256-GCM, server/crypto/secretBox.ts); only masked hints are stored in clear.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { CRM_PROVIDER_CODES } from "../../../shared/crm";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { users } from "./users";

export const crmIntegrations = pgTable(
  "crm_integrations",
  {
    id: identityId(),
    dealershipId: belongsTo(integer("dealership_id"), () => dealerships.id),
    crmProvider: text("crm_provider", { enum: CRM_PROVIDER_CODES }).notNull(),
    integrationName: text("integration_name").notNull(),
    apiEndpoint: text("api_endpoint").notNull(),
    authType: text("auth_type", { enum: ["api_key", "oauth"] }).notNull(),
    /** `{apiKey?, username?, password?}` as JSON, encrypted. */
    credentialsEncrypted: text("credentials_encrypted").notNull(),
    /** What the browser may see of the credentials: `{apiKey: "••••1234", username: "j•••@x.com", …}`. */
    credentialsMasked: jsonb("credentials_masked").notNull(),
    /** HMAC key of the webhook deliveries, encrypted. */
    signingSecretEncrypted: text("signing_secret_encrypted").notNull(),
    /** When the signing secret was last replaced (by its manager, or because the dealership's manager changed). */
    signingSecretRotatedAt: instant("signing_secret_rotated_at"),
    supportedEvents: text("supported_events").array().notNull(),
    webhookUrl: text("webhook_url"),
    /** active, error, or paused. */
    syncStatus: text("sync_status").notNull().default("active"),
    isActive: boolean("is_active").notNull().default(true),
    lastSyncAt: instant("last_sync_at"),
    errorMessage: text("error_message"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    index("crm_integrations_dealership_idx").on(t.dealershipId),
    check("crm_integrations_sync_status_check", sql`${t.syncStatus} in ('active', 'error', 'paused')`),
  ],
);

/** One row per delivery attempt (and per manual re-send): the payload is kept so a failure can be sent again. */
export const crmSyncLogs = pgTable(
  "crm_sync_logs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    integrationId: belongsTo(integer("integration_id"), () => crmIntegrations.id),
    /** The same for every attempt of one event to one integration; receivers de-duplicate on it. */
    deliveryId: uuid("delivery_id").notNull(),
    status: text("status", { enum: ["success", "failure"] }).notNull(),
    eventType: text("event_type").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    attempt: integer("attempt").notNull(),
    processingTimeMs: integer("processing_time_ms").notNull(),
    responseCode: integer("response_code"),
    errorDetails: text("error_details"),
    payload: jsonb("payload").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("crm_sync_logs_integration_idx").on(t.integrationId, t.createdAt),
    index("crm_sync_logs_delivery_idx").on(t.deliveryId),
    check("crm_sync_logs_status_check", sql`${t.status} in ('success', 'failure')`),
  ],
);
