// Accepting an invitation to a dealership's own team (docs/product/dealerships.md#the-team-and-its-roles) or to a
// dealer group (docs/product/dealer-groups.md#invitations): the account joins those people in the invitation's role.
// It becomes a dealership account (users.role 'manager') if it was not one; an account with a salesperson profile,
// or one already among the people of this or another dealership (group), is refused.
import type { DealershipRole, GroupRole } from "../../../shared/constants";
import type { ErrorReason } from "../../../shared/errors";
import { refuseSalespersonProfile } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { addGroupMember, GROUP } from "../groups/members";
import { addMember, TEAM } from "../manager/teamMembers";
import type { NewMember, PeopleTable } from "../people/peopleTable";
import type { Actor } from "./join";

type Invitation = { id: string; email: string; invited_by_user_id: string | null };
type Account = { id: string; role: string };
/** Who an acceptance is recorded as: the invitee. */
type Author = Pick<Context, "ip" | "user">;
/** A refusal's sentence and reason, answered 409. */
type Refusal = [message: string, reason: ErrorReason];

const newMember = <R>(invitation: Invitation, account: Account, role: R): NewMember<R> => ({
  userId: account.id,
  role,
  addedBy: invitation.invited_by_user_id,
  invitationId: invitation.id,
});

/**
 * Refuses `account` when it holds a salesperson profile or is among `t`'s people already (`here` of `scopeId`,
 * `elsewhere` of another), then makes it a dealership account, audited as the invitee's own doing (`reason`).
 * Answers that doing's author.
 */
async function becomeMember<R extends string>(
  actor: Actor,
  tx: Queryable,
  { email }: Invitation,
  account: Account,
  t: PeopleTable<R>,
  scopeId: number,
  refusals: { here: Refusal; elsewhere: Refusal; reason: string },
): Promise<Author> {
  await refuseSalespersonProfile(tx, { id: account.id, email }, "manager");
  const [member] = await tx<{ scope: number }[]>`
    select ${tx(t.scope)} as scope from ${tx(t.table)} where user_id = ${account.id} for update`;
  if (member) throw appError("CONFLICT", ...refusals[member.scope === scopeId ? "here" : "elsewhere"]);
  const who = { ip: actor.ip, user: { id: account.id, role: "manager" } } as unknown as Author;
  if (account.role !== "manager") {
    await tx`update users set role = 'manager', updated_at = now() where id = ${account.id}`;
    await recordAudit(who, tx, {
      action: "user.role_change",
      entityId: account.id,
      dealershipId: t.audit === "dealership" ? scopeId : null,
      reason: refusals.reason,
      before: { role: account.role },
      after: { role: "manager" },
    });
  }
  return who;
}

/** Joins the dealership's own team in `role`: an owner, a manager or staff, beside those already there. */
export async function acceptAsTeamMember(
  actor: Actor,
  tx: Queryable,
  invitation: Invitation,
  account: Account,
  dealershipId: number,
  role: DealershipRole,
): Promise<string> {
  const who = await becomeMember(actor, tx, invitation, account, TEAM, dealershipId, {
    here: ["You already work for this dealership.", "ALREADY_MEMBER"],
    elsewhere: [
      "You already work for another dealership. One account works for one dealership.",
      "MANAGES_OTHER_DEALERSHIP",
    ],
    reason: "Accepted an invitation to join a dealership's team",
  });
  await addMember(who, tx, dealershipId, newMember(invitation, account, role));
  return account.id;
}

/** Joins the dealer group in the invitation's group role. */
export async function acceptAsGroupMember(
  actor: Actor,
  tx: Queryable,
  invitation: Invitation & { group_id: number; group_role: GroupRole },
  account: Account,
): Promise<string> {
  const who = await becomeMember(actor, tx, invitation, account, GROUP, invitation.group_id, {
    here: ["You already belong to this dealer group.", "ALREADY_IN_GROUP"],
    elsewhere: [
      "You already belong to another dealer group. One account belongs to one dealer group.",
      "ALREADY_IN_GROUP",
    ],
    reason: "Accepted an invitation to join a dealer group",
  });
  await addGroupMember(who, tx, invitation.group_id, newMember(invitation, account, invitation.group_role));
  return account.id;
}
