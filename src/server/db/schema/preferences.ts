import { sql } from "drizzle-orm";
import { boolean, check, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { belongsTo, instant, stampedNow } from "./columns";
import { users } from "./users";

/**
 * What an account chose to hear about, one row per kind of event (src/shared/notificationKinds.ts) it changed
 * from the default (everything on). Essential kinds are never stored.
 */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: belongsTo(uuid("user_id"), () => users.id),
    kind: text("kind").notNull(),
    inAppEnabled: boolean("in_app_enabled").notNull().default(true),
    emailEnabled: boolean("email_enabled").notNull().default(true),
    /** When the kind's e-mail was last stopped by a mail client's one-click unsubscribe (RFC 8058). */
    unsubscribedAt: instant("unsubscribed_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind], name: "notification_preferences_pkey" }),
    check("notification_preferences_kind_check", sql`${t.kind} ~ '^[a-z_]{1,40}$'`),
  ],
);
