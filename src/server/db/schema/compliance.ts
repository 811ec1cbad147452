// Data-protection requests (GDPR), retention policies and the record of each cleanup.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { GDPR_REQUEST_STATUSES, GDPR_REQUEST_TYPES, RETENTION_DATA_TYPES } from "../../../shared/compliance";
import { belongsTo, instant, stampedNow } from "./columns";
import { inList } from "./types";
import { users } from "./users";

/**
 * A request about a user's own data. pending → processing → completed | rejected; due 30 days after filing.
 * Completing an access or portability request stores the export; an erasure anonymises the user.
 */
export const gdprRequests = pgTable(
  "gdpr_requests",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: belongsTo(uuid("user_id"), () => users.id),
    requestType: text("request_type", { enum: GDPR_REQUEST_TYPES }).notNull(),
    description: text("description"),
    status: text("status", { enum: GDPR_REQUEST_STATUSES }).notNull().default("pending"),
    dueAt: instant("due_at").notNull(),
    processingAt: instant("processing_at"),
    completedAt: instant("completed_at"),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
    /** What the administrator did or why they refused, shown to the requester. */
    responseNote: text("response_note"),
    /** A summary of what completion did (tables and rows exported, rows anonymised). */
    responseData: jsonb("response_data"),
    /** The export of an access or portability request, as it was when the request was completed. */
    exportData: jsonb("export_data"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("gdpr_requests_user_idx").on(t.userId, t.createdAt.desc()),
    index("gdpr_requests_status_idx").on(t.status, t.dueAt),
    check("gdpr_requests_type_check", sql`${t.requestType} in (${inList(GDPR_REQUEST_TYPES)})`),
    check("gdpr_requests_status_check", sql`${t.status} in (${inList(GDPR_REQUEST_STATUSES)})`),
    check("gdpr_requests_description_length", sql`char_length(${t.description}) <= 2000`),
  ],
);

export const retentionPolicies = pgTable(
  "retention_policies",
  {
    dataType: text("data_type", { enum: RETENTION_DATA_TYPES }).primaryKey(),
    retentionPeriodDays: integer("retention_period_days").notNull(),
    legalBasis: text("legal_basis").notNull(),
    autoDelete: boolean("auto_delete").notNull().default(true),
    requiresUserConsent: boolean("requires_user_consent").notNull().default(false),
    updatedAt: stampedNow("updated_at"),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    check("retention_policies_type_check", sql`${t.dataType} in (${inList(RETENTION_DATA_TYPES)})`),
    check("retention_policies_period_check", sql`${t.retentionPeriodDays} between 1 and 3650`),
  ],
);

/** One row per cleanup (the daily job or an administrator's run): what each policy removed. */
export const retentionRuns = pgTable(
  "retention_runs",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    trigger: text("trigger", { enum: ["scheduled", "manual"] }).notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    cleaned: jsonb("cleaned").notNull(),
    total: integer("total").notNull(),
    ranAt: stampedNow("ran_at"),
  },
  (t) => [
    index("retention_runs_ran_idx").on(t.ranAt.desc()),
    check("retention_runs_trigger_check", sql`${t.trigger} in ('scheduled', 'manual')`),
  ],
);

/**
 * Every completed erasure, by account id. A restore from a backup taken before an erasure would bring the
 * person back; the restore command keeps this journal and erases everyone in it again.
 */
export const erasureJournal = pgTable("erasure_journal", {
  userId: uuid("user_id").primaryKey(),
  erasedAt: stampedNow("erased_at"),
});
