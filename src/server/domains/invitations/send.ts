// Sending invitations (docs/product/invitations.md): creating one of either kind, its e-mail (a
// queued job that makes the link's token, so only its SHA-256 is ever stored), resending and revoking.

import {
  DEALERSHIP_ROLE_LABELS,
  type DealershipRole,
  GROUP_ROLE_LABELS,
  type GroupRole,
  type InvitationRole,
  type PaymentModel,
} from "../../../shared/constants";
import { links } from "../../../shared/links";
import { INVITATION_TTL_DAYS, type SentInvitation } from "../../../shared/schemas/invitations";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { generateToken, hashToken } from "../../credentials/tokens";
import type { Queryable } from "../../db/client";
import { QUEUES } from "../../jobs/queue";
import type { Context } from "../../serviceContext";
import type { NoticeDeps } from "../appointments/notices";
import { escapeHtml } from "../auth/signInLinks";
import { notify } from "../notifications/notify";
import { leadEmailsSql } from "../notifications/recipients";
import { refuseTeamRole } from "../people/roleRules";
import { sentInvitationById } from "./lists";
import { assertTeamRoom, openInvitationSql, unansweredInvitationSql } from "./rules";

/** Where an invitation leads: a dealership, or a dealer group in a group role (a manager invitation). */
type InvitationPlace =
  | { dealershipId: number; groupId?: undefined; groupRole?: undefined }
  | { dealershipId?: undefined; groupId: number; groupRole: GroupRole };

export type InvitationSpec = InvitationPlace & {
  role: InvitationRole;
  email: string;
  /** The existing profile a salesperson invitation is addressed to, when the address has one. */
  salespersonId?: number | null;
  paymentModel?: PaymentModel | null;
  /**
   * The invitee's name as the inviter typed it: kept with the invitation, it greets them in the e-mail and
   * names the account and profile that accepting makes.
   */
  name?: string | null;
  /** The role on the team a manager invitation's invitee takes; none for an administrator's handover. */
  teamRole?: DealershipRole | null;
};

/**
 * Creates an invitation inside the caller's transaction (the dealership row locked by the caller) and queues
 * its e-mail, which goes out only if the transaction commits. An expired invitation to the same address is
 * closed first, so it can be sent again; an open one refuses a second.
 */
export async function createInvitation(ctx: Context, tx: Queryable, spec: InvitationSpec): Promise<string> {
  const place =
    spec.groupId === undefined ? tx`dealership_id = ${spec.dealershipId}` : tx`group_id = ${spec.groupId}`;
  await tx`
    update invitations set revoked_at = now()
     where ${place} and email = ${spec.email} and role = ${spec.role}
       and accepted_at is null and declined_at is null and revoked_at is null and expires_at <= now()`;
  const [open] = await tx`
    select 1 as found from invitations i
     where ${place} and i.email = ${spec.email} and i.role = ${spec.role}
       and ${openInvitationSql(tx, "i")}`;
  if (open) {
    throw appError(
      "CONFLICT",
      "This address already has an open invitation. Resend it from the list of pending invitations instead.",
      "INVITATION_PENDING",
    );
  }
  const [row] = await tx<{ id: string }[]>`
    insert into invitations (role, team_role, dealership_id, group_id, group_role, email, name, salesperson_id,
                             payment_model, invited_by_user_id, expires_at)
    values (${spec.role}, ${spec.teamRole ?? null}, ${spec.dealershipId ?? null}, ${spec.groupId ?? null},
            ${spec.groupRole ?? null}, ${spec.email},
            ${spec.name?.trim().replace(/\s+/g, " ") || null}, ${spec.salespersonId ?? null},
            ${spec.paymentModel ?? null}, ${ctx.user?.id ?? null},
            now() + make_interval(days => ${INVITATION_TTL_DAYS}))
    returning id`;
  const id = row!.id;
  await ctx.jobs.send(QUEUES.invitationMail, { invitationId: id }, { within: tx });
  if (spec.salespersonId) {
    await notify(tx, {
      to: { salespersonId: spec.salespersonId },
      type: "team_invitation",
      title: "Invitation to join a dealership",
      body: "A dealership invites you to join its sales team. Accept or decline it on your dashboard.",
      link: links.salespersonDashboard(),
    });
  }
  if (spec.groupId !== undefined) {
    await recordAudit(ctx, tx, {
      action: "group.member_invite",
      entityId: spec.groupId,
      after: { invitationId: id, email: spec.email, groupRole: spec.groupRole },
    });
    return id;
  }
  await recordAudit(ctx, tx, {
    action: spec.role === "manager" ? "dealership.manager_invite" : "salesperson.invite",
    entityId: spec.role === "manager" ? spec.dealershipId : (spec.salespersonId ?? spec.email),
    dealershipId: spec.dealershipId,
    after: {
      invitationId: id,
      email: spec.email,
      paymentModel: spec.paymentModel ?? null,
      ...(spec.teamRole ? { teamRole: spec.teamRole } : {}),
    },
  });
  return id;
}

