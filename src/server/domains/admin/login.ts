// Administrator sign-in: e-mail, password and admin code, all checked server-side; errors stay generic. With a
// second factor (an authenticator app or a passkey) the console's session waits for it. The same proof, asked
// again within a session, opens role changes, exports and new API keys for a few minutes (re-authentication).
// Throttled per (account, address) and per address with growing delays (credentials/throttle.ts): guessing from
// one place slows to a crawl, while the owner signing in from an address that has not failed gets in.
import { RECENT_SIGN_IN_MINUTES } from "../../../shared/constants";
import type { AdminLoginInput, AdminSecondFactors, ReauthenticateInput } from "../../../shared/schemas/admin";
import type { PasskeySignInInput, VerifyMfaInput } from "../../../shared/schemas/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { adminSecondFactors, checkSecondFactor, createChallenge } from "../../credentials/mfa";
import { hashPassword, needsRehash, secretsEqual, verifyPassword } from "../../credentials/password";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { createSession, invalidateSession, markAuthenticated } from "../../credentials/session";
import { accountSuspended, isSuspended } from "../../credentials/suspension";
import { recordFailure, recordSuccess, throttleWait } from "../../credentials/throttle";
import type { UserRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { findSessionUser } from "../auth/linkRedemption";
import { passkeyOptionsFor, verifyAssertion } from "../security/passkeys";
import { codeFailed, completeMfaSignIn, finishSecondStep, openChallenge } from "../security/secondFactor";
import type { Authed } from "../security/service";

const SCOPE = "admin";

/** Which attempt the password and admin code are for: its security events and its refusal. */
type Attempt = { failed: string; throttled: string; refusal: () => Error };

const SIGN_IN: Attempt = {
  failed: "admin_login_failed",
  throttled: "admin_login_throttled",
  refusal: () => appError("UNAUTHORIZED", "Login failed", "LOGIN_FAILED"),
};

const REAUTHENTICATION: Attempt = {
  failed: "admin_reauth_failed",
  throttled: "admin_login_throttled",
  // The session stays valid: a refusal here is 403, not the 401 that means "signed out".
  refusal: () =>
    appError(
      "FORBIDDEN",
      "Those details are not right. Check your password, admin code and second factor.",
      "REAUTH_FAILED",
    ),
};

type Account = Pick<UserRow, "id" | "role" | "password_hash" | "disabled_at" | "suspension_reason">;

/**
 * The first factor: an active administrator's password and the admin code, throttled and recorded. Answers
 * the account; refuses without saying which part was wrong.
 */
async function checkCredentials(
  ctx: Context,
  input: { email: string; password: string; adminCode: string },
  attempt: Attempt,
): Promise<Account> {
  const wait = await throttleWait(ctx.sql, SCOPE, input.email, ctx.ip);
  if (wait > 0) {
    await recordSecurityEvent(ctx, {
      eventType: attempt.throttled,
      riskLevel: "high",
      details: `${input.email}: ${wait} s to wait`,
    });
    throw appError(
      "TOO_MANY_REQUESTS",
      `Too many failed attempts from this address. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`,
      "RATE_LIMITED",
    );
  }

  const [account] = await ctx.sql<Account[]>`
    select id, role, password_hash, disabled_at, suspension_reason from users where email = ${input.email} limit 1`;
  const cost = ctx.env.ADMIN_PASSWORD_SCRYPT_N;
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? null, cost);
  const codeOk = secretsEqual(input.adminCode, ctx.env.ADMIN_CODE);
  // Only someone who knows the password and the code learns that the account is suspended.
  if (isAdmin(account) && passwordOk && codeOk && isSuspended(account)) {
    await recordSecurityEvent(ctx, {
      eventType: attempt.failed,
      riskLevel: "high",
      userId: account.id,
      details: `${input.email}: suspended`,
    });
    throw accountSuspended();
  }
  if (!isAdmin(account) || account.disabled_at || !passwordOk || !codeOk) {
    await recordFailure(ctx.sql, SCOPE, input.email, ctx.ip);
    await recordSecurityEvent(ctx, {
      eventType: attempt.failed,
      riskLevel: "high",
      userId: account?.id ?? null,
      details: input.email,
    });
    throw attempt.refusal();
  }
  await recordSuccess(ctx.sql, SCOPE, input.email, ctx.ip);
  if (needsRehash(account.password_hash, cost)) {
    await ctx.sql`update users set password_hash = ${await hashPassword(input.password, cost)} where id = ${account.id}`;
  }
  return account;
}

