// Inputs and answers of the subscriptions domain: checkout, what happened to a payment, a subscription and its
// invoices, a dealership's plan and limit, cancel / resume / change plan.
import { z } from "zod";
import { BILLING_INTERVALS, type BillingInterval, PLAN_IDS, type PlanAudience, type PlanId } from "../plans";
import { idSchema, line } from "./common";

/** Seats a Dealer Professional subscription may buy (its minimum is in the plan catalogue). */
export const MAX_SEATS = 500;

const stripeId = (prefix: string) =>
  z
    .string()
    .trim()
    .max(255)
    .regex(new RegExp(`^${prefix}_[A-Za-z0-9_]+$`), `Not a valid ${prefix} id`);

export const subscriptionIdSchema = z.uuid({ error: "Not a valid subscription id" });

/**
 * POST /api/create-subscription. SPEC.md's payload (userId, planType, entityType, planName) is accepted; who
 * pays and for what is decided by the session: userId must be the caller's own when given, entityType must
 * match the plan.
 */
export const createSubscriptionInput = z.strictObject({
  planType: z.enum(PLAN_IDS, { error: `Choose a plan: ${PLAN_IDS.join(", ")}` }),
  interval: z.enum(BILLING_INTERVALS).default("month"),
  /** Dealer Professional: how many salesperson seats (at least the plan's minimum). */
  seats: z.coerce.number().int().min(1).max(MAX_SEATS).optional(),
  entityType: z.enum(["salesperson", "dealership"]).optional(),
  planName: line().max(120).optional(),
  userId: z.uuid().optional(),
});

export const subscriptionRefInput = z.strictObject({ id: subscriptionIdSchema });

export const changePlanInput = z.strictObject({
  id: subscriptionIdSchema,
  planType: z.enum(PLAN_IDS, { error: `Choose a plan: ${PLAN_IDS.join(", ")}` }),
  seats: z.coerce.number().int().min(1).max(MAX_SEATS).optional(),
});

export const dealershipInfoInput = z.strictObject({ dealershipId: idSchema });

/** What the return page knows: our subscription id, and what Stripe appended to the return URL. */
export const checkoutStatusInput = z
  .strictObject({
    subscription: subscriptionIdSchema.optional(),
    payment_intent: stripeId("pi").optional(),
    setup_intent: stripeId("seti").optional(),
    payment_intent_client_secret: z.string().max(255).optional(),
    setup_intent_client_secret: z.string().max(255).optional(),
    redirect_status: z.string().max(40).optional(),
  })
  .default({});

// Answers --------------------------------------------------------------------------------------------------

export type PaymentsConfig = { enabled: boolean; publishableKey: string | null };

export type SubscriptionSummary = {
  id: string;
  plan: PlanId;
  planName: string;
  audience: PlanAudience;
  interval: BillingInterval;
  /** Stripe's status, as the last webhook or call reported it. */
  status: string;
  /** Whether the status gives access (trialing, active, past_due): the badge and limits follow it. */
  active: boolean;
  seats: number;
  /** What each billing period charges, in cents. */
  amountCents: number;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  canceledAt: Date | null;
  salespersonId: number | null;
  dealershipId: number | null;
  createdAt: Date;
};

export type PaymentRecord = {
  id: number;
  invoiceNumber: string | null;
  status: "paid" | "failed";
  amountCents: number;
  currency: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  paidAt: Date | null;
  failedAt: Date | null;
};

export type SubscriptionDetail = SubscriptionSummary & { payments: PaymentRecord[] };

/** GET /api/subscription-info/{dealershipId}. */
export type DealershipSubscriptionInfo = {
  dealershipId: number;
  /** Null on the free allowance. */
  plan: PlanId | null;
  planName: string;
  status: string | null;
  active: boolean;
  /** Null: no limit (Enterprise). */
  salespersonLimit: number | null;
  seatsUsed: number;
  subscription: SubscriptionSummary | null;
};

/** What the caller may subscribe or manage: their own salesperson plan and the dealership they manage. */
export type BillingOverview = {
  payments: PaymentsConfig;
  salesperson: { current: SubscriptionDetail | null } | null;
  dealership: (DealershipSubscriptionInfo & { current: SubscriptionDetail | null }) | null;
};

export type CheckoutStart = {
  subscriptionId: string;
  /** Payment Element mode: pay the first invoice, save a card for after the trial, or nothing to collect. */
  intent: "payment" | "setup" | "none";
  clientSecret: string | null;
  status: string;
  plan: PlanId;
  interval: BillingInterval;
  seats: number;
  amountCents: number;
  trialEnd: Date | null;
};

/** What really happened, for /subscription-success: read from Stripe's intent and our subscription row. */
export type CheckoutOutcome = {
  state: "confirmed" | "processing" | "failed" | "none";
  message: string;
  subscription: SubscriptionSummary | null;
};
