// Following a sign-in link: the account it signs in, the session and its cookie (through the second factor
// where the account has one), and signing out.

import { links } from "../../../shared/links";
import type { LinkDescription, SessionUser } from "../../../shared/schemas/auth";
import type { MfaChallengeAnswer } from "../../../shared/schemas/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { clearSessionCookie, setSessionCookie } from "../../credentials/cookies";
import { createChallenge, mfaEnabled } from "../../credentials/mfa";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import {
  createSession,
  invalidateSession,
  sessionUserColumns,
  sessionUserJoins,
} from "../../credentials/session";
import { accountSuspended, isSuspended } from "../../credentials/suspension";
import { hashToken } from "../../credentials/tokens";
import type { Queryable } from "../../db/client";
import type { LoginTokenRow, SalespersonRow, UserRow } from "../../db/rows";
import { consumeToken, RATE_LIMITS } from "../../rateLimit";
import type { Context } from "../../serviceContext";
import { confirmRegistration, mailManagerConfirmation } from "../onboarding/registrations";
import type { LinkPurpose } from "./signInLinks";

export const INVALID_LINK_MESSAGE = "Invalid or expired login link. Please request a new one.";

/** Bounds how often one address may try link tokens (sign-in links, invitations, application confirmations). */
export async function limitRedemptions(ctx: Context): Promise<void> {
  if (
    !ctx.env.RATE_LIMIT_DISABLED &&
    ctx.ip &&
    !(await consumeToken(ctx.sql, `redeem:ip:${ctx.ip}`, RATE_LIMITS.redeemPerIp))
  ) {
    throw appError(
      "TOO_MANY_REQUESTS",
      "Too many sign-in attempts. Please wait a moment and try again.",
      "RATE_LIMITED",
    );
  }
}

/**
 * Who a sign-in link is for, without using it: the link page shows this and asks for one click, so a link
 * opened from another site never signs the browser in by itself (no login CSRF).
 */
export async function describeLoginLink(
  ctx: Context,
  { token }: { token: string },
): Promise<LinkDescription> {
  await limitRedemptions(ctx);
  const [link] = await ctx.sql<LinkDescription[]>`
    select email, purpose, expires_at as "expiresAt" from login_tokens
     where id = ${hashToken(token)} and expires_at > ${new Date()}
     limit 1`;
  if (!link) throw appError("UNAUTHORIZED", INVALID_LINK_MESSAGE, "INVALID_LOGIN_LINK");
  return link;
}

export async function findSessionUser(
  ctx: Pick<Context, "sql">,
  userId: string,
): Promise<SessionUser | null> {
  const [user] = await ctx.sql<SessionUser[]>`
    select ${sessionUserColumns(ctx.sql)}
      from users u
      ${sessionUserJoins(ctx.sql)}
     where u.id = ${userId}`;
  return user ?? null;
}

export function landingFor(user: SessionUser): string {
  // Staff handle their dealership's bookings, which the leads' dashboard is not theirs to see.
  if (user.role === "manager")
    return user.dealershipRole === "staff" ? links.bookings() : "/manager/dashboard";
  if (user.role === "salesperson") return "/salesperson-dashboard";
  return "/";
}

type Account = Pick<UserRow, "id" | "role" | "disabled_at"> & Partial<Pick<UserRow, "suspension_reason">>;

/**
 * The account a sign-in link for `email` signs in, inside the redeeming transaction: a customer link creates
 * the customer on first sign-in; a portal link (salespeople and managers) creates the user of a known
 * salesperson profile and links that profile to it. Null where no link may sign in: admins, disabled
 * accounts, portal addresses nobody registered.
 */
export async function accountForLink(
  tx: Queryable,
  email: string,
  purpose: LinkPurpose,
): Promise<string | null> {
  let [user] = await tx<Account[]>`
    select id, role, disabled_at, suspension_reason from users where email = ${email} limit 1`;
  if (isSuspended(user)) throw accountSuspended();
  if (user?.disabled_at || isAdmin(user)) return null;

  if (purpose === "salesperson") {
    const [person] = await tx<Pick<SalespersonRow, "id" | "user_id" | "name" | "phone_number">[]>`
      select id, user_id, name, phone_number from salespeople where email = ${email} limit 1`;
    if (!user && person) {
      const [first, ...rest] = person.name.split(" ");
      [user] = await tx<Account[]>`
        insert into users (email, role, first_name, last_name, phone)
        values (${email}, 'salesperson', ${first ?? null}, ${rest.join(" ") || null}, ${person.phone_number})
        returning id, role, disabled_at`;
    }
    if (!user) return null;
    if (person && person.user_id !== user.id) {
      await tx`update salespeople set user_id = ${user.id} where id = ${person.id}`;
    }
  } else if (!user) {
    [user] = await tx<Account[]>`
      insert into users (email, role) values (${email}, 'customer') returning id, role, disabled_at`;
  }
  return user?.id ?? null;
}

