import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { USER_ROLES } from "../../../shared/constants";
import { belongsTo, instant, stampedNow } from "./columns";
import { citext } from "./types";

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: citext("email").notNull().unique(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    role: text("role", { enum: USER_ROLES }).notNull().default("customer"),
    phone: text("phone"),
    city: text("city"),
    state: text("state"),
    zipCode: text("zip_code"),
    profileImageUrl: text("profile_image_url"),
    /** scrypt hash; only administrators sign in with a password. */
    passwordHash: text("password_hash"),
    /** Set when the account stops: suspended by an administrator (with a reason) or erased. */
    disabledAt: instant("disabled_at"),
    /** Why an administrator suspended the account; null when it is not suspended (an erased account has none). */
    suspensionReason: text("suspension_reason"),
    suspendedBy: uuid("suspended_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check("users_role_check", sql`${t.role} in ('customer', 'salesperson', 'manager', 'admin')`),
    check("users_suspension_check", sql`${t.suspensionReason} is null or ${t.disabledAt} is not null`),
  ],
);

/** Sessions follow Lucia's design: the cookie holds a random token, the row holds only its SHA-256. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    /** What the session is called in answers (its id is the token's hash, which is never answered). */
    publicId: uuid("public_id").notNull().unique().defaultRandom(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    expiresAt: instant("expires_at").notNull(),
    absoluteExpiresAt: instant("absolute_expires_at").notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: stampedNow("created_at"),
    lastActivityAt: stampedNow("last_activity_at"),
    /**
     * When its holder last proved who they are (the sign-in, or a re-authentication since): what a change
     * that needs a recent sign-in reads. Null means the sign-in, `created_at`.
     */
    authenticatedAt: instant("authenticated_at"),
    /**
     * The dealership of their group a dealer group's member works on in this session (drizzle/0068; the foreign
     * key to dealerships, set null on delete, is declared there: this module cannot import dealerships').
     */
    actingDealershipId: integer("acting_dealership_id"),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

/** Single-use sign-in links; only the SHA-256 of the token is stored. */
export const loginTokens = pgTable(
  "login_tokens",
  {
    id: text("id").primaryKey(),
    email: citext("email").notNull(),
    purpose: text("purpose", { enum: ["customer", "salesperson"] }).notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("login_tokens_email_idx").on(t.email),
    check("login_tokens_purpose_check", sql`${t.purpose} in ('customer', 'salesperson')`),
  ],
);

/** Token buckets for rate limits, shared by every app instance. */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  tokens: integer("tokens").notNull(),
  refilledAt: stampedNow("refilled_at"),
});

/**
 * Failed sign-in attempts per key (an account from one address, an address, an account): how many in a
 * row, and until when the next attempt is refused. A success clears its own keys.
 */
export const loginThrottles = pgTable("login_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: stampedNow("last_failure_at"),
  lockedUntil: instant("locked_until"),
});

/** Who did what, when and from where: sign-in attempts, failed authorisations, privileged changes. */
export const securityEvents = pgTable(
  "security_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    eventType: text("event_type").notNull(),
    riskLevel: text("risk_level", { enum: ["low", "medium", "high", "critical"] })
      .notNull()
      .default("low"),
    ipAddress: text("ip_address"),
    details: text("details"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("security_events_created_idx").on(t.createdAt),
    index("security_events_user_idx").on(t.userId, t.createdAt.desc()),
    index("security_events_ip_idx").on(t.ipAddress, t.createdAt.desc()),
  ],
);
