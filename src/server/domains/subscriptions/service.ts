// Subscriptions through Stripe. Checkout creates the Stripe customer (once per user) and an incomplete
// subscription whose first invoice the browser pays with the Payment Element; from then on the rows follow
// Stripe's state, read back from Stripe when a webhook arrives (webhook.ts) or answered by a call we made.
// Access, the badge and a dealership's salesperson limit read the rows and nothing else (SECURITY.md 16, 17).
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { z } from "zod";
import {
  type BillingInterval,
  chargeCents,
  FREE_DEALERSHIP_SALESPERSON_LIMIT,
  FREE_TRIAL_DAYS,
  isPlanId,
  PLANS,
  type Plan,
  type PlanId,
  salespersonLimit,
} from "../../../shared/plans";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  BillingOverview,
  CheckoutOutcome,
  CheckoutStart,
  changePlanInput,
  checkoutStatusInput,
  createSubscriptionInput,
  DealershipSubscriptionInfo,
  PaymentRecord,
  PaymentsConfig,
  SubscriptionDetail,
  SubscriptionSummary,
} from "../../../shared/schemas/subscriptions";
import { dealershipScope, subscriptionSql } from "../../access";
import { recordAudit } from "../../audit";
import type { AppDeps, Context } from "../../context";
import type { Queryable, Sql } from "../../db/client";
import { appError } from "../../errors";
import type { Payments } from "../../payments/stripe";

type Caller = Context & { user: SessionUser };

/** Statuses that give access: the plan is on while Stripe is trialing, paid up, or retrying a payment. */
export const ACCESS_STATUSES = ["trialing", "active", "past_due"] as const;
const grantsAccess = (status: string) => (ACCESS_STATUSES as readonly string[]).includes(status);

export const NOT_CONFIGURED_MESSAGE =
  "Payments are not configured on this server, so no subscription can be started. Nothing was charged.";
const PROVIDER_MESSAGE = "The payment provider could not be reached. Nothing was charged; please try again.";

export function requirePayments(deps: Pick<AppDeps, "payments">): Payments {
  if (!deps.payments)
    throw appError("SERVICE_UNAVAILABLE", NOT_CONFIGURED_MESSAGE, "PAYMENTS_NOT_CONFIGURED");
  return deps.payments;
}

export function paymentsConfig(deps: Pick<AppDeps, "payments">): PaymentsConfig {
  return { enabled: deps.payments !== null, publishableKey: deps.payments?.publishableKey ?? null };
}

/** A Stripe failure as what a person can be told: the card's own message for card errors, else a retry. */
export function providerError(error: unknown): Error {
  const stripeError = error as { type?: string; message?: string; statusCode?: number };
  if (stripeError?.type === "StripeCardError" && stripeError.message)
    return appError("UNPROCESSABLE_CONTENT", stripeError.message, "PAYMENT_FAILED");
  if (typeof stripeError?.type === "string" && stripeError.type.startsWith("Stripe"))
    return appError("BAD_GATEWAY", PROVIDER_MESSAGE, "PAYMENT_PROVIDER_ERROR");
  return error instanceof Error ? error : new Error(String(error));
}

async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw providerError(error);
  }
}

// Rows -----------------------------------------------------------------------------------------------------

type SubscriptionRow = Omit<SubscriptionSummary, "planName" | "audience" | "active" | "amountCents"> & {
  stripeSubscriptionId: string | null;
  userId: string | null;
};

function columns(sql: Queryable) {
  return sql`
    s.id, s.stripe_subscription_id as "stripeSubscriptionId", s.user_id as "userId",
    s.salesperson_id as "salespersonId", s.dealership_id as "dealershipId", s.plan, s.interval, s.status,
    s.seats, s.current_period_end as "currentPeriodEnd", s.cancel_at_period_end as "cancelAtPeriodEnd",
    s.trial_end as "trialEnd", s.canceled_at as "canceledAt", s.created_at as "createdAt"`;
}

function summary(row: SubscriptionRow): SubscriptionSummary {
  const plan = PLANS[row.plan];
  const { stripeSubscriptionId: _stripe, userId: _user, ...fields } = row;
  return {
    ...fields,
    planName: plan.name,
    audience: plan.audience,
    active: grantsAccess(row.status),
    amountCents: chargeCents(plan, row.interval, row.seats),
  };
}

export type Owner = { kind: "salesperson"; id: number } | { kind: "dealership"; id: number };

function ownerSql(sql: Queryable, owner: Owner) {
  return owner.kind === "salesperson"
    ? sql`s.salesperson_id = ${owner.id}`
    : sql`s.dealership_id = ${owner.id}`;
}

