// API keys of integrators: stored as SHA-256 of the key (a 160-bit random token, so a fast hash is enough),
// named, scoped, revocable, with when each was last used. A key acts as the account that made it.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { API_SCOPES } from "../../../shared/apiKeys";
import { dealerships } from "./dealerships";
import { users } from "./users";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The dealership a manager's key belongs to; null for an administrator's key. */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first 12 characters, shown in lists to recognise it. */
    prefix: text("prefix").notNull(),
    keyHash: text("key_hash").notNull(),
    scopes: text("scopes").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
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
