// What a dealership's own team (dealership_members) and a dealer group's people (dealer_group_members) do alike:
// listing them with their open invitations, adding one, and, under a lock of the member rows, changing a member's
// role or taking one off while keeping at least one owner, so two owners leaving at once cannot both be the last to
// go. Each change is audited (`<audit>.member_add|member_role|member_remove`) and told to the member; each side
// describes its table, roles and words once in a PeopleTable.

import type { ErrorReason } from "../../../shared/errors";
import type { AppLink } from "../../../shared/links";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable, Sql } from "../../db/client";
import type { Context } from "../../serviceContext";
import { createInvitation, type InvitationSpec } from "../invitations/send";
import { notify } from "../notifications/notify";

/** A refusal's sentence and its reason. */
export type Refusal = [message: string, reason: ErrorReason];

export type PeopleTable<R extends string> = {
  table: "dealership_members" | "dealer_group_members";
  /** The column naming the dealership or the group the member belongs to. */
  scope: "dealership_id" | "group_id";
  /** The invitations' column with the role an invitation to these people gives. */
  invitationRole: "team_role" | "group_role";
  /** The audit actions' entity: `dealership` (audited on the dealership's trail too) or `group`. */
  audit: "dealership" | "group";
  /** The roles, owner first, then the manager role, then staff: the listing's order. */
  roles: readonly [owner: R, manager: R, staff: R];
  labels: Record<R, string>;
  /** The sentence and reason of a 404 for someone not among them, and of a 409 for taking the last owner away. */
  notMember: Refusal;
  lastOwner: Refusal;
  /** What a member whose role changed is told, given the new role's label, and where it links. */
  roleChanged: { body: (role: string) => string; link: AppLink | null };
  /** What a member taken off is told, given the role they had. */
  removed: { title: string; body: (role: string) => string };
};

export type PeopleList<R extends string> = {
  members: { userId: string; email: string; name: string | null; role: R; since: Date }[];
  invitations: { id: string; email: string; name: string | null; role: R; sentAt: Date; expiresAt: Date }[];
};

type Actor = Pick<Context, "user" | "ip">;
type Caller = Pick<Context, "sql" | "ip"> & { user: NonNullable<Context["user"]> };

const DISPLAY_NAME = "nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')";

const label = <R extends string>(t: PeopleTable<R>, role: R) => t.labels[role].toLowerCase();

const auditScope = <R extends string>(t: PeopleTable<R>, scopeId: number) => ({
  entityId: scopeId,
  dealershipId: t.audit === "dealership" ? scopeId : null,
});

/** The people of `scopeId` (owners first) and the invitations to join them still waiting for an answer. */
export async function listPeople<R extends string>(
  sql: Queryable,
  t: PeopleTable<R>,
  scopeId: number,
): Promise<PeopleList<R>> {
  const [owner, manager] = t.roles;
  const [members, invitations] = await Promise.all([
    sql<PeopleList<R>["members"]>`
      select m.user_id as "userId", u.email::text as email, ${sql.unsafe(DISPLAY_NAME)} as name, m.role,
             m.created_at as "since"
        from ${sql(t.table)} m join users u on u.id = m.user_id
       where m.${sql(t.scope)} = ${scopeId}
       order by case m.role when ${owner} then 0 when ${manager} then 1 else 2 end, m.created_at, m.user_id`,
    sql<PeopleList<R>["invitations"]>`
      select i.id, i.email::text as email, i.name, i.${sql(t.invitationRole)} as role, i.sent_at as "sentAt",
             i.expires_at as "expiresAt"
        from invitations i
       where i.${sql(t.scope)} = ${scopeId} and i.${sql(t.invitationRole)} is not null and i.accepted_at is null
         and i.declined_at is null and i.revoked_at is null and i.expires_at > now()
       order by i.sent_at desc, i.id`,
  ]);
  return { members: [...members], invitations: [...invitations] };
}

/**
 * Invites `spec.email` among the people of `scopeId` inside the caller's transaction, which locked that dealership or
 * group, with the invitation mechanism (its e-mail and link, expiry): the invitee joins when they accept. An
 * administrator's address (`admin` says why not) and a present member (`already`) are refused.
 */
export async function invitePerson<R extends string>(
  ctx: Context,
  tx: Queryable,
  t: PeopleTable<R>,
  scopeId: number,
  spec: InvitationSpec,
  refusals: { admin: string; already: Refusal },
): Promise<string> {
  const [account] = await tx<{ role: string; scope: number | null }[]>`
    select u.role, m.${tx(t.scope)} as scope from users u left join ${tx(t.table)} m on m.user_id = u.id
     where u.email = ${spec.email}`;
  if (isAdmin(account)) throw appError("CONFLICT", refusals.admin, "EMAIL_IN_USE");
  if (account?.scope === scopeId) throw appError("CONFLICT", ...refusals.already);
  return createInvitation(ctx, tx, spec);
}

