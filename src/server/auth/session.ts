// Session lifecycle: create, validate with sliding expiry and an absolute cap, invalidate.
import { SESSION_ABSOLUTE_DAYS, SESSION_INACTIVITY_DAYS } from "../../shared/constants";
import type { SessionUser } from "../../shared/schemas/auth";
import type { Queryable } from "../db/client";
import type { SessionRow, UserRow } from "../db/rows";
import { generateToken, hashToken } from "./crypto";

const DAY_MS = 86_400_000;
export const SESSION_COOKIE = "kb_session";

export type Session = { id: string; userId: string; expiresAt: Date };
export type SessionValidation = { session: Session; user: SessionUser; refreshed: boolean } | null;

export async function createSession(
  sql: Queryable,
  userId: string,
  meta: { userAgent?: string | null; ipAddress?: string | null },
): Promise<{ token: string; session: Session }> {
  const token = generateToken();
  const now = Date.now();
  const session = {
    id: hashToken(token),
    userId,
    expiresAt: new Date(now + SESSION_INACTIVITY_DAYS * DAY_MS),
  };
  await sql`
    insert into sessions (id, user_id, expires_at, absolute_expires_at, user_agent, ip_address)
    values (${session.id}, ${userId}, ${session.expiresAt}, ${new Date(now + SESSION_ABSOLUTE_DAYS * DAY_MS)},
            ${meta.userAgent?.slice(0, 400) ?? null}, ${meta.ipAddress ?? null})`;
  return { token, session };
}

/**
 * The columns of a {@link SessionUser}, from `users u` left-joined to `salespeople s` (on s.user_id = u.id)
 * and `dealerships d` (on d.manager_id = u.id).
 */
export function sessionUserColumns(sql: Queryable) {
  return sql`
    u.id, u.email, u.first_name as "firstName", u.last_name as "lastName", u.role, u.phone, u.city, u.state,
    u.zip_code as "zipCode", u.profile_image_url as "profileImageUrl", u.created_at as "createdAt",
    s.id as "salespersonId", d.id as "managedDealershipId"`;
}

type SessionCheck = Pick<SessionRow, "expires_at" | "absolute_expires_at" | "last_activity_at"> &
  Pick<UserRow, "disabled_at">;

export async function validateSessionToken(sql: Queryable, token: string): Promise<SessionValidation> {
  if (!/^[a-z2-7]{20,64}$/.test(token)) return null;
  const id = hashToken(token);
  const now = new Date();
  const [row] = await sql<(SessionUser & SessionCheck)[]>`
    select ${sessionUserColumns(sql)},
           x.expires_at, x.absolute_expires_at, x.last_activity_at, u.disabled_at
      from sessions x
      join users u on u.id = x.user_id
      left join salespeople s on s.user_id = u.id
      left join dealerships d on d.manager_id = u.id
     where x.id = ${id} and x.expires_at > ${now}
     limit 1`;
  if (!row) return null;
  const { expires_at, absolute_expires_at, last_activity_at, disabled_at, ...user } = row;
  if (disabled_at || absolute_expires_at <= now) {
    await sql`delete from sessions where id = ${id}`;
    return null;
  }
  let expiresAt = expires_at;
  let refreshed = false;
  // Slide the inactivity window at most once a day per session, so reads stay reads most of the time.
  if (now.getTime() - last_activity_at.getTime() > DAY_MS / 24) {
    const slid = new Date(
      Math.min(now.getTime() + SESSION_INACTIVITY_DAYS * DAY_MS, absolute_expires_at.getTime()),
    );
    await sql`update sessions set expires_at = ${slid}, last_activity_at = ${now} where id = ${id}`;
    refreshed = true;
    expiresAt = slid;
  }
  return { session: { id, userId: user.id, expiresAt }, user, refreshed };
}

export async function invalidateSession(sql: Queryable, sessionId: string): Promise<void> {
  await sql`delete from sessions where id = ${sessionId}`;
}

/** Ends every session of a user except, optionally, the one in use. */
export async function invalidateOtherSessions(sql: Queryable, userId: string, keepSessionId?: string) {
  await sql`
    delete from sessions
     where user_id = ${userId} ${keepSessionId ? sql`and id <> ${keepSessionId}` : sql``}`;
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
