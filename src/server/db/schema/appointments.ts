import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { APPOINTMENT_STATUSES, BLOCK_TYPES, REVIEW_MODERATION_STATUSES } from "../../../shared/constants";
import { VISIT_EVIDENCE } from "../../../shared/visits";
import { belongsTo, identityId, instant, seededDemo, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { salespeople } from "./salespeople";
import { purchaseClaims } from "./trust";
import { inList } from "./types";
import { users } from "./users";

export const appointments = pgTable(
  "appointments",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "set null" }),
    appointmentType: text("appointment_type").notNull(),
    /**
     * A scheduled appointment holds its salesperson's calendar from startsAt for durationMinutes plus
     * bufferMinutes (appointment_span); the migration's EXCLUDE keeps those spans apart.
     */
    startsAt: instant("starts_at").notNull(),
    durationMinutes: smallint("duration_minutes").notNull().default(30),
    bufferMinutes: smallint("buffer_minutes").notNull().default(0),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("scheduled"),
    customerName: text("customer_name").notNull(),
    customerPhone: text("customer_phone").notNull(),
    customerEmail: text("customer_email"),
    notes: text("notes"),
    cancellationReason: text("cancellation_reason"),
    cancelledBy: text("cancelled_by", { enum: ["customer", "salesperson"] }),
    cancelledAt: instant("cancelled_at"),
    completedAt: instant("completed_at"),
    /** Set by the reminder job in the same statement that claims the send, so a reminder goes out once. */
    reminderSentAt: instant("reminder_sent_at"),
    /** Calendar SEQUENCE of the ICS invites sent for this appointment (bumped on every change). */
    icsSequence: integer("ics_sequence").notNull().default(0),
    /** When a reschedule replaced this appointment: the new one. */
    rescheduledToId: integer("rescheduled_to_id"),
    /** When the buyer was e-mailed the invitation to review this visit (once). */
    reviewInvitedAt: instant("review_invited_at"),
    /** When the buyer entered the dealership's check-in code of the day for this visit. */
    checkedInAt: instant("checked_in_at"),
    /** What the visit's completion rests on (src/shared/visits.ts VISIT_EVIDENCE); null until it completes. */
    visitEvidence: text("visit_evidence", { enum: VISIT_EVIDENCE }),
    createdAt: stampedNow("created_at"),
    demo: seededDemo(),
  },
  (t) => [
    index("appointments_demo_idx").on(t.startsAt).where(sql`${t.demo}`),
    check(
      "appointments_status_check",
      sql`${t.status} in ('scheduled', 'completed', 'cancelled', 'no-show')`,
    ),
    index("appointments_salesperson_idx").on(t.salespersonId, t.startsAt),
    index("appointments_customer_idx").on(t.customerId, t.startsAt),
    check(
      "appointments_visit_evidence_check",
      sql`${t.visitEvidence} is null or ${t.visitEvidence} in (${inList(VISIT_EVIDENCE)})`,
    ),
    check("appointments_duration_check", sql`${t.durationMinutes} between 15 and 240`),
    check("appointments_buffer_check", sql`${t.bufferMinutes} between 0 and 120`),
    check(
      "appointments_cancelled_by_check",
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('customer', 'salesperson')`,
    ),
  ],
);

export const availabilityBlocks = pgTable(
  "availability_blocks",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    title: text("title").notNull(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    blockType: text("block_type", { enum: BLOCK_TYPES }).notNull().default("personal"),
    reason: text("reason"),
    isRecurring: boolean("is_recurring").notNull().default(false),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("availability_blocks_range_check", sql`${t.endsAt} > ${t.startsAt}`),
    index("availability_blocks_salesperson_idx").on(t.salespersonId, t.startsAt),
  ],
);

export const ratings = pgTable(
  "ratings",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    appointmentId: integer("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    overallRating: smallint("overall_rating").notNull(),
    helpfulnessRating: smallint("helpfulness_rating").notNull(),
    pressureLevelRating: smallint("pressure_level_rating").notNull(),
    communicationRating: smallint("communication_rating").notNull(),
    /** Product knowledge; null on reviews written before it was asked. */
    knowledgeRating: smallint("knowledge_rating"),
    comment: text("comment"),
    helpfulnessComment: text("helpfulness_comment"),
    pressureComment: text("pressure_comment"),
    communicationComment: text("communication_comment"),
    visitDate: date("visit_date"),
    /** Set when an administrator removes the review after a flag: it leaves the averages but stays on record. */
    removedAt: instant("removed_at"),
    /** Held reviews (contact details, a burst from new accounts) wait for an administrator; only published count. */
    moderationStatus: text("moderation_status", { enum: REVIEW_MODERATION_STATUSES })
      .notNull()
      .default("published"),
    heldReason: text("held_reason"),
    /**
     * For a review written while its visit's no-show was disputed (held "visit disputed"): the hold the gaming
     * rules gave it (null when they would have published it), applied if the dispute is upheld.
     */
    rulesHeldReason: text("rules_held_reason"),
    moderatedBy: uuid("moderated_by").references(() => users.id, { onDelete: "set null" }),
    moderatedAt: instant("moderated_at"),
    /** Set when a confirmed purchase from this salesperson backs the review ("Verified purchase"). */
    purchaseClaimId: integer("purchase_claim_id").references((): AnyPgColumn => purchaseClaims.id, {
      onDelete: "set null",
    }),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
    demo: seededDemo(),
  },
  (t) => [
    index("ratings_demo_idx").on(t.createdAt).where(sql`${t.demo}`),
    unique("ratings_appointment_unique").on(t.appointmentId),
    check("ratings_overall_check", sql`${t.overallRating} between 1 and 5`),
    check("ratings_helpfulness_check", sql`${t.helpfulnessRating} between 1 and 5`),
    check("ratings_pressure_check", sql`${t.pressureLevelRating} between 1 and 5`),
    check("ratings_communication_check", sql`${t.communicationRating} between 1 and 5`),
    check(
      "ratings_knowledge_check",
      sql`${t.knowledgeRating} is null or ${t.knowledgeRating} between 1 and 5`,
    ),
    check(
      "ratings_moderation_status_check",
      sql`${t.moderationStatus} in (${inList(REVIEW_MODERATION_STATUSES)})`,
    ),
    index("ratings_user_salesperson_idx").on(t.userId, t.salespersonId, t.createdAt.desc()),
    index("ratings_salesperson_idx").on(t.salespersonId, t.createdAt.desc()),
    // The daily review aging reads the reviews written in a few days, a year ago (drizzle/0052).
    index("ratings_aging_idx").on(t.createdAt).where(sql`${t.removedAt} is null`),
  ],
);

/**
 * The check-in code of a dealership (or of an independent salesperson, who has no dealership) for one local day:
 * its staff show it at the desk and the buyer enters it on arrival. Made the first time staff ask for it.
 */
export const checkInCodes = pgTable(
  "check_in_codes",
  {
    id: identityId(),
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "cascade" }),
    salespersonId: integer("salesperson_id").references(() => salespeople.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    code: text("code").notNull(),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("check_in_codes_one_owner_check", sql`num_nonnulls(${t.dealershipId}, ${t.salespersonId}) = 1`),
    unique("check_in_codes_owner_day_unique").on(t.dealershipId, t.salespersonId, t.day).nullsNotDistinct(),
  ],
);

/** A customer asking to hear when a slot of a salesperson frees up on a given local date. */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    customerId: belongsTo(uuid("customer_id"), () => users.id),
    date: date("date").notNull(),
    notifiedAt: instant("notified_at"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    unique("waitlist_entries_unique").on(t.salespersonId, t.customerId, t.date),
    index("waitlist_entries_slot_idx").on(t.salespersonId, t.date, t.createdAt),
  ],
);

/** In-app notifications (bell): new appointment requests, cancellations, reviews, messages. */
export const notifications = pgTable(
  "notifications",
  {
    id: identityId(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** For salespeople who have not signed in yet (no user row): delivered once they do. */
    salespersonId: integer("salesperson_id").references(() => salespeople.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link"),
    readAt: instant("read_at"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_salesperson_idx").on(t.salespersonId, t.createdAt.desc()),
    check("notifications_recipient_check", sql`${t.userId} is not null or ${t.salespersonId} is not null`),
  ],
);