/**
 * Invites `email` to manage dealership `dealershipId`, inside the caller's transaction: answers the new
 * invitation; its e-mail (with the acceptance link) goes out after the transaction commits. When the invitee
 * accepts, they become the dealership's manager and any previous manager loses that role. Refuses (AppError)
 * an unknown dealership, an administrator's address, the dealership's current manager, and a second open
 * invitation to the same address. `name` greets the invitee and names the account that accepting makes.
 */
export async function inviteManager(
  ctx: Context,
  tx: Queryable,
  input: { dealershipId: number; email: string; name?: string | null },
): Promise<SentInvitation> {
  const [dealership] = await tx<{ id: number; lead_emails: string[] }[]>`
    select d.id, ${leadEmailsSql(tx, tx`d.id`)} as lead_emails
      from dealerships d where d.id = ${input.dealershipId} for update of d`;
  if (!dealership) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  if (dealership.lead_emails.some((email) => email.toLowerCase() === input.email.toLowerCase())) {
    throw appError("CONFLICT", "This address already manages this dealership.", "ALREADY_MANAGER");
  }
  const [account] = await tx<{ role: string }[]>`select role from users where email = ${input.email}`;
  if (isAdmin(account)) {
    throw appError(
      "CONFLICT",
      "This address belongs to an administrator. A manager needs an account of their own.",
      "EMAIL_IN_USE",
    );
  }
  const id = await createInvitation(ctx, tx, { role: "manager", ...input });
  return sentInvitationById(tx, id);
}

/**
 * Who may resend or revoke an invitation: a dealership's lead their own team's, to the roles their role gives (a
 * manager staff's and salespeople's, an owner any); an administrator any.
 */
export type SenderScope = { dealershipId: number; role: DealershipRole | null } | "admin";

/** Refuses (403) a lead answering an invitation to a team role theirs does not give. */
function refuseOutOfReach(scope: SenderScope, teamRole: DealershipRole | null): void {
  if (scope !== "admin" && teamRole !== null) refuseTeamRole(scope.role, teamRole);
}

function inScope(sql: Queryable, scope: SenderScope) {
  // A group's invitations are the group's to resend and revoke (domains/groups/members.ts).
  return scope === "admin"
    ? sql`i.dealership_id is not null`
    : sql`(i.dealership_id = ${scope.dealershipId} and (i.role = 'salesperson' or i.team_role is not null))`;
}

function invitationNotPending() {
  return appError("NOT_FOUND", "This invitation is not pending any more.", "INVITATION_NOT_FOUND");
}

/**
 * Gives an unanswered invitation a new life inside `tx`: its old link stops working at once (the token goes), its
 * expiry starts again, and the mail job that makes and mails a new link is queued to run after commit. Null when
 * the invitation was answered or revoked meanwhile. The caller has checked who may, and audits it.
 */
export async function renewInvitation(
  ctx: Pick<Context, "jobs">,
  tx: Queryable,
  id: string,
): Promise<{ id: string; email: string; salesperson_id: number | null } | null> {
  const [row] = await tx<{ id: string; email: string; salesperson_id: number | null }[]>`
    update invitations i
       set token_hash = null, sent_at = now(), expires_at = now() + make_interval(days => ${INVITATION_TTL_DAYS})
     where i.id = ${id} and ${unansweredInvitationSql(tx, "i")}
    returning i.id, i.email::text as email, i.salesperson_id`;
  if (!row) return null;
  await ctx.jobs.send(QUEUES.invitationMail, { invitationId: id }, { within: tx });
  return row;
}

/**
 * Sends an unanswered invitation again: the old link stops working at once, the expiry starts again, and a
 * new link is mailed after commit. An expired salesperson invitation takes its place on the plan again.
 */
export async function resendInvitation(
  ctx: Context,
  scope: SenderScope,
  id: string,
): Promise<SentInvitation> {
  const resent = await ctx.sql.begin(async (tx) => {
    const [found] = await tx<
      { dealership_id: number; role: InvitationRole; team_role: DealershipRole | null }[]
    >`
      select i.dealership_id, i.role, i.team_role from invitations i
       where i.id = ${id} and ${inScope(tx, scope)} and ${unansweredInvitationSql(tx, "i")}`;
    if (!found) return null;
    refuseOutOfReach(scope, found.team_role);
    await tx`select id from dealerships where id = ${found.dealership_id} for update`;
    if (found.role === "salesperson") await assertTeamRoom(tx, found.dealership_id, id);
    const row = await renewInvitation(ctx, tx, id);
    if (!row) return null;
    await recordAudit(ctx, tx, {
      action: found.role === "manager" ? "dealership.manager_invite_resend" : "salesperson.invite_resend",
      entityId: found.role === "manager" ? found.dealership_id : (row.salesperson_id ?? row.email),
      dealershipId: found.dealership_id,
      after: { invitationId: id },
    });
    return sentInvitationById(tx, id);
  });
  if (!resent) throw invitationNotPending();
  return resent;
}

