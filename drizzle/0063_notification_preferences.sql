-- What each account chose to hear about (docs/product/notifications.md): one row per account and kind of
-- event (src/shared/notificationKinds.ts) it changed from the default, which is everything on. Essential kinds
-- are never stored: the server refuses to switch them off. `unsubscribed_at` is when the kind's e-mail was last
-- stopped by the one-click unsubscribe a mail client sends (RFC 8058), so the row says how it was turned off.
CREATE TABLE "notification_preferences" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "in_app_enabled" boolean DEFAULT true NOT NULL,
  "email_enabled" boolean DEFAULT true NOT NULL,
  "unsubscribed_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("user_id", "kind"),
  CONSTRAINT "notification_preferences_kind_check" CHECK ("kind" ~ '^[a-z_]{1,40}$')
);--> statement-breakpoint
-- Invitations to review were stopped, before this table, by an audit entry the invitation job read: each such
-- account keeps its choice as a row.
INSERT INTO "notification_preferences" ("user_id", "kind", "email_enabled", "unsubscribed_at", "updated_at")
SELECT u."id", 'review_invitations', false, min(l."created_at"), min(l."created_at")
  FROM "audit_log" l JOIN "users" u ON u."id"::text = l."entity_id"
 WHERE l."entity_type" = 'user' AND l."action" = 'user.review-invitations-off'
 GROUP BY u."id";
