// A dealership's own team (dealership_members): who works for it and in which role, and the changes its leads
// make (docs/product/dealerships.md#the-team-and-its-roles). Owners give and take every role; managers add and
// remove staff; a dealership keeps at least one owner. Each change is audited in the transaction that makes it,
// which first locks the dealership's members, so two owners leaving at once cannot both be the last to go.
import {
  DEALERSHIP_ROLE_LABELS,
  type DealershipRole,
  LEAD_ROLES,
  rolesToGive,
} from "../../../shared/constants";
import { links } from "../../../shared/links";
import type { TeamMembers } from "../../../shared/schemas/manager";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { rotateSigningSecretsOnManagerChange } from "../crm/secrets";
import { createInvitation } from "../invitations/send";
import { notify } from "../notifications/notify";
import type { ManagerCtx } from "./team";

const isLead = (role: DealershipRole) => (LEAD_ROLES as readonly DealershipRole[]).includes(role);

function refuseRole(callerRole: DealershipRole | null, role: DealershipRole) {
  if (!rolesToGive(callerRole).includes(role))
    throw appError(
      "FORBIDDEN",
      "Only the dealership's owners give, change or take away the owner and manager roles.",
      "ROLE_NOT_YOURS_TO_GIVE",
    );
}

/** The team: its members (owners first) and the team invitations still waiting for an answer. */
export async function listMembers(ctx: ManagerCtx): Promise<TeamMembers> {
  const [members, invitations] = await Promise.all([
    ctx.sql<TeamMembers["members"]>`
      select m.user_id as "userId", u.email::text as email,
             nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as name, m.role,
             m.created_at as "since"
        from dealership_members m join users u on u.id = m.user_id
       where m.dealership_id = ${ctx.dealershipId}
       order by case m.role when 'owner' then 0 when 'manager' then 1 else 2 end, m.created_at, m.user_id`,
    ctx.sql<TeamMembers["invitations"]>`
      select i.id, i.email::text as email, i.name, i.team_role as role, i.sent_at as "sentAt",
             i.expires_at as "expiresAt"
        from invitations i
       where i.dealership_id = ${ctx.dealershipId} and i.team_role is not null and i.accepted_at is null
         and i.declined_at is null and i.revoked_at is null and i.expires_at > now()
       order by i.sent_at desc, i.id`,
  ]);
  return { members: [...members], invitations: [...invitations] };
}

/**
 * Invites `email` to the team in `role`, with the invitation mechanism (its e-mail and link, expiry, resend and
 * revoke): the invitee joins when they accept. An administrator's address and a present member are refused.
 */
export async function inviteMember(
  ctx: ManagerCtx,
  input: { email: string; name?: string | undefined; role: DealershipRole },
): Promise<{ id: string; email: string; role: DealershipRole }> {
  refuseRole(ctx.user.dealershipRole, input.role);
  const id = await ctx.sql.begin(async (tx) => {
    await tx`select id from dealerships where id = ${ctx.dealershipId} for update`;
    const [account] = await tx<{ role: string; dealership_id: number | null }[]>`
      select u.role, m.dealership_id from users u left join dealership_members m on m.user_id = u.id
       where u.email = ${input.email}`;
    if (isAdmin(account))
      throw appError(
        "CONFLICT",
        "This address belongs to an administrator. A team member needs an account of their own.",
        "EMAIL_IN_USE",
      );
    if (account?.dealership_id === ctx.dealershipId)
      throw appError("CONFLICT", "This address already works for this dealership.", "ALREADY_MEMBER");
    return createInvitation(ctx, tx, {
      role: "manager",
      teamRole: input.role,
      dealershipId: ctx.dealershipId,
      email: input.email,
      name: input.name ?? null,
    });
  });
  return { id, email: input.email, role: input.role };
}

/** Adds an account to the team (an accepted team invitation), audited; the team's leads hear of it. */
export async function addMember(
  ctx: Context,
  tx: Queryable,
  member: {
    dealershipId: number;
    userId: string;
    role: DealershipRole;
    addedBy: string | null;
    invitationId: string;
  },
) {
  const [added] = await tx<{ name: string }[]>`
    insert into dealership_members (user_id, dealership_id, role, added_by)
    values (${member.userId}, ${member.dealershipId}, ${member.role}, ${member.addedBy})
    returning (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text)
                 from users u where u.id = user_id) as name`;
  await recordAudit(ctx, tx, {
    action: "dealership.member_add",
    entityId: member.dealershipId,
    dealershipId: member.dealershipId,
    after: { userId: member.userId, role: member.role, invitationId: member.invitationId },
  });
  await notify(tx, {
    to: { managerOf: member.dealershipId, except: member.userId },
    type: "team_invitation",
    title: "A new member of your team",
    body: `${added!.name} joined your team as ${DEALERSHIP_ROLE_LABELS[member.role].toLowerCase()}.`,
    link: links.managerDashboard({ tab: "team" }),
  });
}

