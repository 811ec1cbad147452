// Passkeys (WebAuthn credentials) and the challenges of their ceremonies. docs/product/security.md#passkeys.
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { PASSKEY_DEVICE_TYPES, WEBAUTHN_CHALLENGE_PURPOSES } from "../../../shared/security";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { bytea, inList } from "./types";
import { users } from "./users";

/**
 * A passkey a user registered: the authenticator's credential id (base64url, as browsers send it back) and
 * its COSE public key. `counter` is the last signature counter seen; a lower one means a cloned authenticator.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: identityId(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    credentialId: text("credential_id").notNull().unique(),
    publicKey: bytea("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: text("transports").array().notNull().default(sql`'{}'::text[]`),
    deviceType: text("device_type", { enum: PASSKEY_DEVICE_TYPES }).notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    name: text("name").notNull(),
    createdAt: stampedNow("created_at"),
    lastUsedAt: instant("last_used_at"),
  },
  (t) => [
    index("passkeys_user_idx").on(t.userId),
    check("passkeys_device_type_check", sql`${t.deviceType} in (${inList(PASSKEY_DEVICE_TYPES)})`),
    check("passkeys_name_check", sql`length(${t.name}) between 1 and 64`),
  ],
);

/**
 * A challenge the server handed to a browser for one ceremony. Verifying a response deletes its row in the
 * statement that reads it, so a challenge works once; a registration challenge belongs to the signed-in user,
 * a sign-in challenge to nobody yet (discoverable passkeys name their user in the response).
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose", { enum: WEBAUTHN_CHALLENGE_PURPOSES }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
    check("webauthn_challenges_purpose_check", sql`${t.purpose} in (${inList(WEBAUTHN_CHALLENGE_PURPOSES)})`),
  ],
);
