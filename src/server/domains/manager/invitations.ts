// Invitations to join a dealership. A manager who adds someone already on the platform invites them; nothing
// about their profile changes until its owner, signed in to the salesperson portal, accepts. The manager lists
// and revokes what they sent; the salesperson lists, accepts and declines what was sent to their profile.
//
// Lock order, here and wherever a salesperson joins or leaves a dealership (manager/team.ts,
// transfers/adminDecision.ts): the dealership row first, then the salesperson row.

import { links } from "../../../shared/links";
import type { SessionUser } from "../../../shared/schemas/auth";
import {
  INVITATION_TTL_DAYS,
  type InvitationAnswer,
  PLAN_LIMIT_MESSAGE,
  type SalespersonInvitation,
  type TeamInvitation,
} from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { notify, type Recipient } from "../notifications/notify";
import { dealershipAllowance } from "../subscriptions/reads";

type ManagerCtx = Context & { user: SessionUser; dealershipId: number };
type SalespersonCtx = Context & { user: SessionUser; salespersonId: number };

/** Open: not answered, not revoked, not expired. `alias` is the invitations row. */
export function openInvitationSql(sql: Queryable, alias: string) {
  const i = (column: string) => sql(`${alias}.${column}`);
  return sql`(${i("accepted_at")} is null and ${i("declined_at")} is null and ${i("revoked_at")} is null
              and ${i("expires_at")} > now())`;
}

/**
 * Members plus open invitations: an invitation holds its place on the plan until it is answered, so a team
 * cannot outgrow its plan by inviting. Call with the dealership row locked.
 */
export async function assertTeamRoom(tx: Queryable, dealershipId: number, excludeInvitation?: string) {
  const plan = await dealershipAllowance(tx, dealershipId);
  if (plan.limit === null) return;
  const [used] = await tx<{ n: number }[]>`
    select (select count(*) from salespeople where dealership_id = ${dealershipId})
         + (select count(*) from invitations i
             where i.dealership_id = ${dealershipId} and i.role = 'salesperson' and ${openInvitationSql(tx, "i")}
               and i.id is distinct from ${excludeInvitation ?? null}::uuid) as n`;
  if (Number(used?.n ?? 0) >= plan.limit) {
    throw appError(
      "CONFLICT",
      `${PLAN_LIMIT_MESSAGE}: the ${plan.planName} plan allows up to ${plan.limit} salespeople, counting open invitations. Remove a salesperson, revoke an invitation or upgrade your plan to add more.`,
      "PLAN_LIMIT_REACHED",
    );
  }
}

function teamInvitationColumns(sql: Queryable) {
  return sql`
    i.id, i.email::text as email, s.name, i.payment_model as "paymentModel", i.created_at as "createdAt",
    i.expires_at as "expiresAt"`;
}

/**
 * Inside the manager's add (dealership row locked, room checked): invites an existing independent profile.
 * An expired invitation to the same address is closed first, so the manager can invite again.
 */
export async function createInvitation(
  ctx: ManagerCtx,
  tx: Queryable,
  dealership: Pick<DealershipRow, "id" | "name">,
  person: Pick<SalespersonRow, "id" | "email">,
  paymentModel: TeamInvitation["paymentModel"],
): Promise<TeamInvitation> {
  await tx`
    update invitations set revoked_at = now()
     where dealership_id = ${dealership.id} and email = ${person.email} and role = 'salesperson'
       and accepted_at is null and declined_at is null and revoked_at is null and expires_at <= now()`;
  const [open] = await tx`
    select 1 as found from invitations i
     where i.dealership_id = ${dealership.id} and i.email = ${person.email} and i.role = 'salesperson'
       and ${openInvitationSql(tx, "i")}`;
  if (open) {
    throw appError(
      "CONFLICT",
      "This salesperson already has an open invitation to your team.",
      "INVITATION_PENDING",
    );
  }
  const [row] = await tx<{ id: string }[]>`
    insert into invitations (role, dealership_id, email, salesperson_id, payment_model, invited_by_user_id,
                             expires_at)
    values ('salesperson', ${dealership.id}, ${person.email}, ${person.id}, ${paymentModel}, ${ctx.user.id},
            now() + make_interval(days => ${INVITATION_TTL_DAYS}))
    returning id`;
  await notify(tx, {
    to: { salespersonId: person.id },
    type: "team_invitation",
    title: "Invitation to join a dealership",
    body: `${dealership.name} invites you to join its sales team. Accept or decline it on your dashboard.`,
    link: links.salespersonDashboard(),
  });
  await recordAudit(ctx, tx, {
    action: "salesperson.invite",
    entityId: person.id,
    dealershipId: dealership.id,
    after: { invitationId: row!.id, paymentModel },
  });
  const [invitation] = await tx<TeamInvitation[]>`
    select ${teamInvitationColumns(tx)} from invitations i join salespeople s on s.id = i.salesperson_id
     where i.id = ${row!.id}`;
  return invitation!;
}

/** E-mails the invited salesperson (after the invitation commits): where to answer it. */
export async function mailInvitation(
  ctx: Context,
  invitation: { email: string; name: string; dealershipName: string },
): Promise<"sent" | "logged" | "failed"> {
  const dashboard = `${ctx.env.APP_URL}/salesperson-dashboard`;
  try {
    return await ctx.mailer.send({
      to: invitation.email,
      subject: `${invitation.dealershipName} invites you to its team on KnowBefore`,
      text: `Hello ${invitation.name},\n\n${invitation.dealershipName} invites you to join its sales team on KnowBefore. Your profile, reviews and history stay yours; nothing changes unless you accept. The invitation is open for ${INVITATION_TTL_DAYS} days.\n\nSign in to the salesperson portal to accept or decline it: ${dashboard}\n`,
    });
  } catch (error) {
    ctx.logger.warn(`invitation e-mail was not sent: ${(error as Error).message}`);
    return "failed";
  }
}

