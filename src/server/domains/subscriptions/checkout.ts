import type Stripe from "stripe";
import type { z } from "zod";
import { type BillingInterval, chargeCents, FREE_TRIAL_DAYS, PLANS, type Plan } from "../../../shared/plans";
import type {
  CheckoutOutcome,
  CheckoutStart,
  checkoutStatusInput,
  createSubscriptionInput,
} from "../../../shared/schemas/subscriptions";
import { billedDealershipId, billedGroupId } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Authed } from "../../serviceContext";
import { rowVersion, settle } from "./changes";
import { groupQuantity } from "./groupPlan";
import {
  CHECKOUT_UNAVAILABLE_MESSAGE,
  callStripe,
  grantsAccess,
  outcomeUnknown,
  priceId,
  requirePayments,
} from "./provider";
import {
  currentRow,
  groupFigures,
  type Owner,
  ownedRow,
  ownerSql,
  refuseWhileCovered,
  summary,
  teamSize,
} from "./reads";
import { customerFor, EXPAND, type Expanded, longDate, secretOf, toDate, writeState } from "./stripeState";

// Checkout ---------------------------------------------------------------------------------------------------

function ownerFor(ctx: Authed, plan: Plan, entityType: string | undefined): Owner {
  if (entityType === "group") {
    const group = billedGroupId(ctx.user);
    if (group === null)
      throw appError(
        "FORBIDDEN",
        "A dealer group's plan is bought by the group's owners.",
        "GROUP_OWNERS_ONLY",
      );
    return { kind: "group", id: group };
  }
  if (plan.audience === "salesperson") {
    if (ctx.user.salespersonId === null)
      throw appError(
        "FORBIDDEN",
        "Salesperson plans are for salespeople: sign in with your salesperson account to subscribe.",
      );
    return { kind: "salesperson", id: ctx.user.salespersonId };
  }
  const owned = billedDealershipId(ctx.user);
  if (owned === null) throw appError("FORBIDDEN", "Dealership plans are bought by the dealership's owner.");
  return { kind: "dealership", id: owned };
}

export function quantityFor(plan: Plan, seats: number | undefined, team: number): number {
  if (plan.unit !== "seat") return 1;
  return Math.max(seats ?? team, plan.minQuantity);
}

/**
 * POST /api/create-subscription: the caller's Stripe customer (made once, even for concurrent calls) and an
 * incomplete subscription whose first invoice the browser pays. Calling again while that one waits for payment
 * answers it again instead of making another.
 *
 * No transaction waits on Stripe: a short one reserves our row (under the user's billing lock), Stripe is
 * called with an idempotency key named after that row, and another short one writes the answer (settle).
 * A concurrent or repeated checkout finds the reserved row and asks Stripe with the same key, so it gets the
 * same subscription. When Stripe did not answer, the reservation stays (Stripe may have made the subscription
 * all the same), so trying again asks with the same key and can never make a second one.
 */
