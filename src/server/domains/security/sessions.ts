import type { SessionView, TerminateSessionInput } from "../../../shared/schemas/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { revokeUsersApiKeys } from "../../credentials/accountChanges";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { endSessions } from "../../credentials/session";
import { isLoopbackAddress } from "../../http/addresses";
import type { Authed } from "./service";

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
      const ended = await endSessions(tx, { userId: ctx.user.id, except: ctx.session.id });
      return { ended, revoked: input.revokeApiKeys ? await revokeUsersApiKeys(tx, ctx.user.id) : 0 };
    });
    await recordSecurityEvent(ctx, {
      eventType: "sessions_terminated",
      details: `${ended.length} ended${input.revokeApiKeys ? `, ${revoked} API keys revoked` : ""}`,
    });
    return { terminated: ended.length, current: false, revokedApiKeys: revoked };
  }
  const [ended] = await endSessions(
    ctx.sql,
    isAdmin(ctx.user) ? { publicId: input.sessionId } : { publicId: input.sessionId, userId: ctx.user.id },
  );
  if (!ended) throw appError("NOT_FOUND", "That session has already ended", "SESSION_NOT_FOUND");
  await recordSecurityEvent(ctx, {
    eventType: "session_terminated",
    details: ended.userId === ctx.user.id ? "own session" : `session of user ${ended.userId}`,
  });
  return { terminated: 1, current: ended.id === ctx.session.id, revokedApiKeys: 0 };
}
