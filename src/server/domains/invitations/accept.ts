// Answering an invitation through the link in its e-mail: described without being used, then accepted (or
// declined) by one click, which the app's Origin check guards like every state-changing request. Only the
// invited address's owner answers: a browser signed in as someone else is refused. For a new person, holding
// the link proves the address (it was mailed there): accepting creates the account and signs the browser in.
// An existing account accepts only signed in as itself, so its second factor is asked as at any sign-in.

import type { DealershipRole, GroupRole, InvitationRole, PaymentModel } from "../../../shared/constants";
import { links } from "../../../shared/links";
import { nameParts } from "../../../shared/schemas/common";
import type { AcceptedInvitation, InvitationDescription } from "../../../shared/schemas/invitations";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { hashToken } from "../../credentials/tokens";
import type { Queryable } from "../../db/client";
import type { UserRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { limitRedemptions, signInByLink } from "../auth/linkRedemption";
import { tellTeamLeads } from "../notifications/alerts";
import {
  type Actor,
  assertIndependent,
  dealershipForJoining,
  type JoiningDealership,
  type JoiningProfile,
  joinDealership,
  takeOverDealership,
} from "./join";
import { acceptAsGroupMember, acceptAsTeamMember } from "./joinPeople";
import {
  closedInvitation,
  type InvitationState,
  sameAddress,
  signInToAccept,
  unknownInvitation,
  wrongAccount,
} from "./rules";

type InvitationRow = InvitationState & {
  id: string;
  role: InvitationRole;
  /** The team role a team invitation gives; null for a salesperson's or an administrator's handover. */
  team_role: DealershipRole | null;
  invited_by_user_id: string | null;
  /** The name the invitation was sent under. */
  name: string | null;
  /** The dealership invited to; null for a dealer group's invitation (group_id, group_role). */
  dealership_id: number | null;
  group_id: number | null;
  group_role: GroupRole | null;
  payment_model: PaymentModel | null;
};

type Account = Pick<UserRow, "id" | "role" | "disabled_at" | "first_name" | "last_name">;

const INVITATION_COLUMNS = (sql: Queryable) => sql`
  i.id, i.role, i.team_role, i.invited_by_user_id, i.dealership_id, i.group_id, i.group_role,
  i.email::text as email, i.name,
  i.payment_model, i.expires_at, i.accepted_at, i.declined_at, i.revoked_at`;

async function invitationByToken(sql: Queryable, token: string): Promise<InvitationRow> {
  const [row] = await sql<InvitationRow[]>`
    select ${INVITATION_COLUMNS(sql)} from invitations i where i.token_hash = ${hashToken(token)}`;
  if (!row) throw unknownInvitation();
  return row;
}

function accountFor(sql: Queryable, email: string) {
  return sql<Account[]>`
    select id, role, disabled_at, first_name, last_name from users where email = ${email} limit 1`;
}

function profileFor(sql: Queryable, email: string, userId: string | null, lock: boolean) {
  return sql<(JoiningProfile & { user_id: string | null })[]>`
    select id, name, dealership_id, payment_model, verified_at, user_id from salespeople
     where email = ${email} or user_id = ${userId}::uuid
     order by (email = ${email}) desc limit 1 ${lock ? sql`for update` : sql``}`;
}

/** Refuses what cannot answer: a closed invitation, or a browser signed in as another address. */
function assertAnswerable(ctx: Context, invitation: InvitationRow) {
  const closed = closedInvitation(invitation);
  if (closed) throw closed;
  if (ctx.user && !sameAddress(ctx.user.email, invitation.email))
    throw wrongAccount(invitation.email, ctx.user.email);
}

function fullName(account: Pick<Account, "first_name" | "last_name"> | undefined): string {
  return [account?.first_name, account?.last_name].filter(Boolean).join(" ").trim();
}

export async function describeInvitation(
  ctx: Context,
  { token }: { token: string },
): Promise<InvitationDescription> {
  await limitRedemptions(ctx);
  const invitation = await invitationByToken(ctx.sql, token);
  const closed = closedInvitation(invitation);
  if (closed) throw closed;
  const [about] = await ctx.sql<
    { dealership: string | null; city: string; state: string; group: string | null; inviter: string | null }[]
  >`
    select d.name as dealership, d.city, d.state, g.name as group,
           (select coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text)
              from users u where u.id = i.invited_by_user_id) as inviter
      from invitations i
      left join dealerships d on d.id = i.dealership_id
      left join dealer_groups g on g.id = i.group_id
     where i.id = ${invitation.id}`;
  const [account] = await accountFor(ctx.sql, invitation.email);
  const [profile] = await profileFor(ctx.sql, invitation.email, account?.id ?? null, false);
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    dealership:
      invitation.dealership_id === null
        ? null
        : {
            id: invitation.dealership_id,
            name: about?.dealership ?? "",
            city: about?.city ?? "",
            state: about?.state ?? "",
          },
    group: invitation.group_id === null ? null : { id: invitation.group_id, name: about?.group ?? "" },
    groupRole: invitation.group_role,
    teamRole: invitation.team_role,
    invitedBy: about?.inviter ?? null,
    expiresAt: invitation.expires_at,
    hasAccount: Boolean(account),
    signInRequired: Boolean(account) && !(ctx.user && sameAddress(ctx.user.email, invitation.email)),
    name: invitation.name,
    needsName: fullName(account) === "" && (invitation.role === "manager" || !profile),
    signedInAs: ctx.user && !sameAddress(ctx.user.email, invitation.email) ? ctx.user.email : null,
  };
}