export async function createSubscription(
  ctx: Authed,
  input: z.infer<typeof createSubscriptionInput>,
): Promise<CheckoutStart> {
  const plan = PLANS[input.planType];
  const audience = input.entityType === "group" ? "dealership" : input.entityType;
  if (audience && audience !== plan.audience)
    throw appError("BAD_REQUEST", `${plan.name} is a ${plan.audience} plan, not a ${input.entityType} plan`);
  if (input.userId && input.userId !== ctx.user.id)
    throw appError("FORBIDDEN", "You can only subscribe for your own account");
  const owner = ownerFor(ctx, plan, input.entityType);
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
      const again = (await callStripe(
        () => stripe.subscriptions.retrieve(stripeId, { expand: EXPAND }),
        CHECKOUT_UNAVAILABLE_MESSAGE,
      )) as Expanded;
      const current = await settle(ctx.sql, stripe, stripeId, seen, again, EXPAND, async (tx, sub) => {
        await writeState(tx, localId, sub, ctx);
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
      // Stripe refused: nothing was made there, so the reservation goes (unless a concurrent call has linked it
      // meanwhile). Stripe did not answer: it stays, for the next try's same key (see above).
      if (reserved.fresh && !outcomeUnknown(error))
        await ctx.sql`delete from subscriptions where id = ${localId} and stripe_subscription_id is null`;
      throw error;
    }
    const written = await settle(ctx.sql, stripe, created.id, null, created, EXPAND, async (tx, sub) => {
      await writeState(tx, localId, sub, ctx);
      // Once per subscription, whichever try (or concurrent call) links it: they all hold its lock here.
      const [audited] = await tx`
        select 1 from audit_log
         where entity_type = 'subscription' and entity_id = ${localId} and action = 'subscription.create'`;
      if (!audited && owner.kind !== "salesperson") {
        await recordAudit(ctx, tx, {
          action: "subscription.create",
          entityId: localId,
          dealershipId: owner.kind === "dealership" ? owner.id : null,
          after: {
            plan: plan.id,
            interval: input.interval,
            seats,
            status: sub.status,
            ...(owner.kind === "group" ? { groupId: owner.id } : {}),
          },
        });
      }
      return sub;
    });
    return answer(localId, seats, written);
  }
}

type Reservation = { localId: string; stripeId: string | null; seats: number; fresh: boolean };

/**
 * The quantity a checkout buys, counted here: a dealership's seats cover its team; a dealer group's are counted
 * across its dealerships (groupQuantity). A dealership its group's plan covers buys none of its own.
 */
async function checkoutQuantity(tx: Queryable, owner: Owner, plan: Plan, seats: number | undefined) {
  if (owner.kind === "group") return groupQuantity(plan, seats, await groupFigures(tx, owner.id));
  if (owner.kind === "dealership") await refuseWhileCovered(tx, owner.id);
  const team = owner.kind === "dealership" ? await teamSize(tx, owner.id) : 0;
  const quantity = quantityFor(plan, seats, team);
  if (plan.allowance?.kind === "seats" && quantity < team)
    throw appError(
      "BAD_REQUEST",
      `Your team has ${team} salespeople: buy at least ${team} seats, or remove salespeople first.`,
    );
  return quantity;
}

/**
 * Under the user's billing lock (and the group's, for a group's plan): the subscription this checkout continues
 * (one waiting for its payment, or reserved by a call still talking to Stripe), else a new reserved row, after
 * refusing a second plan.
 */
async function reserveCheckout(
  ctx: Authed,
  owner: Owner,
  plan: Plan,
  input: z.infer<typeof createSubscriptionInput>,
  skip: string[],
): Promise<Reservation> {
  return ctx.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`billing:${ctx.user.id}`}, 0))`;
    if (owner.kind === "group")
      await tx`select pg_advisory_xact_lock(hashtextextended(${`billing-group:${owner.id}`}, 0))`;
    const seats = await checkoutQuantity(tx, owner, plan, input.seats);

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
      insert into subscriptions (user_id, salesperson_id, dealership_id, group_id, plan, interval, status, seats)
      values (${ctx.user.id}, ${owner.kind === "salesperson" ? owner.id : null},
              ${owner.kind === "dealership" ? owner.id : null}, ${owner.kind === "group" ? owner.id : null},
              ${plan.id}, ${input.interval}, 'incomplete', ${seats})
      returning id`;
    return { localId: row!.id, stripeId: null, seats, fresh: true };
  });
}

/** The Stripe subscription of a reserved row; the same row always asks with the same key and parameters. */
async function createAtStripe(
  ctx: Authed,
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
  }, CHECKOUT_UNAVAILABLE_MESSAGE)) as Expanded;
}

/**
 * What happened at checkout, for the return page: Stripe's payment (or setup) intent, which must belong to
 * the caller's customer, and our row, which only webhooks switch on. Never a success that did not happen.
 */
export async function checkoutOutcome(
  ctx: Authed,
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
    // Stripe not answering here answers 503 without promising anything: the payment may have gone through.
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