/**
 * Redeems a sign-in link: the token row is deleted by the same statement that reads it, so of any number
 * of parallel redemptions exactly one gets a session. The user record is created on first sign-in.
 */
export async function redeemLoginLink(
  ctx: Context,
  { token }: { token: string },
): Promise<{ user: SessionUser; redirectTo: string } | MfaChallengeAnswer> {
  await limitRedemptions(ctx);
  const outcome = await ctx.sql.begin(async (tx) => {
    const [link] = await tx<Pick<LoginTokenRow, "email" | "purpose">[]>`
      delete from login_tokens where id = ${hashToken(token)} and expires_at > ${new Date()}
      returning email, purpose`;
    if (!link) return null;
    const userId = await accountForLink(tx, link.email, link.purpose);
    if (!userId) return null;
    // The link proved the address: a self-registration waiting for it is confirmed with the sign-in.
    const registration = link.purpose === "salesperson" ? await confirmRegistration(tx, link.email) : null;
    return { userId, registration };
  });

  if (!outcome) {
    await recordSecurityEvent(ctx, { eventType: "login_link_rejected", riskLevel: "medium" });
    throw appError("UNAUTHORIZED", INVALID_LINK_MESSAGE, "INVALID_LOGIN_LINK");
  }
  if (outcome.registration) {
    ctx.browseCache.clear();
    const manager = outcome.registration.managerConfirmation;
    if (manager) await mailManagerConfirmation(ctx, manager);
  }
  return signInByLink(ctx, outcome.userId);
}

/**
 * A used link proved the address: signs the browser in as its account, or, when the account has a second
 * factor, answers the challenge that finishes the sign-in. Sign-in links, invitations and provider sign-ins
 * (which name themselves in `event`) end here.
 */
export async function signInByLink(
  ctx: Context,
  userId: string,
  event?: { eventType: string; details?: string },
): Promise<{ user: SessionUser; redirectTo: string } | MfaChallengeAnswer> {
  if (await mfaEnabled(ctx.sql, userId)) {
    // The link was the first factor; the session waits for the second (docs/product/security.md#two-factor-authentication).
    const account = await findSessionUser(ctx, userId);
    const { challenge, expiresAt } = await createChallenge(
      ctx.sql,
      userId,
      "session",
      account ? landingFor(account) : "/",
    );
    await recordSecurityEvent(ctx, { eventType: "mfa_challenge", userId });
    return { mfaRequired: true, challenge, expiresAt };
  }
  return startSession(ctx, userId, event);
}

/**
 * Signs the browser in as `userId` (a new session and its cookie; any session it had ends). Every way in ends
 * here once its factors are satisfied; `event` names the way for the security log.
 */
export async function startSession(
  ctx: Context,
  userId: string,
  event: { eventType: string; details?: string } = { eventType: "login_success" },
): Promise<{ user: SessionUser; redirectTo: string }> {
  if (ctx.session) await invalidateSession(ctx.sql, ctx.session.id);
  const { token: sessionToken, session } = await createSession(ctx.sql, userId, {
    userAgent: ctx.userAgent,
    ipAddress: ctx.ip,
  });
  setSessionCookie(ctx.resHeaders, sessionToken, session.expiresAt, ctx.env.COOKIE_SECURE);
  await recordSecurityEvent(ctx, { ...event, userId });
  const user = await findSessionUser(ctx, userId);
  if (!user) throw appError("UNAUTHORIZED", INVALID_LINK_MESSAGE, "INVALID_LOGIN_LINK");
  return { user, redirectTo: landingFor(user) };
}

export async function signOut(ctx: Context): Promise<void> {
  if (ctx.session) {
    await invalidateSession(ctx.sql, ctx.session.id);
    await recordSecurityEvent(ctx, { eventType: "logout" });
  }
  clearSessionCookie(ctx.resHeaders, ctx.env.COOKIE_SECURE);
}
