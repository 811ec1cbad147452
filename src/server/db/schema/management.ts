// What dealership managers and administrators do: transfer requests between dealerships, and the audit trail
// of every manager and admin change.
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  DEALERSHIP_ROLES,
  GROUP_ROLES,
  INVITATION_ROLES,
  PAYMENT_MODELS,
  TRANSFER_STATUSES,
} from "../../../shared/constants";
import { belongsTo, identityId, instant, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { dealerGroups } from "./groups";
import { salespeople } from "./salespeople";
import { citext } from "./types";
import { users } from "./users";

/**
 * A salesperson asks to move to another dealership (or, with no target, to go independent). The receiving
 * dealership's manager accepts or declines (skipped when going independent); an administrator then approves
 * or denies with a reason. At most one open request per salesperson.
 */
export const transferRequests = pgTable(
  "transfer_requests",
  {
    id: identityId(),
    salespersonId: belongsTo(integer("salesperson_id"), () => salespeople.id),
    /** Where the salesperson was when asking (null: independent). */
    fromDealershipId: integer("from_dealership_id").references(() => dealerships.id, {
      onDelete: "set null",
    }),
    /** Where they want to go (null: independent). */
    toDealershipId: integer("to_dealership_id").references(() => dealerships.id, { onDelete: "cascade" }),
    status: text("status", { enum: TRANSFER_STATUSES }).notNull(),
    /** The salesperson's note to the manager and the administrator. */
    note: text("note"),
    managerDecidedBy: uuid("manager_decided_by").references(() => users.id, { onDelete: "set null" }),
    managerDecidedAt: instant("manager_decided_at"),
    adminDecidedBy: uuid("admin_decided_by").references(() => users.id, { onDelete: "set null" }),
    adminDecidedAt: instant("admin_decided_at"),
    /** Why it was declined, denied or approved. */
    decisionReason: text("decision_reason"),
    createdAt: stampedNow("created_at"),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check(
      "transfer_requests_status_check",
      sql`${t.status} in ('awaiting_manager', 'awaiting_admin', 'approved', 'declined', 'denied', 'withdrawn')`,
    ),
    uniqueIndex("transfer_requests_one_open_idx")
      .on(t.salespersonId)
      .where(sql`${t.status} in ('awaiting_manager', 'awaiting_admin')`),
    index("transfer_requests_status_idx").on(t.status, t.createdAt),
    index("transfer_requests_to_idx").on(t.toDealershipId, t.status),
  ],
);

/**
 * One row per manager or admin change, written in the same transaction as the change (server/auditTrail.ts).
 * Append-only: a trigger (drizzle/0012) refuses UPDATE and DELETE.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Who made the change. No foreign key: the trail is append-only and outlives the account, so a deleted
     * user's entries keep their id (and role) instead of being rewritten.
     */
    actorUserId: uuid("actor_user_id"),
    actorRole: text("actor_role").notNull(),
    /** What happened, as `entity.verb`: `salesperson.add`, `dealership.delete`, `transfer.approve`… */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id").notNull(),
    /** The dealership the change concerns, when there is one (managers' trail, filters). */
    dealershipId: integer("dealership_id"),
    reason: text("reason"),
    before: jsonb("before"),
    after: jsonb("after"),
    ipAddress: text("ip_address"),
    createdAt: stampedNow("created_at"),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt.desc()),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
    index("audit_log_dealership_idx").on(t.dealershipId, t.createdAt.desc()),
  ],
);

