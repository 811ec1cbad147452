// API keys of integrators: stored as SHA-256 of the key (a 160-bit random token, so a fast hash is enough),
// named, scoped, revocable, with when each was last used. A key acts as the account that made it.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { API_SCOPES } from "../../../shared/apiKeys";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { users } from "./users";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: identityId(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    /** The dealership a manager's key belongs to; null for an administrator's key. */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first 12 characters, shown in lists to recognise it. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: stampedNow("created_at"),
    lastUsedAt: instant("last_used_at"),
    revokedAt: instant("revoked_at"),
  },
  (t) => [
    uniqueIndex("api_keys_key_hash_idx").on(t.keyHash),
    index("api_keys_dealership_idx").on(t.dealershipId),
    index("api_keys_user_idx").on(t.userId),
    check(
      "api_keys_scopes_check",
      sql`cardinality(${t.scopes}) > 0 and ${t.scopes} <@ array[${sql.raw(API_SCOPES.map((s) => `'${s}'`).join(", "))}]::text[]`,
    ),
  ],
);
