// The compliance report for a period and the compliance score: every figure is SQL over real rows, and the
// score is the share of stated checks (shared/compliance.ts) that pass, each listed with what it found.
import { COMPLIANCE_CHECKS, type ComplianceCheckId, GDPR_DEADLINE_DAYS } from "../../../shared/compliance";
import { adminMfaRequired } from "../../credentials/mfa";
import type { Queryable, Sql } from "../../db/client";
import { lastCleanup, listRetentionPolicies } from "./retention";

export type ComplianceCheck = { id: ComplianceCheckId; label: string; passed: boolean; detail: string };

export async function complianceChecks(sql: Sql): Promise<ComplianceCheck[]> {
  const [requests] = await sql<{ late: number; overdue: number; answered: number }[]>`
    select count(*) filter (where status in ('completed', 'rejected') and completed_at > due_at
                              and completed_at > now() - interval '12 months')::int as late,
           count(*) filter (where status in ('pending', 'processing') and due_at < now())::int as overdue,
           count(*) filter (where status in ('completed', 'rejected')
                              and completed_at > now() - interval '12 months')::int as answered
      from gdpr_requests`;
  const policies = await listRetentionPolicies({ sql });
  const manualOnly = policies.filter((p) => !p.autoDelete).map((p) => p.label);
  const run = await lastCleanup(sql);
  const recentRun = run !== null && Date.now() - run.ranAt.getTime() < 48 * 3_600_000;
  const [admins] = await sql<{ total: number; withMfa: number }[]>`
    select count(*)::int as total,
           count(*) filter (where exists (select 1 from user_mfa m where m.user_id = u.id
                                           and m.enabled_at is not null))::int as "withMfa"
      from users u where u.role = 'admin' and u.disabled_at is null`;
  const required = await adminMfaRequired(sql);
  const [critical] = await sql<{ n: number }[]>`
    select count(*)::int as n from security_events
     where risk_level = 'critical' and created_at > now() - interval '30 days'`;
  const r = requests ?? { late: 0, overdue: 0, answered: 0 };
  const a = admins ?? { total: 0, withMfa: 0 };
  return [
    {
      id: "requestsInTime",
      label: COMPLIANCE_CHECKS.requestsInTime,
      passed: r.late === 0 && r.overdue === 0,
      detail: `${r.answered} answered in 12 months, ${r.late} after ${GDPR_DEADLINE_DAYS} days; ${r.overdue} overdue now`,
    },
    {
      id: "retentionEnforced",
      label: COMPLIANCE_CHECKS.retentionEnforced,
      passed: manualOnly.length === 0 && recentRun,
      detail: [
        manualOnly.length > 0
          ? `Manual only: ${manualOnly.join(", ")}`
          : "Every policy deletes automatically",
        run
          ? `last cleanup ${run.ranAt.toISOString()} (${run.trigger}, ${run.total} records)`
          : "no cleanup yet",
      ].join("; "),
    },
    {
      id: "adminMfa",
      label: COMPLIANCE_CHECKS.adminMfa,
      passed: a.total > 0 && a.withMfa === a.total,
      detail: `${a.withMfa} of ${a.total} administrators`,
    },
    {
      id: "adminMfaRequired",
      label: COMPLIANCE_CHECKS.adminMfaRequired,
      passed: required,
      detail: required ? "Required" : "Not required",
    },
    {
      id: "noOpenCritical",
      label: COMPLIANCE_CHECKS.noOpenCritical,
      passed: (critical?.n ?? 0) === 0,
      detail: `${critical?.n ?? 0} critical events in 30 days`,
    },
  ];
}

export function scoreOf(checks: ComplianceCheck[]): number {
  return checks.length === 0 ? 0 : Math.round((checks.filter((c) => c.passed).length / checks.length) * 100);
}

/** The period as UTC calendar days, both included. */
function range(sql: Queryable, startDate: string, endDate: string) {
  return {
    from: sql`(${startDate}::date)::timestamp at time zone 'UTC'`,
    to: sql`(${endDate}::date + 1)::timestamp at time zone 'UTC'`,
  };
}

