// Account security for every role: the second factor (set up, turn on with a code, turn off with a code, new
// backup codes), the caller's sessions (list, end one or all others), security events (own; administrators
// everyone's), the administrators' MFA requirement, and the second step of a sign-in.
import QRCode from "qrcode";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { ListPage } from "../../../shared/schemas/common";
import type {
  MfaSetup,
  MfaStatus,
  SecurityEventsQuery,
  SecurityEventView,
  SecuritySettings,
  SessionView,
  TerminateSessionInput,
} from "../../../shared/schemas/security";
import { MFA, SECURITY_EVENT_LABELS } from "../../../shared/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { noticeAccountChange, requireRecentSignIn, revokeUsersApiKeys } from "../../auth/accountChanges";
import { setSessionCookie } from "../../auth/cookies";
import {
  adminMfaRequired,
  type ChallengePurpose,
  type CodeCheck,
  checkSecondFactor,
  checkTotp,
  consumeChallenge,
  formatSecret,
  issueBackupCodes,
  mfaEnabled,
  newTotpSecret,
  readChallenge,
  sealKey,
  totpUri,
} from "../../auth/mfa";
import { recordSecurityEvent } from "../../auth/securityEvents";
import { createSession, invalidateOtherSessions } from "../../auth/session";
import { containsPattern, pageWindow } from "../../db/search";
import { isLoopbackAddress } from "../../http/addresses";
import type { Context } from "../../serviceContext";

type Authed = Context & { user: SessionUser; session: NonNullable<Context["session"]> };

const LOCKED_MESSAGE = `Too many wrong codes. Two-factor sign-in is locked for ${MFA.lockMinutes} minutes.`;

function refuseCode(result: Exclude<CodeCheck, "ok">, message: string): never {
  if (result === "locked") throw appError("TOO_MANY_REQUESTS", LOCKED_MESSAGE, "MFA_LOCKED");
  throw appError("UNAUTHORIZED", message, "INVALID_MFA_CODE");
}

