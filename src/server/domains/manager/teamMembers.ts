// A dealership's own team (dealership_members): who works for it and in which role, and the changes its leads
// make (docs/product/dealerships.md#the-team-and-its-roles). Owners give and take every role; managers add and
// remove staff; a dealership keeps at least one owner. Each change is audited in the transaction that makes it,
// which first locks the dealership's members, so two owners leaving at once cannot both be the last to go.
import { DEALERSHIP_ROLE_LABELS, type DealershipRole, LEAD_ROLES } from "../../../shared/constants";
import type { TeamMembers } from "../../../shared/schemas/manager";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { rotateSigningSecretsOnManagerChange } from "../crm/secrets";
import { tellTeamLeads } from "../notifications/alerts";
import { type NewMember, peopleTable } from "../people/peopleTable";
import { refuseTeamRole } from "../people/roleRules";
import type { ManagerCtx } from "./team";

const isLead = (role: DealershipRole) => (LEAD_ROLES as readonly DealershipRole[]).includes(role);

export const TEAM = peopleTable<DealershipRole>({
  audit: "dealership",
  roles: ["owner", "manager", "staff"],
  labels: DEALERSHIP_ROLE_LABELS,
  notMember: ["This person does not work for your dealership.", "MEMBER_NOT_FOUND"],
  lastOwner: ["A dealership keeps at least one owner. Make someone else an owner first.", "LAST_OWNER"],
  roleChanged: { body: (role) => `You are now ${role} of your dealership's team.`, link: null },
  removed: {
    title: "You left a dealership's team",
    body: (role) => `You no longer work for your dealership on KnowBefore (you were ${role}).`,
  },
});

/** The team: its members (owners first) and the team invitations still waiting for an answer. */
export const listMembers = (ctx: ManagerCtx): Promise<TeamMembers> => TEAM.list(ctx.sql, ctx.dealershipId);

/**
 * Invites `email` to the team in `role`, with the invitation mechanism (its e-mail and link, expiry, resend and
 * revoke): the invitee joins when they accept. An administrator's address and a present member are refused.
 */
export async function inviteMember(
  ctx: ManagerCtx,
  input: { email: string; name?: string | undefined; role: DealershipRole },
): Promise<{ id: string; email: string; role: DealershipRole }> {
  refuseTeamRole(ctx.user.dealershipRole, input.role);
  const id = await ctx.sql.begin(async (tx) => {
    await tx`select id from dealerships where id = ${ctx.dealershipId} for update`;
    const { email, role, name } = input;
    const spec = { role: "manager", teamRole: role, dealershipId: ctx.dealershipId, email } as const;
    return TEAM.invite(
      ctx,
      tx,
      ctx.dealershipId,
      { ...spec, name: name ?? null },
      {
        admin: "This address belongs to an administrator. A team member needs an account of their own.",
        already: ["This address already works for this dealership.", "ALREADY_MEMBER"],
      },
    );
  });
  return { id, email: input.email, role: input.role };
}

/** Adds an account to the team (an accepted team invitation), audited; the team's leads hear of it. */
export async function addMember(
  ctx: Pick<Context, "user" | "ip">,
  tx: Queryable,
  dealershipId: number,
  member: NewMember<DealershipRole>,
) {
  const name = await TEAM.insert(ctx, tx, dealershipId, member);
  await tellTeamLeads(tx, dealershipId, {
    title: "A new member of your team",
    body: `${name} joined your team as ${DEALERSHIP_ROLE_LABELS[member.role].toLowerCase()}.`,
    except: member.userId,
  });
}

/** Gives a member another role: owners only (managers may not give or take the lead roles), never the last owner's. */
export function changeMemberRole(
  ctx: ManagerCtx,
  input: { userId: string; role: DealershipRole },
): Promise<TeamMembers["members"][number]> {
  return TEAM.changeRole(ctx, ctx.dealershipId, input, {
    refuse: (from) => {
      refuseTeamRole(ctx.user.dealershipRole, from);
      refuseTeamRole(ctx.user.dealershipRole, input.role);
    },
    // Leaving the lead roles loses what only leads see, the CRM's signing secret among it.
    changed: async (tx, from) => {
      if (isLead(from) && !isLead(input.role))
        await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, [ctx.dealershipId]);
    },
  });
}

/**
 * Takes a member off the team (or a member leaves it): owners remove anyone, managers staff and themselves,
 * never the last owner. The account works for no dealership then and becomes a customer's.
 */
export function removeMember(
  ctx: ManagerCtx,
  input: { userId: string },
): Promise<{ userId: string; removed: true }> {
  return TEAM.remove(ctx, ctx.dealershipId, input, {
    refuse: (role) => refuseTeamRole(ctx.user.dealershipRole, role),
    left: async (tx, role) => {
      await tx`update users set role = 'customer', updated_at = now() where id = ${input.userId} and role = 'manager'`;
      if (isLead(role)) await rotateSigningSecretsOnManagerChange(tx, ctx.secrets, [ctx.dealershipId]);
    },
  });
}
