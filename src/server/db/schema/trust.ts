// What makes a review trustworthy (docs/product/reviews.md): every status change of a visit, a buyer's dispute of
// a no-show, purchases a buyer claims or a dealership's CRM reports, and the sale events received from CRMs
// (kept so that a repeated event id is refused).
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  APPOINTMENT_STATUSES,
  PURCHASE_CLAIM_SOURCES,
  PURCHASE_CLAIM_STATUSES,
  VISIT_ACTORS,
  VISIT_DISPUTE_ESCALATIONS,
  VISIT_DISPUTE_STATUSES,
} from "../../../shared/constants";
import { appointments } from "./appointments";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { crmIntegrations } from "./crm";
import { dealerships } from "./dealerships";
import { salespeople } from "./salespeople";
import { inList } from "./types";
import { users } from "./users";

/** One row per status change of a visit, written in the transaction that changes it. */
export const appointmentEvents = pgTable(
  "appointment_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    appointmentId: belongsTo(integer("appointment_id"), () => appointments.id),
    /** Null for the booking itself. */
    fromStatus: text("from_status", { enum: APPOINTMENT_STATUSES }),
    toStatus: text("to_status", { enum: APPOINTMENT_STATUSES }).notNull(),
    /** Null when the platform made the change (actor_role 'system') or the account has since been erased. */
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role", { enum: VISIT_ACTORS }).notNull(),
    note: text("note"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("appointment_events_appointment_idx").on(t.appointmentId, t.createdAt),
    check("appointment_events_actor_role_check", sql`${t.actorRole} in (${inList(VISIT_ACTORS)})`),
  ],
);

/** A buyer's "I was there" on a visit marked no-show: the dealership's manager decides, then administrators. */
export const visitDisputes = pgTable(
  "visit_disputes",
  {
    id: identityId(),
    appointmentId: belongsTo(integer("appointment_id"), () => appointments.id),
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "set null" }),
    /** The salesperson's dealership when the dispute was opened (null for an independent salesperson). */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "set null" }),
    status: text("status", { enum: VISIT_DISPUTE_STATUSES }).notNull().default("open"),
    statement: text("statement"),
    openedAt: stampedNow("opened_at"),
    escalatedAt: instant("escalated_at"),
    /** Why it went to administrators (null while, or if, only the dealership's manager decides it). */
    escalationReason: text("escalation_reason", { enum: VISIT_DISPUTE_ESCALATIONS }),
    resolvedAt: instant("resolved_at"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
    /** The manager's note on the rejection the buyer took to administrators (resolution_note is then theirs). */
    managerNote: text("manager_note"),
    /** The buyer's optional words when asking administrators to review the manager's rejection. */
    appealNote: text("appeal_note"),
  },
  (t) => [
    unique("visit_disputes_appointment_unique").on(t.appointmentId),
    index("visit_disputes_status_idx").on(t.status, t.openedAt),
    check("visit_disputes_status_check", sql`${t.status} in (${inList(VISIT_DISPUTE_STATUSES)})`),
    check(
      "visit_disputes_escalation_reason_check",
      sql`${t.escalationReason} in (${inList(VISIT_DISPUTE_ESCALATIONS)})`,
    ),
  ],
);

/** A purchase from a salesperson: claimed by the buyer (the dealership confirms or declines) or reported by CRM. */
export const purchaseClaims = pgTable(
  "purchase_claims",
  {
    id: identityId(),
    customerId: uuid("customer_id").references(() => users.id, { onDelete: "set null" }),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    /** The salesperson's dealership when the claim was made; its manager decides. */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "set null" }),
    vehicle: text("vehicle"),
    purchaseDate: date("purchase_date"),
    status: text("status", { enum: PURCHASE_CLAIM_STATUSES }).notNull().default("pending"),
    source: text("source", { enum: PURCHASE_CLAIM_SOURCES }).notNull().default("buyer"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    declineReason: text("decline_reason"),
    /** For a CRM-reported sale: the integration and the event id it carried. */
    crmIntegrationId: integer("crm_integration_id").references(() => crmIntegrations.id, {
      onDelete: "set null",
    }),
    crmEventId: text("crm_event_id"),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    index("purchase_claims_salesperson_idx").on(t.salespersonId, t.status),
    index("purchase_claims_customer_idx").on(t.customerId),
    index("purchase_claims_dealership_idx").on(t.dealershipId, t.status),
    // One open claim per buyer and salesperson.
    uniqueIndex("purchase_claims_pending_unique")
      .on(t.customerId, t.salespersonId)
      .where(sql`${t.status} = 'pending'`),
    check("purchase_claims_status_check", sql`${t.status} in (${inList(PURCHASE_CLAIM_STATUSES)})`),
    check("purchase_claims_source_check", sql`${t.source} in (${inList(PURCHASE_CLAIM_SOURCES)})`),
  ],
);

/** Every signed sale event a CRM sent, by its event id: a repeat of an id is refused. */
export const crmInboundEvents = pgTable(
  "crm_inbound_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    integrationId: belongsTo(integer("integration_id"), () => crmIntegrations.id),
    eventId: text("event_id").notNull(),
    /** What became of it: the claim it confirmed, or why it matched nothing. */
    outcome: text("outcome").notNull(),
    purchaseClaimId: integer("purchase_claim_id").references(() => purchaseClaims.id, {
      onDelete: "set null",
    }),
    receivedAt: stampedNow("received_at"),
  },
  (t) => [unique("crm_inbound_events_event_unique").on(t.integrationId, t.eventId)],
);
