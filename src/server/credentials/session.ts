// Session lifecycle: create, validate with sliding expiry and an absolute cap, invalidate.
import {
  ADMIN_SESSION_ABSOLUTE_HOURS,
  ADMIN_SESSION_INACTIVITY_MINUTES,
  GROUP_ROLE_REACH,
  LEAD_ROLES,
  SESSION_ABSOLUTE_DAYS,
  SESSION_INACTIVITY_DAYS,
} from "../../shared/constants";
import type { SessionUser } from "../../shared/schemas/auth";
import type { Fragment, Queryable } from "../db/client";
import type { SessionRow, UserRow } from "../db/rows";
import { generateToken, hashToken } from "./tokens";

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
export const SESSION_COOKIE = "kb_session";

/**
 * The cookie's name: with `Secure` (production) it carries the `__Host-` prefix, so the browser keeps it only
 * from this exact host, over https, for the whole site, and no subdomain can plant or shadow it.
 */
export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/**
 * `authenticatedAt` is when its holder last proved who they are: the sign-in (every sign-in issues a new
 * session) or an administrator's re-authentication since; unknown means long ago. `byApiKey`: a program's
 * API key stands in for a session, and no person is behind the call.
 */
export type Session = {
  id: string;
  userId: string;
  expiresAt: Date;
  authenticatedAt?: Date;
  byApiKey?: true;
};

/** How long a session lives unused and at most, and how often its use is written down (sliding it). */
type Lifetime = { idleMs: number; absoluteMs: number; slideAfterMs: number };

const LIFETIMES = {
  standard: {
    idleMs: SESSION_INACTIVITY_DAYS * DAY_MS,
    absoluteMs: SESSION_ABSOLUTE_DAYS * DAY_MS,
    // At most once an hour, so reads stay reads most of the time.
    slideAfterMs: DAY_MS / 24,
  },
  admin: {
    idleMs: ADMIN_SESSION_INACTIVITY_MINUTES * MINUTE_MS,
    absoluteMs: ADMIN_SESSION_ABSOLUTE_HOURS * 60 * MINUTE_MS,
    slideAfterMs: MINUTE_MS,
  },
} satisfies Record<string, Lifetime>;

function lifetimeOf(role: string): Lifetime {
  return role === "admin" ? LIFETIMES.admin : LIFETIMES.standard;
}
export type SessionValidation = { session: Session; user: SessionUser; refreshed: boolean } | null;

export async function createSession(
  sql: Queryable,
  userId: string,
  meta: { userAgent?: string | null; ipAddress?: string | null },
): Promise<{ token: string; session: Session }> {
  const token = generateToken();
  const id = hashToken(token);
  const [user] = await sql<{ role: string }[]>`select role from users where id = ${userId}`;
  const lifetime = lifetimeOf(user?.role ?? "customer");
  const now = Date.now();
  const session = { id, userId, expiresAt: new Date(now + lifetime.idleMs), authenticatedAt: new Date(now) };
  await sql`
    insert into sessions (id, user_id, expires_at, absolute_expires_at, user_agent, ip_address, created_at,
                          last_activity_at)
    values (${id}, ${userId}, ${session.expiresAt}, ${new Date(now + lifetime.absoluteMs)},
            ${meta.userAgent?.slice(0, 400) ?? null}, ${meta.ipAddress ?? null}, ${session.authenticatedAt},
            ${session.authenticatedAt})`;
  return { token, session };
}

/**
 * The columns of a {@link SessionUser}, from `users u` with {@link sessionUserJoins}: the salesperson profile
 * (`s`), the dealership membership (`d`, any role; `managedDealershipId` for a lead only) and the dealer group
 * membership (`g`) of the account. A group member works on one dealership of the group at a time (`gd`, see the
 * joins): there they hold the dealership role their group role reaches (GROUP_ROLE_REACH); anywhere else their
 * own membership holds. Every join is on a unique key, so a lookup by one (a session, a key, an account) finds one
 * row at most and takes no LIMIT: with `limit 1`, PostgreSQL misjudged the left joins' rows and chose to scan
 * `sessions` and `users` whole for the one it wanted (0.69 ms a request at 1,400 sessions, growing with them),
 * where without it each is one index lookup (0.08 ms).
 */
export function sessionUserColumns(sql: Queryable) {
  const reach = sql`(${Object.values(GROUP_ROLE_REACH)}::text[])[
    array_position(${Object.keys(GROUP_ROLE_REACH)}::text[], g.role)]`;
  const role = sql`(case when gd.id is not null then ${reach} else d.role end)`;
  return sql`
    u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role, u.phone, u.city, u.state,
    u.zip_code as "zipCode", u.profile_image_url as "profileImageUrl", u.created_at as "createdAt",
    s.id as "salespersonId",
    case when ${role} = any(${[...LEAD_ROLES]}::text[]) then coalesce(gd.id, d.dealership_id) end
      as "managedDealershipId",
    coalesce(gd.id, d.dealership_id) as "dealershipId", ${role} as "dealershipRole",
    g.group_id as "groupId", g.role as "groupRole"`;
}

/**
 * The joins {@link sessionUserColumns} reads, after `users u`. `acting` is the dealership the session chose to
 * work on (`sessions.acting_dealership_id`), or none outside a session. A group member works on it when it is one
 * of their group's and not their own dealership; with none chosen, a group member with no dealership of their own
 * works on the group's first by name.
 */
