// Which dealerships a dealer group holds (dealerships.group_id): every change to that set flows through
// groupDealershipsChanged, in the transaction that makes it.
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { queueGroupPlanSync } from "../subscriptions/groupPlan";

export type GroupDealershipsChange = { dealershipId: number; change: "added" | "removed" };

/**
 * The one place a change to group `groupId`'s set of dealerships flows through, inside the transaction that made it
 * (the group row locked): it records the audit entry, and queues the sync of the group's plan quantity (Dealer
 * Enterprise buys one unit per dealership), which runs once the change has committed.
 */
export async function groupDealershipsChanged(
  ctx: Pick<Context, "user" | "ip" | "jobs">,
  tx: Queryable,
  groupId: number,
  { dealershipId, change }: GroupDealershipsChange,
): Promise<void> {
  const [{ count } = { count: 0 }] = await tx<{ count: number }[]>`
    select count(*)::int as count from dealerships where group_id = ${groupId}`;
  await recordAudit(ctx, tx, {
    action: change === "added" ? "group.dealership_add" : "group.dealership_remove",
    entityId: groupId,
    dealershipId,
    before: {
      groupId: change === "added" ? null : groupId,
      dealerships: count + (change === "added" ? -1 : 1),
    },
    after: { groupId: change === "added" ? groupId : null, dealerships: count },
  });
  await queueGroupPlanSync(ctx, tx, groupId);
}

/** Locks group `groupId`'s row, or answers 404. */
export async function lockGroup(tx: Queryable, groupId: number): Promise<{ id: number; name: string }> {
  const [group] = await tx<{ id: number; name: string }[]>`
    select id, name from dealer_groups where id = ${groupId} for update`;
  if (!group) throw appError("NOT_FOUND", "Dealer group not found", "GROUP_NOT_FOUND");
  return group;
}

/**
 * Puts dealership `dealershipId` in group `groupId`. A dealership belongs to one group at most: one in another
 * group is refused (409) until an administrator takes it out of that group.
 */
export async function addGroupDealership(ctx: Context, tx: Queryable, groupId: number, dealershipId: number) {
  await lockGroup(tx, groupId);
  const [dealership] = await tx<{ group_id: number | null; name: string }[]>`
    select group_id, name from dealerships where id = ${dealershipId} for update`;
  if (!dealership) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  if (dealership.group_id === groupId) return;
  if (dealership.group_id !== null)
    throw appError(
      "CONFLICT",
      `${dealership.name} belongs to another dealer group. Take it out of that group first, then add it here.`,
      "DEALERSHIP_IN_OTHER_GROUP",
    );
  await tx`update dealerships set group_id = ${groupId}, updated_at = now() where id = ${dealershipId}`;
  await groupDealershipsChanged(ctx, tx, groupId, { dealershipId, change: "added" });
}

/**
 * Takes dealership `dealershipId` out of group `groupId`: the group's people no longer reach it, and their sessions
 * working on it stop doing so at once.
 */
export async function removeGroupDealership(
  ctx: Context,
  tx: Queryable,
  groupId: number,
  dealershipId: number,
) {
  await lockGroup(tx, groupId);
  const [removed] = await tx`
    update dealerships set group_id = null, updated_at = now()
     where id = ${dealershipId} and group_id = ${groupId}
    returning id`;
  if (!removed)
    throw appError("NOT_FOUND", "This dealership is not one of the group's.", "DEALERSHIP_NOT_IN_GROUP");
  await tx`
    update sessions x set acting_dealership_id = null
     where x.acting_dealership_id = ${dealershipId}
       and x.user_id in (select m.user_id from dealer_group_members m where m.group_id = ${groupId})`;
  await groupDealershipsChanged(ctx, tx, groupId, { dealershipId, change: "removed" });
}