/**
 * The invitee's account as it must be for the role, created for a new person under `name`; an existing account
 * without a name takes it. Refusals say why not. An existing account must be the one signed in (`signedIn`,
 * the caller's user id).
 */
async function inviteeAccount(
  tx: Queryable,
  invitation: InvitationRow,
  name: string | undefined,
  signedIn: string | null,
): Promise<Account> {
  const [account] = await accountFor(tx, invitation.email);
  if (account?.disabled_at) {
    throw appError(
      "FORBIDDEN",
      "This account is closed, so it cannot accept invitations.",
      "ACCOUNT_DISABLED",
    );
  }
  if (account && isAdmin(account)) {
    throw appError(
      "CONFLICT",
      "This address belongs to an administrator, who cannot join a dealership.",
      "EMAIL_IN_USE",
    );
  }
  const { firstName, lastName } = nameParts(name);
  if (account) {
    if (account.id !== signedIn) throw signInToAccept(invitation.email);
    if (fullName(account) !== "" || !firstName) return account;
    const [named] = await tx<Account[]>`
      update users set first_name = ${firstName}, last_name = ${lastName}, updated_at = now()
       where id = ${account.id}
      returning id, role, disabled_at, first_name, last_name`;
    return named!;
  }
  const [created] = await tx<Account[]>`
    insert into users (email, role, first_name, last_name)
    values (${invitation.email}, ${invitation.role}, ${firstName}, ${lastName})
    returning id, role, disabled_at, first_name, last_name`;
  return created!;
}

/**
 * An invitation being accepted: by whom, in which transaction, under what name (typed on acceptance), with the
 * dealership it joins (locked, still open to joining) and the invitee's account (named by then, when a name
 * was typed or the invitation carried one).
 */
type Acceptance = {
  actor: Actor;
  tx: Queryable;
  invitation: InvitationRow;
  name: string | undefined;
  dealership: JoiningDealership;
  account: Account;
};