type Locked = { role: DealershipRole; owners: number; name: string };

/** Locks the dealership's members and reads the one changed, with how many owners the dealership has. */
async function lockMember(tx: Queryable, dealershipId: number, userId: string): Promise<Locked> {
  await tx`select 1 from dealership_members where dealership_id = ${dealershipId} for update`;
  const [found] = await tx<Locked[]>`
    select m.role,
           (select count(*)::int from dealership_members o
             where o.dealership_id = m.dealership_id and o.role = 'owner') as owners,
           coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text) as name
      from dealership_members m join users u on u.id = m.user_id
     where m.dealership_id = ${dealershipId} and m.user_id = ${userId}`;
  if (!found)
    throw appError("NOT_FOUND", "This person does not work for your dealership.", "MEMBER_NOT_FOUND");
  return found;
}

function refuseLastOwner(member: Locked) {
  if (member.role === "owner" && member.owners <= 1)
    throw appError(
      "CONFLICT",
      "A dealership keeps at least one owner. Make someone else an owner first.",
      "LAST_OWNER",
    );
}

/** Gives a member another role: owners only (managers may not give or take the lead roles), never the last owner's. */
export async function changeMemberRole(
  ctx: ManagerCtx,
  input: { userId: string; role: DealershipRole },
): Promise<TeamMembers["members"][number]> {
  await ctx.sql.begin(async (tx) => {
    const member = await lockMember(tx, ctx.dealershipId, input.userId);
    if (member.role === input.role) return;
    refuseRole(ctx.user.dealershipRole, member.role);
    refuseRole(ctx.user.dealershipRole, input.role);
    refuseLastOwner(member);
    await tx`update dealership_members set role = ${input.role}
              where dealership_id = ${ctx.dealershipId} and user_id = ${input.userId}`;
    // Leaving the lead roles loses what only leads see, the CRM's signing secret among it.
    if (isLead(member.role) && !isLead(input.role))
      await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, [ctx.dealershipId]);
    await recordAudit(ctx, tx, {
      action: "dealership.member_role",
      entityId: ctx.dealershipId,
      dealershipId: ctx.dealershipId,
      before: { userId: input.userId, role: member.role },
      after: { userId: input.userId, role: input.role },
    });
    await notify(tx, {
      to: { userId: input.userId },
      type: "team_invitation",
      title: "Your role changed",
      body: `You are now ${DEALERSHIP_ROLE_LABELS[input.role].toLowerCase()} of your dealership's team.`,
      link: null,
    });
  });
  const { members } = await listMembers(ctx);
  return members.find((m) => m.userId === input.userId)!;
}

/**
 * Takes a member off the team (or a member leaves it): owners remove anyone, managers staff and themselves,
 * never the last owner. The account works for no dealership then and becomes a customer's.
 */
export async function removeMember(
  ctx: ManagerCtx,
  input: { userId: string },
): Promise<{ userId: string; removed: true }> {
  await ctx.sql.begin(async (tx) => {
    const member = await lockMember(tx, ctx.dealershipId, input.userId);
    if (input.userId !== ctx.user.id) refuseRole(ctx.user.dealershipRole, member.role);
    refuseLastOwner(member);
    await tx`delete from dealership_members where dealership_id = ${ctx.dealershipId} and user_id = ${input.userId}`;
    await tx`update users set role = 'customer', updated_at = now() where id = ${input.userId} and role = 'manager'`;
    if (isLead(member.role)) await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, [ctx.dealershipId]);
    await recordAudit(ctx, tx, {
      action: "dealership.member_remove",
      entityId: ctx.dealershipId,
      dealershipId: ctx.dealershipId,
      before: { userId: input.userId, role: member.role },
      after: { userId: input.userId, role: null, left: input.userId === ctx.user.id },
    });
    await notify(tx, {
      to: { userId: input.userId },
      type: "dealership_handover",
      title: "You left a dealership's team",
      body: `You no longer work for your dealership on KnowBefore (you were ${DEALERSHIP_ROLE_LABELS[member.role].toLowerCase()}).`,
      link: null,
    });
  });
  return { userId: input.userId, removed: true };
}
