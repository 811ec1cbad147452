// A dealer group's one subscription (docs/product/subscriptions.md#dealer-groups): what quantity it buys, keeping
// that quantity at what the group holds as dealerships join and leave it (Enterprise: its dealerships;
// Professional: at least its salespeople), and ending the own plans of the dealerships it covers, so that a
// dealership pays once, through its group.
import { groupMayBuy, PLANS, type Plan } from "../../../shared/plans";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import { type JobQueue, QUEUES } from "../../jobs/queue";
import type { AppDeps } from "../../serviceContext";
import { rowVersion, settle } from "./changes";
import { quantityFor } from "./checkout";
import { ACCESS_STATUSES, callStripe, grantsAccess, requirePayments } from "./provider";
import { currentRow, groupFigures } from "./reads";
import { writeState } from "./stripeState";

/**
 * The quantity a dealer group buys of `plan`, counted by the server: Dealer Enterprise one per dealership of the
 * group, Dealer Professional the seats asked for (at least its minimum), never fewer than the salespeople of all
 * the group's dealerships together. A one-dealership plan is refused.
 */
export function groupQuantity(
  plan: Plan,
  seats: number | undefined,
  group: { dealerships: number; salespeople: number },
): number {
  if (!groupMayBuy(plan))
    throw appError(
      "BAD_REQUEST",
      `${plan.name} is for one dealership: a dealer group buys ${PLANS["dealer-professional"].name} or ${PLANS["dealer-enterprise"].name}.`,
      "GROUP_PLAN_ONLY",
    );
  if (plan.unit === "dealership") {
    if (group.dealerships === 0)
      throw appError(
        "BAD_REQUEST",
        "Your group has no dealerships yet: there is nothing for its plan to cover.",
      );
    return group.dealerships;
  }
  const quantity = quantityFor(plan, seats, group.salespeople);
  if (quantity < group.salespeople)
    throw appError(
      "BAD_REQUEST",
      `Your group's dealerships have ${group.salespeople} salespeople together: buy at least ${group.salespeople} seats, or remove salespeople first.`,
    );
  return quantity;
}

/**
 * Queues the group's plan sync (syncGroupPlan) inside `tx`: the job exists exactly when the change commits, and
 * runs after it, so it reads the group as it is then. Queued by the transaction that adds a dealership to the group
 * or takes one out of it (for each group whose dealerships changed: the one left and the one joined), and by every
 * write of the group's subscription (stripeState.ts, `writeState`). Harmless for a group without a plan.
 */
export async function queueGroupPlanSync(
  deps: { jobs: JobQueue },
  tx: Queryable,
  groupId: number,
): Promise<void> {
  await deps.jobs.send(QUEUES.groupPlanSync, { groupId }, { within: tx });
}

/** The group's plan brought in line with the group: its Enterprise quantity, and the own plans it covers ended. */
export async function syncGroupPlan(deps: Pick<AppDeps, "sql" | "payments">, groupId: number): Promise<void> {
  await syncGroupQuantity(deps, groupId);
  await endCoveredPlans(deps, groupId);
}

/**
 * Makes the quantity of the group's subscription at the payment provider what the group holds now (prorated from
 * now): on Dealer Enterprise its number of dealerships; on Dealer Professional at least its salespeople together,
 * so a dealership that joins with its team is not left over the seats (seats bought beyond that are kept: only
 * the group's owners lower them). Then writes the provider's answer onto our row (settle). Answers the quantity
 * in force, or null when the group has no subscription that gives access. Safe to run again: the update's
 * idempotency key names the row's version and the quantity, so a retry after a lost answer asks the same question,
 * and a quantity already right asks nothing. A group without dealerships keeps the plan's minimum quantity until
 * its owners cancel.
 */
export async function syncGroupQuantity(
  deps: Pick<AppDeps, "sql" | "payments">,
  groupId: number,
): Promise<number | null> {
  const row = await currentRow(deps.sql, { kind: "group", id: groupId });
  const stripeId = row?.stripeSubscriptionId;
  if (!row || !stripeId || !grantsAccess(row.status)) return null;
  const plan = PLANS[row.plan];
  const { stripe } = requirePayments(deps);
  const { dealerships, salespeople } = await groupFigures(deps.sql, groupId);
  const seen = await rowVersion(deps.sql, stripeId);
  const current = await callStripe(() => stripe.subscriptions.retrieve(stripeId));
  const item = current.items.data[0];
  if (!item) throw new Error(`subscription ${stripeId} has no item to count on`);
  const held = plan.unit === "dealership" ? dealerships : Math.max(item.quantity ?? 0, salespeople);
  const quantity = Math.max(held, plan.minQuantity);
  const answer =
    item.quantity === quantity
      ? current
      : await callStripe(() =>
          stripe.subscriptions.update(
            stripeId,
            { items: [{ id: item.id, quantity }], proration_behavior: "create_prorations" },
            { idempotencyKey: `group-quantity-${row.id}-${seen ?? "new"}-${quantity}` },
          ),
        );
  return settle(deps.sql, stripe, stripeId, seen, answer, [], async (tx, subscription) => {
    await writeState(tx, row.id, subscription, null);
    return subscription.items.data[0]?.quantity ?? quantity;
  });
}

/**
 * While the group's subscription gives access, the own subscription of each of its dealerships is set to end at
 * the close of the period already paid (as its owners' "Cancel" does), so that nobody pays twice for one
 * dealership and nothing paid is lost: until then both give access, and afterwards the group's alone. Each change
 * is audited as the system's, on the dealership's trail. Answers the local ids of the subscriptions it set to
 * end; one already ending, or any when the group's plan gives no access, is left as it is, so running it again
 * asks nothing of the payment provider.
 */
export async function endCoveredPlans(
  deps: Pick<AppDeps, "sql" | "payments">,
  groupId: number,
): Promise<string[]> {
  const covering = await currentRow(deps.sql, { kind: "group", id: groupId });
  if (!covering || !grantsAccess(covering.status)) return [];
  const own = await deps.sql<{ id: string; stripeId: string; dealershipId: number; plan: string }[]>`
    select s.id, s.stripe_subscription_id as "stripeId", s.dealership_id as "dealershipId", s.plan
      from subscriptions s
      join dealerships d on d.id = s.dealership_id
     where d.group_id = ${groupId}
       and s.stripe_subscription_id is not null
       and s.status = any(${ACCESS_STATUSES as unknown as string[]})
       and not s.cancel_at_period_end
     order by s.id`;
  if (own.length === 0) return [];
  const { stripe } = requirePayments(deps);
  for (const row of own) {
    const seen = await rowVersion(deps.sql, row.stripeId);
    const updated = await callStripe(() =>
      stripe.subscriptions.update(
        row.stripeId,
        { cancel_at_period_end: true },
        { idempotencyKey: `covered-by-group-${row.id}-${seen ?? "new"}` },
      ),
    );
    await settle(deps.sql, stripe, row.stripeId, seen, updated, [], async (tx, subscription) => {
      await writeState(tx, row.id, subscription, null);
      await recordAudit({ user: null, ip: null }, tx, {
        action: "subscription.cancel",
        entityId: row.id,
        dealershipId: row.dealershipId,
        reason: `Covered by its dealer group's plan (${PLANS[covering.plan].name}) from now on`,
        before: { plan: row.plan, cancelAtPeriodEnd: false },
        after: { plan: row.plan, cancelAtPeriodEnd: subscription.cancel_at_period_end },
      });
    });
  }
  return own.map((row) => row.id);
}
