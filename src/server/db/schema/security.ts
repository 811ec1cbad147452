// Second factor (TOTP with backup codes) and the platform's security settings. docs/product/security.md#two-factor-authentication.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, instant, stampedNow } from "./columns";
import { users } from "./users";

/**
 * A user's TOTP secret, sealed with the app's secret box. It takes effect (`enabled_at`) only after a valid
 * code; until then it is a setup in progress. `last_used_step` makes each code single-use; failures lock.
 */
export const userMfa = pgTable("user_mfa", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretSealed: text("secret_sealed").notNull(),
  enabledAt: instant("enabled_at"),
  lastUsedStep: bigint("last_used_step", { mode: "number" }),
  failedAttempts: integer("failed_attempts").notNull().default(0),
  lockedUntil: instant("locked_until"),
  createdAt: stampedNow("created_at"),
  updatedAt: stampedNow("updated_at"),
});

/** Single-use backup codes: only their SHA-256 is stored; using one stamps `used_at` in one statement. */
export const mfaBackupCodes = pgTable(
  "mfa_backup_codes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("mfa_backup_codes_user_idx").on(t.userId, t.codeHash)],
);

/**
 * A sign-in whose first factor passed and which waits for the second: the browser holds a random token, the
 * row its SHA-256. Redeeming it with a valid code deletes it and creates the session.
 */
export const mfaChallenges = pgTable(
  "mfa_challenges",
  {
    id: text("id").primaryKey(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    /** `session`: a cookie session (sign-in links); `admin`: the console's bearer session. */
    purpose: text("purpose", { enum: ["session", "admin"] }).notNull(),
    redirectTo: text("redirect_to").notNull().default("/"),
    expiresAt: instant("expires_at").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [check("mfa_challenges_purpose_check", sql`${t.purpose} in ('session', 'admin')`)],
);

/** Platform-wide security settings: one row (id = 1). */
export const securitySettings = pgTable(
  "security_settings",
  {
    id: integer("id").primaryKey().default(1),
    adminMfaRequired: boolean("admin_mfa_required").notNull().default(false),
    updatedAt: stampedNow("updated_at"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [check("security_settings_single_row", sql`${t.id} = 1`)],
);
