import { bigint, index, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, stampedNow } from "./columns";
import { users } from "./users";

/**
 * What one account's open pages learn live (docs/product/api.md#live-updates): one row per recipient, written by
 * triggers in the transaction of the change it announces. `tx` is that transaction's id, so readers deliver rows
 * in commit-safe order (see domains/live/events.ts); rows older than a day are pruned.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    tx: bigint("tx", { mode: "number" }).notNull(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("live_events_user_idx").on(t.userId, t.tx, t.id),
    index("live_events_created_idx").on(t.createdAt),
  ],
);
