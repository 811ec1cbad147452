// The invitations an approved application sends: its applicant as the new dealership's manager, and the
// salesperson who filed it (if someone else) as its salesperson. Each is an `invitations` row written in the
// approving transaction, mailed after it commits; the invitation is accepted at links.acceptInvitation.

import type { InvitationRole } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type { SessionUser } from "../../../shared/schemas/auth";
import { INVITATION_TTL_DAYS } from "../../../shared/schemas/manager";
import { generateToken, hashToken } from "../../auth/crypto";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";

/** An invitation written and not yet mailed: what its e-mail needs. */
export type InvitationToMail = {
  role: InvitationRole;
  email: string;
  name: string;
  dealershipName: string;
  token: string;
};

type Invitee = { dealershipId: number; dealershipName: string; email: string; name: string };

async function insertInvitation(
  ctx: Context & { user: SessionUser },
  tx: Queryable,
  role: InvitationRole,
  invitee: Invitee,
  salespersonId: number | null,
): Promise<InvitationToMail> {
  const token = generateToken();
  await tx`
    insert into invitations (role, dealership_id, email, salesperson_id, payment_model, token_hash,
                             invited_by_user_id, expires_at)
    values (${role}, ${invitee.dealershipId}, ${invitee.email}, ${salespersonId},
            ${role === "salesperson" ? "dealership" : null}, ${hashToken(token)}, ${ctx.user.id},
            now() + make_interval(days => ${INVITATION_TTL_DAYS}))`;
  return { role, email: invitee.email, name: invitee.name, dealershipName: invitee.dealershipName, token };
}

/** Invites the applicant of an approved application as the manager of the dealership it created. */
export function inviteApplicantAsManager(
  ctx: Context & { user: SessionUser },
  tx: Queryable,
  invitee: Invitee,
): Promise<InvitationToMail> {
  return insertInvitation(ctx, tx, "manager", invitee, null);
}

/** Invites the salesperson who filed an approved application to the dealership it created. */
export function inviteFilingSalesperson(
  ctx: Context & { user: SessionUser },
  tx: Queryable,
  invitee: Invitee & { salespersonId: number },
): Promise<InvitationToMail> {
  return insertInvitation(ctx, tx, "salesperson", invitee, invitee.salespersonId);
}

/** Mails an invitation (after its transaction commits); a failed send is logged, the invitation stands. */
export async function mailApplicationInvitation(ctx: Context, invitation: InvitationToMail): Promise<void> {
  const link = `${ctx.env.APP_URL}${links.acceptInvitation(invitation.token)}`;
  const as = invitation.role === "manager" ? "its manager" : "a salesperson on its team";
  try {
    await ctx.mailer.send({
      to: invitation.email,
      subject: `${invitation.dealershipName} is listed on KnowBefore: your invitation`,
      text: `Hello ${invitation.name},\n\nThe application to list ${invitation.dealershipName} on KnowBefore was approved. You are invited to join it as ${as}. Open this link to accept; it works once and expires in ${INVITATION_TTL_DAYS} days:\n\n${link}\n`,
    });
  } catch (error) {
    ctx.logger.warn(`application invitation e-mail was not sent: ${(error as Error).message}`);
  }
}