/** The owner's subscription that gives access now, else their newest one (for showing what happened). */
async function currentRow(sql: Queryable, owner: Owner): Promise<SubscriptionRow | null> {
  const [row] = await sql<SubscriptionRow[]>`
    select ${columns(sql)} from subscriptions s
     where ${ownerSql(sql, owner)} and s.stripe_subscription_id is not null
     order by (s.status in ('trialing', 'active', 'past_due')) desc, s.created_at desc
     limit 1`;
  return row ?? null;
}

async function paymentsOf(sql: Queryable, subscriptionId: string): Promise<PaymentRecord[]> {
  return sql<PaymentRecord[]>`
    select id, invoice_number as "invoiceNumber", status, amount_cents as "amountCents", currency,
           period_start as "periodStart", period_end as "periodEnd", paid_at as "paidAt", failed_at as "failedAt"
      from payments where subscription_id = ${subscriptionId}
     order by coalesce(paid_at, failed_at, created_at) desc, id desc
     limit 100`;
}

async function detail(sql: Queryable, row: SubscriptionRow): Promise<SubscriptionDetail> {
  return { ...summary(row), payments: await paymentsOf(sql, row.id) };
}

// A dealership's plan and limit ------------------------------------------------------------------------------

export type DealershipAllowance = {
  planId: PlanId | null;
  planName: string;
  status: string | null;
  /** What the plan charges a month, in cents (0 on the free allowance). */
  monthlyPriceCents: number;
  /** Null: no limit. */
  limit: number | null;
};

/**
 * How many salespeople the dealership may have, from its subscription row that gives access (or the free
 * allowance without one). Called inside the transaction that adds or moves a salesperson.
 */
export async function dealershipAllowance(
  sql: Queryable,
  dealershipId: number,
): Promise<DealershipAllowance> {
  const row = await currentRow(sql, { kind: "dealership", id: dealershipId });
  if (!row || !grantsAccess(row.status)) {
    return {
      planId: null,
      planName: "Free",
      status: null,
      monthlyPriceCents: 0,
      limit: FREE_DEALERSHIP_SALESPERSON_LIMIT,
    };
  }
  const plan = PLANS[row.plan];
  return {
    planId: plan.id,
    planName: plan.name,
    status: row.status,
    monthlyPriceCents: chargeCents(plan, "month", row.seats),
    limit: salespersonLimit(plan, row.seats),
  };
}

