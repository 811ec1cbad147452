import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { belongsTo, identityId, stampedNow } from "./columns";
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
    /** SHA-256 of the viewer's session or address: counts distinct viewers without storing who they are. */
    viewerKey: text("viewer_key").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    unique("profile_views_unique").on(t.salespersonId, t.day, t.viewerKey),
    index("profile_views_salesperson_day_idx").on(t.salespersonId, t.day),
  ],
);
