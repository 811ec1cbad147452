// Requests sent with an Idempotency-Key: the first claims the key, and its answer is kept for a day so that a
// retry of the same request gets the same answer instead of acting twice (docs/operations/outages.md).
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { instant, stampedNow } from "./columns";
import { users } from "./users";

export const idempotencyClaims = pgTable(
  "idempotency_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Whose key it is: `user:<id>`, `key:<api key id>` or `ip:<address>` for a caller not signed in. */
    principal: text("principal").notNull(),
    /** The signed-in caller's account (also through an API key): erasing it deletes their claims. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** SHA-256 of the method, path, query and body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** Set inside every transaction the request commits: its work is done, whether or not its answer was kept. */
    committed: boolean("committed").notNull().default(false),
    /** The answer, once there is one to replay; null while the request is being handled. */
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: stampedNow("created_at"),
    completedAt: instant("completed_at"),
  },
  (t) => [
    unique("idempotency_claims_principal_key").on(t.principal, t.key),
    index("idempotency_claims_created_idx").on(t.createdAt),
    index("idempotency_claims_user_idx").on(t.userId).where(sql`${t.userId} is not null`),
    check("idempotency_claims_key_length", sql`char_length(${t.key}) between 1 and 255`),
  ],
);