export function sessionUserJoins(sql: Queryable, acting: Fragment = sql`null::int`) {
  return sql`left join salespeople s on s.user_id = u.id
             left join dealership_members d on d.user_id = u.id
             left join dealer_group_members g on g.user_id = u.id
             left join lateral (
               select gd.id from dealerships gd
                where gd.group_id = g.group_id and gd.id is distinct from d.dealership_id
                  and (gd.id = ${acting} or d.dealership_id is null)
                order by gd.id = ${acting} desc nulls last, gd.name, gd.id
                limit 1) gd on true`;
}

type SessionCheck = Pick<
  SessionRow,
  "expires_at" | "absolute_expires_at" | "last_activity_at" | "created_at" | "authenticated_at"
> &
  Pick<UserRow, "disabled_at">;

export async function validateSessionToken(sql: Queryable, token: string): Promise<SessionValidation> {
  if (!/^[a-z2-7]{20,64}$/.test(token)) return null;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await sql<(SessionUser & SessionCheck)[]>`
    select ${sessionUserColumns(sql)},
           x.expires_at, x.absolute_expires_at, x.last_activity_at, x.created_at, x.authenticated_at,
           u.disabled_at
      from sessions x
      join users u on u.id = x.user_id
      ${sessionUserJoins(sql, sql`x.acting_dealership_id`)}
     where x.id = ${id} and x.expires_at > ${now}`;
  if (!row) return null;
  const {
    expires_at,
    absolute_expires_at,
    last_activity_at,
    created_at,
    authenticated_at,
    disabled_at,
    ...user
  } = row;
  // The role's own limits hold whatever the row says: an account made administrator keeps no long session.
  const lifetime = lifetimeOf(user.role);
  const endsAt = Math.min(absolute_expires_at.getTime(), created_at.getTime() + lifetime.absoluteMs);
  const idleUntil = Math.min(expires_at.getTime(), last_activity_at.getTime() + lifetime.idleMs);
  if (disabled_at || endsAt <= now.getTime() || idleUntil <= now.getTime()) {
    await endSessions(sql, { id });
    return null;
  }
  let expiresAt = new Date(idleUntil);
  let refreshed = false;
  if (now.getTime() - last_activity_at.getTime() > lifetime.slideAfterMs) {
    const slid = new Date(Math.min(now.getTime() + lifetime.idleMs, endsAt));
    await sql`update sessions set expires_at = ${slid}, last_activity_at = ${now} where id = ${id}`;
    refreshed = true;
    expiresAt = slid;
  }
  const session = { id, userId: user.id, expiresAt, authenticatedAt: authenticated_at ?? created_at };
  return { session, user, refreshed };
}

/** Whether the session's holder proved who they are within `minutes` (an unknown time never is). */
export function signedInWithin(session: Session | null, minutes: number, now = Date.now()): boolean {
  const at = session?.authenticatedAt;
  return at !== undefined && now - at.getTime() < minutes * MINUTE_MS;
}

/** Records that the session's holder proved who they are again, now (an administrator's re-authentication). */
export async function markAuthenticated(sql: Queryable, sessionId: string): Promise<Date | null> {
  const [row] = await sql<{ at: Date }[]>`
    update sessions set authenticated_at = now() where id = ${sessionId} returning authenticated_at as at`;
  return row?.at ?? null;
}

/** Where session endings are announced to every instance (payload: the account's id). */
export const SESSIONS_ENDED_CHANNEL = "sessions_ended";

/**
 * Which sessions end: one by its stored id, one by the id people see (`publicId`, optionally only if it is
 * `userId`'s), or every session of an account (`userId`), optionally but one (`except`).
 */
export type SessionsToEnd =
  | { id: string }
  | { publicId: string; userId?: string }
  | { userId: string; except?: string };

/**
 * The one way sessions end (sign-out, "end other sessions", suspension, erasure, role changes, expiry): deletes
 * them and announces it with NOTIFY in the same statement, so each instance ends the live streams opened with
 * them (domains/live/hub.ts) once the caller's transaction commits, and never on a rollback. Answers the
 * sessions it ended.
 */
export async function endSessions(
  sql: Queryable,
  which: SessionsToEnd,
): Promise<{ id: string; userId: string }[]> {
  const where =
    "id" in which
      ? sql`id = ${which.id}`
      : "publicId" in which
        ? sql`public_id = ${which.publicId} ${which.userId ? sql`and user_id = ${which.userId}` : sql``}`
        : sql`user_id = ${which.userId} ${which.except ? sql`and id <> ${which.except}` : sql``}`;
  const rows = await sql<{ id: string; userId: string }[]>`
    with ended as (delete from sessions where ${where} returning id, user_id)
    select id, user_id as "userId", pg_notify(${SESSIONS_ENDED_CHANNEL}, user_id::text)::text as notified
      from ended`;
  return rows.map(({ id, userId }) => ({ id, userId }));
}

export async function invalidateSession(sql: Queryable, sessionId: string): Promise<void> {
  await endSessions(sql, { id: sessionId });
}

/** Ends every session of a user except, optionally, the one in use. */
export async function invalidateOtherSessions(sql: Queryable, userId: string, keepSessionId?: string) {
  await endSessions(sql, keepSessionId ? { userId, except: keepSessionId } : { userId });
}

export function sessionCookieOptions(secure: boolean, expiresAt: Date) {
  return {
    httpOnly: true,
    secure,
    sameSite: "Lax" as const,
    path: "/",
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
  };
}
