// Subscriptions and payments, as Stripe reports them. Checkout writes the first row of a subscription; from
// then on only Stripe's state (read back when a webhook arrives, or answered by a call we made) changes it.
// Access, the badge and a dealership's salesperson limit are read from these rows and nothing else.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { BILLING_INTERVALS, PLAN_IDS } from "../../../shared/plans";
import { belongsTo, identityId, instant, seededDemo, stampedNow } from "./columns";
import { dealerships } from "./dealerships";
import { dealerGroups } from "./groups";
import { salespeople } from "./salespeople";
import { users } from "./users";

/** The Stripe customer that pays for a user's subscriptions: one per user, made on their first checkout. */
export const stripeCustomers = pgTable("stripe_customers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id").notNull().unique(),
  createdAt: stampedNow("created_at"),
});

/** One subscription of one salesperson, one dealership or one dealer group (exactly one of the three). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Null only between the checkout's insert and Stripe's answer, inside one request. */
    stripeSubscriptionId: text("stripe_subscription_id").unique(),
    /** Who checked out (and whose Stripe customer pays). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    salespersonId: integer("salesperson_id").references(() => salespeople.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id").references(() => dealerships.id, { onDelete: "cascade" }),
    /** A group's plan covers every dealership of the group. */
    groupId: integer("group_id").references(() => dealerGroups.id, { onDelete: "cascade" }),
    plan: text("plan", { enum: PLAN_IDS }).notNull(),
    interval: text("interval", { enum: BILLING_INTERVALS }).notNull(),
    /** Stripe's status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused. */
    status: text("status").notNull(),
    /** Units bought: salesperson seats on Dealer Professional, otherwise 1. */
    seats: integer("seats").notNull().default(1),
    currentPeriodEnd: instant("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    trialEnd: instant("trial_end"),
    canceledAt: instant("canceled_at"),
    createdAt: stampedNow("created_at"),
    demo: seededDemo(),
    updatedAt: stampedNow("updated_at"),
  },
  (t) => [
    check(
      "subscriptions_one_owner_check",
      sql`num_nonnulls(${t.salespersonId}, ${t.dealershipId}, ${t.groupId}) = 1`,
    ),
    check("subscriptions_seats_check", sql`${t.seats} >= 1`),
    index("subscriptions_salesperson_idx").on(t.salespersonId, t.createdAt),
    index("subscriptions_dealership_idx").on(t.dealershipId, t.createdAt),
    index("subscriptions_group_idx").on(t.groupId, t.createdAt).where(sql`${t.groupId} is not null`),
    index("subscriptions_user_idx").on(t.userId),
  ],
);

/** One row per invoice of a subscription: paid (amount, currency, when) or, until it is paid, failed. */
export const payments = pgTable(
  "payments",
  {
    id: identityId(),
    stripeInvoiceId: text("stripe_invoice_id").notNull(),
    subscriptionId: belongsTo(uuid("subscription_id"), () => subscriptions.id),
    status: text("status", { enum: ["paid", "failed"] }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    invoiceNumber: text("invoice_number"),
    periodStart: instant("period_start"),
    periodEnd: instant("period_end"),
    paidAt: instant("paid_at"),
    failedAt: instant("failed_at"),
    createdAt: stampedNow("created_at"),
    demo: seededDemo(),
  },
  (t) => [
    uniqueIndex("payments_invoice_idx").on(t.stripeInvoiceId),
    index("payments_subscription_idx").on(t.subscriptionId, t.createdAt),
    index("payments_demo_idx").on(t.paidAt).where(sql`${t.demo}`),
    check("payments_status_check", sql`${t.status} in ('paid', 'failed')`),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/** Stripe events already handled: the id is inserted in the same transaction as the event's effects. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: stampedNow("received_at"),
});
