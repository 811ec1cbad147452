// Pending invitations where they were sent from: a manager's team invitations, an administrator's manager
// invitations. Unanswered ones are listed until revoked, expired ones too (marked, so they can be resent).

import type { SentInvitation } from "../../../shared/schemas/invitations";
import type { Fragment, Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { unansweredInvitationSql } from "./rules";

type Row = Omit<SentInvitation, "dealership"> & {
  dealershipId: number;
  dealershipName: string;
  city: string;
  state: string;
};

function sentInvitations(sql: Queryable, where: Fragment) {
  return sql<Row[]>`
    select i.id, i.role, i.email::text as email, s.name, i.payment_model as "paymentModel",
           coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text) as "invitedBy",
           i.created_at as "createdAt", i.sent_at as "sentAt", i.expires_at as "expiresAt",
           (i.expires_at <= now()) as expired,
           d.id as "dealershipId", d.name as "dealershipName", d.city, d.state
      from invitations i
      join dealerships d on d.id = i.dealership_id
      left join salespeople s on s.id = i.salesperson_id
      left join users u on u.id = i.invited_by_user_id
     where ${unansweredInvitationSql(sql, "i")} and ${where}
     order by i.created_at desc, i.id`;
}

function shaped(rows: Row[]): SentInvitation[] {
  return rows.map(({ dealershipId, dealershipName, city, state, ...rest }) => ({
    ...rest,
    dealership: { id: dealershipId, name: dealershipName, city, state },
  }));
}

export async function sentInvitationById(sql: Queryable, id: string): Promise<SentInvitation> {
  const [one] = shaped(await sentInvitations(sql, sql`i.id = ${id}`));
  if (!one) throw new Error(`invitation ${id} vanished inside its own transaction`);
  return one;
}

/** The manager's invitations to their team, not answered yet. */
export async function listTeamInvitations(
  ctx: Context & { dealershipId: number },
): Promise<SentInvitation[]> {
  return shaped(
    await sentInvitations(ctx.sql, ctx.sql`i.dealership_id = ${ctx.dealershipId} and i.role = 'salesperson'`),
  );
}

/** Every manager invitation not answered yet, for the administrators' console. */
export async function listManagerInvitations(ctx: Context): Promise<SentInvitation[]> {
  return shaped(await sentInvitations(ctx.sql, ctx.sql`i.role = 'manager'`));
}
