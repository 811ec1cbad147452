import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, unique, uuid } from "drizzle-orm/pg-core";
import { ratings } from "./appointments";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { salespeople } from "./salespeople";
import { users } from "./users";

/** The salesperson's one public reply to a review. */
export const ratingReplies = pgTable("rating_replies", {
  id: identityId(),
  ratingId: integer("rating_id")
    .notNull()
    .unique()
    .references(() => ratings.id, { onDelete: "cascade" }),
  salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
  body: text("body").notNull(),
  createdAt: stampedNow("created_at"),
});

/** A review flagged for moderation by the salesperson or their manager; an administrator decides. */
export const ratingFlags = pgTable(
  "rating_flags",
  {
    id: identityId(),
    ratingId: belongsTo(integer("rating_id"), () => ratings.id),
    flaggedBy: uuid("flagged_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["open", "upheld", "removed"] })
      .notNull()
      .default("open"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: instant("resolved_at"),
    resolutionNote: text("resolution_note"),
    createdAt: stampedNow("created_at"),
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
    id: identityId(),
    customerId: belongsTo(uuid("customer_id"), () => users.id),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    contactMethod: text("contact_method", { enum: ["phone", "email", "text"] }).notNull(),
    lastMessageAt: stampedNow("last_message_at"),
    createdAt: stampedNow("created_at"),
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
    id: identityId(),
    conversationId: belongsTo(integer("conversation_id"), () => conversations.id),
    senderRole: text("sender_role", { enum: ["customer", "salesperson"] }).notNull(),
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    readAt: instant("read_at"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.createdAt),
    check("messages_sender_role_check", sql`${t.senderRole} in ('customer', 'salesperson')`),
  ],
);

export const favorites = pgTable(
  "favorites",
  {
    userId: belongsTo(uuid("user_id"), () => users.id),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    createdAt: stampedNow("created_at"),
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
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
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
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
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
    id: identityId(),
    reportId: belongsTo(integer("report_id"), () => misconductReports.id),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status"),
    note: text("note"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [index("misconduct_report_events_report_idx").on(t.reportId, t.createdAt)],
);
