// The audit trail as people read it: administrators browse every change, a dealership's manager the changes
// that concern their dealership (access.ts decides, in the WHERE). Filtered, paged, newest first; the
// same filters give a CSV export.

import { toCsv } from "../../../shared/csv";
import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntryView,
  type AuditExport,
  type AuditExportQuery,
  type AuditListQuery,
  type AuditPage,
} from "../../../shared/schemas/auditTrail";
import type { SessionUser } from "../../../shared/schemas/auth";
import { dealershipStaffSql, isAdmin } from "../../access";
import { requireRecentAdminAuthentication } from "../../credentials/accountChanges";
import type { Queryable } from "../../db/client";
import { containsPattern, pageWindow } from "../../db/search";
import type { Authed } from "../../serviceContext";

/** The filters and page asked for (all optional: no input is the first page of everything). */
type Filters = Partial<NonNullable<AuditListQuery>>;

/** The WHERE of every audit read: the caller's scope first, then the filters asked for. */
function conditions(sql: Queryable, caller: SessionUser, filters: Filters | undefined) {
  const email = containsPattern(filters?.actorEmail);
  const none = sql``;
  return sql`
    ${dealershipStaffSql(sql, caller, "a.dealership_id")}
    ${filters?.action ? sql`and a.action = ${filters.action}` : none}
    ${filters?.entityType ? sql`and a.entity_type = ${filters.entityType}` : none}
    ${email ? sql`and u.email::text ilike ${email} and ${actorShown(sql, caller)}` : none}
    ${filters?.from ? sql`and a.created_at >= (${filters.from}::date)::timestamp at time zone 'UTC'` : none}
    ${filters?.to ? sql`and a.created_at < (${filters.to}::date + 1)::timestamp at time zone 'UTC'` : none}
    ${filters?.dealershipId ? sql`and a.dealership_id = ${filters.dealershipId}` : none}`;
}

/**
 * Whether the caller sees who the actor was (e-mail, name, account id, IP): administrators see everyone; a
 * manager sees the people of their own trail but not the administrators who acted on their dealership, who
 * appear as "Administrator".
 */
function actorShown(sql: Queryable, caller: SessionUser) {
  return isAdmin(caller) ? sql`true` : sql`a.actor_role <> 'admin'`;
}

function select(sql: Queryable, caller: SessionUser) {
  const shown = actorShown(sql, caller);
  return sql`
    select a.id, a.created_at as "createdAt",
           case when ${shown} then a.actor_user_id end as "actorUserId",
           case when ${shown} then u.email::text end as "actorEmail",
           case when ${shown}
                then nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')
                else 'Administrator' end as "actorName",
           a.actor_role as "actorRole", a.action, a.entity_type as "entityType", a.entity_id as "entityId",
           a.dealership_id as "dealershipId", d.name as "dealershipName", a.reason, a.before, a.after,
           case when ${shown} then a.ip_address end as "ipAddress"
      from audit_log a
      left join users u on u.id = a.actor_user_id
      left join dealerships d on d.id = a.dealership_id`;
}

export async function listAudit(ctx: Authed, input: Filters | undefined): Promise<AuditPage> {
  const { page, pageSize, offset } = pageWindow(input);
  const where = conditions(ctx.sql, ctx.user, input);
  const [items, [count], actions] = await Promise.all([
    ctx.sql<AuditEntryView[]>`
      ${select(ctx.sql, ctx.user)}
       where ${where}
       order by a.created_at desc, a.id desc
       limit ${pageSize} offset ${offset}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n from audit_log a left join users u on u.id = a.actor_user_id where ${where}`,
    ctx.sql<{ action: string }[]>`
      select distinct a.action from audit_log a
       where ${dealershipStaffSql(ctx.sql, ctx.user, "a.dealership_id")} order by a.action`,
  ]);
  return {
    items: [...items],
    total: count?.n ?? 0,
    page,
    pageSize,
    actions: actions.map((a) => a.action),
  };
}

const CSV_COLUMNS: { header: string; value: (row: AuditEntryView) => unknown }[] = [
  { header: "Time (UTC)", value: (r) => r.createdAt },
  { header: "Actor e-mail", value: (r) => r.actorEmail },
  { header: "Actor role", value: (r) => r.actorRole },
  { header: "Action", value: (r) => r.action },
  { header: "Entity type", value: (r) => r.entityType },
  { header: "Entity ID", value: (r) => r.entityId },
  { header: "Dealership", value: (r) => r.dealershipName ?? r.dealershipId },
  { header: "Reason", value: (r) => r.reason },
  { header: "IP address", value: (r) => r.ipAddress },
  { header: "Before", value: (r) => r.before },
  { header: "After", value: (r) => r.after },
];

export function auditCsv(rows: readonly AuditEntryView[]): string {
  return toCsv(
    CSV_COLUMNS.map((c) => c.header),
    rows.map((row) => CSV_COLUMNS.map((c) => c.value(row))),
  );
}

/**
 * GET /api/admin/audit-log: the filtered page as JSON, or with format=csv every filtered row (newest first,
 * at most AUDIT_EXPORT_MAX_ROWS) as a CSV download.
 */
export async function exportAudit(ctx: Authed, input: AuditExportQuery): Promise<AuditExport> {
  requireRecentAdminAuthentication(ctx);
  const { format = "json", ...filters } = input ?? {};
  if (format === "json") return { format, page: await listAudit(ctx, filters) };
  const rows = await ctx.sql<AuditEntryView[]>`
    ${select(ctx.sql, ctx.user)}
     where ${conditions(ctx.sql, ctx.user, filters)}
     order by a.created_at desc, a.id desc
     limit ${AUDIT_EXPORT_MAX_ROWS}`;
  const day = new Date().toISOString().slice(0, 10);
  return {
    format,
    file: {
      filename: `audit-log-${day}.csv`,
      contentType: "text/csv; charset=utf-8",
      content: auditCsv(rows),
    },
  };
}