async function teamSize(sql: Queryable, dealershipId: number): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from salespeople where dealership_id = ${dealershipId}`;
  return row?.n ?? 0;
}

async function dealershipInfoFor(sql: Queryable, dealershipId: number): Promise<DealershipSubscriptionInfo> {
  const [row, allowance, seatsUsed] = await Promise.all([
    currentRow(sql, { kind: "dealership", id: dealershipId }),
    dealershipAllowance(sql, dealershipId),
    teamSize(sql, dealershipId),
  ]);
  return {
    dealershipId,
    plan: allowance.planId,
    planName: allowance.planName,
    status: row?.status ?? null,
    active: row ? grantsAccess(row.status) : false,
    salespersonLimit: allowance.limit,
    seatsUsed,
    subscription: row ? summary(row) : null,
  };
}

/**
 * Refuses to delete a salesperson or a dealership while one of its subscriptions gives access: deleting would
 * drop our rows while the payment provider keeps the subscription (and its charges) going. Called inside the
 * deleting transaction, after the owner's row is locked.
 */
export async function refuseWhileSubscribed(sql: Queryable, owner: Owner, name: string): Promise<void> {
  const [row] = await sql<Pick<SubscriptionRow, "plan" | "cancelAtPeriodEnd" | "currentPeriodEnd">[]>`
    select s.plan, s.cancel_at_period_end as "cancelAtPeriodEnd", s.current_period_end as "currentPeriodEnd"
      from subscriptions s
     where ${ownerSql(sql, owner)} and s.status in ${sql(ACCESS_STATUSES)}
     order by s.created_at desc limit 1`;
  if (!row) return;
  const plan = PLANS[row.plan].name;
  throw appError(
    "CONFLICT",
    row.cancelAtPeriodEnd && row.currentPeriodEnd
      ? `${name} still has the ${plan} plan until ${longDate(row.currentPeriodEnd)}: it can be deleted once the subscription has ended.`
      : `Cancel the subscription first: ${name} has the ${plan} plan, which is still being charged.`,
    "SUBSCRIPTION_ACTIVE",
  );
}

// Reading ----------------------------------------------------------------------------------------------------

export async function billingOverview(ctx: Caller): Promise<BillingOverview> {
  const { salespersonId, managedDealershipId } = ctx.user;
  const salesperson =
    salespersonId === null ? null : await currentRow(ctx.sql, { kind: "salesperson", id: salespersonId });
  const dealershipRow =
    managedDealershipId === null
      ? null
      : await currentRow(ctx.sql, { kind: "dealership", id: managedDealershipId });
  return {
    payments: paymentsConfig(ctx),
    salesperson:
      salespersonId === null ? null : { current: salesperson ? await detail(ctx.sql, salesperson) : null },
    dealership:
      managedDealershipId === null
        ? null
        : {
            ...(await dealershipInfoFor(ctx.sql, managedDealershipId)),
            current: dealershipRow ? await detail(ctx.sql, dealershipRow) : null,
          },
  };
}

async function ownedRow(sql: Queryable, caller: SessionUser, id: string, lock = false) {
  const [row] = await sql<SubscriptionRow[]>`
    select ${columns(sql)} from subscriptions s
     where s.id = ${id} and ${subscriptionSql(sql, caller, "s")}
     ${lock ? sql`for update` : sql``}`;
  if (!row) throw appError("NOT_FOUND", "Subscription not found", "SUBSCRIPTION_NOT_FOUND");
  return row;
}

export async function subscriptionById(ctx: Caller, id: string): Promise<SubscriptionDetail> {
  return detail(ctx.sql, await ownedRow(ctx.sql, ctx.user, id));
}

export async function dealershipInfo(ctx: Caller, dealershipId: number): Promise<DealershipSubscriptionInfo> {
  const scope = await dealershipScope(ctx.sql, ctx.user, dealershipId);
  if (scope.kind === "platform") throw new Error("a named dealership resolves to itself");
  return dealershipInfoFor(ctx.sql, scope.dealershipId);
}

// Stripe prices ----------------------------------------------------------------------------------------------

const priceCache = new WeakMap<Stripe, Map<string, string>>();

/**
 * The Stripe price for a plan and interval, found by a lookup key that names the amount, so changing an
 * amount in the catalogue makes (and uses) a new price; existing subscriptions keep theirs until changed.
 */
async function priceId(stripe: Stripe, plan: Plan, interval: BillingInterval): Promise<string> {
  const unitAmount = chargeCents(plan, interval, plan.minQuantity) / plan.minQuantity;
  const key = `kb_${plan.id}_${interval}_${unitAmount}`;
  const cache = priceCache.get(stripe) ?? new Map<string, string>();
  priceCache.set(stripe, cache);
  const cached = cache.get(key);
  if (cached) return cached;
  const found = await stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 });
  const price =
    found.data[0] ??
    (await stripe.prices.create(
      {
        currency: "usd",
        unit_amount: unitAmount,
        recurring: { interval },
        lookup_key: key,
        product_data: { name: plan.name },
        metadata: { plan: plan.id },
      },
      { idempotencyKey: `price-${key}` },
    ));
  cache.set(key, price.id);
  return price.id;
}

// Checkout ---------------------------------------------------------------------------------------------------

function ownerFor(ctx: Caller, plan: Plan): Owner {
  if (plan.audience === "salesperson") {
    if (ctx.user.salespersonId === null)
      throw appError(
        "FORBIDDEN",
        "Salesperson plans are for salespeople: sign in with your salesperson account to subscribe.",
      );
    return { kind: "salesperson", id: ctx.user.salespersonId };
  }
  if (ctx.user.managedDealershipId === null)
    throw appError("FORBIDDEN", "Dealership plans are bought by the dealership's manager.");
  return { kind: "dealership", id: ctx.user.managedDealershipId };
}

function quantityFor(plan: Plan, seats: number | undefined, team: number): number {
  if (plan.unit !== "seat") return 1;
  return Math.max(seats ?? team, plan.minQuantity);
}

/** The period end of a subscription (on its items since Stripe's 2025 API versions). */
function periodEnd(subscription: Stripe.Subscription): number | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter(Boolean);
  return ends.length > 0 ? Math.min(...ends) : null;
}

const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The Stripe customer paying for this user's plans, made once: called outside any transaction, so concurrent
 * checkouts may both ask Stripe, and the idempotency key makes them get the same customer.
 */
async function customerFor(sql: Queryable, stripe: Stripe, user: SessionUser): Promise<string> {
  const stored = () =>
    sql<{ id: string }[]>`select stripe_customer_id as id from stripe_customers where user_id = ${user.id}`;
  const [existing] = await stored();
  if (existing) return existing.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripe.customers.create(
    { email: user.email, name, metadata: { userId: user.id } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await sql`insert into stripe_customers (user_id, stripe_customer_id) values (${user.id}, ${customer.id})
            on conflict (user_id) do nothing`;
  const [kept] = await stored();
  return kept?.id ?? customer.id;
}

type Expanded = Stripe.Subscription & {
  latest_invoice:
    | (Stripe.Invoice & { confirmation_secret?: Stripe.Invoice.ConfirmationSecret | null })
    | string
    | null;
  pending_setup_intent: Stripe.SetupIntent | string | null;
};

const EXPAND = ["latest_invoice.confirmation_secret", "pending_setup_intent"];

function secretOf(subscription: Expanded): Pick<CheckoutStart, "intent" | "clientSecret"> {
  const setup = subscription.pending_setup_intent;
  if (setup && typeof setup !== "string" && setup.client_secret)
    return { intent: "setup", clientSecret: setup.client_secret };
  const invoice = subscription.latest_invoice;
  if (invoice && typeof invoice !== "string" && invoice.status === "open" && invoice.confirmation_secret)
    return { intent: "payment", clientSecret: invoice.confirmation_secret.client_secret };
  return { intent: "none", clientSecret: null };
}

/** Writes Stripe's state of a subscription onto our row (the row named in its metadata). */
async function writeState(tx: Queryable, localId: string, subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  // The price says which plan is in force: a plan change waiting for its payment leaves the items (and so the
  // plan) as they were until Stripe applies it.
  const pricePlan = item?.price?.metadata?.plan;
  const metadataPlan = subscription.metadata?.plan;
  const plan =
    pricePlan && isPlanId(pricePlan)
      ? pricePlan
      : metadataPlan && isPlanId(metadataPlan)
        ? metadataPlan
        : null;
  const interval = item?.price?.recurring?.interval;
  await tx`
    update subscriptions set
      stripe_subscription_id = ${subscription.id},
      status = ${subscription.status},
      plan = coalesce(${plan}, plan),
      interval = coalesce(${interval === "month" || interval === "year" ? interval : null}, interval),
      seats = ${Math.max(item?.quantity ?? 1, 1)},
      current_period_end = ${toDate(periodEnd(subscription))},
      cancel_at_period_end = ${subscription.cancel_at_period_end},
      trial_end = ${toDate(subscription.trial_end)},
      canceled_at = ${toDate(subscription.canceled_at)},
      updated_at = now()
    where id = ${localId}`;
}

/**
 * POST /api/create-subscription: the caller's Stripe customer (made once, even for concurrent calls) and an
 * incomplete subscription whose first invoice the browser pays. Calling again while that one waits for payment
 * answers it again instead of making another.
 *
 * No transaction waits on Stripe: a short one reserves our row (under the user's billing lock), Stripe is
 * called with an idempotency key named after that row, and another short one writes the answer (settle).
 * A concurrent or repeated checkout finds the reserved row and asks Stripe with the same key, so it gets the
 * same subscription.
 */
export async function createSubscription(
  ctx: Caller,
  input: z.infer<typeof createSubscriptionInput>,
): Promise<CheckoutStart> {
  const plan = PLANS[input.planType];
  if (input.entityType && input.entityType !== plan.audience)
    throw appError("BAD_REQUEST", `${plan.name} is a ${plan.audience} plan, not a ${input.entityType} plan`);
  if (input.userId && input.userId !== ctx.user.id)
    throw appError("FORBIDDEN", "You can only subscribe for your own account");
  const owner = ownerFor(ctx, plan);
  const { stripe } = requirePayments(ctx);
  const answer = (localId: string, seats: number, subscription: Expanded): CheckoutStart => ({
    subscriptionId: localId,
    ...secretOf(subscription),
    status: subscription.status,
    plan: plan.id,
    interval: input.interval,
    seats,
    amountCents: chargeCents(plan, input.interval, seats),
    trialEnd: toDate(subscription.trial_end),
  });

  // A waiting subscription that turns out not to wait any more (paid, expired) is looked at once, then skipped.
  const skip: string[] = [];
  for (;;) {
    const reserved = await reserveCheckout(ctx, owner, plan, input, skip);
    const { localId, stripeId, seats } = reserved;
    if (stripeId) {
      const seen = await rowVersion(ctx.sql, stripeId);
      const again = (await callStripe(() =>
        stripe.subscriptions.retrieve(stripeId, { expand: EXPAND }),
      )) as Expanded;
      const current = await settle(ctx.sql, stripe, stripeId, seen, again, EXPAND, async (tx, sub) => {
        await writeState(tx, localId, sub);
        return sub;
      });
      if (
        (current.status === "incomplete" || current.status === "trialing") &&
        secretOf(current).clientSecret
      )
        return answer(localId, seats, current);
      skip.push(localId);
      continue;
    }

    let created: Expanded;
    try {
      created = await createAtStripe(ctx, stripe, owner, plan, input.interval, localId, seats);
    } catch (error) {
      // Nothing was made at Stripe: the reservation goes (unless a concurrent call has linked it meanwhile).
      if (reserved.fresh)
        await ctx.sql`delete from subscriptions where id = ${localId} and stripe_subscription_id is null`;
      throw error;
    }
    const written = await settle(ctx.sql, stripe, created.id, null, created, EXPAND, async (tx, sub) => {
      await writeState(tx, localId, sub);
      if (reserved.fresh && owner.kind === "dealership") {
        await recordAudit(ctx, tx, {
          action: "subscription.create",
          entityType: "subscription",
          entityId: localId,
          dealershipId: owner.id,
          after: { plan: plan.id, interval: input.interval, seats, status: sub.status },
        });
      }
      return sub;
    });
    return answer(localId, seats, written);
  }
}

type Reservation = { localId: string; stripeId: string | null; seats: number; fresh: boolean };

/**
 * Under the user's billing lock: the subscription this checkout continues (one waiting for its payment, or
 * reserved by a call still talking to Stripe), else a new reserved row, after refusing a second plan.
 */
async function reserveCheckout(
  ctx: Caller,
  owner: Owner,
  plan: Plan,
  input: z.infer<typeof createSubscriptionInput>,
  skip: string[],
): Promise<Reservation> {
  return ctx.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`billing:${ctx.user.id}`}, 0))`;
    const team = owner.kind === "dealership" ? await teamSize(tx, owner.id) : 0;
    const seats = quantityFor(plan, input.seats, team);
    if (plan.allowance?.kind === "seats" && seats < team)
      throw appError(
        "BAD_REQUEST",
        `Your team has ${team} salespeople: buy at least ${team} seats, or remove salespeople first.`,
      );

    // The same checkout asked again (a double click, a reload): answer the subscription still waiting for its
    // payment (or, in a trial, for its card) before refusing a second plan.
    const [waiting] = await tx<{ id: string; stripeId: string | null }[]>`
      select s.id, s.stripe_subscription_id as "stripeId" from subscriptions s
       where ${ownerSql(tx, owner)} and s.user_id = ${ctx.user.id} and s.plan = ${plan.id}
         and s.interval = ${input.interval} and s.seats = ${seats} and s.status in ('incomplete', 'trialing')
         and s.created_at > now() - interval '23 hours' and not (s.id = any(${skip}::uuid[]))
       order by s.created_at desc limit 1`;
    if (waiting) return { localId: waiting.id, stripeId: waiting.stripeId, seats, fresh: false };

    const current = await currentRow(tx, owner);
    if (current && grantsAccess(current.status)) {
      throw appError(
        "CONFLICT",
        `You already have the ${PLANS[current.plan].name} plan. Change or cancel it from your subscription page.`,
        "ALREADY_SUBSCRIBED",
      );
    }
    const [row] = await tx<{ id: string }[]>`
      insert into subscriptions (user_id, salesperson_id, dealership_id, plan, interval, status, seats)
      values (${ctx.user.id}, ${owner.kind === "salesperson" ? owner.id : null},
              ${owner.kind === "dealership" ? owner.id : null}, ${plan.id}, ${input.interval}, 'incomplete', ${seats})
      returning id`;
    return { localId: row!.id, stripeId: null, seats, fresh: true };
  });
}

