// A dealership's own people (dealership_members), read and written here only: who manages a dealership, which
// dealership an account works for, and the change of a dealership's manager. Until a dealership can have several
// leads, it has one member at most, its manager; notifications/recipients.ts says who leads it.
import type { Fragment, Queryable } from "../../db/client";

/** The account managing the dealership `dealershipId` (a fragment), or null: a scalar subquery. */
export function managerOfSql(sql: Queryable, dealershipId: Fragment): Fragment {
  return sql`(select m.user_id from dealership_members m
               where m.dealership_id = ${dealershipId} and m.role = 'manager')`;
}

/** The dealership the account `userId` (a fragment) manages, or null: a scalar subquery. */
export function managedBySql(sql: Queryable, userId: Fragment): Fragment {
  return sql`(select m.dealership_id from dealership_members m where m.user_id = ${userId} and m.role = 'manager')`;
}

/**
 * Makes `userId` the manager of `dealershipId`, in place of its manager before (if any), who is no longer a
 * member. Call with the dealership locked; the account must not work for another dealership.
 */
export async function setDealershipManager(
  tx: Queryable,
  dealershipId: number,
  userId: string,
  addedBy: string | null,
): Promise<void> {
  await tx`delete from dealership_members where dealership_id = ${dealershipId} and role = 'manager'
             and user_id <> ${userId}`;
  await tx`insert into dealership_members (user_id, dealership_id, role, added_by)
           values (${userId}, ${dealershipId}, 'manager', ${addedBy})
           on conflict (user_id) do update set dealership_id = excluded.dealership_id, role = excluded.role`;
}

/** Ends the account's work for any dealership; answers the dealerships it managed. */
export async function leaveDealerships(tx: Queryable, userId: string): Promise<number[]> {
  const rows = await tx<{ dealership_id: number }[]>`
    delete from dealership_members where user_id = ${userId} returning dealership_id`;
  return rows.map((row) => row.dealership_id);
}
