import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, unique, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { salespeople } from "./salespeople";
import { bytea } from "./types";

/**
 * Uploaded images, re-encoded on the way in. Kept in PostgreSQL so app instances stay stateless; served at
 * /uploads/{id}.{ext} with a fixed Content-Type.
 */
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    salespersonId: integer("salesperson_id").references(() => salespeople.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["profile", "thumbnail", "logo"] }).notNull(),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("images_salesperson_idx").on(t.salespersonId),
    check("images_kind_check", sql`${t.kind} in ('profile', 'thumbnail', 'logo')`),
  ],
);

/** One row per viewer per profile per day: the 'profile views' of the salesperson dashboard. */
export const profileViews = pgTable(
  "profile_views",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    day: date("day").notNull(),
    /**
     * HMAC-SHA256, under the day's key (profile_view_keys), of the viewer's account id or, signed out, of their
     * address and user-agent: counts distinct viewers of a day without storing who they are.
     */
    viewerKey: text("viewer_key").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    unique("profile_views_unique").on(t.salespersonId, t.day, t.viewerKey),
    index("profile_views_salesperson_day_idx").on(t.salespersonId, t.day),
  ],
);

/**
 * One random key per (profile-local) day for profile_views' viewer hashes. Deleted two days later, after which
 * a day's hashes can no longer be matched to an address or account by anyone, the operator included.
 */
export const profileViewKeys = pgTable("profile_view_keys", {
  day: date("day").primaryKey(),
  secret: bytea("secret").notNull(),
  createdAt: stampedNow("created_at"),
});

/**
 * A salesperson's private calendar feed (domains/calendar): the SHA-256 of the secret in its address, one per
 * salesperson; a new one replaces it, turning it off deletes it.
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    salespersonId: integer("salesperson_id")
      .primaryKey()
      .references(() => salespeople.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: stampedNow("created_at"),
    lastReadAt: instant("last_read_at"),
  },
  (t) => [uniqueIndex("calendar_feeds_token_hash_idx").on(t.tokenHash)],
);
