// Session lifecycle: create, validate with sliding expiry and an absolute cap, invalidate.
import { and, eq, gt, ne } from "drizzle-orm";
import { SESSION_ABSOLUTE_DAYS, SESSION_INACTIVITY_DAYS } from "../../shared/constants";
import type { SessionUser } from "../../shared/schemas/auth";
import type { Database } from "../db/client";
import { dealerships, salespeople, sessions, users } from "../db/schema";
import { generateToken, hashToken } from "./crypto";

const DAY_MS = 86_400_000;
export const SESSION_COOKIE = "kb_session";

export type Session = { id: string; userId: string; expiresAt: Date };
export type SessionValidation = { session: Session; user: SessionUser; refreshed: boolean } | null;

export async function createSession(
  db: Database,
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
  await db.insert(sessions).values({
    ...session,
    absoluteExpiresAt: new Date(now + SESSION_ABSOLUTE_DAYS * DAY_MS),
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
    ipAddress: meta.ipAddress ?? null,
  });
  return { token, session };
}

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  phone: users.phone,
  city: users.city,
  state: users.state,
  zipCode: users.zipCode,
  profileImageUrl: users.profileImageUrl,
  createdAt: users.createdAt,
  salespersonId: salespeople.id,
  managedDealershipId: dealerships.id,
};

export async function validateSessionToken(db: Database, token: string): Promise<SessionValidation> {
  if (!/^[a-z2-7]{20,64}$/.test(token)) return null;
  const id = hashToken(token);
  const now = new Date();
  const rows = await db
    .select({
      user: sessionUserColumns,
      expiresAt: sessions.expiresAt,
      absoluteExpiresAt: sessions.absoluteExpiresAt,
      lastActivityAt: sessions.lastActivityAt,
      disabledAt: users.disabledAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(salespeople, eq(salespeople.userId, users.id))
    .leftJoin(dealerships, eq(dealerships.managerId, users.id))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  if (row.disabledAt || row.absoluteExpiresAt <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let expiresAt = row.expiresAt;
  let refreshed = false;
  // Slide the inactivity window at most once a day per session, so reads stay reads most of the time.
  if (now.getTime() - row.lastActivityAt.getTime() > DAY_MS / 24) {
    const slid = new Date(
      Math.min(now.getTime() + SESSION_INACTIVITY_DAYS * DAY_MS, row.absoluteExpiresAt.getTime()),
    );
    await db.update(sessions).set({ expiresAt: slid, lastActivityAt: now }).where(eq(sessions.id, id));
    refreshed = true;
    expiresAt = slid;
  }
  return { session: { id, userId: row.user.id, expiresAt }, user: row.user, refreshed };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user except, optionally, the one in use. */
export async function invalidateOtherSessions(db: Database, userId: string, keepSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
        : eq(sessions.userId, userId),
    );
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
