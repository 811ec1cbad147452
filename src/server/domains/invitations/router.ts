import type { SessionUser } from "../../../shared/schemas/auth";
import * as shape from "../../../shared/schemas/invitations";
import { isAdmin } from "../../access";
import { admin, anyone, managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { acceptInvitationLink, declineInvitationLink, describeInvitation } from "./accept";
import { listManagerInvitations } from "./lists";
import { inviteManager, resendInvitation, revokeInvitation, type SenderScope } from "./send";

/** A manager acts on their own team's invitations; an administrator on any. */
function scopeOf({ user }: { user: SessionUser }): SenderScope {
  return isAdmin(user)
    ? "admin"
    : { dealershipId: user.managedDealershipId ?? -1, role: user.dealershipRole };
}

/** Invitations (docs/product/invitations.md): answered by link, sent by managers and administrators. */
export const invitationsRouter = taggedRouter("Invitations", {
  /** A mutation (POST), like the sign-in link's, so the token stays out of URLs and access logs. */
  describe: anyone.mutation(shape.invitationTokenInput, shape.invitationDescription, describeInvitation, {
    rest: "POST /invitations/describe",
  }),
  accept: anyone.mutation(shape.acceptInvitationInput, shape.acceptedInvitation, acceptInvitationLink, {
    rest: "POST /invitations/accept",
  }),
  decline: anyone.mutation(shape.invitationTokenInput, shape.declinedInvitation, declineInvitationLink, {
    rest: "POST /invitations/decline",
  }),
  /** An administrator invites a dealership's manager (a handover when it has one). */
  inviteManager: admin.mutation(
    shape.inviteManagerInput,
    shape.sentInvitation,
    (ctx, input) => ctx.sql.begin((tx) => inviteManager(ctx, tx, input)),
    { rest: { route: "POST /admin/manager-invitations", status: 201 } },
  ),
  managerInvitations: admin.query(shape.sentInvitations, listManagerInvitations, {
    rest: "GET /admin/manager-invitations",
  }),
  resend: managerOrAdmin.mutation(
    shape.invitationIdInput,
    shape.sentInvitation,
    (ctx, input) => resendInvitation(ctx, scopeOf(ctx), input.id),
    { rest: "POST /invitations/:id/resend" },
  ),
  revoke: managerOrAdmin.mutation(
    shape.invitationIdInput,
    shape.revokedInvitation,
    (ctx, input) => revokeInvitation(ctx, scopeOf(ctx), input.id),
    { rest: "POST /invitations/:id/revoke" },
  ),
});
