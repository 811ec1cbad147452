// What a dealership's own team (dealership_members) and a dealer group's people (dealer_group_members) do alike:
// listing them with their open invitations, adding one, and, under a lock of the member rows, changing a member's
// role or taking one off while keeping at least one owner, so two owners leaving at once cannot both be the last to
// go. Each change is audited (`<audit>.member_add|member_role|member_remove`) and told to the member; each side
// describes its roles and words once (peopleTable).

import type { ErrorReason } from "../../../shared/errors";
import type { AppLink } from "../../../shared/links";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { Context } from "../../serviceContext";
import { createInvitation, type InvitationSpec } from "../invitations/send";
import { notify } from "../notifications/notify";

/** A refusal's sentence and its reason. */
export type Refusal = [message: string, reason: ErrorReason];

type Words<R extends string> = {
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

/** Each side's member table, the column naming its dealership or group, and the invitations' role column. */
const TABLES = {
  dealership: { table: "dealership_members", scope: "dealership_id", invitationRole: "team_role" },
  group: { table: "dealer_group_members", scope: "group_id", invitationRole: "group_role" },
} as const;

export type PeopleList<R extends string> = {
  members: { userId: string; email: string; name: string | null; role: R; since: Date }[];
  invitations: { id: string; email: string; name: string | null; role: R; sentAt: Date; expiresAt: Date }[];
};

type Refusals = { admin: string; already: Refusal };
/** An account joining, by whose invitation. */
export type NewMember<R> = { userId: string; role: R; addedBy: string | null; invitationId: string };
type Actor = Pick<Context, "user" | "ip">;
type Caller = Pick<Context, "sql" | "ip"> & { user: NonNullable<Context["user"]> };

const DISPLAY_NAME = "nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')";

export type PeopleTable<R extends string> = ReturnType<typeof peopleTable<R>>;

export function peopleTable<R extends string>(words: Words<R>) {
  const { table, scope, invitationRole } = TABLES[words.audit];
  const [owner, manager] = words.roles;
  const label = (role: R) => words.labels[role].toLowerCase();
  const auditScope = (id: number) => ({
    entityId: id,
    dealershipId: words.audit === "dealership" ? id : null,
  });

  /** The people of dealership (group) `id` (owners first) and the invitations to join them still waiting for an answer. */
  async function list(sql: Queryable, id: number): Promise<PeopleList<R>> {
    const [members, invitations] = await Promise.all([
      sql<PeopleList<R>["members"]>`
        select m.user_id as "userId", u.email::text as email, ${sql.unsafe(DISPLAY_NAME)} as name, m.role,
               m.created_at as "since"
          from ${sql(table)} m join users u on u.id = m.user_id
         where m.${sql(scope)} = ${id}
         order by case m.role when ${owner} then 0 when ${manager} then 1 else 2 end, m.created_at, m.user_id`,
      sql<PeopleList<R>["invitations"]>`
        select i.id, i.email::text as email, i.name, i.${sql(invitationRole)} as role, i.sent_at as "sentAt",
               i.expires_at as "expiresAt"
          from invitations i
         where i.${sql(scope)} = ${id} and i.${sql(invitationRole)} is not null and i.accepted_at is null
           and i.declined_at is null and i.revoked_at is null and i.expires_at > now()
         order by i.sent_at desc, i.id`,
    ]);
    return { members: [...members], invitations: [...invitations] };
  }

  /**
   * Invites `spec.email` among the people of `id` inside the caller's transaction, which locked that dealership
   * or group, with the invitation mechanism (its e-mail and link, expiry): the invitee joins when they accept. An
   * administrator's address (`admin` says why not) and a present member (`already`) are refused.
   */
  async function invite(ctx: Context, tx: Queryable, id: number, spec: InvitationSpec, refusals: Refusals) {
    const [account] = await tx<{ role: string; scope: number | null }[]>`
      select u.role, m.${tx(scope)} as scope from users u left join ${tx(table)} m on m.user_id = u.id
       where u.email = ${spec.email}`;
    if (isAdmin(account)) throw appError("CONFLICT", refusals.admin, "EMAIL_IN_USE");
    if (account?.scope === id) throw appError("CONFLICT", ...refusals.already);
    return createInvitation(ctx, tx, spec);
  }

  /** Adds an account to the people of `id` (an accepted invitation), audited; answers the newcomer's name. */
  async function insert(ctx: Actor, tx: Queryable, id: number, member: NewMember<R>) {
    const [added] = await tx<{ name: string }[]>`
      insert into ${tx(table)} (user_id, ${tx(scope)}, role, added_by)
      values (${member.userId}, ${id}, ${member.role}, ${member.addedBy})
      returning (select coalesce(${tx.unsafe(DISPLAY_NAME)}, u.email::text) from users u where u.id = user_id) as name`;
    await recordAudit(ctx, tx, {
      action: `${words.audit}.member_add`,
      ...auditScope(id),
      after: { userId: member.userId, role: member.role, invitationId: member.invitationId },
    });
    return added!.name;
  }

  /** Locks the member rows of `id` and reads the one changed, refusing to take the last owner away. */
  async function lock(tx: Queryable, id: number, userId: string) {
    await tx`select 1 from ${tx(table)} where ${tx(scope)} = ${id} for update`;
    const [found] = await tx<{ role: R; owners: number }[]>`
      select m.role,
             (select count(*)::int from ${tx(table)} o
               where o.${tx(scope)} = m.${tx(scope)} and o.role = ${owner}) as owners
        from ${tx(table)} m
       where m.${tx(scope)} = ${id} and m.user_id = ${userId}`;
    if (!found) throw appError("NOT_FOUND", ...words.notMember);
    return found;
  }

  function refuseLastOwner(member: { role: R; owners: number }) {
    if (member.role === owner && member.owners <= 1) throw appError("CONFLICT", ...words.lastOwner);
  }

  /**
   * Gives a member of `id` another role, never the last owner's; `refuse` throws when the caller may not take
   * the present role away, `changed` runs right after the change. Answers the member as listed then.
   */
  async function changeRole(
    ctx: Caller,
    id: number,
    input: { userId: string; role: R },
    steps: { refuse?: (from: R) => void; changed?: (tx: Queryable, from: R) => Promise<void> } = {},
  ): Promise<PeopleList<R>["members"][number]> {
    await ctx.sql.begin(async (tx) => {
      const member = await lock(tx, id, input.userId);
      if (member.role === input.role) return;
      steps.refuse?.(member.role);
      refuseLastOwner(member);
      await tx`update ${tx(table)} set role = ${input.role} where ${tx(scope)} = ${id} and user_id = ${input.userId}`;
      await steps.changed?.(tx, member.role);
      await recordAudit(ctx, tx, {
        action: `${words.audit}.member_role`,
        ...auditScope(id),
        before: { userId: input.userId, role: member.role },
        after: { userId: input.userId, role: input.role },
      });
      await notify(tx, {
        to: { userId: input.userId },
        type: "team_invitation",
        title: "Your role changed",
        body: words.roleChanged.body(label(input.role)),
        link: words.roleChanged.link,
      });
    });
    const { members } = await list(ctx.sql, id);
    return members.find((m) => m.userId === input.userId)!;
  }

  /**
   * Takes a member off `id` (or a member leaves), never the last owner; `refuse` throws when the caller may not
   * take someone else in that role off, `left` runs right after the member row goes.
   */
  async function remove(
    ctx: Caller,
    id: number,
    input: { userId: string },
    steps: { refuse: (role: R) => void; left: (tx: Queryable, role: R) => Promise<void> },
  ): Promise<{ userId: string; removed: true }> {
    await ctx.sql.begin(async (tx) => {
      const member = await lock(tx, id, input.userId);
      if (input.userId !== ctx.user.id) steps.refuse(member.role);
      refuseLastOwner(member);
      await tx`delete from ${tx(table)} where ${tx(scope)} = ${id} and user_id = ${input.userId}`;
      await steps.left(tx, member.role);
      await recordAudit(ctx, tx, {
        action: `${words.audit}.member_remove`,
        ...auditScope(id),
        before: { userId: input.userId, role: member.role },
        after: { userId: input.userId, role: null, left: input.userId === ctx.user.id },
      });
      await notify(tx, {
        to: { userId: input.userId },
        type: "dealership_handover",
        title: words.removed.title,
        body: words.removed.body(label(member.role)),
        link: null,
      });
    });
    return { userId: input.userId, removed: true };
  }

  return { ...words, table, scope, list, invite, insert, changeRole, remove };
}
