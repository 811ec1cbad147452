// Changes to how an account is signed in to or used by programs (second factor, API keys): each needs a
// recent sign-in, so a stolen or forgotten session cannot make them, and each is told to the account's address.
import { RECENT_SIGN_IN_MINUTES } from "../../shared/constants";
import { isAdmin } from "../access";
import { appError } from "../appError";
import type { Queryable } from "../db/client";
import type { Context } from "../serviceContext";
import { signedInWithin } from "./session";

export const REAUTH_MESSAGE = `For your security, sign in again to make this change (it needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes).`;

/**
 * Refuses with 403 REAUTH_REQUIRED unless the caller signed in (or, an administrator, re-authenticated) within
 * the last few minutes.
 */
export function requireRecentSignIn(ctx: Pick<Context, "session">): void {
  if (!signedInWithin(ctx.session, RECENT_SIGN_IN_MINUTES))
    throw appError("FORBIDDEN", REAUTH_MESSAGE, "REAUTH_REQUIRED");
}

/**
 * What an administrator does with the most reach (role changes, exports of people's data) needs the same
 * recent proof: the console asks for the password, the admin code and the second factor again. Other roles,
 * and a program calling with an API key (created under this rule), are not asked.
 */
export function requireRecentAdminAuthentication(ctx: Pick<Context, "session" | "user">): void {
  if (isAdmin(ctx.user) && !ctx.session?.byApiKey) requireRecentSignIn(ctx);
}

export type AccountChange =
  | "mfa_enabled"
  | "mfa_disabled"
  | "api_key_created"
  | "passkey_added"
  | "passkey_removed"
  | "identity_linked"
  | "identity_removed"
  | "email_changed";

const NOTICES: Record<AccountChange, { subject: string; what: string }> = {
  mfa_enabled: {
    subject: "Two-factor authentication is now on",
    what: "Two-factor authentication was turned on for your KnowBefore account. Your other sessions were signed out.",
  },
  mfa_disabled: {
    subject: "Two-factor authentication was turned off",
    what: "Two-factor authentication was turned off for your KnowBefore account. Your other sessions were signed out and the API keys you created were revoked.",
  },
  api_key_created: {
    subject: "A new API key was created",
    what: "A new API key was created with your KnowBefore account.",
  },
  passkey_added: {
    subject: "A passkey was added",
    what: "A passkey was added to your KnowBefore account: it can now sign in to it without an e-mailed link.",
  },
  passkey_removed: {
    subject: "A passkey was removed",
    what: "A passkey was removed from your KnowBefore account and can no longer sign in to it.",
  },
  identity_linked: {
    subject: "A sign-in account was linked",
    what: "An account of a sign-in provider was linked to your KnowBefore account: it can now sign in to it.",
  },
  identity_removed: {
    subject: "A sign-in account was removed",
    what: "An account of a sign-in provider was removed from your KnowBefore account and can no longer sign in to it.",
  },
  email_changed: {
    subject: "Your sign-in e-mail address was changed",
    what: "An administrator changed the e-mail address of your KnowBefore account: sign-in links no longer come to this address, and your sessions were signed out.",
  },
};

/**
 * Tells the account's owner about a change made to it, at the address it signs in with. The change has
 * happened either way: a mail server that fails is logged, not reported to the caller as a failed change.
 */
export async function noticeAccountChange(
  ctx: Pick<Context, "mailer" | "logger" | "ip" | "env">,
  email: string,
  change: AccountChange,
  detail?: string,
): Promise<void> {
  const notice = NOTICES[change];
  const lines = [
    "Hello,",
    "",
    detail ? `${notice.what} ${detail}` : notice.what,
    "",
    `When: ${new Date().toISOString()}${ctx.ip ? ` from ${ctx.ip}` : ""}`,
    "",
    `If this was not you, sign in at ${ctx.env.APP_URL}/security, end your other sessions and contact support.`,
  ];
  try {
    await ctx.mailer.send({
      kind: "account_changes",
      to: email,
      subject: `KnowBefore: ${notice.subject}`,
      text: `${lines.join("\n")}\n`,
    });
  } catch (error) {
    ctx.logger.warn(`account change notice (${change}) could not be sent`, error);
  }
}

/** Revokes every API key the user created; answers how many were still active. */
export async function revokeUsersApiKeys(sql: Queryable, userId: string): Promise<number> {
  const revoked = await sql`
    update api_keys set revoked_at = now() where user_id = ${userId} and revoked_at is null returning 1 as ok`;
  return revoked.length;
}