/** Adds an account to the people of `scopeId` (an accepted invitation), audited; answers the newcomer's name. */
export async function insertMember<R extends string>(
  ctx: Actor,
  tx: Queryable,
  t: PeopleTable<R>,
  scopeId: number,
  member: { userId: string; role: R; addedBy: string | null; invitationId: string },
): Promise<string> {
  const [added] = await tx<{ name: string }[]>`
    insert into ${tx(t.table)} (user_id, ${tx(t.scope)}, role, added_by)
    values (${member.userId}, ${scopeId}, ${member.role}, ${member.addedBy})
    returning (select coalesce(${tx.unsafe(DISPLAY_NAME)}, u.email::text) from users u where u.id = user_id) as name`;
  await recordAudit(ctx, tx, {
    action: `${t.audit}.member_add`,
    ...auditScope(t, scopeId),
    after: { userId: member.userId, role: member.role, invitationId: member.invitationId },
  });
  return added!.name;
}

type Locked<R> = { role: R; owners: number };

/** Locks the member rows of `scopeId` and reads the one changed, with how many owners there are. */
async function lockMember<R extends string>(
  tx: Queryable,
  t: PeopleTable<R>,
  scopeId: number,
  userId: string,
): Promise<Locked<R>> {
  await tx`select 1 from ${tx(t.table)} where ${tx(t.scope)} = ${scopeId} for update`;
  const [found] = await tx<Locked<R>[]>`
    select m.role,
           (select count(*)::int from ${tx(t.table)} o
             where o.${tx(t.scope)} = m.${tx(t.scope)} and o.role = ${t.roles[0]}) as owners
      from ${tx(t.table)} m
     where m.${tx(t.scope)} = ${scopeId} and m.user_id = ${userId}`;
  if (!found) throw appError("NOT_FOUND", ...t.notMember);
  return found;
}

function refuseLastOwner<R extends string>(t: PeopleTable<R>, member: Locked<R>) {
  if (member.role === t.roles[0] && member.owners <= 1) throw appError("CONFLICT", ...t.lastOwner);
}

/**
 * Gives a member of `scopeId` another role, never the last owner's; `refuse` throws when the caller may not take
 * the present role away, `changed` runs right after the change. Answers the member as listed then.
 */
export async function changeRole<R extends string>(
  ctx: Caller,
  t: PeopleTable<R>,
  scopeId: number,
  input: { userId: string; role: R },
  steps: { refuse?: (from: R) => void; changed?: (tx: Queryable, from: R) => Promise<void> } = {},
): Promise<PeopleList<R>["members"][number]> {
  await ctx.sql.begin(async (tx) => {
    const member = await lockMember(tx, t, scopeId, input.userId);
    if (member.role === input.role) return;
    steps.refuse?.(member.role);
    refuseLastOwner(t, member);
    await tx`update ${tx(t.table)} set role = ${input.role}
              where ${tx(t.scope)} = ${scopeId} and user_id = ${input.userId}`;
    await steps.changed?.(tx, member.role);
    await recordAudit(ctx, tx, {
      action: `${t.audit}.member_role`,
      ...auditScope(t, scopeId),
      before: { userId: input.userId, role: member.role },
      after: { userId: input.userId, role: input.role },
    });
    await notify(tx, {
      to: { userId: input.userId },
      type: "team_invitation",
      title: "Your role changed",
      body: t.roleChanged.body(label(t, input.role)),
      link: t.roleChanged.link,
    });
  });
  const { members } = await listPeople(ctx.sql as Sql, t, scopeId);
  return members.find((m) => m.userId === input.userId)!;
}

/**
 * Takes a member off `scopeId` (or a member leaves), never the last owner; `refuse` throws when the caller may not
 * take someone else in that role off, `left` runs right after the member row goes.
 */
export async function removeFrom<R extends string>(
  ctx: Caller,
  t: PeopleTable<R>,
  scopeId: number,
  input: { userId: string },
  steps: { refuse: (role: R) => void; left: (tx: Queryable, role: R) => Promise<void> },
): Promise<{ userId: string; removed: true }> {
  await ctx.sql.begin(async (tx) => {
    const member = await lockMember(tx, t, scopeId, input.userId);
    if (input.userId !== ctx.user.id) steps.refuse(member.role);
    refuseLastOwner(t, member);
    await tx`delete from ${tx(t.table)} where ${tx(t.scope)} = ${scopeId} and user_id = ${input.userId}`;
    await steps.left(tx, member.role);
    await recordAudit(ctx, tx, {
      action: `${t.audit}.member_remove`,
      ...auditScope(t, scopeId),
      before: { userId: input.userId, role: member.role },
      after: { userId: input.userId, role: null, left: input.userId === ctx.user.id },
    });
    await notify(tx, {
      to: { userId: input.userId },
      type: "dealership_handover",
      title: t.removed.title,
      body: t.removed.body(label(t, member.role)),
      link: null,
    });
  });
  return { userId: input.userId, removed: true };
}