export async function revokeInvitation(
  ctx: Context,
  scope: SenderScope,
  id: string,
): Promise<{ id: string; revoked: true }> {
  const revoked = await ctx.sql.begin(async (tx) => {
    const [row] = await tx<
      {
        id: string;
        role: InvitationRole;
        team_role: DealershipRole | null;
        dealership_id: number;
        salesperson_id: number | null;
        email: string;
      }[]
    >`
      select i.id, i.role, i.team_role, i.dealership_id, i.salesperson_id, i.email::text as email
        from invitations i
       where i.id = ${id} and ${inScope(tx, scope)} and ${unansweredInvitationSql(tx, "i")}
       for update`;
    if (!row) return null;
    refuseOutOfReach(scope, row.team_role);
    await tx`update invitations set revoked_at = now() where id = ${id}`;
    await recordAudit(ctx, tx, {
      action: row.role === "manager" ? "dealership.manager_invite_revoke" : "salesperson.invite_revoke",
      entityId: row.role === "manager" ? row.dealership_id : (row.salesperson_id ?? row.email),
      dealershipId: row.dealership_id,
      before: { invitationId: row.id, email: row.email },
    });
    return row;
  });
  if (!revoked) throw invitationNotPending();
  return { id: revoked.id, revoked: true };
}

type MailRow = {
  email: string;
  role: InvitationRole;
  team_role: DealershipRole | null;
  group_role: GroupRole | null;
  /** The dealership's name, or the dealer group's for a group invitation (city and state null then). */
  dealership: string;
  city: string | null;
  state: string | null;
  invitee_name: string | null;
  profile_name: string | null;
  inviter: string | null;
  expires_at: Date;
};

/**
 * The invitation-mail job: makes the link's token, stores its SHA-256 (replacing any earlier link's) and
 * mails the link. An invitation answered or revoked before the job ran gets no mail.
 */
export async function sendInvitationMail(
  deps: NoticeDeps,
  data: { invitationId: string; name?: string | null },
): Promise<void> {
  const token = generateToken();
  const [row] = await deps.sql<MailRow[]>`
    update invitations i set token_hash = ${hashToken(token)}, sent_at = now()
     where i.id = ${data.invitationId} and ${openInvitationSql(deps.sql, "i")}
    returning i.email::text as email, i.role, i.team_role, i.group_role,
              coalesce((select d.name from dealerships d where d.id = i.dealership_id),
                       (select g.name from dealer_groups g where g.id = i.group_id)) as dealership,
              (select d.city from dealerships d where d.id = i.dealership_id) as city,
              (select d.state from dealerships d where d.id = i.dealership_id) as state, i.expires_at,
              i.name as invitee_name, (select s.name from salespeople s where s.id = i.salesperson_id) as profile_name,
              (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text)
                 from users u where u.id = i.invited_by_user_id) as inviter`;
  if (!row) return;
  const link = `${deps.appUrl}${links.invitation(token)}`;
  const name = row.invitee_name ?? data.name ?? row.profile_name;
  const place = row.city
    ? `${row.dealership} (${row.city}, ${row.state}) on KnowBefore`
    : `${row.dealership} on KnowBefore`;
  const what = row.group_role
    ? `to join ${place} as ${GROUP_ROLE_LABELS[row.group_role].toLowerCase()}`
    : row.team_role
      ? `to join the team of ${place} as ${DEALERSHIP_ROLE_LABELS[row.team_role].toLowerCase()}`
      : row.role === "manager"
        ? `to manage ${place}`
        : `to join the sales team of ${place}`;
  const who = row.inviter ? `${row.inviter} invited you` : "You are invited";
  const until = row.expires_at.toUTCString();
  const keeps =
    row.role === "salesperson"
      ? " If you already have a KnowBefore profile, it moves with you, reviews and all."
      : "";
  await deps.mailer.send({
    kind: "invitations",
    to: row.email,
    subject: row.group_role
      ? `${row.dealership} invites you to its dealer group on KnowBefore`
      : row.role === "manager" && !row.team_role
        ? `You are invited to manage ${row.dealership} on KnowBefore`
        : `${row.dealership} invites you to its team on KnowBefore`,
    text: `Hello${name ? ` ${name}` : ""},\n\n${who} ${what}.${keeps}\n\nOpen this link to see the invitation and accept or decline it. It works once, only for ${row.email}, until ${until}:\n\n${link}\n\nIf you did not expect it, you can ignore this e-mail.\n`,
    html: `<p>Hello${name ? ` ${escapeHtml(name)}` : ""},</p><p>${escapeHtml(`${who} ${what}.${keeps}`)}</p><p>Open this link to see the invitation and accept or decline it. It works once, only for ${escapeHtml(row.email)}, until ${until}:</p><p><a href="${link}">See the invitation</a></p><p>If you did not expect it, you can ignore this e-mail.</p>`,
  });
}
