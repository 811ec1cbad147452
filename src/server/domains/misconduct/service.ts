// Anonymous misconduct reports. An anonymous report keeps no link to its reporter anywhere: no user id, no
// address, no security event. The reporter follows the case with a tracking code stored only as a hash.
import { createHash, randomBytes } from "node:crypto";
import type { z } from "zod";
import { links } from "../../../shared/links";
import { CLOSED_REPORT_STATUSES, canMoveReport, type ReportStatus } from "../../../shared/reviews";
import type { ListPage } from "../../../shared/schemas/common";
import type {
  AdminCase,
  AllCasesQuery,
  misconductReportInput,
  updateMisconductReportInput,
} from "../../../shared/schemas/misconduct";
import { dealershipStaffSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { refuseAsMissing } from "../../credentials/securityEvents";
import type {
  MisconductReportEventFields,
  MisconductReportFields,
  MisconductReportRow,
  SalespersonRow,
} from "../../db/rows";
import { containsPattern, pageWindow } from "../../db/search";
import { consumeToken } from "../../rateLimit";
import type { Authed, Context } from "../../serviceContext";
import { alertLeads } from "../notifications/alerts";
import { notify } from "../notifications/notify";

const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** 'KB-XXXX-XXXX-XXXX': 12 symbols of 32 = 60 random bits. */
function newTrackingCode(): string {
  const bytes = randomBytes(12);
  const symbols = [...bytes].map((b) => CODE_ALPHABET[b % 32]).join("");
  return `KB-${symbols.slice(0, 4)}-${symbols.slice(4, 8)}-${symbols.slice(8, 12)}`;
}

function hashCode(code: string): string {
  return createHash("sha256").update(code.trim().toUpperCase()).digest("hex");
}

export async function createReport(ctx: Context, input: z.output<typeof misconductReportInput>) {
  const [person] = await ctx.sql<Pick<SalespersonRow, "id" | "dealership_id">[]>`
    select id, dealership_id from salespeople where id = ${input.salespersonId}`;
  if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const reporter = ctx.user && !input.anonymous ? ctx.user.id : null;
  const trackingCode = newTrackingCode();
  const [report] = await ctx.sql<Pick<MisconductReportRow, "id" | "status" | "created_at">[]>`
    insert into misconduct_reports (salesperson_id, dealership_id, category, description, incident_date, reporter_user_id, tracking_code_hash)
    values (${person.id}, ${person.dealership_id}, ${input.category}, ${input.description}, ${input.incidentDate ?? null},
            ${reporter}, ${hashCode(trackingCode)})
    returning id, status, created_at`;
  await ctx.sql`insert into misconduct_report_events (report_id, actor_user_id, to_status, note)
                values (${report!.id}, ${reporter}, 'open', 'Report received')`;
  return {
    trackingCode,
    status: report!.status,
    createdAt: report!.created_at,
    anonymous: reporter === null,
  };
}

/** Public: the case status for a tracking code (rate-limited per address against guessing). */
export async function reportStatus(ctx: Context, { trackingCode }: { trackingCode: string }) {
  if (
    ctx.ip &&
    !(await consumeToken(ctx.sql, `report-status:${ctx.ip}`, { capacity: 20, refillSeconds: 30 }))
  ) {
    throw appError(
      "TOO_MANY_REQUESTS",
      "Too many lookups. Please wait a moment and try again.",
      "RATE_LIMITED",
    );
  }
  const [row] = await ctx.sql<
    Pick<MisconductReportRow, "status" | "category" | "created_at" | "updated_at" | "resolution">[]
  >`
    select status, category, created_at, updated_at, resolution from misconduct_reports
     where tracking_code_hash = ${hashCode(trackingCode)}`;
  if (!row) throw appError("NOT_FOUND", "No report found for that tracking code", "REPORT_NOT_FOUND");
  return {
    status: row.status,
    category: row.category,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    resolution: CLOSED_REPORT_STATUSES.includes(row.status) ? row.resolution : null,
  };
}

/** Cases for the caller: their dealership's (manager), or every case (administrator, incl. independents). */
export async function listCases(ctx: Authed) {
  return ctx.sql<
    (Pick<
      MisconductReportFields,
      | "id"
      | "salespersonId"
      | "category"
      | "description"
      | "status"
      | "resolution"
      | "createdAt"
      | "updatedAt"
    > & {
      salespersonName: string;
      incidentDate: string | null;
      /** Built with json_agg: instants arrive as ISO text. */
      events: (Pick<MisconductReportEventFields, "fromStatus" | "toStatus" | "note"> & {
        createdAt: string;
      })[];
    })[]
  >`
    select r.id, r.salesperson_id as "salespersonId", s.name as "salespersonName", r.category, r.description,
           to_char(r.incident_date, 'YYYY-MM-DD') as "incidentDate", r.status, r.resolution,
           r.created_at as "createdAt", r.updated_at as "updatedAt",
           (select coalesce(json_agg(json_build_object('fromStatus', e.from_status, 'toStatus', e.to_status, 'note', e.note,
                                                       'createdAt', e.created_at) order by e.created_at, e.id), '[]'::json)
              from misconduct_report_events e where e.report_id = r.id) as events
      from misconduct_reports r join salespeople s on s.id = r.salesperson_id
     where ${dealershipStaffSql(ctx.sql, ctx.user, "r.dealership_id")}
     order by case r.status when 'open' then 0 when 'investigating' then 1 else 2 end, r.created_at desc
     limit 200`;
}

/**
 * Every case across dealerships (and independents), for administrators: by status and dealership,
 * searched by salesperson, dealership or description; open and investigating first, then newest.
 */
export async function listAllCases(ctx: Authed, input: AllCasesQuery): Promise<ListPage<AdminCase>> {
  const { page, pageSize, offset } = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const where = ctx.sql`
    ${dealershipStaffSql(ctx.sql, ctx.user, "r.dealership_id")}
    ${input?.status ? ctx.sql`and r.status = ${input.status}` : ctx.sql``}
    ${input?.dealershipId ? ctx.sql`and r.dealership_id = ${input.dealershipId}` : ctx.sql``}
    ${
      pattern
        ? ctx.sql`and (s.name ilike ${pattern} or d.name ilike ${pattern} or r.description ilike ${pattern})`
        : ctx.sql``
    }`;
  const [items, [count]] = await Promise.all([
    ctx.sql<AdminCase[]>`
      select r.id, r.salesperson_id as "salespersonId", s.name as "salespersonName", r.category, r.description,
             to_char(r.incident_date, 'YYYY-MM-DD') as "incidentDate", r.status, r.resolution,
             r.created_at as "createdAt", r.updated_at as "updatedAt",
             r.dealership_id as "dealershipId", d.name as "dealershipName",
             (select coalesce(json_agg(json_build_object('fromStatus', e.from_status, 'toStatus', e.to_status, 'note', e.note,
                                                         'createdAt', e.created_at) order by e.created_at, e.id), '[]'::json)
                from misconduct_report_events e where e.report_id = r.id) as events
        from misconduct_reports r
        join salespeople s on s.id = r.salesperson_id
        left join dealerships d on d.id = r.dealership_id
       where ${where}
       order by case r.status when 'open' then 0 when 'investigating' then 1 else 2 end, r.created_at desc, r.id desc
       limit ${pageSize} offset ${offset}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n
        from misconduct_reports r
        join salespeople s on s.id = r.salesperson_id
        left join dealerships d on d.id = r.dealership_id
       where ${where}`,
  ]);
  return { items: [...items], total: count?.n ?? 0, page, pageSize };
}

/**
 * The dealership's manager or an administrator moves a case along (REPORT_STATUS_MOVES) or adds a note or
 * resolution. The case, its history, the reporter's notification and one audit row change together.
 */
export async function updateCase(ctx: Authed, input: z.output<typeof updateMisconductReportInput>) {
  return ctx.sql.begin(async (tx) => {
    const [current] = await tx<
      (Pick<MisconductReportRow, "status" | "reporter_user_id" | "resolution" | "dealership_id"> & {
        salesperson_name: string;
      })[]
    >`
      select r.status, r.reporter_user_id, r.resolution, r.dealership_id, s.name as salesperson_name
        from misconduct_reports r join salespeople s on s.id = r.salesperson_id
       where r.id = ${input.reportId} and ${dealershipStaffSql(tx, ctx.user, "r.dealership_id")}
         for update of r`;
    if (!current) {
      // Another dealership's case answers as a missing one does.
      throw await refuseAsMissing(
        ctx,
        { db: tx, table: "misconduct_reports", id: input.reportId },
        appError("NOT_FOUND", "Report not found", "REPORT_NOT_FOUND"),
        `misconduct case ${input.reportId} of another dealership`,
      );
    }
    const from = current.status as ReportStatus;
    const status = input.status ?? from;
    if (!canMoveReport(from, status)) {
      throw appError("CONFLICT", `A ${from} case can't be moved to ${status}.`, "INVALID_STATUS_CHANGE");
    }
    if (status === from && !input.note && !input.resolution) {
      throw appError("BAD_REQUEST", "Change the status or add a note.", "NOTHING_TO_CHANGE");
    }
    const [after] = await tx<Pick<MisconductReportRow, "status" | "resolution">[]>`
      update misconduct_reports set status = ${status}, resolution = coalesce(${input.resolution ?? null}, resolution), updated_at = now()
       where id = ${input.reportId}
       returning status, resolution`;
    await tx`insert into misconduct_report_events (report_id, actor_user_id, from_status, to_status, note)
             values (${input.reportId}, ${ctx.user.id}, ${from}, ${status}, ${input.note ?? input.resolution ?? null})`;
    if (current.reporter_user_id && status !== from) {
      await notify(tx, {
        to: { userId: current.reporter_user_id },
        type: "report_update",
        title: "Your report was updated",
        body: `Status: ${status}`,
        link: null,
      });
    }
    if (current.dealership_id !== null && status !== from && CLOSED_REPORT_STATUSES.includes(status))
      await alertLeads(tx, ctx.jobs, {
        dealershipId: current.dealership_id,
        type: "misconduct_outcome",
        title: `Misconduct report ${status}`,
        body: `A misconduct report about ${current.salesperson_name} was ${status}${after!.resolution ? `: ${after!.resolution}` : "."}`,
        link: links.managerDashboard({ tab: "incidents" }),
        mail: {
          subject: `A misconduct report about ${current.salesperson_name} was ${status}`,
          text: `A misconduct report about ${current.salesperson_name} was ${status}.${after!.resolution ? `\nResolution: ${after!.resolution}` : ""}\n\nThe case and its history:`,
        },
        actorId: ctx.user.id,
      });
    await recordAudit(ctx, tx, {
      action: status !== from ? "misconduct.status" : "misconduct.note",
      entityId: input.reportId,
      dealershipId: current.dealership_id,
      reason: input.note ?? null,
      before: { status: from, resolution: current.resolution },
      after: { status: after!.status, resolution: after!.resolution },
    });
    const events = await tx<
      Pick<MisconductReportEventFields, "fromStatus" | "toStatus" | "note" | "createdAt">[]
    >`
      select from_status as "fromStatus", to_status as "toStatus", note, created_at as "createdAt"
        from misconduct_report_events where report_id = ${input.reportId} order by created_at, id`;
    return { id: input.reportId, status, events: [...events] };
  });
}