/**
 * An invitation to join a dealership in a role. Nobody is attached to a dealership on someone else's word:
 * the invited e-mail's owner accepts (or declines) it. Single use, revocable, and it expires. When it names an
 * existing salesperson profile, accepting moves that profile (with its history and reviews) to the dealership.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    role: text("role", { enum: INVITATION_ROLES }).notNull(),
    /** The dealership the invitation is to; null for an invitation to a dealer group (groupId). */
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "cascade" }),
    /** The dealer group a group invitation is to, with the group role its invitee takes (groupRole). */
    groupId: integer("group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
    groupRole: text("group_role", { enum: GROUP_ROLES }),
    email: citext("email").notNull(),
    /**
     * The invitee's name as whoever invited them typed it (the manager's "Name", the dealership application's
     * "Your name"): the e-mail greets them by it, and the account and profile that accepting makes take it.
     */
    name: text("name"),
    /** The existing profile the invitation was sent to, when there was one. */
    salespersonId: integer("salesperson_id").references(() => salespeople.id, { onDelete: "cascade" }),
    /**
     * The role on the dealership's team a manager invitation's invitee takes (an owner's or manager's team
     * invitation); null for an administrator's invitation, which hands the dealership over to its invitee.
     */
    teamRole: text("team_role", { enum: DEALERSHIP_ROLES }),
    /** Who pays for the salesperson's listing once they join (salesperson invitations). */
    paymentModel: text("payment_model", { enum: PAYMENT_MODELS }),
    /** SHA-256 of the token in the invitation's link; the token itself is only ever in the e-mail. */
    tokenHash: text("token_hash").unique(),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: stampedNow("created_at"),
    /** When its e-mail last went out (resending sends a new link and restarts the expiry). */
    sentAt: stampedNow("sent_at"),
    expiresAt: instant("expires_at").notNull(),
    acceptedAt: instant("accepted_at"),
    acceptedByUserId: uuid("accepted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    declinedAt: instant("declined_at"),
    revokedAt: instant("revoked_at"),
  },
  (t) => [
    check("invitations_role_check", sql`${t.role} in ('salesperson', 'manager')`),
    check(
      "invitations_team_role_check",
      sql`${t.teamRole} is null or (${t.role} = 'manager' and ${t.teamRole} in ('owner', 'manager', 'staff'))`,
    ),
    check("invitations_one_place_check", sql`num_nonnulls(${t.dealershipId}, ${t.groupId}) = 1`),
    check(
      "invitations_group_role_check",
      sql`(${t.groupId} is null and ${t.groupRole} is null) or (${t.groupId} is not null and ${t.role} = 'manager' and ${t.teamRole} is null and ${t.groupRole} in ('group_owner', 'group_manager', 'group_staff'))`,
    ),
    uniqueIndex("invitations_one_pending_group_idx")
      .on(t.groupId, t.email)
      .where(
        sql`${t.groupId} is not null and ${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.revokedAt} is null`,
      ),
    uniqueIndex("invitations_one_pending_idx")
      .on(t.dealershipId, t.email, t.role)
      .where(sql`${t.acceptedAt} is null and ${t.declinedAt} is null and ${t.revokedAt} is null`),
    index("invitations_email_idx").on(t.email),
    index("invitations_salesperson_idx").on(t.salespersonId),
  ],
);

/**
 * The weekly e-mail report to each account that leads a dealership (domains/manager/weeklyReport.ts): one row per
 * dealership, recipient and ISO week (named by its Monday in the dealership's calendar). Inserting the row is the
 * claim, made in the transaction that queues the e-mail, so a week's report is queued once however many instances
 * or retries try; `sentAt` is set in the transaction that hands it to the mail server.
 */
export const weeklyReports = pgTable(
  "weekly_reports",
  {
    dealershipId: belongsTo(integer("dealership_id"), () => dealerships.id),
    userId: belongsTo(uuid("user_id"), () => users.id),
    /** The Monday of the ISO week reported on, in the dealership's time zone. */
    weekStart: date("week_start").notNull(),
    claimedAt: stampedNow("claimed_at"),
    sentAt: instant("sent_at"),
  },
  (t) => [
    primaryKey({ name: "weekly_reports_pkey", columns: [t.dealershipId, t.userId, t.weekStart] }),
    check("weekly_reports_week_start_check", sql`extract(isodow from ${t.weekStart}) = 1`),
    index("weekly_reports_user_idx").on(t.userId),
  ],
);
