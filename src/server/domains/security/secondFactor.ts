// The second factor of every role: set up, turned on with a first code, turned off with a code, new backup
// codes, and the second step of a sign-in. Wrong codes are recorded and, past the limit, lock the factor a while.

import QRCode from "qrcode";
import type { MfaSetup, MfaStatus } from "../../../shared/schemas/security";
import { MFA } from "../../../shared/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import {
  noticeAccountChange,
  requireRecentSignIn,
  revokeUsersApiKeys,
} from "../../credentials/accountChanges";
import { setSessionCookie } from "../../credentials/cookies";
import {
  adminMfaRequired,
  adminSecondFactors,
  type Challenge,
  type ChallengePurpose,
  type CodeCheck,
  checkSecondFactor,
  checkTotp,
  consumeChallenge,
  formatSecret,
  issueBackupCodes,
  newTotpSecret,
  readChallenge,
  sealKey,
  totpUri,
} from "../../credentials/mfa";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { createSession, endSessions, invalidateOtherSessions } from "../../credentials/session";
import type { Context } from "../../serviceContext";
import type { Authed } from "./service";

const LOCKED_MESSAGE = `Too many wrong codes. Two-factor sign-in is locked for ${MFA.lockMinutes} minutes.`;

function refuseCode(result: Exclude<CodeCheck, "ok">, message: string): never {
  if (result === "locked") throw appError("TOO_MANY_REQUESTS", LOCKED_MESSAGE, "MFA_LOCKED");
  throw appError("UNAUTHORIZED", message, "INVALID_MFA_CODE");
}

/** Records a failed or locked code as a security event, then refuses it. */
export async function codeFailed(
  ctx: Context,
  userId: string,
  result: Exclude<CodeCheck, "ok">,
  message: string,
): Promise<never> {
  await recordSecurityEvent(ctx, {
    eventType: result === "locked" ? "mfa_locked" : "mfa_failed",
    userId,
  });
  refuseCode(result, message);
}

export async function mfaStatus(ctx: Authed): Promise<MfaStatus> {
  const [row] = await ctx.sql<
    { enabledAt: Date | null; lockedUntil: Date | null; remaining: number; exists: boolean }[]
  >`
    select m.enabled_at as "enabledAt",
           case when m.locked_until > now() then m.locked_until end as "lockedUntil",
           (select count(*)::int from mfa_backup_codes b where b.user_id = ${ctx.user.id} and b.used_at is null)
             as remaining,
           m.user_id is not null as exists
      from (select 1) one left join user_mfa m on m.user_id = ${ctx.user.id}`;
  const enabled = row?.enabledAt != null;
  const remaining = enabled ? (row?.remaining ?? 0) : 0;
  return {
    enabled,
    enabledAt: row?.enabledAt ?? null,
    pendingSetup: !enabled && (row?.exists ?? false),
    backupCodesRemaining: remaining,
    warning: enabled && remaining < MFA.backupCodeWarning,
    required: isAdmin(ctx.user) && (await adminMfaRequired(ctx.sql)),
    lockedUntil: row?.lockedUntil ?? null,
  };
}

