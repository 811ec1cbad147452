// How people and dealerships come onto the platform without the demo seed: dealership applications that an
// administrator approves, and promotions to administrator that a second administrator approves
// (docs/product/onboarding.md). Invitations, which both lead to, live in management.ts.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { APPLICATION_STATUSES } from "../../../shared/constants";
import { identityId, instant, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { salespeople } from "./salespeople";
import { citext, inList } from "./types";
import { users } from "./users";

/**
 * A request to list a dealership, filed from the public form (or by a salesperson whose dealership is not
 * listed). The applicant confirms the work e-mail by link before an administrator sees it; approving creates
 * the dealership and invites the applicant as its manager.
 */
export const dealershipApplications = pgTable(
  "dealership_applications",
  {
    id: identityId(),
    dealershipName: text("dealership_name").notNull(),
    address: text("address").notNull(),
    zipCode: text("zip_code").notNull(),
    /** From the ZIP code when the application is filed. */
    city: text("city").notNull(),
    state: text("state").notNull(),
    phoneNumber: text("phone_number").notNull(),
    website: text("website"),
    applicantName: text("applicant_name").notNull(),
    applicantEmail: citext("applicant_email").notNull(),
    /** The salesperson who filed it from registration ("my dealership isn't listed"), if one did. */
    salespersonId: integer("salesperson_id").references(() => salespeople.id, { onDelete: "set null" }),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("unconfirmed"),
    /** SHA-256 of the token in the confirmation link; cleared once confirmed. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmedAt: instant("confirmed_at"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    /** Why it was declined (e-mailed to the applicant). */
    decisionReason: text("decision_reason"),
    /** The dealership approving it created. */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("dealership_applications_status_check", sql`${t.status} in (${inList(APPLICATION_STATUSES)})`),
    check(
      "dealership_applications_decision_check",
      sql`(${t.status} in ('approved', 'declined')) = (${t.decidedAt} is not null)`,
    ),
    index("dealership_applications_status_idx").on(t.status, t.createdAt),
    index("dealership_applications_email_idx").on(t.applicantEmail),
  ],
);

/**
 * A salesperson's self-registration whose e-mail address is not confirmed yet: its profile is listed nowhere and
 * the "dealership not listed" application it carries is not filed until the address's owner follows the link
 * mailed to it (docs/product/onboarding.md#salespeople-joining-on-their-own). The row goes when confirmed.
 */
export const pendingRegistrations = pgTable("pending_registrations", {
  salespersonId: integer("salesperson_id")
    .primaryKey()
    .references(() => salespeople.id, { onDelete: "cascade" }),
  /** The dealership application to file once confirmed, as registration took it; null when there is none. */
  application: jsonb("application"),
  createdAt: stampedNow("created_at"),
});

/**
 * Making someone an administrator takes two administrators: one asks, another approves (or the CLI does it).
 * At most one open request per account.
 */
export const adminPromotions = pgTable(
  "admin_promotions",
  {
    id: identityId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    createdAt: stampedNow("created_at"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    outcome: text("outcome", { enum: ["approved", "declined", "withdrawn"] }),
  },
  (t) => [
    check(
      "admin_promotions_outcome_check",
      sql`${t.outcome} is null or ${t.outcome} in ('approved', 'declined', 'withdrawn')`,
    ),
    uniqueIndex("admin_promotions_one_open_idx").on(t.userId).where(sql`${t.decidedAt} is null`),
  ],
);

/**
 * Server faults (an answer of 500 or more, a job that failed for good), one row each, for the administrators'
 * monitor: how many in the last hour, across every instance. Nothing about the request's content is kept.
 */
export const errorEvents = pgTable(
  "error_events",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** `request` or `job`. */
    source: text("source", { enum: ["request", "job"] }).notNull(),
    /** The route template or the queue's name. */
    what: text("what").notNull(),
    status: integer("status"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    check("error_events_source_check", sql`${t.source} in ('request', 'job')`),
    index("error_events_created_idx").on(t.createdAt),
  ],
);
