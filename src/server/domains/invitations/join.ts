// What an accepted invitation changes: a salesperson profile joins the dealership (its reviews and history
// move with it), or an account becomes the dealership's manager (the previous manager, if any, loses the role).

import type { PaymentModel } from "../../../shared/constants";
import type { SessionUser } from "../../../shared/schemas/auth";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { rotateSigningSecretsOnManagerChange } from "../crm/secrets";
import { handOverDealership } from "../manager/members";
import { tellTeamLeads } from "../notifications/alerts";
import { notify } from "../notifications/notify";
import { assertTeamRoom } from "./rules";

export type JoiningDealership = Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone">;
export type JoiningProfile = Pick<
  SalespersonRow,
  "id" | "name" | "dealership_id" | "payment_model" | "verified_at"
>;

/** Who the audit trail names for an invitee's own answer: the account, once it exists, signed in or not. */
export type Actor = Pick<Context, "ip" | "secrets"> & { user: Pick<SessionUser, "id" | "role"> | null };

export function dealershipForJoining(tx: Queryable, id: number) {
  return tx<JoiningDealership[]>`
    select id, name, city, state, time_zone from dealerships where id = ${id} for update`;
}

/** Refuses a profile already on a team (this one or another: moving between dealerships is a transfer). */
export function assertIndependent(profile: Pick<SalespersonRow, "dealership_id">, dealershipId: number) {
  if (profile.dealership_id === null) return;
  throw appError(
    "CONFLICT",
    profile.dealership_id === dealershipId
      ? "You are already on this dealership's team."
      : "You work at another dealership. Ask to transfer from your dashboard instead.",
    "SALESPERSON_AT_OTHER_DEALERSHIP",
  );
}

/**
 * Moves an independent profile onto the dealership's team, confirmed by the invitation itself and paid as
 * invited. Call with the dealership and the profile locked (in that order) and the invitation claimed.
 */
export async function joinDealership(
  actor: Actor,
  tx: Queryable,
  dealership: JoiningDealership,
  profile: JoiningProfile,
  invitation: { id: string; paymentModel: PaymentModel | null },
  /** Whether the dealership's leads hear of it (not when the one joining is becoming one of them). */
  tellLeads = true,
): Promise<void> {
  assertIndependent(profile, dealership.id);
  await assertTeamRoom(tx, dealership.id, invitation.id);
  const paymentModel = invitation.paymentModel ?? "dealership";
  await tx`
    update salespeople
       set dealership_id = ${dealership.id}, city = ${dealership.city}, state = ${dealership.state},
           time_zone = ${dealership.time_zone}, payment_model = ${paymentModel}, verified_at = now(),
           updated_at = now()
     where id = ${profile.id}`;
  await recordAudit(actor as Context, tx, {
    action: "salesperson.join",
    entityId: profile.id,
    dealershipId: dealership.id,
    before: { dealershipId: null, paymentModel: profile.payment_model, verifiedAt: profile.verified_at },
    after: { dealershipId: dealership.id, paymentModel, verified: true, invitationId: invitation.id },
  });
  if (tellLeads) {
    await tellTeamLeads(tx, dealership.id, {
      title: "Invitation accepted",
      body: `${profile.name} accepted your invitation and joined ${dealership.name}.`,
    });
  }
}

/**
 * Hands the dealership over to `userId` (an administrator's invitation): the account becomes a dealership account
 * and an owner of it (members.ts), and its owners and managers before lose their place: each account becomes a
 * customer's (it worked for no other dealership) and is told. Call with the dealership locked.
 */
export async function takeOverDealership(
  actor: Actor,
  tx: Queryable,
  dealership: JoiningDealership,
  userId: string,
  invitationId: string,
): Promise<void> {
  await tx`update users set role = 'manager', updated_at = now() where id = ${userId}`;
  const previous = await handOverDealership(tx, dealership.id, userId, null);
  if (previous.length > 0) await rotateSigningSecretsOnManagerChange(tx, actor.secrets, [dealership.id]);
  await recordAudit(actor as Context, tx, {
    action: "dealership.manager_change",
    entityId: dealership.id,
    dealershipId: dealership.id,
    before: { leads: previous },
    after: { owner: userId, invitationId },
  });
  for (const left of previous) {
    const [demoted] = await tx`
      update users set role = 'customer', updated_at = now() where id = ${left} and role = 'manager'
      returning id`;
    if (demoted) {
      await recordAudit(actor as Context, tx, {
        action: "user.role_change",
        entityId: left,
        dealershipId: dealership.id,
        reason: "Another manager accepted an invitation to manage the dealership",
        before: { role: "manager", dealershipId: dealership.id },
        after: { role: "customer" },
      });
    }
    await notify(tx, {
      to: { userId: left },
      type: "dealership_handover",
      title: "Dealership handed over",
      body: `You no longer manage ${dealership.name}: its new manager accepted an administrator's invitation.`,
      link: null,
    });
  }
}
