import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { ratings } from "./appointments";
import { dealerships } from "./dealerships";
import { salespeople } from "./salespeople";
import { users } from "./users";

/** The salesperson's one public reply to a review. */
export const ratingReplies = pgTable("rating_replies", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  ratingId: integer("rating_id")
    .notNull()
    .unique()
    .references(() => ratings.id, { onDelete: "cascade" }),
  salespersonId: integer("salesperson_id")
    .notNull()
    .references(() => salespeople.id, { onDelete: "cascade" }),
  body: text("body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A review flagged for moderation by the salesperson or their manager; an administrator decides. */
export const ratingFlags = pgTable(
  "rating_flags",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    ratingId: integer("rating_id")
      .notNull()
      .references(() => ratings.id, { onDelete: "cascade" }),
    flaggedBy: uuid("flagged_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["open", "upheld", "removed"] })
      .notNull()
      .default("open"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolutionNote: text("resolution_note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rating_flags_status_idx").on(t.status, t.createdAt),
    check("rating_flags_status_check", sql`${t.status} in ('open', 'upheld', 'removed')`),
  ],
);

/** One conversation per customer and salesperson. */
export const conversations = pgTable(
  "conversations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    salespersonId: integer("salesperson_id")
      .notNull()
      .references(() => salespeople.id, { onDelete: "cascade" }),
    contactMethod: text("contact_method", { enum: ["phone", "email", "text"] }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("conversations_pair_unique").on(t.customerId, t.salespersonId),
    index("conversations_salesperson_idx").on(t.salespersonId, t.lastMessageAt.desc()),
    index("conversations_customer_idx").on(t.customerId, t.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  "messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderRole: text("sender_role", { enum: ["customer", "salesperson"] }).notNull(),
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    check("messages_sender_role_check", sql`${t.senderRole} in ('customer', 'salesperson')`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    salespersonId: integer("salesperson_id")
      .notNull()
      .references(() => salespeople.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.salespersonId] })],
);

/**
 * Misconduct reports. An anonymous report stores no user id and no address anywhere; the reporter follows
 * the case with a tracking code, of which only the SHA-256 is kept.
 */
export const misconductReports = pgTable(
  "misconduct_reports",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    salespersonId: integer("salesperson_id")
      .notNull()
      .references(() => salespeople.id, { onDelete: "cascade" }),
    /** The dealership whose manager handles the case (null: administrators handle it). */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "set null" }),
    category: text("category").notNull(),
    description: text("description").notNull(),
    incidentDate: date("incident_date"),
    reporterUserId: uuid("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    trackingCodeHash: text("tracking_code_hash").notNull().unique(),
    status: text("status", { enum: ["open", "investigating", "resolved", "dismissed"] })
      .notNull()
      .default("open"),
    resolution: text("resolution"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("misconduct_reports_dealership_idx").on(t.dealershipId, t.status),
    check(
      "misconduct_reports_status_check",
      sql`${t.status} in ('open', 'investigating', 'resolved', 'dismissed')`,
    ),
  ],
);

/** Every change to a case: status moves and notes, by whom and when. */
export const misconductReportEvents = pgTable(
  "misconduct_report_events",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    reportId: integer("report_id")
      .notNull()
      .references(() => misconductReports.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("misconduct_report_events_report_idx").on(t.reportId, t.createdAt)],
);