export async function adminLogin(ctx: Context, input: AdminLoginInput) {
  const account = await checkCredentials(ctx, input, SIGN_IN);
  const methods = await adminSecondFactors(ctx.sql, account.id);
  if (methods.totp || methods.passkey) {
    // Password and admin code were the first factor; the console's session waits for the second.
    const challenge = await createChallenge(ctx.sql, account.id, "admin", "/admin/dashboard");
    await recordSecurityEvent(ctx, { eventType: "mfa_challenge", userId: account.id });
    return { mfaRequired: true as const, ...challenge, methods };
  }
  const { token, session } = await createSession(ctx.sql, account.id, {
    userAgent: ctx.userAgent,
    ipAddress: ctx.ip,
  });
  await recordSecurityEvent(ctx, {
    eventType: "admin_login_success",
    riskLevel: "medium",
    userId: account.id,
  });
  return consoleSession(ctx, { token, expiresAt: session.expiresAt, userId: account.id });
}

async function consoleSession(ctx: Context, done: { token: string; expiresAt: Date; userId: string }) {
  const user = await findSessionUser(ctx, done.userId);
  if (!user) throw appError("UNAUTHORIZED", "Login failed", "LOGIN_FAILED");
  return { token: done.token, expiresAt: done.expiresAt, user };
}

/** The second step of an administrator's sign-in: the challenge and a code answer the console's token. */
export async function adminVerifyMfa(ctx: Context, input: VerifyMfaInput) {
  return consoleSession(ctx, await completeMfaSignIn(ctx, input, "admin"));
}

/** A passkey challenge for the second step: only the passkeys of the account that passed the first. */
export async function adminPasskeyOptions(ctx: Context, input: { challenge: string }) {
  const open = await openChallenge(ctx, input.challenge, "admin");
  return passkeyOptionsFor(ctx, open.userId);
}

/** The second step with a passkey: its answer to the challenge above, from the same account. */
export async function adminVerifyPasskey(
  ctx: Context,
  input: { challenge: string; response: PasskeySignInInput["response"] },
) {
  const open = await openChallenge(ctx, input.challenge, "admin");
  await verifyAssertion(ctx, input.response, open.userId);
  return consoleSession(ctx, await finishSecondStep(ctx, input.challenge, open, "admin", "mfa_success"));
}

/** What the re-authentication dialog asks for: the account's address and its second factors. */
export async function reauthenticationMethods(ctx: Authed) {
  return { email: ctx.user.email, methods: await adminSecondFactors(ctx.sql, ctx.user.id) };
}

/** A passkey challenge for re-authenticating, for the caller's own passkeys. */
export async function reauthenticationOptions(ctx: Authed) {
  return passkeyOptionsFor(ctx, ctx.user.id);
}

/**
 * The password, the admin code and (when the account has one) a second factor again: the session counts as
 * freshly signed in for RECENT_SIGN_IN_MINUTES, which role changes, exports and new API keys need.
 */
export async function reauthenticate(ctx: Authed, input: ReauthenticateInput) {
  await checkCredentials(ctx, { ...input, email: ctx.user.email }, REAUTHENTICATION);
  await checkReauthenticationFactor(ctx, input, await adminSecondFactors(ctx.sql, ctx.user.id));
  const at = await markAuthenticated(ctx.sql, ctx.session.id);
  if (!at) throw appError("UNAUTHORIZED", "Your session has ended. Please sign in again.", "SESSION_ENDED");
  await recordSecurityEvent(ctx, { eventType: "admin_reauthenticated", riskLevel: "medium" });
  return { authenticatedAt: at, validUntil: new Date(at.getTime() + RECENT_SIGN_IN_MINUTES * 60_000) };
}

/** The second factor of a re-authentication: a passkey's answer or a code, whichever the account has. */
async function checkReauthenticationFactor(
  ctx: Authed,
  input: ReauthenticateInput,
  methods: AdminSecondFactors,
): Promise<void> {
  if (input.passkey && methods.passkey) {
    await verifyAssertion(ctx, input.passkey, ctx.user.id);
    return;
  }
  if (input.code && methods.totp) {
    const result = await checkSecondFactor(ctx.sql, ctx.secrets, ctx.user.id, input.code);
    if (result !== "ok") await codeFailed(ctx, ctx.user.id, result, "That code is not right. Try again.");
    return;
  }
  if (methods.totp || methods.passkey) {
    await recordSecurityEvent(ctx, { eventType: "admin_reauth_failed", details: "no second factor" });
    throw appError(
      "FORBIDDEN",
      methods.passkey && !methods.totp
        ? "Confirm with your passkey as well."
        : "Enter the code from your authenticator app (or use a passkey) as well.",
      "SECOND_FACTOR_REQUIRED",
    );
  }
}

/** Ends the session the console signed in with. */
export async function adminLogout(ctx: Context) {
  if (ctx.session) {
    await invalidateSession(ctx.sql, ctx.session.id);
    await recordSecurityEvent(ctx, { eventType: "admin_logout", userId: ctx.user?.id ?? null });
  }
  return { ok: true as const };
}
