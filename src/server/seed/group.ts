// The demo's dealer group (docs/product/dealer-groups.md): three Texas dealerships of the seed under one group,
// and the group's owner, who reaches each of them. Part of the seed (demo.ts); it draws nothing from the random
// stream, so every other row stays as it was.
import type { Queryable } from "../db/client";
import type { DealershipRow } from "../db/rows";

export const DEMO_GROUP_NAME = "Lone Star Auto Group";
/** The state whose first three dealerships (in the seed's order) the demo group holds. */
const DEMO_GROUP_STATE = "TX";
const GROUP_SIZE = 3;

/** Writes the group, its owner's account and membership, and moves its dealerships into it. */
export async function seedDealerGroup(
  sql: Queryable,
  dealers: Pick<DealershipRow, "id" | "state">[],
  owner: { email: string; firstName: string; lastName: string },
) {
  const held = dealers.filter((d) => d.state === DEMO_GROUP_STATE).slice(0, GROUP_SIZE);
  if (held.length === 0) return null;
  const [user] = await sql<{ id: string }[]>`
    insert into users (email, first_name, last_name, role)
    values (${owner.email}, ${owner.firstName}, ${owner.lastName}, 'manager')
    returning id`;
  const [group] = await sql<{ id: number }[]>`
    insert into dealer_groups (name, created_by, demo) values (${DEMO_GROUP_NAME}, ${user!.id}, true)
    returning id`;
  await sql`update dealerships set group_id = ${group!.id} where id in ${sql(held.map((d) => d.id))}`;
  await sql`insert into dealer_group_members (user_id, group_id, role)
            values (${user!.id}, ${group!.id}, 'group_owner')`;
  return { groupId: group!.id, dealershipIds: held.map((d) => d.id) };
}