async function acceptAsSalesperson({ actor, tx, invitation, name, dealership, account }: Acceptance) {
  if (account.role === "manager") {
    throw appError(
      "CONFLICT",
      "This address belongs to a dealership manager's account. A salesperson needs an address of their own.",
      "EMAIL_IN_USE",
    );
  }
  const [profile] = await profileFor(tx, invitation.email, account.id, true);
  const who = { ...actor, user: { id: account.id, role: "salesperson" as const } };
  if (account.role === "customer") {
    await tx`update users set role = 'salesperson', updated_at = now() where id = ${account.id}`;
    await recordAudit(who as Context, tx, {
      action: "user.role_change",
      entityId: account.id,
      dealershipId: dealership.id,
      reason: "Accepted an invitation to join a dealership's sales team",
      before: { role: "customer" },
      after: { role: "salesperson" },
    });
  }
  const claim = { id: invitation.id, paymentModel: invitation.payment_model };
  if (profile) {
    if (profile.user_id !== account.id) {
      await tx`update salespeople set user_id = ${account.id} where id = ${profile.id}`;
    }
    await joinDealership(who, tx, dealership, profile, claim);
    return account.id;
  }
  const profileName = name || fullName(account);
  if (!profileName) {
    throw appError("BAD_REQUEST", "Tell us the name your profile should show.", "NAME_REQUIRED");
  }
  // A new profile, independent for the moment it takes joinDealership to move it onto the team.
  const [created] = await tx<JoiningProfile[]>`
    insert into salespeople (name, email, city, state, time_zone, user_id, status)
    values (${profileName}, ${invitation.email}, ${dealership.city}, ${dealership.state}, ${dealership.time_zone},
            ${account.id}, 'available')
    returning id, name, dealership_id, payment_model, verified_at`;
  await joinDealership(who, tx, dealership, created!, claim);
  return account.id;
}

async function acceptAsManager({ actor, tx, invitation, dealership, account }: Acceptance) {
  const [profile] = await profileFor(tx, invitation.email, account.id, true);
  // A salesperson's account may become the manager of the dealership they listed (the owner who sells): an
  // independent profile joins the team as an invitation joins it; one at another dealership is refused.
  // Decisions about that profile are then never theirs (access.ts refuseOwnDecision): administrators take them.
  if (profile && profile.dealership_id !== dealership.id) assertIndependent(profile, dealership.id);
  const [member] = await tx<{ dealership_id: number }[]>`
    select dealership_id from dealership_members where user_id = ${account.id}`;
  if (member?.dealership_id === dealership.id) {
    throw appError("CONFLICT", "You already manage this dealership.", "ALREADY_MANAGER");
  }
  if (member) {
    throw appError(
      "CONFLICT",
      "You already manage another dealership. One account manages one dealership.",
      "MANAGES_OTHER_DEALERSHIP",
    );
  }
  const who = { ...actor, user: { id: account.id, role: "manager" as const } };
  if (profile && profile.dealership_id === null) {
    if (profile.user_id !== account.id)
      await tx`update salespeople set user_id = ${account.id} where id = ${profile.id}`;
    const claim = { id: invitation.id, paymentModel: invitation.payment_model };
    // Told to nobody: the joining salesperson is the team's new manager.
    await joinDealership(who, tx, dealership, profile, claim, false);
  }
  await takeOverDealership(who, tx, dealership, account.id, invitation.id);
  return account.id;
}

/** Joins what the invitation names: a dealer group in its group role, or the dealership in the invitation's role. */
async function join(
  actor: Actor,
  tx: Queryable,
  invitation: InvitationRow,
  name: string | undefined,
  account: Account,
): Promise<string> {
  const { group_id: groupId, group_role: groupRole } = invitation;
  if (groupId !== null && groupRole !== null)
    return acceptAsGroupMember(
      actor,
      tx,
      { ...invitation, group_id: groupId, group_role: groupRole },
      account,
    );
  const [dealership] =
    invitation.dealership_id === null ? [] : await dealershipForJoining(tx, invitation.dealership_id);
  if (!dealership) throw unknownInvitation();
  const acceptance: Acceptance = { actor, tx, invitation, name, dealership, account };
  if (invitation.team_role)
    return acceptAsTeamMember(actor, tx, invitation, account, dealership.id, invitation.team_role);
  return invitation.role === "manager" ? acceptAsManager(acceptance) : acceptAsSalesperson(acceptance);
}

