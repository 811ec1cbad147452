// Where a user's personal data lives, derived from the drizzle schema so a new table cannot be forgotten:
// a row belongs to the user when one of its foreign keys points at their user row or their salesperson
// profile, or when an e-mail column holds their address. A table with none of these must be declared below
// with the reason it holds no personal data (tests/compliance.integration.test.ts fails otherwise).
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";

/** Never exported: credentials and secrets (hashes of tokens and codes, sealed keys), and the exports themselves. */
export const SECRET_COLUMNS: Record<string, readonly string[]> = {
  users: ["password_hash"],
  sessions: ["id"],
  login_tokens: ["id"],
  user_mfa: ["secret_sealed"],
  mfa_backup_codes: ["code_hash"],
  mfa_challenges: ["id"],
  passkeys: ["public_key"],
  webauthn_challenges: ["challenge"],
  crm_integrations: ["credentials_encrypted", "signing_secret_encrypted"],
  api_keys: ["key_hash"],
  calendar_feeds: ["token_hash"],
  gdpr_requests: ["export_data"],
  misconduct_reports: ["tracking_code_hash"],
  text_consents: ["code_hash"],
};

/**
 * Columns that are someone else's personal data on rows reached through the subject's salesperson profile:
 * a salesperson's export holds their appointments, not their customers' contact details.
 */
export const OTHER_PARTY_COLUMNS: Record<string, readonly string[]> = {
  appointments: ["customer_name", "customer_phone", "customer_email", "notes"],
};

/** Tables without a link to a person, each with the reason. */
export const NOT_PERSONAL: Record<string, string> = {
  rate_limit_buckets: "Short-lived throttle counters; erasure deletes those keyed by the address",
  login_throttles: "Short-lived throttle counters; erasure deletes those keyed by the address",
  stripe_events: "Ids of payment events already processed, no personal fields",
  retention_policies: "Platform settings",
  security_settings: "Platform settings",
  oidc_flows: "Sign-ins waiting minutes for a provider's answer: a PKCE verifier and a nonce, no person",
  crm_sync_logs:
    "A dealership's record of deliveries to its CRM (erasure redacts the payloads of a person's bookings by id)",
  misconduct_report_events: "Reached through misconduct_reports",
  error_events: "Counts of server faults by route or queue, no personal fields",
  profile_view_keys: "One random key per day for counting profile views, deleted two days later; no person",
  crm_inbound_events:
    "Ids of sale events a dealership's CRM sent; the purchase claims they confirmed are tied to the buyer",
};

/** Columns holding a user id without a foreign key (the audit trail outlives accounts on purpose). */
export const UNKEYED_USER_COLUMNS: Record<string, readonly string[]> = {
  audit_log: ["actor_user_id"],
  erasure_journal: ["user_id"],
};

/**
 * Rows about the subject's salesperson profile that are a third party's account of them: the export gives
 * their number per value of this column, never the rows (a report's text and date identify who filed it).
 */
export const COUNTED_ONLY: Record<string, string> = {
  misconduct_reports: "status",
};

/** Rows reached through a parent row the subject owns (no direct key to the user). */
export const THROUGH_PARENT: Record<string, { column: string; parent: string }> = {
  payments: { column: "subscription_id", parent: "subscriptions" },
  messages: { column: "conversation_id", parent: "conversations" },
};

export type TableLinks = {
  name: string;
  columns: string[];
  /** Columns holding the subject's user id. */
  userColumns: string[];
  /** Columns holding the subject's salesperson id. */
  salespersonColumns: string[];
  /** Columns compared with the subject's e-mail address. */
  emailColumns: string[];
  through: { column: string; parent: string } | null;
};

function isTable(value: unknown): value is PgTable {
  try {
    return getTableConfig(value as PgTable).name.length > 0;
  } catch {
    return false;
  }
}

/** Every table of the schema with the columns that tie its rows to a person. */
export function personalDataMap(): TableLinks[] {
  const tables = Object.values(schema).filter(isTable);
  return tables
    .map((table) => {
      const config = getTableConfig(table);
      const userColumns: string[] = [];
      const salespersonColumns: string[] = [];
      for (const fk of config.foreignKeys) {
        const ref = fk.reference();
        const target = getTableConfig(ref.foreignTable).name;
        const column = ref.columns[0]?.name;
        if (!column) continue;
        if (target === "users") userColumns.push(column);
        if (target === "salespeople") salespersonColumns.push(column);
      }
      if (config.name === "users") userColumns.push("id");
      userColumns.push(...(UNKEYED_USER_COLUMNS[config.name] ?? []));
      const columns = config.columns.map((c) => c.name);
      const emailColumns = columns.filter((c) => c === "email" || c === "customer_email");
      return {
        name: config.name,
        columns,
        userColumns,
        salespersonColumns,
        emailColumns,
        through: THROUGH_PARENT[config.name] ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function isLinked(t: TableLinks): boolean {
  return t.userColumns.length + t.salespersonColumns.length + t.emailColumns.length > 0 || t.through !== null;
}

/** The columns an export carries for a table (all but secrets). */
export function exportedColumns(t: TableLinks): string[] {
  const secret = SECRET_COLUMNS[t.name] ?? [];
  return t.columns.filter((c) => !secret.includes(c));
}
