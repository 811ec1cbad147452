// Administrator sign-in: e-mail, password and admin code, all checked server-side; errors stay generic.
// Throttled per (account, address) and per address with growing delays (auth/throttle.ts): guessing from
// one place slows to a crawl, while the owner signing in from an address that has not failed gets in.
import type { AdminLoginInput } from "../../../shared/schemas/admin";
import type { VerifyMfaInput } from "../../../shared/schemas/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { createChallenge, mfaEnabled } from "../../auth/mfa";
import { hashPassword, needsRehash, secretsEqual, verifyPassword } from "../../auth/password";
import { recordSecurityEvent } from "../../auth/securityEvents";
import { createSession, invalidateSession } from "../../auth/session";
import { accountSuspended, isSuspended } from "../../auth/suspension";
import { recordFailure, recordSuccess, throttleWait } from "../../auth/throttle";
import type { UserRow } from "../../db/rows";
import type { Context } from "../../serviceContext";
import { findSessionUser } from "../auth/linkRedemption";
import { completeMfaSignIn } from "../security/secondFactor";

const SCOPE = "admin";

export async function adminLogin(ctx: Context, input: AdminLoginInput) {
  const wait = await throttleWait(ctx.sql, SCOPE, input.email, ctx.ip);
  if (wait > 0) {
    await recordSecurityEvent(ctx, {
      eventType: "admin_login_throttled",
      riskLevel: "high",
      details: `${input.email}: ${wait} s to wait`,
    });
    throw appError(
      "TOO_MANY_REQUESTS",
      `Too many failed attempts from this address. Please wait ${Math.ceil(wait / 60)} minute(s) and try again.`,
      "RATE_LIMITED",
    );
  }

  const [account] = await ctx.sql<
    Pick<UserRow, "id" | "role" | "password_hash" | "disabled_at" | "suspension_reason">[]
  >`
    select id, role, password_hash, disabled_at, suspension_reason from users where email = ${input.email} limit 1`;
  const cost = ctx.env.ADMIN_PASSWORD_SCRYPT_N;
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? null, cost);
  const codeOk = secretsEqual(input.adminCode, ctx.env.ADMIN_CODE);
  // Only someone who knows the password and the code learns that the account is suspended.
  if (isAdmin(account) && passwordOk && codeOk && isSuspended(account)) {
    await recordSecurityEvent(ctx, {
      eventType: "admin_login_failed",
      riskLevel: "high",
      userId: account.id,
      details: `${input.email}: suspended`,
    });
    throw accountSuspended();
  }
  if (!isAdmin(account) || account.disabled_at || !passwordOk || !codeOk) {
    await recordFailure(ctx.sql, SCOPE, input.email, ctx.ip);
    await recordSecurityEvent(ctx, {
      eventType: "admin_login_failed",
      riskLevel: "high",
      userId: account?.id ?? null,
      details: input.email,
    });
    throw appError("UNAUTHORIZED", "Login failed", "LOGIN_FAILED");
  }
  await recordSuccess(ctx.sql, SCOPE, input.email, ctx.ip);
  if (needsRehash(account.password_hash, cost)) {
    await ctx.sql`update users set password_hash = ${await hashPassword(input.password, cost)} where id = ${account.id}`;
  }
  if (await mfaEnabled(ctx.sql, account.id)) {
    // Password and admin code were the first factor; the console's session waits for the second.
    const challenge = await createChallenge(ctx.sql, account.id, "admin", "/admin/dashboard");
    await recordSecurityEvent(ctx, { eventType: "mfa_challenge", userId: account.id });
    return { mfaRequired: true as const, ...challenge };
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
  const user = await findSessionUser(ctx, account.id);
  return { token, expiresAt: session.expiresAt, user: user! };
}

/** The second step of an administrator's sign-in: the challenge and a code answer the console's token. */
export async function adminVerifyMfa(ctx: Context, input: VerifyMfaInput) {
  const done = await completeMfaSignIn(ctx, input, "admin");
  const user = await findSessionUser(ctx, done.userId);
  return { token: done.token, expiresAt: done.expiresAt, user: user! };
}

/** Ends the session the console signed in with. */
export async function adminLogout(ctx: Context) {
  if (ctx.session) {
    await invalidateSession(ctx.sql, ctx.session.id);
    await recordSecurityEvent(ctx, { eventType: "admin_logout", userId: ctx.user?.id ?? null });
  }
  return { ok: true as const };
}