// The manager -------------------------------------------------------------------------------------------

export async function listTeamInvitations(ctx: ManagerCtx): Promise<TeamInvitation[]> {
  return ctx.sql<TeamInvitation[]>`
    select ${teamInvitationColumns(ctx.sql)}
      from invitations i join salespeople s on s.id = i.salesperson_id
     where i.dealership_id = ${ctx.dealershipId} and i.role = 'salesperson' and ${openInvitationSql(ctx.sql, "i")}
     order by i.created_at desc, i.id`;
}

export async function revokeInvitation(ctx: ManagerCtx, id: string): Promise<{ id: string; revoked: true }> {
  const revoked = await ctx.sql.begin(async (tx) => {
    const [row] = await tx<{ id: string; salesperson_id: number | null; email: string }[]>`
      update invitations i set revoked_at = now()
       where i.id = ${id} and i.dealership_id = ${ctx.dealershipId} and ${openInvitationSql(tx, "i")}
      returning i.id, i.salesperson_id, i.email::text as email`;
    if (!row) return null;
    await recordAudit(ctx, tx, {
      action: "salesperson.invite_revoke",
      entityId: row.salesperson_id ?? row.email,
      dealershipId: ctx.dealershipId,
      before: { invitationId: row.id },
    });
    return row;
  });
  if (!revoked) throw invitationNotOpen();
  return { id: revoked.id, revoked: true };
}

// The invited salesperson ---------------------------------------------------------------------------------

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
    select i.id, i.payment_model as "paymentModel", i.created_at as "createdAt", i.expires_at as "expiresAt",
           d.id as "dealershipId", d.name, d.city, d.state
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

/** The manager hears on their dashboard how their invitation was answered. */
function tellInvitingManager(tx: Queryable, to: Recipient, title: string, body: string) {
  return notify(tx, { to, type: "team_invitation", title, body, link: links.managerDashboard() });
}

/**
 * Accepts an invitation, in one transaction: the claim is a conditional update (still open, addressed to the
 * caller), so it is used once; the profile moves to the dealership, paid as invited, confirmed by the
 * invitation itself.
 */
export async function acceptInvitation(ctx: SalespersonCtx, id: string): Promise<InvitationAnswer> {
  const accepted = await ctx.sql.begin(async (tx) => {
    const [invited] = await tx<{ dealership_id: number }[]>`
      select i.dealership_id from invitations i
       where i.id = ${id} and i.role = 'salesperson' and ${addressedToMe(ctx, tx, "i")}`;
    if (!invited) return null;
    const [dealership] = await tx<
      Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone" | "manager_id">[]
    >`
      select id, name, city, state, time_zone, manager_id from dealerships
       where id = ${invited.dealership_id} for update`;
    const [me] = await tx<
      Pick<SalespersonRow, "id" | "name" | "dealership_id" | "payment_model" | "verified_at">[]
    >`
      select id, name, dealership_id, payment_model, verified_at from salespeople
       where id = ${ctx.salespersonId} for update`;
    if (!dealership || !me) return null;
    const [claimed] = await tx<{ id: string; payment_model: SalespersonRow["payment_model"] | null }[]>`
      update invitations i set accepted_at = now(), accepted_by_user_id = ${ctx.user.id}
       where i.id = ${id} and i.role = 'salesperson' and ${addressedToMe(ctx, tx, "i")}
         and ${openInvitationSql(tx, "i")}
      returning i.id, i.payment_model`;
    if (!claimed) return null;
    if (me.dealership_id !== null) {
      throw appError(
        "CONFLICT",
        me.dealership_id === dealership.id
          ? "You are already on this dealership's team."
          : "You work at another dealership. Ask to transfer from your dashboard instead.",
        "SALESPERSON_AT_OTHER_DEALERSHIP",
      );
    }
    await assertTeamRoom(tx, dealership.id, claimed.id);
    const paymentModel = claimed.payment_model ?? "dealership";
    await tx`
      update salespeople
         set dealership_id = ${dealership.id}, city = ${dealership.city}, state = ${dealership.state},
             time_zone = ${dealership.time_zone}, payment_model = ${paymentModel}, verified_at = now(),
             updated_at = now()
       where id = ${me.id}`;
    await recordAudit(ctx, tx, {
      action: "salesperson.join",
      entityId: me.id,
      dealershipId: dealership.id,
      before: { dealershipId: null, paymentModel: me.payment_model, verifiedAt: me.verified_at },
      after: { dealershipId: dealership.id, paymentModel, verified: true, invitationId: claimed.id },
    });
    if (dealership.manager_id) {
      await tellInvitingManager(
        tx,
        { userId: dealership.manager_id },
        "Invitation accepted",
        `${me.name} accepted your invitation and joined ${dealership.name}.`,
      );
    }
    return { id: claimed.id, dealershipId: dealership.id };
  });
  if (!accepted) throw invitationNotOpen();
  ctx.browseCache.clear();
  return { ...accepted, status: "accepted" };
}

export async function declineInvitation(ctx: SalespersonCtx, id: string): Promise<InvitationAnswer> {
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
    if (names)
      await tellInvitingManager(
        tx,
        { managerOf: row.dealership_id },
        "Invitation declined",
        `${names.person} declined your invitation to join ${names.dealership}.`,
      );
    return row;
  });
  if (!declined) throw invitationNotOpen();
  return { id: declined.id, status: "declined", dealershipId: declined.dealership_id };
}
