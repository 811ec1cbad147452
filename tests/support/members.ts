// Making an account a dealership's owner in a fixture (the lead with every power: billing, the team, everything),
// as an administrator's handover does (members.ts): the dealership's other owners and managers stop being members,
// and the account leaves any dealership it worked for.
import type postgres from "postgres";

type Sql = postgres.Sql | postgres.TransactionSql;

export async function makeManager(sql: Sql, dealershipId: number, userId: string): Promise<void> {
  await sql`delete from dealership_members
             where (dealership_id = ${dealershipId} and role in ('owner', 'manager')) or user_id = ${userId}`;
  await sql`insert into dealership_members (user_id, dealership_id, role)
            values (${userId}, ${dealershipId}, 'owner')`;
}

/** The dealership's first owner (or, with none, its first manager), if it has either. */
export async function managerOf(sql: Sql, dealershipId: number): Promise<string | null> {
  const [row] = await sql<{ user_id: string }[]>`
    select user_id from dealership_members where dealership_id = ${dealershipId} and role in ('owner', 'manager')
     order by role = 'owner' desc, created_at, user_id limit 1`;
  return row?.user_id ?? null;
}
