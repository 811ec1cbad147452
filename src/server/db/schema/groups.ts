// Dealer groups: a group owns several dealerships (dealerships.group_id) and its people reach all of them in a
// group role (docs/product/dealer-groups.md). Read and written by domains/groups; access.ts and the session say what
// a group role reaches.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { GROUP_ROLES } from "../../../shared/constants";
import { identityId, seededDemo, stampedNow } from "./columns";
import { inList } from "./types";
import { users } from "./users";

export const dealerGroups = pgTable(
  "dealer_groups",
  {
    id: identityId(),
    name: text("name").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    demo: seededDemo(),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check("dealer_groups_name_check", sql`length(trim(${t.name})) between 2 and 120`),
    uniqueIndex("dealer_groups_name_idx").on(sql`lower(${t.name})`),
  ],
);

/** Who works for a group, in which role; an account belongs to one group at most. */
export const dealerGroupMembers = pgTable(
  "dealer_group_members",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => dealerGroups.id, { onDelete: "cascade" }),
    role: text("role", { enum: GROUP_ROLES }).notNull(),
    addedBy: uuid("added_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("dealer_group_members_role_check", sql`${t.role} in (${inList(GROUP_ROLES)})`),
    index("dealer_group_members_group_idx").on(t.groupId, t.role),
  ],
);
