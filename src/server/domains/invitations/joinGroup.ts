// Accepting an invitation to a dealer group (docs/product/dealer-groups.md#invitations): the account joins the
// group's people in the invitation's group role. It becomes a dealership account (users.role 'manager') if it was
// not one; an account with a salesperson profile, or one already in a dealer group, is refused.
import type { GroupRole } from "../../../shared/constants";
import { refuseSalespersonProfile } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { addGroupMember } from "../groups/members";
import type { Actor } from "./join";

export async function acceptAsGroupMember(
  actor: Actor,
  tx: Queryable,
  invitation: {
    id: string;
    email: string;
    group_id: number;
    group_role: GroupRole;
    invited_by_user_id: string | null;
  },
  account: { id: string; role: string },
): Promise<string> {
  await refuseSalespersonProfile(tx, { id: account.id, email: invitation.email }, "manager");
  const [member] = await tx<{ group_id: number }[]>`
    select group_id from dealer_group_members where user_id = ${account.id} for update`;
  if (member?.group_id === invitation.group_id)
    throw appError("CONFLICT", "You already belong to this dealer group.", "ALREADY_IN_GROUP");
  if (member)
    throw appError(
      "CONFLICT",
      "You already belong to another dealer group. One account belongs to one dealer group.",
      "ALREADY_IN_GROUP",
    );
  // Recorded as the invitee's own doing, as the other acceptances record it.
  const who = { ip: actor.ip, user: { id: account.id, role: "manager" } } as unknown as Pick<
    Context,
    "ip" | "user"
  >;
  if (account.role !== "manager") {
    await tx`update users set role = 'manager', updated_at = now() where id = ${account.id}`;
    await recordAudit(who, tx, {
      action: "user.role_change",
      entityId: account.id,
      reason: "Accepted an invitation to join a dealer group",
      before: { role: account.role },
      after: { role: "manager" },
    });
  }
  await addGroupMember(who, tx, {
    groupId: invitation.group_id,
    userId: account.id,
    role: invitation.group_role,
    addedBy: invitation.invited_by_user_id,
    invitationId: invitation.id,
  });
  return account.id;
}
