// Sign-in by e-mailed link (customers and salespeople), registration, sign-out and the user's own profile.
import { LOGIN_LINK_TTL_MINUTES } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type {
  LinkDescription,
  ProfileUpdateInput,
  RequestLoginOutput,
  SalespersonRegisterInput,
  SessionUser,
} from "../../../shared/schemas/auth";
import type { MfaChallengeAnswer } from "../../../shared/schemas/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { clearSessionCookie, setSessionCookie } from "../../auth/cookies";
import { generateToken, hashToken } from "../../auth/crypto";
import { createChallenge, mfaEnabled } from "../../auth/mfa";
import { consumeToken, RATE_LIMITS } from "../../auth/rate-limit";
import { recordSecurityEvent } from "../../auth/securityEvents";
import { createSession, invalidateSession, sessionUserColumns } from "../../auth/session";
import type { Queryable } from "../../db/client";
import type { DealershipRow, LoginTokenRow, SalespersonRow, UserRow } from "../../db/rows";
import { isLoopbackHost } from "../../env";
import type { Context } from "../../serviceContext";
import { notify } from "../notifications/notify";

export type LinkPurpose = "customer" | "salesperson";

const LINK_PATH: Record<LinkPurpose, string> = { customer: "/login", salesperson: "/salesperson-login" };

async function enforceLinkRateLimits(ctx: Context, email: string, purpose: LinkPurpose): Promise<void> {
  if (ctx.env.RATE_LIMIT_DISABLED) return;
  const byEmail = await consumeToken(ctx.sql, `login:email:${purpose}:${email}`, RATE_LIMITS.loginPerEmail);
  const byIp = ctx.ip ? await consumeToken(ctx.sql, `login:ip:${ctx.ip}`, RATE_LIMITS.loginPerIp) : true;
  if (!byEmail || !byIp) {
    await recordSecurityEvent(ctx, {
      eventType: "login_rate_limited",
      riskLevel: "medium",
      details: `${purpose} link request throttled`,
    });
    throw appError(
      "TOO_MANY_REQUESTS",
      "Too many sign-in requests. Please wait a few minutes and try again.",
      "RATE_LIMITED",
    );
  }
}

async function issueLink(ctx: Context, email: string, purpose: LinkPurpose): Promise<string> {
  const token = generateToken();
  await ctx.sql`
    insert into login_tokens (id, email, purpose, expires_at)
    values (${hashToken(token)}, ${email}, ${purpose}, ${new Date(Date.now() + LOGIN_LINK_TTL_MINUTES * 60_000)})`;
  return `${ctx.env.APP_URL}${LINK_PATH[purpose]}?token=${token}`;
}

async function deliverLink(ctx: Context, email: string, link: string, purpose: LinkPurpose) {
  const audience = purpose === "customer" ? "KnowBefore" : "the KnowBefore salesperson portal";
  return ctx.mailer.send({
    to: email,
    subject: "Your KnowBefore sign-in link",
    text: `Hello,\n\nUse this link to sign in to ${audience}. It works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:\n\n${link}\n\nIf you did not ask for it, you can ignore this e-mail.\n`,
    html: `<p>Hello,</p><p>Use this link to sign in to ${audience}. It works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:</p><p><a href="${link}">Sign in to KnowBefore</a></p><p>If you did not ask for it, you can ignore this e-mail.</p>`,
  });
}

/**
 * A dealership's manager added this salesperson: the same portal sign-in link as a requested one, worded as
 * an invitation to the team. After it expires, the portal's own form sends a fresh link to the same address.
 */
