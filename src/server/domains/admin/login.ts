// Administrator sign-in: e-mail, password and admin code, all checked server-side; errors stay generic.
import { eq } from "drizzle-orm";
import type { AdminLoginInput } from "../../../shared/schemas/admin";
import { recordSecurityEvent } from "../../auth/audit";
import { secretsEqual, verifyPassword } from "../../auth/password";
import { consumeToken } from "../../auth/rate-limit";
import { createSession } from "../../auth/session";
import { users } from "../../db/schema";
import { appError, type Context } from "../../trpc/init";
import { findSessionUser } from "../auth/service";

/** Failed attempts refill slowly: 5 per account and 10 per address, then one every 3 and 1 minutes. */
const ADMIN_LIMITS = {
  perAccount: { capacity: 5, refillSeconds: 180 },
  perIp: { capacity: 10, refillSeconds: 60 },
};

export async function adminLogin(ctx: Context, input: AdminLoginInput) {
  const throttled = async () => {
    await recordSecurityEvent(ctx, {
      eventType: "admin_login_throttled",
      riskLevel: "high",
      details: input.email,
    });
    return appError(
      "TOO_MANY_REQUESTS",
      "Too many attempts. Please wait a few minutes and try again.",
      "RATE_LIMITED",
    );
  };
  if (!(await consumeToken(ctx.sql, `admin:acct:${input.email}`, ADMIN_LIMITS.perAccount)))
    throw await throttled();
  if (ctx.ip && !(await consumeToken(ctx.sql, `admin:ip:${ctx.ip}`, ADMIN_LIMITS.perIp)))
    throw await throttled();

  const [account] = await ctx.db
    .select({
      id: users.id,
      role: users.role,
      passwordHash: users.passwordHash,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.email, input.email))
    .limit(1);
  const passwordOk = await verifyPassword(input.password, account?.passwordHash ?? null);
  const codeOk = secretsEqual(input.adminCode, ctx.env.ADMIN_CODE);
  if (account?.role !== "admin" || account.disabledAt || !passwordOk || !codeOk) {
    await recordSecurityEvent(ctx, {
      eventType: "admin_login_failed",
      riskLevel: "high",
      userId: account?.id ?? null,
      details: input.email,
    });
    throw appError("UNAUTHORIZED", "Login failed", "LOGIN_FAILED");
  }
  const { token, session } = await createSession(ctx.db, account.id, {
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
