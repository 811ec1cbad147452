// A dealership's own people (dealership_members), read and written here: who leads a dealership, which
// dealership an account works for, a handover by an administrator, and leaving. The team's own changes (adding,
// changing and removing members) are in team/members.ts; who is told of what is notifications/recipients.ts.
import { LEAD_ROLES } from "../../../shared/constants";
import type { Fragment, Queryable } from "../../db/client";

/**
 * The account the administrators' lists name for a dealership: its first owner or, with none, its first manager
 * (a scalar subquery, null when it has neither). `dealershipId` is a fragment.
 */
export function primaryLeadSql(sql: Queryable, dealershipId: Fragment): Fragment {
  return sql`(select m.user_id from dealership_members m
               where m.dealership_id = ${dealershipId} and m.role = any(${[...LEAD_ROLES]}::text[])
               order by m.role = 'owner' desc, m.created_at, m.user_id limit 1)`;
}

/** The dealership the account `userId` (a fragment) leads, as an owner or a manager, or null: a scalar subquery. */
export function managedBySql(sql: Queryable, userId: Fragment): Fragment {
  return sql`(select m.dealership_id from dealership_members m
               where m.user_id = ${userId} and m.role = any(${[...LEAD_ROLES]}::text[]))`;
}

/**
 * Hands the dealership over to `userId` (an administrator's invitation or assignment): the account becomes an
 * owner, and the dealership's other owners and managers stop being members. Answers those. Call with the
 * dealership locked; the account must not work for another dealership.
 */
export async function handOverDealership(
  tx: Queryable,
  dealershipId: number,
  userId: string,
  addedBy: string | null,
): Promise<string[]> {
  const left = await tx<{ user_id: string }[]>`
    delete from dealership_members
     where dealership_id = ${dealershipId} and role = any(${[...LEAD_ROLES]}::text[]) and user_id <> ${userId}
    returning user_id`;
  await tx`insert into dealership_members (user_id, dealership_id, role, added_by)
           values (${userId}, ${dealershipId}, 'owner', ${addedBy})
           on conflict (user_id) do update set dealership_id = excluded.dealership_id, role = excluded.role`;
  return left.map((row) => row.user_id);
}

/** Ends the account's work for any dealership; answers the dealership it led, if it was an owner or a manager. */
export async function leaveDealerships(tx: Queryable, userId: string): Promise<number[]> {
  const rows = await tx<{ dealership_id: number; role: string }[]>`
    delete from dealership_members where user_id = ${userId} returning dealership_id, role`;
  return rows
    .filter((row) => (LEAD_ROLES as readonly string[]).includes(row.role))
    .map((row) => row.dealership_id);
}