/**
 * Accepts the invitation the token names, in one transaction: the dealership is locked first, then the
 * invitation row, whose state is checked again under the lock, so it is used once. An existing account must
 * be signed in already; a new one is created and the browser signed in as it.
 */
export async function acceptInvitationLink(
  ctx: Context,
  input: { token: string; name?: string | undefined },
): Promise<AcceptedInvitation> {
  await limitRedemptions(ctx);
  const found = await invitationByToken(ctx.sql, input.token);
  assertAnswerable(ctx, found);
  const userId = await ctx.sql.begin(async (tx) => {
    if (found.group_id !== null)
      await tx`select id from dealer_groups where id = ${found.group_id} for update`;
    else await tx`select id from dealerships where id = ${found.dealership_id} for update`;
    const [invitation] = await tx<InvitationRow[]>`
      select ${INVITATION_COLUMNS(tx)} from invitations i where i.id = ${found.id} for update`;
    if (!invitation) throw unknownInvitation();
    assertAnswerable(ctx, invitation);
    const typed = input.name?.trim() || undefined;
    // A new or nameless account takes the name typed, else the one the invitation was sent under.
    const account = await inviteeAccount(
      tx,
      invitation,
      typed ?? invitation.name ?? undefined,
      ctx.user?.id ?? null,
    );
    const actor = { ip: ctx.ip, secrets: ctx.secrets, user: ctx.user };
    const accepted = await join(actor, tx, invitation, typed, account);
    await tx`update invitations set accepted_at = now(), accepted_by_user_id = ${accepted} where id = ${invitation.id}`;
    return accepted;
  });
  ctx.browseCache.clear();
  // Staff handle the dealership's bookings; the leads' dashboard is not theirs.
  const redirectTo: string =
    found.group_id !== null
      ? links.group()
      : found.team_role === "staff"
        ? links.bookings()
        : found.role === "manager"
          ? links.managerDashboard()
          : links.salespersonDashboard({ tab: "profile" });
  const session = ctx.user ? null : await signInByLink(ctx, userId);
  if (session && "redirectTo" in session) session.redirectTo = redirectTo;
  return {
    id: found.id,
    role: found.role,
    dealershipId: found.dealership_id,
    groupId: found.group_id,
    redirectTo,
    session,
  };
}

/** Declines the invitation the token names; whoever sent it hears so on their dashboard. */
export async function declineInvitationLink(ctx: Context, { token }: { token: string }) {
  await limitRedemptions(ctx);
  const found = await invitationByToken(ctx.sql, token);
  assertAnswerable(ctx, found);
  await ctx.sql.begin(async (tx) => {
    const [row] = await tx`
      update invitations set declined_at = now()
       where id = ${found.id} and accepted_at is null and declined_at is null and revoked_at is null
         and expires_at > now()
      returning id`;
    if (!row) throw closedInvitation({ ...found, declined_at: new Date() }) ?? unknownInvitation();
    await recordAudit(ctx, tx, {
      action:
        found.group_id !== null
          ? "group.member_invite_decline"
          : found.role === "manager"
            ? "dealership.manager_invite_decline"
            : "salesperson.invite_decline",
      entityId: found.group_id ?? (found.role === "manager" ? found.dealership_id! : found.email),
      dealershipId: found.dealership_id,
      after: { invitationId: found.id },
    });
    if (found.role === "salesperson" && found.dealership_id !== null) {
      await tellTeamLeads(tx, found.dealership_id, {
        title: "Invitation declined",
        body: `${found.name ? `${found.name} (${found.email})` : found.email} declined your invitation to join your team.`,
      });
    }
  });
  return { id: found.id, status: "declined" as const, dealershipId: found.dealership_id };
}
