// Asking for a sign-in link: customers and salespeople by e-mail (rate-limited, recorded, never telling a
// customer whether an account exists).
import { LOGIN_LINK_TTL_MINUTES } from "../../../shared/constants";
import { MAIL_DELAYED_MESSAGE, type RequestLoginOutput } from "../../../shared/schemas/auth";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { accountSuspended, isSuspended } from "../../credentials/suspension";
import { generateToken, hashToken } from "../../credentials/tokens";
import type { UserRow } from "../../db/rows";
import { isLoopbackHost } from "../../env";
import { sendEssential } from "../../mail/mailer";
import { consumeToken, RATE_LIMITS } from "../../rateLimit";
import type { Context } from "../../serviceContext";

export type LinkPurpose = "customer" | "salesperson";

/** Where each kind of link signs in (the salesperson portal's page is also where a new link is asked for). */
export const LINK_PATH: Record<LinkPurpose, string> = {
  customer: "/login",
  salesperson: "/salesperson-login",
};

/**
 * Takes a token from the address's bucket and the caller's, at once (each is a statement and a commit of its
 * own; both are taken whatever the other answers), and refuses when either was empty.
 */
async function enforceLinkRateLimits(ctx: Context, email: string, purpose: LinkPurpose): Promise<void> {
  if (ctx.env.RATE_LIMIT_DISABLED) return;
  const [byEmail, byIp] = await Promise.all([
    consumeToken(ctx.sql, `login:email:${purpose}:${email}`, RATE_LIMITS.loginPerEmail),
    ctx.ip ? consumeToken(ctx.sql, `login:ip:${ctx.ip}`, RATE_LIMITS.loginPerIp) : true,
  ]);
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

/** Stores a new sign-in link for `email` (only its SHA-256) and answers its URL. */
export async function issueLink(ctx: Context, email: string, purpose: LinkPurpose): Promise<string> {
  const token = generateToken();
  await ctx.sql`
    insert into login_tokens (id, email, purpose, expires_at)
    values (${hashToken(token)}, ${email}, ${purpose}, ${new Date(Date.now() + LOGIN_LINK_TTL_MINUTES * 60_000)})`;
  return `${ctx.env.APP_URL}${LINK_PATH[purpose]}?token=${token}`;
}

async function deliverLink(ctx: Context, email: string, link: string, purpose: LinkPurpose) {
  const audience = purpose === "customer" ? "KnowBefore" : "the KnowBefore salesperson portal";
  return sendEssential(ctx.mailer, {
    kind: "sign_in",
    to: email,
    subject: "Your KnowBefore sign-in link",
    text: `Hello,\n\nUse this link to sign in to ${audience}. It works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:\n\n${link}\n\nIf you did not ask for it, you can ignore this e-mail.\n`,
    html: `<p>Hello,</p><p>Use this link to sign in to ${audience}. It works once and expires in ${LOGIN_LINK_TTL_MINUTES} minutes:</p><p><a href="${link}">Sign in to KnowBefore</a></p><p>If you did not ask for it, you can ignore this e-mail.</p>`,
  });
}

/** Text made safe to put in an e-mail's HTML. */
export function escapeHtml(value: string): string {
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
 * Settles when both have, with the delivery's outcome (recordSecurityEvent never throws). A mail the SMTP server
 * did not take (down, unreachable, or silent past the mailer's bounds: mail/mailer.ts) answers 503 MAIL_DELAYED
 * in plain words; what the SMTP side said goes to the log only (docs/operations/mail-outages.md).
 */
async function deliverAndRecord(
  ctx: Context,
  event: Parameters<typeof recordSecurityEvent>[1],
  deliver: () => Promise<"sent" | "logged">,
) {
  const recorded = recordSecurityEvent(ctx, event);
  try {
    return await deliver();
  } catch (error) {
    ctx.logger.warn("sign-in e-mail: the mail server did not take it", error);
    throw appError("SERVICE_UNAVAILABLE", MAIL_DELAYED_MESSAGE, "MAIL_DELAYED");
  } finally {
    await recorded;
  }
}

/** Issues a link, mails it while recording the request, and answers as every link request does. */
async function sendLink(ctx: Context, email: string, purpose: LinkPurpose): Promise<RequestLoginOutput> {
  const link = await issueLink(ctx, email, purpose);
  const delivery = await deliverAndRecord(ctx, { eventType: "login_link_requested", details: purpose }, () =>
    deliverLink(ctx, email, link, purpose),
  );
  return linkAnswer(ctx, delivery, link);
}

/** What an administrator's address is sent instead of a link: administrators never sign in by link. */
function deliverAdminNotice(ctx: Context, email: string) {
  return sendEssential(ctx.mailer, {
    kind: "sign_in",
    to: email,
    subject: "Your KnowBefore sign-in request",
    text: `Hello,\n\nSomeone asked for a sign-in link for this address. It belongs to an administrator, and administrators sign in at ${ctx.env.APP_URL}/admin with their password and admin code, so no link was sent.\n\nIf you did not ask, you can ignore this e-mail.\n`,
  });
}

/**
 * A suspended account is told so plainly, and no link is sent (docs/product/admin.md#suspension): the
 * administrators decided it should know, and a link it cannot use would only confuse.
 */
async function refuseSuspended(ctx: Context, purpose: LinkPurpose): Promise<never> {
  await recordSecurityEvent(ctx, {
    eventType: "login_link_refused",
    riskLevel: "medium",
    details: `${purpose}: suspended account`,
  });
  throw accountSuspended();
}

/**
 * Customers: the answer is the same whether or not the address has an account (no enumeration), and takes
 * the same work for an administrator's address (one mail handed to the SMTP server, one event), so its
 * timing does not single administrators out either.
 */
export async function requestCustomerLogin(
  ctx: Context,
  { email }: { email: string },
): Promise<RequestLoginOutput> {
  // The account is read while the rate limits are taken: a refused request only read it for nothing.
  const [, [existing]] = await Promise.all([
    enforceLinkRateLimits(ctx, email, "customer"),
    ctx.sql<Pick<UserRow, "role" | "suspension_reason">[]>`
      select role, suspension_reason from users where email = ${email} limit 1`,
  ]);
  if (isSuspended(existing)) await refuseSuspended(ctx, "customer");
  if (isAdmin(existing)) {
    const delivery = await deliverAndRecord(
      ctx,
      { eventType: "login_link_refused", riskLevel: "high", details: "admin account" },
      () => deliverAdminNotice(ctx, email),
    );
    return linkAnswer(ctx, delivery, null);
  }
  return sendLink(ctx, email, "customer");
}

/** The salesperson portal answers 404 for unknown addresses, as docs/product/security.md#sign-in-links states (rate-limited all the same). */
export async function requestSalespersonLogin(
  ctx: Context,
  { email }: { email: string },
): Promise<RequestLoginOutput> {
  // The account and whether the address may sign in here are read while the rate limits are taken.
  const [, [account], [known]] = await Promise.all([
    enforceLinkRateLimits(ctx, email, "salesperson"),
    ctx.sql<Pick<UserRow, "suspension_reason">[]>`
      select suspension_reason from users where email = ${email} limit 1`,
    ctx.sql`
      select 1 as found from salespeople where email = ${email}
      union all
      select 1 from users where email = ${email} and role = 'manager'
      limit 1`,
  ]);
  if (isSuspended(account)) await refuseSuspended(ctx, "salesperson");
  if (!known) {
    await recordSecurityEvent(ctx, { eventType: "login_unknown_salesperson", details: "salesperson portal" });
    throw appError(
      "NOT_FOUND",
      "No salesperson account found with this email address",
      "SALESPERSON_NOT_FOUND",
    );
  }
  return sendLink(ctx, email, "salesperson");
}
