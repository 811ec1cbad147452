// A dealer group's people (dealer_group_members): who works for the group and in which group role, and the changes
// its leads make (docs/product/dealer-groups.md#people). Group owners give and take every group role; group managers
// add and remove group staff; a group keeps at least one owner. Each change is audited in the transaction that makes
// it, which first locks the group's member rows, so two owners leaving at once cannot both be the last to go.
import { GROUP_ROLE_LABELS, type GroupRole } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type { GroupPeople } from "../../../shared/schemas/groupPeople";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { unansweredInvitationSql } from "../invitations/rules";
import { renewInvitation } from "../invitations/send";
import { notify } from "../notifications/notify";
import { type NewMember, peopleTable } from "../people/peopleTable";
import { refuseGroupRole } from "../people/roleRules";
import type { GroupCtx } from "./group";
import { lockGroup } from "./holdings";

export const GROUP = peopleTable<GroupRole>({
  audit: "group",
  roles: ["group_owner", "group_manager", "group_staff"],
  labels: GROUP_ROLE_LABELS,
  notMember: ["This person does not belong to your dealer group.", "GROUP_MEMBER_NOT_FOUND"],
  lastOwner: [
    "A dealer group keeps at least one owner. Make someone else a group owner first.",
    "LAST_GROUP_OWNER",
  ],
  roleChanged: { body: (role) => `You are now ${role} of your dealer group.`, link: links.group() },
  removed: {
    title: "You left a dealer group",
    body: (role) => `You no longer work for your dealer group on KnowBefore (you were ${role}).`,
  },
});

/** Group `groupId`'s people (owners first) and the group invitations still waiting for an answer. */
export const groupPeople = (sql: Queryable, groupId: number): Promise<GroupPeople> =>
  GROUP.list(sql, groupId);

export const listGroupMembers = (ctx: GroupCtx) => groupPeople(ctx.sql, ctx.groupId);

/**
 * Invites `email` to group `groupId` in `role` inside the caller's transaction, with the invitation mechanism (its
 * e-mail and link, expiry): the invitee joins when they accept. An administrator's address and a present member of
 * the group are refused; the group row is locked first.
 */
export async function sendGroupInvitation(
  ctx: Context,
  tx: Queryable,
  input: { groupId: number; email: string; name?: string | undefined; role: GroupRole },
): Promise<string> {
  await lockGroup(tx, input.groupId);
  const { groupId, email, name, role } = input;
  const spec = { role: "manager", groupId, groupRole: role, email, name: name ?? null } as const;
  return GROUP.invite(ctx, tx, groupId, spec, {
    admin: "This address belongs to an administrator. A group's people need accounts of their own.",
    already: ["This address already belongs to this dealer group.", "ALREADY_IN_GROUP"],
  });
}

/** Group owners invite any group role, group managers group staff. */
export async function inviteGroupMember(
  ctx: GroupCtx,
  input: { email: string; name?: string | undefined; role: GroupRole },
): Promise<{ id: string; email: string; role: GroupRole }> {
  refuseGroupRole(ctx.groupRole, input.role);
  const id = await ctx.sql.begin((tx) => sendGroupInvitation(ctx, tx, { ...input, groupId: ctx.groupId }));
  return { id, email: input.email, role: input.role };
}

/**
 * Who answers a group's invitations: its members, within their group (group owners any invitation, group managers
 * those to group staff), or an administrator, any group's (the console's Dealer groups tab).
 */
type InvitationScope = { groupId: number; role: GroupRole | null } | "admin";

const groupScope = (ctx: GroupCtx): InvitationScope => ({ groupId: ctx.groupId, role: ctx.groupRole });

/**
 * One of the scope's group invitations not answered yet (expired ones too), for a resend or a revoke, with its
 * group locked first (as inviting and accepting lock it) and then the invitation: another group's, or one
 * answered, is null (404); one to a role the member does not give is refused.
 */
async function answerable(tx: Queryable, scope: InvitationScope, id: string) {
  const [of] = await tx<{ groupId: number }[]>`
    select i.group_id as "groupId" from invitations i
     where i.id = ${id} and ${scope === "admin" ? tx`i.group_id is not null` : tx`i.group_id = ${scope.groupId}`}`;
  if (!of) return null;
  await lockGroup(tx, of.groupId);
  const [found] = await tx<{ role: GroupRole; email: string; name: string | null }[]>`
    select i.group_role as role, i.email::text as email, i.name from invitations i
     where i.id = ${id} and i.group_id = ${of.groupId} and ${unansweredInvitationSql(tx, "i")}
     for update`;
  if (!found) return null;
  if (scope !== "admin") refuseGroupRole(scope.role, found.role);
  return { ...found, groupId: of.groupId };
}

function invitationNotPending() {
  return appError("NOT_FOUND", "This invitation is not pending any more.", "INVITATION_NOT_FOUND");
}

