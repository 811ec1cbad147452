// A dealer group in a fixture: a group holding the given dealerships, and a member of it signed in, as an
// administrator's group and an accepted group invitation would leave them (domains/groups).
import { validateSessionToken } from "../../src/server/credentials/session";
import { hashToken } from "../../src/server/credentials/tokens";
import type { GroupRole } from "../../src/shared/constants";
import type { createHarness } from "./harness";

type Harness = Awaited<ReturnType<typeof createHarness>>;

/** A new group named `name` holding `dealershipIds`; answers its id. */
export async function makeGroup(h: Harness, name: string, dealershipIds: number[]): Promise<number> {
  const [group] = await h.sql<
    { id: number }[]
  >`insert into dealer_groups (name) values (${name}) returning id`;
  await h.sql`update dealerships set group_id = ${group!.id} where id = any(${dealershipIds}::int[])`;
  return group!.id;
}

/**
 * `email` signed in as a member of group `groupId` in `role`, working on `actingOn` (else the group's first
 * dealership by name) in that session.
 */
export async function signInToGroup(
  h: Harness,
  email: string,
  groupId: number,
  role: GroupRole,
  actingOn?: number,
) {
  const account = await h.signIn(email, "manager");
  await h.sql`insert into dealer_group_members (user_id, group_id, role) values (${account.userId}, ${groupId}, ${role})
              on conflict (user_id) do update set group_id = excluded.group_id, role = excluded.role`;
  const session = await h.signIn(email, "manager");
  if (actingOn === undefined) return session;
  await h.sql`update sessions set acting_dealership_id = ${actingOn} where id = ${hashToken(session.token)}`;
  return { ...session, user: (await validateSessionToken(h.sql, session.token))!.user };
}