/** The Stripe subscription of a reserved row; the same row always asks with the same key and parameters. */
async function createAtStripe(
  ctx: Caller,
  stripe: Stripe,
  owner: Owner,
  plan: Plan,
  interval: BillingInterval,
  localId: string,
  seats: number,
): Promise<Expanded> {
  const [{ n: earlier } = { n: 0 }] = await ctx.sql<{ n: number }[]>`
    select count(*)::int as n from subscriptions s
     where ${ownerSql(ctx.sql, owner)} and s.id <> ${localId}
       and s.status not in ('incomplete', 'incomplete_expired')`;
  const trial = earlier === 0;
  return (await callStripe(async () => {
    const customer = await customerFor(ctx.sql, stripe, ctx.user);
    const price = await priceId(stripe, plan, interval);
    return stripe.subscriptions.create(
      {
        customer,
        items: [{ price, quantity: seats }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        expand: EXPAND,
        metadata: {
          subscriptionId: localId,
          plan: plan.id,
          ownerType: owner.kind,
          ownerId: String(owner.id),
          userId: ctx.user.id,
        },
        ...(trial
          ? {
              trial_period_days: FREE_TRIAL_DAYS,
              trial_settings: { end_behavior: { missing_payment_method: "cancel" as const } },
            }
          : {}),
      },
      { idempotencyKey: `subscription-${localId}` },
    );
  })) as Expanded;
}

/**
 * What happened at checkout, for the return page: Stripe's payment (or setup) intent, which must belong to
 * the caller's customer, and our row, which only webhooks switch on. Never a success that did not happen.
 */
export async function checkoutOutcome(
  ctx: Caller,
  input: z.infer<typeof checkoutStatusInput>,
): Promise<CheckoutOutcome> {
  const row = input.subscription ? await ownedRow(ctx.sql, ctx.user, input.subscription) : null;
  const current = row ? summary(row) : null;
  const intentId = input.payment_intent ?? input.setup_intent;
  if (!row && !intentId) return { state: "none", message: "No payment was made.", subscription: null };

  let intentStatus: string | null = null;
  let intentError: string | null = null;
  if (intentId) {
    const { stripe } = requirePayments(ctx);
    const [customer] = await ctx.sql<{ id: string }[]>`
      select stripe_customer_id as id from stripe_customers where user_id = ${ctx.user.id}`;
    const intent = await callStripe<Stripe.PaymentIntent | Stripe.SetupIntent>(() =>
      input.payment_intent
        ? stripe.paymentIntents.retrieve(input.payment_intent)
        : stripe.setupIntents.retrieve(input.setup_intent!),
    );
    const owner = typeof intent.customer === "string" ? intent.customer : intent.customer?.id;
    if (!customer || owner !== customer.id)
      throw appError("NOT_FOUND", "Payment not found", "PAYMENT_NOT_FOUND");
    intentStatus = intent.status;
    intentError =
      (intent.object === "payment_intent"
        ? intent.last_payment_error?.message
        : intent.last_setup_error?.message) ?? null;
  }

  if (current?.active) {
    return {
      state: "confirmed",
      message:
        current.status === "trialing" && current.trialEnd
          ? `Your free trial of ${current.planName} is on until ${longDate(current.trialEnd)}.`
          : `You are now subscribed to ${current.planName}.`,
      subscription: current,
    };
  }
  if (intentStatus === "succeeded" || intentStatus === "processing") {
    return {
      state: "processing",
      message:
        intentStatus === "succeeded"
          ? "Your payment went through. Your plan switches on as soon as the payment provider confirms it."
          : "Your payment is being processed. Your plan switches on once it completes.",
      subscription: current,
    };
  }
  if (intentStatus === "requires_payment_method" && !intentError) {
    return { state: "none", message: "No payment was made. Nothing was charged.", subscription: current };
  }
  if (intentStatus) {
    return {
      state: "failed",
      message: intentError ?? "The payment was not completed. Nothing was charged; please try again.",
      subscription: current,
    };
  }
  if (current && (current.status === "incomplete" || current.status === "incomplete_expired")) {
    return { state: "none", message: "Nothing was paid for this subscription yet.", subscription: current };
  }
  return {
    state: "failed",
    message: `This subscription is ${current?.status.replaceAll("_", " ") ?? "unknown"}.`,
    subscription: current,
  };
}

// Changes ----------------------------------------------------------------------------------------------------

/** Serialises every write of one Stripe subscription (webhooks and our calls), so the last read wins. */
export async function lockStripeSubscription(tx: Queryable, stripeId: string) {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`stripe-sub:${stripeId}`}, 0))`;
}

/** The row's version (xmin changes with every write), found by its Stripe id; null before it is linked. */
async function rowVersion(sql: Queryable, stripeId: string): Promise<string | null> {
  const [row] = await sql<{ version: string }[]>`
    select xmin::text as version from subscriptions where stripe_subscription_id = ${stripeId}`;
  return row?.version ?? null;
}

const SETTLE_ATTEMPTS = 4;

/**
 * Writes what Stripe answered under the subscription's lock, in a transaction that never waits on Stripe.
 * The answer was read (or made) after `seen` was taken: if the row changed since, a concurrent write may be of
 * a later state, so Stripe is read again and the write tried again. The last write is thus always of a read
 * that began after every earlier write, whatever order webhooks and our own calls arrive in.
 */
export async function settle<S extends Stripe.Subscription, T>(
  sql: Sql,
  stripe: Stripe,
  stripeId: string,
  seen: string | null,
  answer: S,
  expand: string[],
  write: (tx: Queryable, subscription: S) => Promise<T>,
): Promise<T> {
  let version = seen;
  let subscription = answer;
  for (let attempt = 1; ; attempt++) {
    const outcome = await sql.begin(async (tx) => {
      await lockStripeSubscription(tx, stripeId);
      if ((await rowVersion(tx, stripeId)) !== version) return null;
      return { value: await write(tx, subscription) };
    });
    if (outcome) return outcome.value;
    if (attempt >= SETTLE_ATTEMPTS)
      throw appError(
        "CONFLICT",
        "This subscription is changing at the payment provider right now. Please try again in a moment.",
        "SUBSCRIPTION_BUSY",
      );
    version = await rowVersion(sql, stripeId);
    subscription = (await callStripe(() =>
      stripe.subscriptions.retrieve(stripeId, { expand }),
    )) as unknown as S;
  }
}

/** Reads a subscription from Stripe, then writes it under its lock (see settle). */
export async function readSubscription<T>(
  sql: Sql,
  stripe: Stripe,
  stripeId: string,
  write: (tx: Queryable, subscription: Stripe.Subscription) => Promise<T>,
): Promise<T> {
  const seen = await rowVersion(sql, stripeId);
  const subscription = await callStripe(() => stripe.subscriptions.retrieve(stripeId));
  return settle(sql, stripe, stripeId, seen, subscription, [], write);
}

async function changeSubscription(
  ctx: Caller,
  id: string,
  action: "subscription.cancel" | "subscription.resume" | "subscription.change_plan",
  params: (row: SubscriptionRow, stripe: Stripe) => Promise<Stripe.SubscriptionUpdateParams>,
): Promise<SubscriptionDetail> {
  const { stripe } = requirePayments(ctx);
  const row = await ownedRow(ctx.sql, ctx.user, id);
  const stripeId = row.stripeSubscriptionId;
  if (!stripeId || !grantsAccess(row.status))
    throw appError("CONFLICT", "Only an active subscription can be changed", "SUBSCRIPTION_NOT_ACTIVE");
  const seen = await rowVersion(ctx.sql, stripeId);
  const update = await params(row, stripe);
  const updated = await callStripe(() =>
    stripe.subscriptions.update(stripeId, update, {
      idempotencyKey: `${action}-${row.id}-${randomUUID()}`,
    }),
  );
  return settle(ctx.sql, stripe, stripeId, seen, updated, [], async (tx, subscription) => {
    await writeState(tx, row.id, subscription);
    const [after] = await tx<
      SubscriptionRow[]
    >`select ${columns(tx)} from subscriptions s where s.id = ${row.id}`;
    await recordAudit(ctx, tx, {
      action,
      entityType: "subscription",
      entityId: row.id,
      dealershipId: row.dealershipId,
      before: { plan: row.plan, seats: row.seats, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
      after: { plan: after!.plan, seats: after!.seats, cancelAtPeriodEnd: after!.cancelAtPeriodEnd },
    });
    return detail(tx, after!);
  });
}

/** Cancel at the end of the period already paid: the plan stays on until then. */
export function cancelSubscription(ctx: Caller, id: string) {
  return changeSubscription(ctx, id, "subscription.cancel", async () => ({ cancel_at_period_end: true }));
}

export function resumeSubscription(ctx: Caller, id: string) {
  return changeSubscription(ctx, id, "subscription.resume", async (row) => {
    if (!row.cancelAtPeriodEnd)
      throw appError("CONFLICT", "This subscription is not set to cancel", "NOT_CANCELLING");
    return { cancel_at_period_end: false };
  });
}

/**
 * Another plan of the same audience. The difference is invoiced at once and the new plan takes effect only
 * when that invoice is paid (Stripe keeps the change pending until then); the row follows from the webhook.
 */
export function changePlan(ctx: Caller, input: z.infer<typeof changePlanInput>) {
  return changeSubscription(ctx, input.id, "subscription.change_plan", async (row, stripe) => {
    const plan = PLANS[input.planType];
    const from = PLANS[row.plan];
    if (plan.audience !== from.audience)
      throw appError("BAD_REQUEST", `Choose another ${from.audience} plan`, "WRONG_AUDIENCE");
    const team = row.dealershipId === null ? 0 : await teamSize(ctx.sql, row.dealershipId);
    const seats = quantityFor(plan, input.seats, team);
    const limit = salespersonLimit(plan, seats);
    if (plan.audience === "dealership" && limit !== null && team > limit)
      throw appError(
        "CONFLICT",
        `Your team has ${team} salespeople; ${plan.name} allows ${limit}. Remove salespeople first.`,
        "PLAN_TOO_SMALL",
      );
    if (plan.id === row.plan && seats === row.seats)
      throw appError("BAD_REQUEST", "You are already on this plan", "SAME_PLAN");
    const current = await callStripe(() => stripe.subscriptions.retrieve(row.stripeSubscriptionId!));
    const item = current.items.data[0];
    if (!item) throw appError("CONFLICT", "This subscription has no plan item to change");
    const price = await callStripe(() => priceId(stripe, plan, row.interval));
    // A pending change takes only its items: a plan set to end is resumed first, as changing it means keeping it.
    if (current.cancel_at_period_end)
      await callStripe(() =>
        stripe.subscriptions.update(
          current.id,
          { cancel_at_period_end: false },
          { idempotencyKey: `subscription.resume-${row.id}-${randomUUID()}` },
        ),
      );
    return {
      items: [{ id: item.id, price, quantity: seats }],
      proration_behavior: "always_invoice",
      payment_behavior: "pending_if_incomplete",
    };
  });
}

// Webhooks ---------------------------------------------------------------------------------------------------

/**
 * Writes a subscription read from Stripe onto our row (made from its metadata if missing); null when it is not
 * one of ours. The caller holds the subscription's lock.
 */
export async function recordSubscription(
  tx: Queryable,
  subscription: Stripe.Subscription,
): Promise<string | null> {
  const stripeId = subscription.id;
  const meta = subscription.metadata ?? {};
  const [known] = await tx<{ id: string }[]>`
    select id from subscriptions where stripe_subscription_id = ${stripeId}`;
  let localId = known?.id ?? null;
  if (!localId) {
    const plan = meta.plan && isPlanId(meta.plan) ? meta.plan : null;
    const ownerId = Number(meta.ownerId);
    const uuid = /^[0-9a-f-]{36}$/i.test(meta.subscriptionId ?? "") ? meta.subscriptionId! : null;
    if (
      !plan ||
      !uuid ||
      !Number.isInteger(ownerId) ||
      (meta.ownerType !== "salesperson" && meta.ownerType !== "dealership")
    )
      return null; // Not one of ours.
    const interval = subscription.items.data[0]?.price?.recurring?.interval === "year" ? "year" : "month";
    // A row a checkout reserved is kept (on conflict); one that is missing is made from the metadata.
    await tx`
      insert into subscriptions (id, user_id, salesperson_id, dealership_id, plan, interval, status, seats)
      select ${uuid}, (select id from users where id = ${meta.userId ?? null}::uuid),
             ${meta.ownerType === "salesperson" ? ownerId : null}, ${meta.ownerType === "dealership" ? ownerId : null},
             ${plan}, ${interval}, ${subscription.status}, 1
       where exists (select 1 from ${tx(meta.ownerType === "salesperson" ? "salespeople" : "dealerships")} where id = ${ownerId})
      on conflict (id) do nothing`;
    const [row] = await tx<{ id: string }[]>`select id from subscriptions where id = ${uuid}`;
    if (!row) return null;
    localId = row.id;
  }
  await tx`select 1 from subscriptions where id = ${localId} for update`;
  await writeState(tx, localId, subscription);
  return localId;
}

/** The Stripe subscription an invoice belongs to, if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  return (typeof parent === "string" ? parent : parent?.id) ?? null;
}

/** Records an invoice read from Stripe as a payment row (paid, or failed until it is paid). */
export async function recordInvoice(
  tx: Queryable,
  invoice: Stripe.Invoice,
  localId: string,
  failed: boolean,
) {
  const line = invoice.lines?.data?.[0]?.period;
  const common = {
    stripe_invoice_id: invoice.id!,
    subscription_id: localId,
    currency: invoice.currency,
    invoice_number: invoice.number ?? null,
    period_start: toDate(line?.start ?? invoice.period_start),
    period_end: toDate(line?.end ?? invoice.period_end),
  };
  if (invoice.status === "paid") {
    await tx`
      insert into payments ${tx({
        ...common,
        status: "paid",
        amount_cents: invoice.amount_paid,
        paid_at: toDate(invoice.status_transitions?.paid_at) ?? new Date(),
      })}
      on conflict (stripe_invoice_id) do update set
        status = 'paid', amount_cents = excluded.amount_cents, paid_at = excluded.paid_at,
        invoice_number = excluded.invoice_number`;
  } else if (failed) {
    await tx`
      insert into payments ${tx({ ...common, status: "failed", amount_cents: invoice.amount_due, failed_at: new Date() })}
      on conflict (stripe_invoice_id) do update set failed_at = excluded.failed_at
        where payments.status = 'failed'`;
  }
}
