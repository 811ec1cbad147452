// Inputs and answers of the subscriptions domain: checkout, what happened to a payment, a subscription and its
// invoices, a dealership's plan and limit, cancel / resume / change plan.
import { z } from "zod";
import { BILLING_INTERVALS, PLAN_IDS } from "../planIds";
import { cents, idSchema, line } from "./common";

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
 * POST /api/create-subscription. The payload of docs/product/subscriptions.md#checkout (userId, planType, entityType, planName) is accepted; who
 * pays and for what is decided by the session: userId must be the caller's own when given, entityType must
 * match the plan. `entityType: "group"` buys one subscription for the caller's whole dealer group (its owners
 * only; Dealer Professional or Dealer Enterprise): Enterprise's quantity is the group's number of dealerships,
 * Professional's seats at least the salespeople of all its dealerships, both counted by the server
 * (docs/product/subscriptions.md#dealer-groups).
 */
export const createSubscriptionInput = z.strictObject({
  planType: z.enum(PLAN_IDS, { error: `Choose a plan: ${PLAN_IDS.join(", ")}` }),
  interval: z.enum(BILLING_INTERVALS).default("month"),
  /** Dealer Professional: how many salesperson seats (at least the plan's minimum). */
  seats: z.coerce.number().int().min(1).max(MAX_SEATS).optional(),
  entityType: z
    .enum(["salesperson", "dealership", "group"])
    .optional()
    .describe("Who the plan is for; `group`: the caller's whole dealer group (its owners only)"),
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

const planId = z.enum(PLAN_IDS);

export const paymentsConfig = z.object({
  enabled: z.boolean().describe("Whether checkout is configured on this server"),
  publishableKey: z.string().nullable().describe("Stripe's publishable key for the Payment Element"),
});
export type PaymentsConfig = z.output<typeof paymentsConfig>;

export const subscriptionSummary = z.object({
  id: z.uuid(),
  plan: planId,
  planName: z.string(),
  audience: z.enum(["salesperson", "dealership"]),
  interval: z.enum(BILLING_INTERVALS),
  status: z.string().describe("Stripe's status, as the last webhook or call reported it"),
  active: z.boolean().describe("Whether the status gives access (trialing, active, past_due)"),
  seats: z.number().int(),
  amountCents: cents().describe("What each billing period charges, in US cents"),
  currentPeriodEnd: z.date().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.date().nullable(),
  canceledAt: z.date().nullable(),
  salespersonId: z.number().int().nullable(),
  dealershipId: z.number().int().nullable(),
  groupId: z.number().int().nullable().describe("The dealer group it covers, for a group's subscription"),
  createdAt: z.date(),
});
export type SubscriptionSummary = z.output<typeof subscriptionSummary>;

export const paymentRecord = z.object({
  id: z.number().int(),
  invoiceNumber: z.string().nullable(),
  status: z.enum(["paid", "failed"]),
  amountCents: cents(),
  currency: z.string(),
  periodStart: z.date().nullable(),
  periodEnd: z.date().nullable(),
  paidAt: z.date().nullable(),
  failedAt: z.date().nullable(),
});
export type PaymentRecord = z.output<typeof paymentRecord>;

export const subscriptionDetail = subscriptionSummary
  .extend({ payments: z.array(paymentRecord).describe("Invoices paid or failed") })
  .describe("A subscription and its payments");
export type SubscriptionDetail = z.output<typeof subscriptionDetail>;

/** GET /api/subscription-info/{dealershipId}. */
export const dealershipSubscriptionInfo = z.object({
  dealershipId: z.number().int(),
  plan: planId.nullable().describe("Null on the free allowance"),
  planName: z.string(),
  status: z.string().nullable(),
  active: z.boolean(),
  salespersonLimit: z.number().int().nullable().describe("Null: no limit"),
  seatsUsed: z.number().int(),
  coveredByGroup: z
    .boolean()
    .describe(
      "Whether the plan is its dealer group's subscription (the dealership buys none of its own then)",
    ),
  subscription: subscriptionSummary.nullable(),
});
export type DealershipSubscriptionInfo = z.output<typeof dealershipSubscriptionInfo>;

/** A dealer group's one subscription, as its owners see it, with what the server counts for its quantity. */
export const groupBilling = z
  .object({
    groupId: z.number().int(),
    groupName: z.string(),
    dealerships: z.number().int().describe("The group's dealerships: Dealer Enterprise's quantity"),
    salespeople: z
      .number()
      .int()
      .describe("The salespeople of all its dealerships: the fewest Dealer Professional seats"),
    current: subscriptionDetail.nullable(),
  })
  .describe("The dealer group's plan; its owners only");
export type GroupBilling = z.output<typeof groupBilling>;

/** What the caller may subscribe or manage: their own salesperson plan and the dealership they manage. */
export const billingOverview = z
  .object({
    payments: paymentsConfig,
    salesperson: z
      .object({ current: subscriptionDetail.nullable() })
      .nullable()
      .describe("The caller's own salesperson plan; null unless the caller is a salesperson"),
    dealership: dealershipSubscriptionInfo
      .extend({ current: subscriptionDetail.nullable() })
      .nullable()
      .describe("The plan of the dealership the caller manages; null unless a manager"),
    group: groupBilling.nullable().describe("The caller's dealer group's plan; null unless a group owner"),
  })
  .describe("What the caller may subscribe or manage");
export type BillingOverview = z.output<typeof billingOverview>;

export const checkoutStart = z.object({
  subscriptionId: z.uuid(),
  intent: z
    .enum(["payment", "setup", "none"])
    .describe("Payment Element mode: pay the first invoice, save a card for after the trial, or nothing"),
  clientSecret: z.string().nullable().describe("Stripe's client secret of that intent; null when none"),
  status: z.string(),
  plan: planId,
  interval: z.enum(BILLING_INTERVALS),
  seats: z.number().int(),
  amountCents: cents(),
  trialEnd: z.date().nullable(),
});
export type CheckoutStart = z.output<typeof checkoutStart>;

/** What really happened, for /subscription-success: read from Stripe's intent and our subscription row. */
export const checkoutOutcome = z
  .object({
    state: z.enum(["confirmed", "processing", "failed", "none"]),
    message: z.string(),
    subscription: subscriptionSummary.nullable(),
  })
  .describe("What really happened at checkout, read from Stripe's intent and the subscription");
export type CheckoutOutcome = z.output<typeof checkoutOutcome>;
