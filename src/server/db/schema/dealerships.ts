import { doublePrecision, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { identityId, stampedNow } from "./columns";
import { users } from "./users";

export const dealerships = pgTable(
  "dealerships",
  {
    id: identityId(),
    name: text("name").notNull(),
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
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    managerId: uuid("manager_id")
      .unique()
      .references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("dealerships_name_idx").on(t.name), index("dealerships_city_idx").on(t.city, t.state)],
);
