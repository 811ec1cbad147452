// Making an account a dealership's manager in a fixture, as the app's own change does (members.ts): the
// dealership's manager before, if any, stops being a member; the account leaves any dealership it worked for.
import type postgres from "postgres";

type Sql = postgres.Sql | postgres.TransactionSql;

export async function makeManager(sql: Sql, dealershipId: number, userId: string): Promise<void> {
  await sql`delete from dealership_members
             where (dealership_id = ${dealershipId} and role = 'manager') or user_id = ${userId}`;
  await sql`insert into dealership_members (user_id, dealership_id, role)
            values (${userId}, ${dealershipId}, 'manager')`;
}

/** The dealership's manager, if it has one. */
export async function managerOf(sql: Sql, dealershipId: number): Promise<string | null> {
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from dealership_members where dealership_id = ${dealershipId} and role = 'manager'`;
  return row?.user_id ?? null;
}
