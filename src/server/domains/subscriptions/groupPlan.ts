// A dealer group's one subscription (docs/product/subscriptions.md#dealer-groups): what quantity it buys, and
// keeping Dealer Enterprise's quantity at the group's number of dealerships as dealerships join and leave it.
import { PLANS, type Plan } from "../../../shared/plans";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { type JobQueue, QUEUES } from "../../jobs/queue";
import type { AppDeps } from "../../serviceContext";
import { rowVersion, settle } from "./changes";
import { quantityFor } from "./checkout";
import { callStripe, grantsAccess, requirePayments } from "./provider";
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
  if (plan.unit === "dealership") {
    if (group.dealerships === 0)
      throw appError(
        "BAD_REQUEST",
        "Your group has no dealerships yet: there is nothing for its plan to cover.",
      );
    return group.dealerships;
  }
  if (plan.unit !== "seat" || plan.audience !== "dealership")
    throw appError(
      "BAD_REQUEST",
      `${plan.name} is for one dealership: a dealer group buys ${PLANS["dealer-professional"].name} or ${PLANS["dealer-enterprise"].name}.`,
      "GROUP_PLAN_ONLY",
    );
  const quantity = quantityFor(plan, seats, group.salespeople);
  if (quantity < group.salespeople)
    throw appError(
      "BAD_REQUEST",
      `Your group's dealerships have ${group.salespeople} salespeople together: buy at least ${group.salespeople} seats, or remove salespeople first.`,
    );
  return quantity;
}

/**
 * Queues the sync of the group's Dealer Enterprise quantity (syncGroupQuantity) inside `tx`, the transaction that
 * adds a dealership to the group or takes one out of it: the job exists exactly when that change commits, and runs
 * after it, so it counts the dealerships as they are then. Call it after changing `dealerships.group_id`, for each
 * group whose dealerships changed (the one left and the one joined). Harmless for a group without such a plan.
 */
export async function queueGroupQuantitySync(
  deps: { jobs: JobQueue },
  tx: Queryable,
  groupId: number,
): Promise<void> {
  await deps.jobs.send(QUEUES.groupQuantitySync, { groupId }, { within: tx });
}

/**
 * Makes the quantity of the group's Dealer Enterprise subscription at the payment provider its number of
 * dealerships now (prorated from now), then writes the provider's answer onto our row (settle). Answers the
 * quantity in force, or null when the group has no Enterprise subscription that gives access. Safe to run
 * again: the update's idempotency key names the row's version and the quantity, so a retry after a lost answer
 * asks the same question, and a quantity already right asks nothing. A group without dealerships keeps the plan's
 * minimum quantity until its owners cancel.
 */
export async function syncGroupQuantity(
  deps: Pick<AppDeps, "sql" | "payments">,
  groupId: number,
): Promise<number | null> {
  const row = await currentRow(deps.sql, { kind: "group", id: groupId });
  const stripeId = row?.stripeSubscriptionId;
  if (!row || !stripeId || !grantsAccess(row.status) || PLANS[row.plan].unit !== "dealership") return null;
  const { stripe } = requirePayments(deps);
  const { dealerships } = await groupFigures(deps.sql, groupId);
  const quantity = Math.max(dealerships, PLANS[row.plan].minQuantity);
  const seen = await rowVersion(deps.sql, stripeId);
  const current = await callStripe(() => stripe.subscriptions.retrieve(stripeId));
  const item = current.items.data[0];
  if (!item) throw new Error(`subscription ${stripeId} has no item to count dealerships on`);
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
    await writeState(tx, row.id, subscription);
    return subscription.items.data[0]?.quantity ?? quantity;
  });
}
