// Writes security events (sign-in attempts, denied access, privileged changes). Never records secrets.
// Each event's risk level comes from the stated rules in shared/security.ts: the event type's base level,
// raised when failures pile up from one address, or when an account signs in from an address it never used.

import {
  BASE_RISK,
  FAILURE_EVENT_TYPES,
  maxRisk,
  RISK_ESCALATION,
  type RiskLevel,
} from "../../shared/security";
import type { Queryable } from "../db/client";
import type { SignInMethod, SignInResult } from "../observability/metrics";
import type { Context } from "../serviceContext";

/** What recording an event needs of the caller's context. */
export type SecurityEventContext = Pick<Context, "sql" | "ip" | "user" | "logger" | "metrics">;

type EventInput = {
  eventType: string;
  /** At least this level (the rules may raise it). */
  riskLevel?: RiskLevel;
  details?: string;
  userId?: string | null;
};

const FAILURES: readonly string[] = FAILURE_EVENT_TYPES;
export const SIGN_INS = new Set([
  "login_success",
  "admin_login_success",
  "mfa_success",
  "mfa_backup_code_used",
  "passkey_login_success",
]);

/**
 * The events that end a sign-in attempt, as the sign_ins_total series counts them: by the way in and whether it
 * let the caller in. Throttled attempts are not among them (the rate limit answered, not the credentials).
 */
const SIGN_IN_OUTCOMES: Readonly<Record<string, readonly [SignInMethod, SignInResult]>> = {
  login_success: ["magic_link", "ok"],
  login_link_rejected: ["magic_link", "failed"],
  admin_login_success: ["password", "ok"],
  admin_login_failed: ["password", "failed"],
  passkey_login_success: ["passkey", "ok"],
  passkey_login_failed: ["passkey", "failed"],
  oidc_login_success: ["oidc", "ok"],
  oidc_login_failed: ["oidc", "failed"],
  mfa_success: ["second_factor", "ok"],
  mfa_backup_code_used: ["second_factor", "ok"],
  mfa_failed: ["second_factor", "failed"],
  mfa_locked: ["second_factor", "failed"],
};

/** The level the rules give an event about to be recorded. */
export async function assessRisk(
  sql: Queryable,
  event: { eventType: string; userId: string | null; ip: string | null; floor?: RiskLevel },
): Promise<RiskLevel> {
  let level = maxRisk(BASE_RISK[event.eventType] ?? "low", event.floor ?? "low");
  if (event.ip && FAILURES.includes(event.eventType)) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from security_events
       where ip_address = ${event.ip} and event_type in ${sql(FAILURES as string[])}
         and created_at > now() - make_interval(mins => ${RISK_ESCALATION.windowMinutes})`;
    const failures = (row?.n ?? 0) + 1;
    if (failures >= RISK_ESCALATION.criticalAfterFailures) level = maxRisk(level, "critical");
    else if (failures >= RISK_ESCALATION.highAfterFailures) level = maxRisk(level, "high");
  }
  if (event.ip && event.userId && SIGN_INS.has(event.eventType)) {
    const [row] = await sql<{ before: boolean; here: boolean }[]>`
      select count(*) > 0 as before, count(*) filter (where ip_address = ${event.ip}) > 0 as here
        from security_events
       where user_id = ${event.userId} and event_type in ${sql([...SIGN_INS])}`;
    if (row?.before && !row.here) level = maxRisk(level, "medium");
  }
  return level;
}

export async function recordSecurityEvent(ctx: SecurityEventContext, event: EventInput): Promise<void> {
  const signIn = SIGN_IN_OUTCOMES[event.eventType];
  if (signIn) ctx.metrics.signIn(...signIn);
  try {
    const userId = event.userId === undefined ? (ctx.user?.id ?? null) : event.userId;
    const risk = await assessRisk(ctx.sql, {
      eventType: event.eventType,
      userId,
      ip: ctx.ip,
      floor: event.riskLevel,
    });
    await ctx.sql`
      insert into security_events (user_id, event_type, risk_level, ip_address, details)
      values (${userId}, ${event.eventType}, ${risk}, ${ctx.ip}, ${event.details?.slice(0, 1000) ?? null})`;
  } catch (error) {
    ctx.logger.warn(`could not record security event ${event.eventType}`, error);
  }
}

/**
 * The refusal of an id the caller may not act on, with the error a missing id gets: someone else's row and a
 * row that does not exist answer alike, so the answer never tells which ids exist. Reaching for someone else's
 * row (`row`: its table and id, looked up here) is still recorded as a denied authorisation.
 */
export async function refuseAsMissing(
  ctx: SecurityEventContext,
  row: { db: Queryable; table: string; id: number | string },
  missing: Error,
  details: string,
): Promise<Error> {
  const [exists] = await row.db`select 1 as found from ${row.db(row.table)} where id = ${row.id}`;
  if (exists)
    await recordSecurityEvent(ctx, { eventType: "authorization_denied", riskLevel: "medium", details });
  return missing;
}