export async function sendSalespersonInvite(
  ctx: Context,
  invite: { email: string; name: string; dealershipName: string },
): Promise<"sent" | "logged"> {
  const link = await issueLink(ctx, invite.email, "salesperson");
  const portal = `${ctx.env.APP_URL}${LINK_PATH.salesperson}`;
  const team = escapeHtml(invite.dealershipName);
  return ctx.mailer.send({
    to: invite.email,
    subject: `You have been added to ${invite.dealershipName} on KnowBefore`,
    text: `Hello ${invite.name},\n\n${invite.dealershipName} added you to its sales team on KnowBefore. Use this link to sign in to the salesperson portal and complete your profile. It works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:\n\n${link}\n\nAfter that, ask for a new link at ${portal} with this e-mail address.\n`,
    html: `<p>Hello ${escapeHtml(invite.name)},</p><p>${team} added you to its sales team on KnowBefore. Use this link to sign in to the salesperson portal and complete your profile. It works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:</p><p><a href="${link}">Sign in to KnowBefore</a></p><p>After that, ask for a new link at <a href="${portal}">${portal}</a> with this e-mail address.</p>`,
  });
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The link itself is answered only in development, on a server whose APP_URL is on this machine, to a
 * connection from this machine that names this app's host (never on the word of X-Forwarded-For, never to a
 * rebound name): the local demo needs no mailbox, and nobody else is ever handed a link.
 */
function mayAnswerLink(ctx: Context): boolean {
  return (
    ctx.env.NODE_ENV === "development" &&
    isLoopbackHost(new URL(ctx.env.APP_URL).hostname) &&
    ctx.localCaller === true
  );
}

function linkAnswer(ctx: Context, delivery: "sent" | "logged", link: string | null): RequestLoginOutput {
  return {
    message: "If that address can sign in, a sign-in link is on its way. Check your email.",
    deliveryStatus: delivery,
    ...(link && mayAnswerLink(ctx) ? { magicLink: link } : {}),
  };
}

/**
 * Sends the mail and records the request at the same time, not one after the other: the answer waits for the
 * SMTP server to accept the mail (deliveryStatus says so) and need not wait for a second commit after it.
 * Settles when both have, with the delivery's outcome (recordSecurityEvent never throws).
 */
async function deliverAndRecord(
  ctx: Context,
  event: Parameters<typeof recordSecurityEvent>[1],
  deliver: () => Promise<"sent" | "logged">,
) {
  const recorded = recordSecurityEvent(ctx, event);
  try {
    return await deliver();
  } finally {
    await recorded;
  }
}

/** What an administrator's address is sent instead of a link: administrators never sign in by link. */
function deliverAdminNotice(ctx: Context, email: string) {
  return ctx.mailer.send({
    to: email,
    subject: "Your KnowBefore sign-in request",
    text: `Hello,\n\nSomeone asked for a sign-in link for this address. It belongs to an administrator, and administrators sign in at ${ctx.env.APP_URL}/admin with their password and admin code, so no link was sent.\n\nIf you did not ask, you can ignore this e-mail.\n`,
  });
}

/**
 * Customers: the answer is the same whether or not the address has an account (no enumeration), and takes
 * the same work for an administrator's address (one mail handed to the SMTP server, one event), so its
 * timing does not single administrators out either.
 */
export async function requestCustomerLogin(ctx: Context, email: string): Promise<RequestLoginOutput> {
  await enforceLinkRateLimits(ctx, email, "customer");
  const [existing] = await ctx.sql<Pick<UserRow, "role">[]>`
    select role from users where email = ${email} limit 1`;
  if (isAdmin(existing)) {
    const delivery = await deliverAndRecord(
      ctx,
      { eventType: "login_link_refused", riskLevel: "high", details: "admin account" },
      () => deliverAdminNotice(ctx, email),
    );
    return linkAnswer(ctx, delivery, null);
  }
  const link = await issueLink(ctx, email, "customer");
  const delivery = await deliverAndRecord(
    ctx,
    { eventType: "login_link_requested", details: "customer" },
    () => deliverLink(ctx, email, link, "customer"),
  );
  return linkAnswer(ctx, delivery, link);
}

