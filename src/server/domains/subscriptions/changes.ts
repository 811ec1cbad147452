// Changes to a running subscription (cancel at period end, resume, change plan or seats), serialised per
// Stripe subscription with the webhooks so the last read of Stripe's state wins.

import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import type { z } from "zod";
import { PLANS, salespersonLimit } from "../../../shared/plans";
import type { changePlanInput, SubscriptionDetail } from "../../../shared/schemas/subscriptions";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable, Sql } from "../../db/client";
import type { Authed } from "../../serviceContext";
import { quantityFor } from "./checkout";
import { groupQuantity } from "./groupPlan";
import { callStripe, grantsAccess, priceId, requirePayments } from "./provider";
import {
  columns,
  detail,
  groupFigures,
  ownedRow,
  refuseWhileCovered,
  type SubscriptionRow,
  teamSize,
} from "./reads";
import { writeState } from "./stripeState";

// Changes ----------------------------------------------------------------------------------------------------

/** Serialises every write of one Stripe subscription (webhooks and our calls), so the last read wins. */
export async function lockStripeSubscription(tx: Queryable, stripeId: string) {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`stripe-sub:${stripeId}`}, 0))`;
}

/** The row's version (xmin changes with every write), found by its Stripe id; null before it is linked. */
export async function rowVersion(sql: Queryable, stripeId: string): Promise<string | null> {
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
  ctx: Authed,
  id: string,
  action: "subscription.cancel" | "subscription.resume" | "subscription.change_plan",
  params: (row: SubscriptionRow, stripe: Stripe) => Promise<Stripe.SubscriptionUpdateParams>,
): Promise<SubscriptionDetail> {
  const { stripe } = requirePayments(ctx);
  const row = await ownedRow(ctx.sql, ctx.user, id);
  const stripeId = row.stripeSubscriptionId;
  if (!stripeId || !grantsAccess(row.status))
    throw appError("CONFLICT", "Only an active subscription can be changed", "SUBSCRIPTION_NOT_ACTIVE");
  // Cancelling stays open to a covered dealership's owners; giving its own plan a future is refused.
  if (row.dealershipId !== null && action !== "subscription.cancel")
    await refuseWhileCovered(ctx.sql, row.dealershipId);
  const seen = await rowVersion(ctx.sql, stripeId);
  const update = await params(row, stripe);
  const updated = await callStripe(() =>
    stripe.subscriptions.update(stripeId, update, {
      idempotencyKey: `${action}-${row.id}-${randomUUID()}`,
    }),
  );
  return settle(ctx.sql, stripe, stripeId, seen, updated, [], async (tx, subscription) => {
    await writeState(tx, row.id, subscription, ctx);
    const [after] = await tx<
      SubscriptionRow[]
    >`select ${columns(tx)} from subscriptions s where s.id = ${row.id}`;
    await recordAudit(ctx, tx, {
      action,
      entityId: row.id,
      dealershipId: row.dealershipId,
      before: { plan: row.plan, seats: row.seats, cancelAtPeriodEnd: row.cancelAtPeriodEnd },
      after: { plan: after!.plan, seats: after!.seats, cancelAtPeriodEnd: after!.cancelAtPeriodEnd },
    });
    return detail(tx, after!);
  });
}

/** Cancel at the end of the period already paid: the plan stays on until then. */
export function cancelSubscription(ctx: Authed, { id }: { id: string }) {
  return changeSubscription(ctx, id, "subscription.cancel", async () => ({ cancel_at_period_end: true }));
}

export function resumeSubscription(ctx: Authed, { id }: { id: string }) {
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
export function changePlan(ctx: Authed, input: z.infer<typeof changePlanInput>) {
  return changeSubscription(ctx, input.id, "subscription.change_plan", async (row, stripe) => {
    const plan = PLANS[input.planType];
    const from = PLANS[row.plan];
    if (plan.audience !== from.audience)
      throw appError("BAD_REQUEST", `Choose another ${from.audience} plan`, "WRONG_AUDIENCE");
    // A group's plan counts across the group: Enterprise its dealerships, Professional its salespeople.
    const group = row.groupId === null ? null : await groupFigures(ctx.sql, row.groupId);
    const team = group
      ? group.salespeople
      : row.dealershipId === null
        ? 0
        : await teamSize(ctx.sql, row.dealershipId);
    const seats = group ? groupQuantity(plan, input.seats, group) : quantityFor(plan, input.seats, team);
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
    // A change already invoiced and waiting for its payment (perhaps one whose answer never reached us): another
    // would invoice the difference a second time.
    if (current.pending_update)
      throw appError(
        "CONFLICT",
        "A plan change is already waiting for its payment: your plan changes as soon as that payment goes through. Nothing more was charged.",
        "CHANGE_PENDING",
      );
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