/** A new secret waiting for its first code (replacing any earlier setup); refused while MFA is on. */
export async function beginMfaSetup(ctx: Authed): Promise<MfaSetup> {
  requireRecentSignIn(ctx);
  const key = newTotpSecret();
  const rows = await ctx.sql`
    insert into user_mfa (user_id, secret_sealed) values (${ctx.user.id}, ${sealKey(ctx.secrets, ctx.user.id, key)})
    on conflict (user_id) do update
       set secret_sealed = excluded.secret_sealed, last_used_step = null, failed_attempts = 0,
           updated_at = now()
     where user_mfa.enabled_at is null
    returning 1 as ok`;
  if (rows.length === 0) {
    throw appError(
      "CONFLICT",
      "Two-factor authentication is already on. Turn it off first to use another app.",
      "MFA_ALREADY_ENABLED",
    );
  }
  const otpauthUri = totpUri(ctx.user.email, key);
  const svg = await QRCode.toString(otpauthUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    secret: formatSecret(key),
    otpauthUri,
    qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Turns MFA on with the first valid code of the new secret; answers the backup codes, once. */
export async function enableMfa(ctx: Authed, { code }: { code: string }): Promise<{ backupCodes: string[] }> {
  requireRecentSignIn(ctx);
  const result = await checkTotp(ctx.sql, ctx.secrets, ctx.user.id, code, false);
  if (result !== "ok") {
    const [pending] = await ctx.sql`
      select 1 as ok from user_mfa where user_id = ${ctx.user.id} and enabled_at is null`;
    if (!pending) {
      throw appError(
        "CONFLICT",
        "Start the setup first: scan the QR code, then enter the code your app shows.",
        "MFA_NOT_SET_UP",
      );
    }
    await codeFailed(ctx, ctx.user.id, result, "That code is not right. Check your app and try again.");
  }
  const backupCodes = await ctx.sql.begin(async (tx) => {
    await tx`update user_mfa set enabled_at = now(), updated_at = now() where user_id = ${ctx.user.id}`;
    const codes = await issueBackupCodes(tx, ctx.user.id);
    // docs/product/security.md#sessions: an MFA change ends the user's other sessions.
    await invalidateOtherSessions(tx, ctx.user.id, ctx.session.id);
    return codes;
  });
  await recordSecurityEvent(ctx, { eventType: "mfa_enabled" });
  await noticeAccountChange(ctx, ctx.user.email, "mfa_enabled");
  return { backupCodes };
}

/**
 * Turns MFA off with a current code (or a backup code). The account's other sessions end and the API keys
 * it created are revoked: whatever was minted while the second factor guarded it is not trusted past it.
 */
export async function disableMfa(ctx: Authed, { code }: { code: string }): Promise<{ ok: true }> {
  requireRecentSignIn(ctx);
  if (
    isAdmin(ctx.user) &&
    (await adminMfaRequired(ctx.sql)) &&
    !(await adminSecondFactors(ctx.sql, ctx.user.id)).passkey
  ) {
    throw appError(
      "CONFLICT",
      "The platform requires administrators to use two-factor authentication, so it cannot be turned off without a passkey to take its place.",
      "MFA_REQUIRED",
    );
  }
  const result = await checkSecondFactor(ctx.sql, ctx.secrets, ctx.user.id, code);
  if (result !== "ok") await codeFailed(ctx, ctx.user.id, result, "That code is not right.");
  await ctx.sql.begin(async (tx) => {
    await tx`delete from user_mfa where user_id = ${ctx.user.id}`;
    await tx`delete from mfa_backup_codes where user_id = ${ctx.user.id}`;
    await invalidateOtherSessions(tx, ctx.user.id, ctx.session.id);
    await revokeUsersApiKeys(tx, ctx.user.id);
  });
  await recordSecurityEvent(ctx, { eventType: "mfa_disabled" });
  await noticeAccountChange(ctx, ctx.user.email, "mfa_disabled");
  return { ok: true };
}

/** New backup codes (the old ones stop working); needs a current authenticator code. */
export async function regenerateBackupCodes(
  ctx: Authed,
  { code }: { code: string },
): Promise<{ backupCodes: string[] }> {
  const result = await checkTotp(ctx.sql, ctx.secrets, ctx.user.id, code, true);
  if (result !== "ok") await codeFailed(ctx, ctx.user.id, result, "That code is not right.");
  const backupCodes = await issueBackupCodes(ctx.sql, ctx.user.id);
  await recordSecurityEvent(ctx, { eventType: "mfa_backup_codes_regenerated" });
  return { backupCodes };
}

const CHALLENGE_EXPIRED = "This sign-in has expired. Please start again.";

/** The sign-in waiting for its second step, or a refusal when it expired or was used. */
export async function openChallenge(ctx: Context, challenge: string, purpose: ChallengePurpose) {
  const open = await readChallenge(ctx.sql, challenge, purpose);
  if (!open) throw appError("UNAUTHORIZED", CHALLENGE_EXPIRED, "MFA_CHALLENGE_EXPIRED");
  return open;
}

/**
 * Ends a sign-in whose second factor passed: the challenge is used up (once), the session starts. A `session`
 * challenge sets the session cookie; an `admin` one answers the console's bearer token.
 */
export async function finishSecondStep(
  ctx: Context,
  challenge: string,
  open: Challenge,
  purpose: ChallengePurpose,
  eventType: string,
) {
  if (!(await consumeChallenge(ctx.sql, challenge))) {
    throw appError("UNAUTHORIZED", CHALLENGE_EXPIRED, "MFA_CHALLENGE_EXPIRED");
  }
  if (ctx.session) await endSessions(ctx.sql, { id: ctx.session.id });
  const { token, session } = await createSession(ctx.sql, open.userId, {
    userAgent: ctx.userAgent,
    ipAddress: ctx.ip,
  });
  await recordSecurityEvent(ctx, {
    eventType,
    userId: open.userId,
    details: purpose === "admin" ? "administrator console" : undefined,
  });
  if (purpose === "session")
    setSessionCookie(ctx.resHeaders, token, session.expiresAt, ctx.env.COOKIE_SECURE);
  return { token, expiresAt: session.expiresAt, userId: open.userId, redirectTo: open.redirectTo };
}

/** The second step of a sign-in with a code (or backup code): the challenge the first step answered. */
export async function completeMfaSignIn(
  ctx: Context,
  input: { challenge: string; code: string },
  purpose: ChallengePurpose,
) {
  const open = await openChallenge(ctx, input.challenge, purpose);
  const backup = !/^\d{6}$/.test(input.code.replace(/\s/g, ""));
  const result = await checkSecondFactor(ctx.sql, ctx.secrets, open.userId, input.code);
  if (result !== "ok") {
    await codeFailed(ctx, open.userId, result, "That code is not right. Try again.");
  }
  return finishSecondStep(
    ctx,
    input.challenge,
    open,
    purpose,
    backup ? "mfa_backup_code_used" : "mfa_success",
  );
}