/** Withdraws a group invitation not answered yet (answerable), audited on the group's trail. */
async function revokeInGroup(ctx: Context, scope: InvitationScope, id: string) {
  const revoked = await ctx.sql.begin(async (tx) => {
    const found = await answerable(tx, scope, id);
    if (!found) return null;
    await tx`update invitations set revoked_at = now() where id = ${id}`;
    await recordAudit(ctx, tx, {
      action: "group.member_invite_revoke",
      entityId: found.groupId,
      before: { invitationId: id, email: found.email, role: found.role },
    });
    return found;
  });
  if (!revoked) throw invitationNotPending();
  return { id, revoked: true as const };
}

/**
 * Sends a group invitation not answered yet again (answerable): a new link, the old one dead at once, and a new
 * expiry, audited on the group's trail.
 */
async function resendInGroup(ctx: Context, scope: InvitationScope, id: string) {
  const resent = await ctx.sql.begin(async (tx) => {
    const found = await answerable(tx, scope, id);
    if (!found || !(await renewInvitation(ctx, tx, id))) return null;
    await recordAudit(ctx, tx, {
      action: "group.member_invite_resend",
      entityId: found.groupId,
      after: { invitationId: id, email: found.email, role: found.role },
    });
    const [row] = await tx<{ sentAt: Date; expiresAt: Date }[]>`
      select sent_at as "sentAt", expires_at as "expiresAt" from invitations where id = ${id}`;
    return { id, email: found.email, name: found.name, role: found.role, ...row! };
  });
  if (!resent) throw invitationNotPending();
  return resent;
}

/** A member withdraws one of their group's invitations: group owners any, group managers those to group staff. */
export const revokeGroupInvitation = (ctx: GroupCtx, { id }: { id: string }) =>
  revokeInGroup(ctx, groupScope(ctx), id);

/** A member sends one of their group's invitations again: group owners any, group managers those to group staff. */
export const resendGroupInvitation = (ctx: GroupCtx, { id }: { id: string }) =>
  resendInGroup(ctx, groupScope(ctx), id);

/** An administrator withdraws any group's invitation (the console). */
export const revokeAnyGroupInvitation = (ctx: Context, { id }: { id: string }) =>
  revokeInGroup(ctx, "admin", id);

/** An administrator sends any group's invitation again (the console). */
export const resendAnyGroupInvitation = (ctx: Context, { id }: { id: string }) =>
  resendInGroup(ctx, "admin", id);

/** Adds an account to the group (an accepted group invitation), audited; the group's owners hear of it. */
export async function addGroupMember(
  ctx: Pick<Context, "user" | "ip">,
  tx: Queryable,
  groupId: number,
  member: NewMember<GroupRole>,
) {
  const name = await GROUP.insert(ctx, tx, groupId, member);
  const owners = await tx<{ user_id: string }[]>`
    select user_id from dealer_group_members
     where group_id = ${groupId} and role = 'group_owner' and user_id <> ${member.userId}`;
  for (const owner of owners)
    await notify(tx, {
      to: { userId: owner.user_id },
      type: "team_invitation",
      title: "A new member of your dealer group",
      body: `${name} joined your dealer group as ${GROUP_ROLE_LABELS[member.role].toLowerCase()}.`,
      link: links.group(),
    });
}

/**
 * What leaving a group does to accounts `userIds`: their sessions stop working on the group's dealerships, and an
 * account that works for no dealership of its own becomes a customer's.
 */
export async function leftGroup(tx: Queryable, userIds: string[]) {
  await tx`update sessions set acting_dealership_id = null where user_id = any(${userIds}::uuid[])`;
  await tx`update users u set role = 'customer', updated_at = now()
            where u.id = any(${userIds}::uuid[]) and u.role = 'manager'
              and not exists (select 1 from dealership_members m where m.user_id = u.id)`;
}

/** Gives a member another group role: group owners only, never the last owner's. */
export function changeGroupMemberRole(
  ctx: GroupCtx,
  input: { userId: string; role: GroupRole },
): Promise<GroupPeople["members"][number]> {
  if (ctx.groupRole !== "group_owner")
    throw appError(
      "FORBIDDEN",
      "Only the group's owners change the roles of its people.",
      "GROUP_ROLE_NOT_YOURS_TO_GIVE",
    );
  return GROUP.changeRole(ctx, ctx.groupId, input);
}

/**
 * Takes a member off the group (or a member leaves it): group owners remove anyone, group managers group staff and
 * themselves, never the last owner. Their sessions stop working on the group's dealerships; an account that works
 * for no dealership of its own becomes a customer's.
 */
export function removeGroupMember(
  ctx: GroupCtx,
  input: { userId: string },
): Promise<{ userId: string; removed: true }> {
  return GROUP.remove(ctx, ctx.groupId, input, {
    refuse: (role) => refuseGroupRole(ctx.groupRole, role),
    left: (tx) => leftGroup(tx, [input.userId]),
  });
}