/** Records a failed or locked code as a security event, then refuses it. */
async function codeFailed(
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
export async function enableMfa(ctx: Authed, code: string): Promise<{ backupCodes: string[] }> {
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
export async function disableMfa(ctx: Authed, code: string): Promise<{ ok: true }> {
  requireRecentSignIn(ctx);
  if (isAdmin(ctx.user) && (await adminMfaRequired(ctx.sql))) {
    throw appError(
      "CONFLICT",
      "The platform requires administrators to use two-factor authentication, so it cannot be turned off.",
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
export async function regenerateBackupCodes(ctx: Authed, code: string): Promise<{ backupCodes: string[] }> {
  const result = await checkTotp(ctx.sql, ctx.secrets, ctx.user.id, code, true);
  if (result !== "ok") await codeFailed(ctx, ctx.user.id, result, "That code is not right.");
  const backupCodes = await issueBackupCodes(ctx.sql, ctx.user.id);
  await recordSecurityEvent(ctx, { eventType: "mfa_backup_codes_regenerated" });
  return { backupCodes };
}

/**
 * The second step of a sign-in: the challenge the first step answered and a code (or backup code). A
 * `session` challenge sets the session cookie; an `admin` one answers the console's bearer token.
 */
export async function completeMfaSignIn(
  ctx: Context,
  input: { challenge: string; code: string },
  purpose: ChallengePurpose,
) {
  const challenge = await readChallenge(ctx.sql, input.challenge, purpose);
  if (!challenge) {
    throw appError("UNAUTHORIZED", "This sign-in has expired. Please start again.", "MFA_CHALLENGE_EXPIRED");
  }
  const backup = !/^\d{6}$/.test(input.code.replace(/\s/g, ""));
  const result = await checkSecondFactor(ctx.sql, ctx.secrets, challenge.userId, input.code);
  if (result !== "ok") {
    await codeFailed(ctx, challenge.userId, result, "That code is not right. Try again.");
  }
  if (!(await consumeChallenge(ctx.sql, input.challenge))) {
    throw appError("UNAUTHORIZED", "This sign-in has expired. Please start again.", "MFA_CHALLENGE_EXPIRED");
  }
  if (ctx.session) await ctx.sql`delete from sessions where id = ${ctx.session.id}`;
  const { token, session } = await createSession(ctx.sql, challenge.userId, {
    userAgent: ctx.userAgent,
    ipAddress: ctx.ip,
  });
  await recordSecurityEvent(ctx, {
    eventType: backup ? "mfa_backup_code_used" : "mfa_success",
    userId: challenge.userId,
    details: purpose === "admin" ? "administrator console" : undefined,
  });
  if (purpose === "session")
    setSessionCookie(ctx.resHeaders, token, session.expiresAt, ctx.env.COOKIE_SECURE);
  return { token, expiresAt: session.expiresAt, userId: challenge.userId, redirectTo: challenge.redirectTo };
}

// Sessions ---------------------------------------------------------------------------------------------

/** A short name for the device from its user agent: browser on system. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /HeadlessChrome\//.test(userAgent)
        ? "Headless Chrome"
        : /Chrome\//.test(userAgent)
          ? "Chrome"
          : /Safari\//.test(userAgent)
            ? "Safari"
            : /curl\//i.test(userAgent)
              ? "curl"
              : /node|undici/i.test(userAgent)
                ? "API client"
                : "Browser";
  const system = /Android/.test(userAgent)
    ? "Android"
    : /iPhone|iPad/.test(userAgent)
      ? "iOS"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** Where an address is, as far as the server can tell without a geolocation database. */
export function describeLocation(ip: string | null): string {
  if (!ip) return "Unknown location";
  if (isLoopbackAddress(ip)) return "This computer";
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|fc|fd|fe80:)/i.test(ip)) return "Private network";
  return "Internet";
}

export async function listSessions(ctx: Authed, userId?: string): Promise<SessionView[]> {
  const owner = userId ?? ctx.user.id;
  if (owner !== ctx.user.id && !isAdmin(ctx.user)) {
    throw appError("FORBIDDEN", "You can only see your own sessions", "NOT_OWNER");
  }
  const rows = await ctx.sql<
    {
      id: string;
      hash: string;
      userAgent: string | null;
      ipAddress: string | null;
      createdAt: Date;
      lastActivity: Date;
      expiresAt: Date;
    }[]
  >`
    select public_id as id, id as hash, user_agent as "userAgent", ip_address as "ipAddress",
           created_at as "createdAt", last_activity_at as "lastActivity", expires_at as "expiresAt"
      from sessions
     where user_id = ${owner} and expires_at > now() and absolute_expires_at > now()
     order by last_activity_at desc, created_at desc
     limit 100`;
  return rows.map(({ hash, ...s }) => ({
    ...s,
    device: describeDevice(s.userAgent),
    location: describeLocation(s.ipAddress),
    current: hash === ctx.session.id,
  }));
}

/** Ends one session (the caller's own; administrators anyone's) or every other session of the caller. */
export async function terminateSession(ctx: Authed, input: TerminateSessionInput) {
  if ("allOthers" in input) {
    const { ended, revoked } = await ctx.sql.begin(async (tx) => {
      const ended = await tx`
        delete from sessions where user_id = ${ctx.user.id} and id <> ${ctx.session.id} returning 1 as ok`;
      return { ended, revoked: input.revokeApiKeys ? await revokeUsersApiKeys(tx, ctx.user.id) : 0 };
    });
    await recordSecurityEvent(ctx, {
      eventType: "sessions_terminated",
      details: `${ended.length} ended${input.revokeApiKeys ? `, ${revoked} API keys revoked` : ""}`,
    });
    return { terminated: ended.length, current: false, revokedApiKeys: revoked };
  }
  const [ended] = await ctx.sql<{ userId: string; current: boolean }[]>`
    delete from sessions
     where public_id = ${input.sessionId} ${isAdmin(ctx.user) ? ctx.sql`` : ctx.sql`and user_id = ${ctx.user.id}`}
    returning user_id as "userId", id = ${ctx.session.id} as current`;
  if (!ended) throw appError("NOT_FOUND", "That session has already ended", "SESSION_NOT_FOUND");
  await recordSecurityEvent(ctx, {
    eventType: "session_terminated",
    details: ended.userId === ctx.user.id ? "own session" : `session of user ${ended.userId}`,
  });
  return { terminated: 1, current: ended.current, revokedApiKeys: 0 };
}

// Events -----------------------------------------------------------------------------------------------

export async function listSecurityEvents(
  ctx: Authed,
  input: SecurityEventsQuery,
): Promise<ListPage<SecurityEventView>> {
  const sql = ctx.sql;
  const none = sql``;
  const email = isAdmin(ctx.user) ? containsPattern(input?.email) : null;
  const where = sql`
    where true
    ${isAdmin(ctx.user) ? none : sql`and e.user_id = ${ctx.user.id}`}
    ${input?.riskLevel ? sql`and e.risk_level = ${input.riskLevel}` : none}
    ${input?.eventType ? sql`and e.event_type = ${input.eventType}` : none}
    ${email ? sql`and u.email::text ilike ${email}` : none}
    ${input?.from ? sql`and e.created_at >= (${input.from}::date)::timestamp at time zone 'UTC'` : none}
    ${input?.to ? sql`and e.created_at < (${input.to}::date + 1)::timestamp at time zone 'UTC'` : none}`;
  const { offset, page, pageSize } = pageWindow(input);
  const [rows, [count]] = await Promise.all([
    sql<Omit<SecurityEventView, "label">[]>`
      select e.id, e.event_type as "eventType", e.risk_level as "riskLevel", e.ip_address as "ipAddress",
             e.created_at as "createdAt", e.details, e.user_id as "userId", u.email::text as "userEmail"
        from security_events e left join users u on u.id = e.user_id
        ${where}
       order by e.created_at desc, e.id desc
       limit ${pageSize} offset ${offset}`,
    sql<{ n: number }[]>`
      select count(*)::int as n from security_events e left join users u on u.id = e.user_id ${where}`,
  ]);
  return {
    items: rows.map((r) => ({ ...r, label: SECURITY_EVENT_LABELS[r.eventType] ?? r.eventType })),
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}

/** The caller's security at a glance: MFA, sessions, and events of the last 30 days by risk. */
export async function securityOverview(ctx: Authed) {
  const [mfa, sessions, [risk]] = await Promise.all([
    mfaStatus(ctx),
    listSessions(ctx),
    ctx.sql<{ low: number; medium: number; high: number; critical: number }[]>`
      select count(*) filter (where risk_level = 'low')::int as low,
             count(*) filter (where risk_level = 'medium')::int as medium,
             count(*) filter (where risk_level = 'high')::int as high,
             count(*) filter (where risk_level = 'critical')::int as critical
        from security_events
       where created_at > now() - interval '30 days'
         ${isAdmin(ctx.user) ? ctx.sql`` : ctx.sql`and user_id = ${ctx.user.id}`}`,
  ]);
  const [lastSignIn] = await ctx.sql<{ createdAt: Date; ipAddress: string | null }[]>`
    select created_at as "createdAt", ip_address as "ipAddress" from security_events
     where user_id = ${ctx.user.id}
       and event_type in ('login_success', 'admin_login_success', 'mfa_success', 'mfa_backup_code_used')
     order by created_at desc limit 1 offset 1`;
  return {
    mfa,
    activeSessions: sessions.length,
    eventsLast30Days: risk ?? { low: 0, medium: 0, high: 0, critical: 0 },
    previousSignIn: lastSignIn ?? null,
    scope: isAdmin(ctx.user) ? ("platform" as const) : ("account" as const),
  };
}

// Settings ---------------------------------------------------------------------------------------------

export async function securitySettings(ctx: Pick<Context, "sql">): Promise<SecuritySettings> {
  const [row] = await ctx.sql<SecuritySettings[]>`
    select admin_mfa_required as "adminMfaRequired", updated_at as "updatedAt"
      from security_settings where id = 1`;
  return row ?? { adminMfaRequired: false, updatedAt: new Date(0) };
}

/** Administrators: require MFA of every administrator. Turning it on needs MFA on the caller's own account. */
export async function updateSecuritySettings(
  ctx: Authed,
  input: { adminMfaRequired: boolean },
): Promise<SecuritySettings> {
  if (input.adminMfaRequired && !(await mfaEnabled(ctx.sql, ctx.user.id))) {
    throw appError(
      "CONFLICT",
      "Turn on two-factor authentication for your own account before requiring it of administrators.",
      "MFA_NOT_ENABLED",
    );
  }
  await ctx.sql`
    insert into security_settings (id, admin_mfa_required, updated_at, updated_by)
    values (1, ${input.adminMfaRequired}, now(), ${ctx.user.id})
    on conflict (id) do update set admin_mfa_required = excluded.admin_mfa_required,
                                   updated_at = now(), updated_by = excluded.updated_by`;
  await recordSecurityEvent(ctx, {
    eventType: "mfa_requirement_changed",
    details: input.adminMfaRequired ? "required for administrators" : "no longer required",
  });
  return securitySettings(ctx);
}