/** The salesperson portal answers 404 for unknown addresses, as docs/product/security.md#sign-in-links states (rate-limited all the same). */
export async function requestSalespersonLogin(ctx: Context, email: string): Promise<RequestLoginOutput> {
  await enforceLinkRateLimits(ctx, email, "salesperson");
  const [known] = await ctx.sql`
    select 1 as found from salespeople where email = ${email}
    union all
    select 1 from users where email = ${email} and role = 'manager'
    limit 1`;
  if (!known) {
    await recordSecurityEvent(ctx, { eventType: "login_unknown_salesperson", details: "salesperson portal" });
    throw appError(
      "NOT_FOUND",
      "No salesperson account found with this email address",
      "SALESPERSON_NOT_FOUND",
    );
  }
  const link = await issueLink(ctx, email, "salesperson");
  const delivery = await deliverAndRecord(
    ctx,
    { eventType: "login_link_requested", details: "salesperson" },
    () => deliverLink(ctx, email, link, "salesperson"),
  );
  return linkAnswer(ctx, delivery, link);
}

export const INVALID_LINK_MESSAGE = "Invalid or expired login link. Please request a new one.";

async function limitRedemptions(ctx: Context): Promise<void> {
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
export async function describeLoginLink(ctx: Context, token: string): Promise<LinkDescription> {
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
      left join salespeople s on s.user_id = u.id
      left join dealerships d on d.manager_id = u.id
     where u.id = ${userId}
     limit 1`;
  return user ?? null;
}

export function landingFor(user: SessionUser): string {
  if (user.role === "manager") return "/manager/dashboard";
  if (user.role === "salesperson") return "/salesperson-dashboard";
  return "/";
}

type Account = Pick<UserRow, "id" | "role" | "disabled_at">;

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
  let [user] = await tx<Account[]>`select id, role, disabled_at from users where email = ${email} limit 1`;
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
  token: string,
): Promise<{ user: SessionUser; redirectTo: string } | MfaChallengeAnswer> {
  await limitRedemptions(ctx);
  const outcome = await ctx.sql.begin(async (tx) => {
    const [link] = await tx<Pick<LoginTokenRow, "email" | "purpose">[]>`
      delete from login_tokens where id = ${hashToken(token)} and expires_at > ${new Date()}
      returning email, purpose`;
    if (!link) return null;
    const userId = await accountForLink(tx, link.email, link.purpose);
    return userId ? { userId } : null;
  });

  if (!outcome) {
    await recordSecurityEvent(ctx, { eventType: "login_link_rejected", riskLevel: "medium" });
    throw appError("UNAUTHORIZED", INVALID_LINK_MESSAGE, "INVALID_LOGIN_LINK");
  }
  if (await mfaEnabled(ctx.sql, outcome.userId)) {
    // The link was the first factor; the session waits for the second (docs/product/security.md#two-factor-authentication).
    const account = await findSessionUser(ctx, outcome.userId);
    const { challenge, expiresAt } = await createChallenge(
      ctx.sql,
      outcome.userId,
      "session",
      account ? landingFor(account) : "/",
    );
    await recordSecurityEvent(ctx, { eventType: "mfa_challenge", userId: outcome.userId });
    return { mfaRequired: true, challenge, expiresAt };
  }
  return startSession(ctx, outcome.userId);
}

/** Signs the browser in as `userId` (a new session and its cookie; any session it had ends). */
async function startSession(
  ctx: Context,
  userId: string,
): Promise<{ user: SessionUser; redirectTo: string }> {
  if (ctx.session) await invalidateSession(ctx.sql, ctx.session.id);
  const { token: sessionToken, session } = await createSession(ctx.sql, userId, {
    userAgent: ctx.userAgent,
    ipAddress: ctx.ip,
  });
  setSessionCookie(ctx.resHeaders, sessionToken, session.expiresAt, ctx.env.COOKIE_SECURE);
  await recordSecurityEvent(ctx, { eventType: "login_success", userId });
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

export async function registerSalesperson(
  ctx: Context,
  input: SalespersonRegisterInput & { yearsExperience: number; specialties: string[] },
) {
  const [dealership] = await ctx.sql<Pick<DealershipRow, "id" | "city" | "state" | "time_zone">[]>`
    select id, city, state, time_zone from dealerships where lower(name) = lower(${input.dealership}) limit 1`;
  if (!dealership) {
    throw appError(
      "UNPROCESSABLE_CONTENT",
      "We could not find that dealership. Please pick it from the list or check its name.",
      "DEALERSHIP_NOT_FOUND",
    );
  }
  const [existing] = await ctx.sql`
    select 1 as found from salespeople where email = ${input.email}
    union all select 1 from users where email = ${input.email} and role <> 'customer'
    limit 1`;
  if (existing) {
    throw appError(
      "CONFLICT",
      "A salesperson with this email already exists. Try logging in instead.",
      "ACCOUNT_EXISTS",
    );
  }
  try {
    const row = {
      name: input.name,
      email: input.email,
      phone_number: input.phone ?? null,
      dealership_id: dealership.id,
      years_of_experience: input.yearsExperience,
      specialties: [...new Set(input.specialties)],
      city: dealership.city,
      state: dealership.state,
      time_zone: dealership.time_zone,
      status: "available",
      payment_model: "dealership",
    } satisfies Partial<SalespersonRow>;
    // The profile stays out of browse and booking until the dealership's manager confirms it, so the manager
    // hears of it in the same statement that creates it.
    const [created] = await ctx.sql<Pick<SalespersonRow, "id" | "email">[]>`
      with created as (insert into salespeople ${ctx.sql(row)} returning id, email),
      notice as (${notify(ctx.sql, {
        to: { managerOf: dealership.id },
        type: "salesperson_registration",
        title: "New salesperson to confirm",
        body: `${input.name} registered with ${input.dealership.trim()} and waits for you to confirm them on your team.`,
        link: links.managerDashboard({ tab: "team" }),
      })})
      select id, email from created`;
    ctx.browseCache.clear();
    await recordSecurityEvent(ctx, {
      eventType: "salesperson_registered",
      details: `salesperson ${created?.id}`,
    });
    return created!;
  } catch (error) {
    if ((error as { code?: string }).code === "23505") {
      throw appError(
        "CONFLICT",
        "A salesperson with this email already exists. Try logging in instead.",
        "ACCOUNT_EXISTS",
      );
    }
    throw error;
  }
}

export async function getUserById(ctx: Context, userId: string): Promise<SessionUser> {
  // Only your own record: another user's id is refused, not looked up.
  if (ctx.user?.id !== userId && !isAdmin(ctx.user)) {
    throw appError("FORBIDDEN", "You can only read your own account", "NOT_OWNER");
  }
  const user = await findSessionUser(ctx, userId);
  if (!user) throw appError("NOT_FOUND", "User not found", "USER_NOT_FOUND");
  return user;
}

export async function updateOwnProfile(
  ctx: Context & { user: SessionUser },
  input: ProfileUpdateInput,
): Promise<SessionUser> {
  const { email, id, ...fields } = input;
  if (id !== undefined && id !== ctx.user.id) {
    throw appError("FORBIDDEN", "You can only change your own account", "NOT_OWNER");
  }
  if (email !== undefined && email !== ctx.user.email) {
    throw appError(
      "UNPROCESSABLE_CONTENT",
      "Your email address cannot be changed here. Contact support to change it.",
      "EMAIL_CHANGE_UNSUPPORTED",
    );
  }
  const { firstName, lastName, phone, city, state, zipCode } = fields;
  const changes = Object.fromEntries(
    Object.entries({
      first_name: firstName,
      last_name: lastName,
      phone,
      city,
      state,
      zip_code: zipCode,
    } satisfies Partial<UserRow>).filter(([, v]) => v !== undefined),
  );
  if (Object.keys(changes).length > 0) {
    await ctx.sql`update users set ${ctx.sql({ ...changes, updated_at: new Date() })} where id = ${ctx.user.id}`;
  }
  const user = await findSessionUser(ctx, ctx.user.id);
  if (!user) throw appError("NOT_FOUND", "User not found", "USER_NOT_FOUND");
  return user;
}
