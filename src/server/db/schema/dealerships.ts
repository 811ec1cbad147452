import { sql } from "drizzle-orm";
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { DEALERSHIP_ROLES, LOCATION_PRECISIONS } from "../../../shared/constants";
import { identityId, seededDemo, stampedNow } from "./columns";
import { dealerGroups } from "./groups";
import { inList } from "./types";
import { users } from "./users";

export const dealerships = pgTable(
  "dealerships",
  {
    id: identityId(),
    name: text("name").notNull(),
    /**
     * The page's address (/dealerships/{slug}): name and city in lowercase words, given once by a trigger when the
     * row is inserted (drizzle/0058) and kept through renames, so shared links keep working.
     */
    slug: text("slug").notNull().unique(),
    address: text("address").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zipCode: text("zip_code").notNull(),
    phoneNumber: text("phone_number"),
    website: text("website"),
    logoUrl: text("logo_url"),
    /** IANA zone: slots are shown and read in it. */
    timeZone: text("time_zone").notNull(),
    latitude: doublePrecision("latitude").notNull(),
    longitude: doublePrecision("longitude").notNull(),
    /** Whether the coordinates are the street address's or only its ZIP code's centre (maps say so). */
    locationPrecision: text("location_precision", { enum: LOCATION_PRECISIONS }).notNull().default("zip"),
    /** Opening hours by weekday, as the manager states them (shared/schemas: dealershipHours). */
    hours: jsonb("hours"),
    /** The dealer group that owns it, if any (docs/product/dealer-groups.md). */
    groupId: integer("group_id").references(() => dealerGroups.id, { onDelete: "set null" }),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    demo: seededDemo(),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check(
      "dealerships_location_precision_check",
      sql`${t.locationPrecision} in (${inList(LOCATION_PRECISIONS)})`,
    ),
    index("dealerships_name_idx").on(t.name),
    index("dealerships_city_idx").on(t.city, t.state),
    index("dealerships_group_idx").on(t.groupId).where(sql`${t.groupId} is not null`),
  ],
);

/**
 * Who works for a dealership on its side, and in which role (shared/constants DEALERSHIP_ROLES): the one home of
 * that fact (access.ts, manager/members.ts and notifications/recipients.ts read it). An account belongs to one
 * dealership at most; a dealership has any number of each role.
 */
export const dealershipMembers = pgTable(
  "dealership_members",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id")
      .notNull()
      .references(() => dealerships.id, { onDelete: "cascade" }),
    role: text("role", { enum: DEALERSHIP_ROLES }).notNull(),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("dealership_members_role_check", sql`${t.role} in (${inList(DEALERSHIP_ROLES)})`),
    index("dealership_members_dealership_idx").on(t.dealershipId, t.role),
  ],
);
