// What every invitation shares (docs/product/invitations.md): when one is open, how it holds a
// place on the plan, and the refusals an invitee hears.
//
// Lock order, here and wherever a salesperson joins or leaves a dealership (manager/team.ts,
// transfers/adminDecision.ts): the dealership row first, then the invitation row, then the salesperson row.

import { PLAN_LIMIT_MESSAGE } from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { dealershipAllowance } from "../subscriptions/reads";

/** Open: not answered, not revoked, not expired. `alias` is the invitations row. */
export function openInvitationSql(sql: Queryable, alias: string) {
  const i = (column: string) => sql(`${alias}.${column}`);
  return sql`(${i("accepted_at")} is null and ${i("declined_at")} is null and ${i("revoked_at")} is null
              and ${i("expires_at")} > now())`;
}

/** Not answered and not revoked, expired or not: what whoever sent it may still resend or revoke. */
export function unansweredInvitationSql(sql: Queryable, alias: string) {
  const i = (column: string) => sql(`${alias}.${column}`);
  return sql`(${i("accepted_at")} is null and ${i("declined_at")} is null and ${i("revoked_at")} is null)`;
}

/**
 * Members plus open invitations: an invitation holds its place on the plan until it is answered, so a team
 * cannot outgrow its plan by inviting. Call with the dealership row locked.
 */
export async function assertTeamRoom(tx: Queryable, dealershipId: number, excludeInvitation?: string) {
  const plan = await dealershipAllowance(tx, dealershipId);
  if (plan.limit === null) return;
  const [used] = await tx<{ n: number }[]>`
    select (select count(*) from salespeople where dealership_id = ${dealershipId})
         + (select count(*) from invitations i
             where i.dealership_id = ${dealershipId} and i.role = 'salesperson' and ${openInvitationSql(tx, "i")}
               and i.id is distinct from ${excludeInvitation ?? null}::uuid) as n`;
  if (Number(used?.n ?? 0) >= plan.limit) {
    throw appError(
      "CONFLICT",
      `${PLAN_LIMIT_MESSAGE}: the ${plan.planName} plan allows up to ${plan.limit} salespeople, counting open invitations. Remove a salesperson, revoke an invitation or upgrade your plan to add more.`,
      "PLAN_LIMIT_REACHED",
    );
  }
}

/** The state of an invitation row, as the refusals below read it. */
export type InvitationState = {
  email: string;
  expires_at: Date;
  accepted_at: Date | null;
  declined_at: Date | null;
  revoked_at: Date | null;
};

export function unknownInvitation() {
  return appError(
    "NOT_FOUND",
    "This invitation link is not valid. Open the whole link from the e-mail, or ask for a new invitation.",
    "INVITATION_NOT_FOUND",
  );
}

/** Why an invitation can no longer be answered, or null while it is open. */
export function closedInvitation(row: InvitationState, now = new Date()) {
  if (row.accepted_at || row.declined_at) {
    return appError(
      "CONFLICT",
      row.accepted_at
        ? "This invitation has already been accepted. Sign in to continue."
        : "This invitation has already been declined. Ask for a new one if you changed your mind.",
      "INVITATION_USED",
    );
  }
  if (row.revoked_at) {
    return appError(
      "CONFLICT",
      "This invitation was withdrawn by whoever sent it. Ask them for a new one if you expected it.",
      "INVITATION_REVOKED",
    );
  }
  if (row.expires_at.getTime() <= now.getTime()) {
    return appError(
      "CONFLICT",
      `This invitation expired on ${row.expires_at.toUTCString()}. Ask whoever sent it to send it again.`,
      "INVITATION_EXPIRED",
    );
  }
  return null;
}

/** Only the invited address's owner answers an invitation: a browser signed in as someone else is refused. */
export function wrongAccount(invitedEmail: string, signedInEmail: string) {
  return appError(
    "FORBIDDEN",
    `This invitation was sent to ${invitedEmail}, but you are signed in as ${signedInEmail}. Sign out and open it again.`,
    "INVITATION_WRONG_ACCOUNT",
  );
}

/**
 * An invitation to an address that already has an account is accepted only by that account, signed in (with
 * its second factor, where it has one): the link alone was a sign-in that skipped the second factor.
 */
export function signInToAccept(invitedEmail: string) {
  return appError(
    "UNAUTHORIZED",
    `Sign in as ${invitedEmail} to accept this invitation.`,
    "INVITATION_SIGN_IN_REQUIRED",
  );
}

export function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
