// The salesperson portal's side of invitations: a signed-in salesperson lists the open invitations addressed
// to their profile and answers them there, as they could through the e-mailed link (accept.ts).

import type { SessionUser } from "../../../shared/schemas/auth";
import type { InvitationAnswer, SalespersonInvitation } from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { SalespersonRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { tellTeamLeads } from "../notifications/alerts";
import { dealershipForJoining, type JoiningProfile, joinDealership } from "./join";
import { openInvitationSql } from "./rules";

type SalespersonCtx = Context & { user: SessionUser; salespersonId: number };

/** Addressed to the caller: their own profile, at the address it had when invited (its current one). */
function addressedToMe(ctx: SalespersonCtx, sql: Queryable, alias: string) {
  return sql`(${sql(`${alias}.salesperson_id`)} = ${ctx.salespersonId}
              and ${sql(`${alias}.email`)} = (select email from salespeople where id = ${ctx.salespersonId}))`;
}

export async function myInvitations(ctx: SalespersonCtx): Promise<SalespersonInvitation[]> {
  const rows = await ctx.sql<
    (Omit<SalespersonInvitation, "dealership"> & {
      dealershipId: number;
      name: string;
      city: string;
      state: string;
    })[]
  >`
    select i.id, coalesce(i.payment_model, 'dealership') as "paymentModel", i.created_at as "createdAt",
           i.expires_at as "expiresAt", d.id as "dealershipId", d.name, d.city, d.state
      from invitations i join dealerships d on d.id = i.dealership_id
     where i.role = 'salesperson' and ${addressedToMe(ctx, ctx.sql, "i")} and ${openInvitationSql(ctx.sql, "i")}
     order by i.created_at desc, i.id`;
  return rows.map(({ dealershipId, name, city, state, ...rest }) => ({
    ...rest,
    dealership: { id: dealershipId, name, city, state },
  }));
}

function invitationNotOpen() {
  return appError("NOT_FOUND", "This invitation is not open any more.", "INVITATION_NOT_FOUND");
}

/**
 * Accepts an invitation, in one transaction: the claim is a conditional update (still open, addressed to the
 * caller), so it is used once; the profile moves to the dealership (join.ts).
 */
export async function acceptInvitation(
  ctx: SalespersonCtx,
  { id }: { id: string },
): Promise<InvitationAnswer> {
  const accepted = await ctx.sql.begin(async (tx) => {
    const [invited] = await tx<{ dealership_id: number }[]>`
      select i.dealership_id from invitations i
       where i.id = ${id} and i.role = 'salesperson' and ${addressedToMe(ctx, tx, "i")}`;
    if (!invited) return null;
    const [dealership] = await dealershipForJoining(tx, invited.dealership_id);
    const [me] = await tx<JoiningProfile[]>`
      select id, name, dealership_id, payment_model, verified_at from salespeople
       where id = ${ctx.salespersonId} for update`;
    if (!dealership || !me) return null;
    const [claimed] = await tx<{ id: string; payment_model: SalespersonRow["payment_model"] | null }[]>`
      update invitations i set accepted_at = now(), accepted_by_user_id = ${ctx.user.id}
       where i.id = ${id} and i.role = 'salesperson' and ${addressedToMe(ctx, tx, "i")}
         and ${openInvitationSql(tx, "i")}
      returning i.id, i.payment_model`;
    if (!claimed) return null;
    await joinDealership(ctx, tx, dealership, me, { id: claimed.id, paymentModel: claimed.payment_model });
    return { id: claimed.id, dealershipId: dealership.id };
  });
  if (!accepted) throw invitationNotOpen();
  ctx.browseCache.clear();
  return { ...accepted, status: "accepted" };
}

export async function declineInvitation(
  ctx: SalespersonCtx,
  { id }: { id: string },
): Promise<InvitationAnswer> {
  const declined = await ctx.sql.begin(async (tx) => {
    const [row] = await tx<{ id: string; dealership_id: number }[]>`
      update invitations i set declined_at = now()
       where i.id = ${id} and i.role = 'salesperson' and ${addressedToMe(ctx, tx, "i")}
         and ${openInvitationSql(tx, "i")}
      returning i.id, i.dealership_id`;
    if (!row) return null;
    const [names] = await tx<{ person: string; dealership: string }[]>`
      select s.name as person, d.name as dealership from dealerships d, salespeople s
       where d.id = ${row.dealership_id} and s.id = ${ctx.salespersonId}`;
    await recordAudit(ctx, tx, {
      action: "salesperson.invite_decline",
      entityId: ctx.salespersonId,
      dealershipId: row.dealership_id,
      after: { invitationId: row.id },
    });
    if (names)
      await tellTeamLeads(tx, row.dealership_id, {
        title: "Invitation declined",
        body: `${names.person} declined your invitation to join ${names.dealership}.`,
      });
    return row;
  });
  if (!declined) throw invitationNotOpen();
  return { id: declined.id, status: "declined", dealershipId: declined.dealership_id };
}
