// Account security at a glance and what the platform requires: security events (own; administrators
// everyone's), the caller's overview, and the administrators' MFA requirement. The second factor is in
// secondFactor.ts, sessions in sessions.ts.

import type { SessionUser } from "../../../shared/schemas/auth";
import type { ListPage } from "../../../shared/schemas/common";
import type {
  SecurityEventsQuery,
  SecurityEventView,
  SecuritySettings,
} from "../../../shared/schemas/security";
import { SECURITY_EVENT_LABELS } from "../../../shared/security";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { adminSecondFactors } from "../../credentials/mfa";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { containsPattern, pageWindow } from "../../db/search";
import type { Context } from "../../serviceContext";
import { mfaStatus } from "./secondFactor";
import { listSessions } from "./sessions";

export type Authed = Context & { user: SessionUser; session: NonNullable<Context["session"]> };

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
       and event_type in ('login_success', 'admin_login_success', 'mfa_success', 'mfa_backup_code_used',
                          'passkey_login_success')
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
  const own = await adminSecondFactors(ctx.sql, ctx.user.id);
  if (input.adminMfaRequired && !own.totp && !own.passkey) {
    throw appError(
      "CONFLICT",
      "Turn on two-factor authentication (or add a passkey) for your own account before requiring it of administrators.",
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
