// Administrators run dealer groups (docs/product/dealer-groups.md#administrators): they create, rename and delete
// groups, say which dealerships each holds (holdings.ts) and invite each group's first owner. Every change is
// audited in its own transaction.
import type { AdminGroup } from "../../../shared/schemas/groupPeople";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Context } from "../../serviceContext";
import { ACCESS_STATUSES } from "../subscriptions/provider";
import { addGroupDealership, lockGroup, removeGroupDealership } from "./holdings";
import { groupPeople, leftGroup, sendGroupInvitation } from "./members";

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === "23505";

function nameTaken() {
  return appError("CONFLICT", "Another dealer group already has this name.", "GROUP_NAME_TAKEN");
}

/** Every group with its dealerships, people and open invitations, by name. */
export async function listGroups(ctx: Context): Promise<AdminGroup[]> {
  const groups = await ctx.sql<Omit<AdminGroup, "members" | "invitations">[]>`
    select g.id, g.name, g.created_at as "createdAt",
           coalesce((select json_agg(json_build_object('id', d.id, 'name', d.name, 'city', d.city, 'state', d.state)
                                     order by d.name, d.id)
                       from dealerships d where d.group_id = g.id), '[]'::json) as dealerships,
           (select s.status from subscriptions s where s.group_id = g.id
             order by s.created_at desc limit 1) as "subscriptionStatus"
      from dealer_groups g
     order by lower(g.name), g.id`;
  return Promise.all(groups.map(async (g) => ({ ...g, ...(await groupPeople(ctx.sql, g.id)) })));
}

async function oneGroup(ctx: Context, id: number): Promise<AdminGroup> {
  const found = (await listGroups(ctx)).find((g) => g.id === id);
  if (!found) throw appError("NOT_FOUND", "Dealer group not found", "GROUP_NOT_FOUND");
  return found;
}

export async function createGroup(ctx: Context, { name }: { name: string }): Promise<AdminGroup> {
  const id = await ctx.sql
    .begin(async (tx) => {
      const [row] = await tx<{ id: number }[]>`
        insert into dealer_groups (name, created_by) values (${name.trim()}, ${ctx.user?.id ?? null}) returning id`;
      await recordAudit(ctx, tx, { action: "group.create", entityId: row!.id, after: { name: name.trim() } });
      return row!.id;
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return oneGroup(ctx, id);
}

export async function renameGroup(ctx: Context, input: { id: number; name: string }): Promise<AdminGroup> {
  await ctx.sql
    .begin(async (tx) => {
      const group = await lockGroup(tx, input.id);
      await tx`update dealer_groups set name = ${input.name.trim()}, updated_at = now() where id = ${input.id}`;
      await recordAudit(ctx, tx, {
        action: "group.rename",
        entityId: input.id,
        before: { name: group.name },
        after: { name: input.name.trim() },
      });
    })
    .catch((error) => {
      throw isUniqueViolation(error) ? nameTaken() : error;
    });
  return oneGroup(ctx, input.id);
}

/**
 * Deletes a group: its dealerships stay, outside any group; its people lose the group (and their sessions stop
 * working on its dealerships). Refused while the group has a subscription that grants access.
 */
export async function deleteGroup(
  ctx: Context,
  { id }: { id: number },
): Promise<{ id: number; deleted: true }> {
  await ctx.sql.begin(async (tx) => {
    const group = await lockGroup(tx, id);
    const [subscribed] = await tx`
      select 1 as found from subscriptions where group_id = ${id} and status in ${tx(ACCESS_STATUSES)} limit 1`;
    if (subscribed)
      throw appError(
        "CONFLICT",
        `${group.name} has a subscription that still grants access: cancel it first, then delete the group.`,
        "SUBSCRIPTION_ACTIVE",
      );
    const held = await tx<{ id: number }[]>`select id from dealerships where group_id = ${id} order by id`;
    for (const d of held) await removeGroupDealership(ctx, tx, id, d.id);
    const people = await tx<{ user_id: string; role: string }[]>`
      delete from dealer_group_members where group_id = ${id} returning user_id, role`;
    await leftGroup(
      tx,
      people.map((p) => p.user_id),
    );
    await tx`delete from dealer_groups where id = ${id}`;
    await recordAudit(ctx, tx, {
      action: "group.delete",
      entityId: id,
      before: { name: group.name, dealerships: held.map((d) => d.id), people: people.map((p) => p.user_id) },
    });
  });
  return { id, deleted: true };
}

export async function addDealershipToGroup(ctx: Context, input: { id: number; dealershipId: number }) {
  await ctx.sql.begin((tx) => addGroupDealership(ctx, tx, input.id, input.dealershipId));
  return { groupId: input.id, dealershipId: input.dealershipId, inGroup: true };
}

export async function removeDealershipFromGroup(ctx: Context, input: { id: number; dealershipId: number }) {
  await ctx.sql.begin((tx) => removeGroupDealership(ctx, tx, input.id, input.dealershipId));
  return { groupId: input.id, dealershipId: input.dealershipId, inGroup: false };
}

/** Invites a group owner by e-mail (the group's first, or another). */
export async function inviteGroupOwner(
  ctx: Context,
  input: { id: number; email: string; name?: string | undefined },
) {
  const id = await ctx.sql.begin((tx) =>
    sendGroupInvitation(ctx, tx, {
      groupId: input.id,
      email: input.email,
      name: input.name,
      role: "group_owner",
    }),
  );
  return { id, email: input.email, groupId: input.id };
}