export async function complianceReport(sql: Sql, startDate: string, endDate: string) {
  const { from, to } = range(sql, startDate, endDate);
  const [requests] = await sql<
    {
      received: number;
      completed: number;
      rejected: number;
      open: number;
      late: number;
      averageDays: number | null;
      longestDays: number | null;
    }[]
  >`
    select count(*) filter (where created_at >= ${from} and created_at < ${to})::int as received,
           count(*) filter (where status = 'completed' and completed_at >= ${from} and completed_at < ${to})::int
             as completed,
           count(*) filter (where status = 'rejected' and completed_at >= ${from} and completed_at < ${to})::int
             as rejected,
           count(*) filter (where created_at < ${to} and (completed_at is null or completed_at >= ${to}))::int
             as open,
           count(*) filter (where completed_at >= ${from} and completed_at < ${to} and completed_at > due_at)::int
             as late,
           round((avg(extract(epoch from completed_at - created_at) / 86400)
                   filter (where completed_at >= ${from} and completed_at < ${to}))::numeric, 2)::float8
             as "averageDays",
           round((max(extract(epoch from completed_at - created_at) / 86400)
                   filter (where completed_at >= ${from} and completed_at < ${to}))::numeric, 2)::float8
             as "longestDays"
      from gdpr_requests`;
  const byType = await sql<{ requestType: string; received: number; completed: number }[]>`
    select request_type as "requestType",
           count(*) filter (where created_at >= ${from} and created_at < ${to})::int as received,
           count(*) filter (where status = 'completed' and completed_at >= ${from} and completed_at < ${to})::int
             as completed
      from gdpr_requests group by request_type order by request_type`;
  const [incidents] = await sql<{ reported: number; resolved: number }[]>`
    select count(*) filter (where created_at >= ${from} and created_at < ${to})::int as reported,
           count(*) filter (where status in ('resolved', 'dismissed') and updated_at >= ${from}
                              and updated_at < ${to})::int as resolved
      from misconduct_reports`;
  const events = await sql<{ riskLevel: string; count: number }[]>`
    select risk_level as "riskLevel", count(*)::int as count from security_events
     where created_at >= ${from} and created_at < ${to} group by risk_level`;
  const eventTypes = await sql<{ eventType: string; riskLevel: string; count: number }[]>`
    select event_type as "eventType", max(risk_level) as "riskLevel", count(*)::int as count
      from security_events where created_at >= ${from} and created_at < ${to}
     group by event_type order by count desc limit 20`;
  const cleanups = await sql<{ ranAt: Date; trigger: string; total: number }[]>`
    select ran_at as "ranAt", trigger, total from retention_runs
     where ran_at >= ${from} and ran_at < ${to} order by ran_at`;
  const checks = await complianceChecks(sql);
  const risk = { low: 0, medium: 0, high: 0, critical: 0 } as Record<string, number>;
  for (const e of events) risk[e.riskLevel] = e.count;
  return {
    title: "KnowBefore compliance report",
    period: { startDate, endDate },
    generatedAt: new Date(),
    dataRequests: { ...requests, byType, deadlineDays: GDPR_DEADLINE_DAYS },
    erasures: byType.find((t) => t.requestType === "erasure")?.completed ?? 0,
    incidents: incidents ?? { reported: 0, resolved: 0 },
    securityEvents: { byRisk: risk, topTypes: eventTypes },
    retention: { cleanups, cleanedRecords: cleanups.reduce((n, c) => n + c.total, 0) },
    score: scoreOf(checks),
    checks,
  };
}

/** Overview for administrators: score with its checks, requests by state, the last cleanup, the last month. */
export async function complianceOverview(sql: Sql) {
  const checks = await complianceChecks(sql);
  const [requests] = await sql<Record<string, number>[]>`
    select count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where status = 'processing')::int as processing,
           count(*) filter (where status in ('pending', 'processing') and due_at < now())::int as overdue,
           count(*) filter (where status = 'completed' and completed_at > now() - interval '30 days')::int
             as "completedLast30Days"
      from gdpr_requests`;
  return {
    score: scoreOf(checks),
    checks,
    requests: requests ?? {},
    lastCleanup: await lastCleanup(sql),
  };
}
