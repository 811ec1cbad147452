// Data-protection requests: every user files requests about their own data and reads them; administrators
// read everyone's and move them pending → processing → completed | rejected. Completing executes the request:
// access and portability store the export, erasure anonymises the account; rectification and restriction
// are applied by the administrator and recorded with a note saying what was done.
import { EXPORT_REQUEST_TYPES, GDPR_DEADLINE_DAYS, type GdprRequestType } from "../../../shared/compliance";
import type { ListPage } from "../../../shared/schemas/common";
import type {
  CreateGdprRequestInput,
  GdprRequestView,
  UpdateGdprRequestInput,
} from "../../../shared/schemas/compliance";
import { isAdmin } from "../../access";
import { appError } from "../../appError";
import { requireRecentAdminAuthentication } from "../../credentials/accountChanges";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import type { Queryable } from "../../db/client";
import { containsPattern, pageWindow } from "../../db/search";
import type { Authed } from "../../serviceContext";
import { erasable, eraseUser } from "./erasure";
import { type PaymentsSettled, settleErasurePayments } from "./erasurePayments";
import { buildExport, exportSummary, exportZip, findSubject, type PersonalDataExport } from "./exporter";

const NOTE_REQUIRED: readonly GdprRequestType[] = ["rectification", "restriction"];

function select(sql: Queryable) {
  return sql`
    select g.id, g.user_id as "userId", u.email::text as "userEmail",
           nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "userName",
           g.request_type as "requestType", g.description, g.status, g.created_at as "createdAt",
           g.due_at as "dueAt", g.processing_at as "processingAt", g.completed_at as "completedAt",
           h.email::text as "handledByEmail", g.response_note as "responseNote",
           g.response_data as "responseData",
           g.status in ('pending', 'processing') and g.due_at < now() as overdue,
           g.export_data is not null as "exportAvailable"
      from gdpr_requests g
      join users u on u.id = g.user_id
      left join users h on h.id = g.handled_by`;
}

async function readRequest(ctx: Authed, id: number): Promise<GdprRequestView> {
  const [row] = await ctx.sql<GdprRequestView[]>`
    ${select(ctx.sql)}
     where g.id = ${id} ${isAdmin(ctx.user) ? ctx.sql`` : ctx.sql`and g.user_id = ${ctx.user.id}`}`;
  if (!row) throw appError("NOT_FOUND", "Data request not found", "GDPR_REQUEST_NOT_FOUND");
  return row;
}

export async function createGdprRequest(ctx: Authed, input: CreateGdprRequestInput) {
  if (input.userId !== undefined && input.userId !== ctx.user.id) {
    throw appError("FORBIDDEN", "You can only file requests about your own data", "NOT_OWNER");
  }
  const description = input.requestDetails?.description?.trim() || null;
  const [open] = await ctx.sql`
    select 1 as found from gdpr_requests
     where user_id = ${ctx.user.id} and request_type = ${input.requestType}
       and status in ('pending', 'processing')`;
  if (open) {
    throw appError(
      "CONFLICT",
      "You already have an open request of this type. We will answer it before the deadline shown.",
      "GDPR_REQUEST_OPEN",
    );
  }
  const [created] = await ctx.sql<{ id: number }[]>`
    insert into gdpr_requests (user_id, request_type, description, due_at)
    values (${ctx.user.id}, ${input.requestType}, ${description},
            now() + make_interval(days => ${GDPR_DEADLINE_DAYS}))
    returning id`;
  await recordSecurityEvent(ctx, { eventType: "gdpr_request_filed", details: input.requestType });
  return readRequest(ctx, created!.id);
}

export async function listGdprRequests(
  ctx: Authed,
  input: {
    status?: string;
    requestType?: string;
    scope?: "all" | "mine";
    email?: string;
    page?: number;
    pageSize?: number;
  } = {},
): Promise<ListPage<GdprRequestView> & { summary: Record<string, number> }> {
  const sql = ctx.sql;
  const none = sql``;
  const everyone = isAdmin(ctx.user) && input.scope !== "mine";
  const email = everyone ? containsPattern(input.email) : null;
  const scope = everyone ? none : sql`and g.user_id = ${ctx.user.id}`;
  const where = sql`
    where true ${scope}
    ${input.status ? sql`and g.status = ${input.status}` : none}
    ${input.requestType ? sql`and g.request_type = ${input.requestType}` : none}
    ${email ? sql`and u.email::text ilike ${email}` : none}`;
  const { offset, page, pageSize } = pageWindow(input);
  const [items, [count], [summary]] = await Promise.all([
    sql<GdprRequestView[]>`
      ${select(sql)} ${where}
       order by case when g.status in ('pending', 'processing') then 0 else 1 end, g.due_at, g.id desc
       limit ${pageSize} offset ${offset}`,
    sql<{ n: number }[]>`
      select count(*)::int as n from gdpr_requests g join users u on u.id = g.user_id ${where}`,
    sql<Record<string, number>[]>`
      select count(*) filter (where g.status = 'pending')::int as pending,
             count(*) filter (where g.status = 'processing')::int as processing,
             count(*) filter (where g.status = 'completed')::int as completed,
             count(*) filter (where g.status = 'rejected')::int as rejected,
             count(*) filter (where g.status in ('pending', 'processing') and g.due_at < now())::int as overdue
        from gdpr_requests g where true ${scope}`,
  ]);
  return { items, total: count?.n ?? 0, page, pageSize, summary: summary ?? {} };
}

/** Administrators move a request on; completing it executes it. */
export async function updateGdprRequest(ctx: Authed, input: UpdateGdprRequestInput) {
  const note = input.note?.trim() || null;
  // Stripe is never called inside a transaction: an erasure's payment customer and live subscriptions are
  // settled first, and a failure there leaves everything as it was.
  let payments: PaymentsSettled | undefined;
  if (input.action === "complete") {
    const [pending] = await ctx.sql<{ userId: string; requestType: GdprRequestType; status: string }[]>`
      select user_id as "userId", request_type as "requestType", status from gdpr_requests where id = ${input.id}`;
    if (
      pending?.requestType === "erasure" &&
      (pending.status === "pending" || pending.status === "processing")
    ) {
      await erasable(ctx.sql, pending.userId);
      payments = await settleErasurePayments(ctx, ctx.sql, pending.userId);
    }
  }
  const outcome = await ctx.sql.begin(async (tx) => {
    const [request] = await tx<
      { id: number; userId: string; requestType: GdprRequestType; status: string }[]
    >`
      select id, user_id as "userId", request_type as "requestType", status
        from gdpr_requests where id = ${input.id} for update`;
    if (!request) throw appError("NOT_FOUND", "Data request not found", "GDPR_REQUEST_NOT_FOUND");
    if (request.status === "completed" || request.status === "rejected") {
      throw appError("CONFLICT", `This request is already ${request.status}`, "GDPR_REQUEST_CLOSED");
    }
    if (input.action === "process") {
      if (request.status !== "pending") {
        throw appError("CONFLICT", "This request is already being processed", "GDPR_REQUEST_PROCESSING");
      }
      await tx`
        update gdpr_requests set status = 'processing', processing_at = now(), handled_by = ${ctx.user.id},
               response_note = coalesce(${note}, response_note)
         where id = ${request.id}`;
      return { request, summary: null };
    }
    if (input.action === "reject") {
      if (!note) {
        throw appError(
          "BAD_REQUEST",
          "Say why the request is rejected: the requester reads it",
          "NOTE_REQUIRED",
        );
      }
      await tx`
        update gdpr_requests set status = 'rejected', completed_at = now(), handled_by = ${ctx.user.id},
               response_note = ${note}
         where id = ${request.id}`;
      return { request, summary: null };
    }
    if (NOTE_REQUIRED.includes(request.requestType) && !note) {
      throw appError(
        "BAD_REQUEST",
        "Say what was corrected or restricted: the requester reads it",
        "NOTE_REQUIRED",
      );
    }
    let summary: Record<string, unknown> = { type: request.requestType };
    let exportData: PersonalDataExport | null = null;
    if (EXPORT_REQUEST_TYPES.includes(request.requestType)) {
      const subject = await findSubject(tx, request.userId);
      if (!subject) throw appError("NOT_FOUND", "That account no longer exists", "USER_NOT_FOUND");
      exportData = await buildExport(tx, subject);
      summary = { ...summary, ...exportSummary(exportData) };
    } else if (request.requestType === "erasure") {
      summary = { ...summary, anonymised: await eraseUser(tx, request.userId, { payments }) };
    }
    await tx`
      update gdpr_requests
         set status = 'completed', completed_at = now(), handled_by = ${ctx.user.id},
             processing_at = coalesce(processing_at, now()), response_note = ${note},
             response_data = ${tx.json(summary as never)},
             export_data = ${exportData ? tx.json(exportData as never) : null}
       where id = ${request.id}`;
    return { request, summary };
  });
  if (input.action === "complete") {
    await recordSecurityEvent(ctx, {
      eventType: outcome.request.requestType === "erasure" ? "gdpr_erasure" : "gdpr_request_completed",
      details: `request ${outcome.request.id} (${outcome.request.requestType})`,
    });
    if (outcome.request.requestType === "erasure") ctx.browseCache.clear();
  }
  return readRequest(ctx, input.id);
}

/** The stored export of a completed access or portability request, as JSON or a zip of CSVs. */
export async function downloadExport(ctx: Authed, input: { id: number; format: "json" | "zip" }) {
  requireRecentAdminAuthentication(ctx);
  const [row] = await ctx.sql<{ exportData: PersonalDataExport | null; userId: string }[]>`
    select export_data as "exportData", user_id as "userId" from gdpr_requests
     where id = ${input.id} ${isAdmin(ctx.user) ? ctx.sql`` : ctx.sql`and user_id = ${ctx.user.id}`}`;
  if (!row) throw appError("NOT_FOUND", "Data request not found", "GDPR_REQUEST_NOT_FOUND");
  if (!row.exportData) {
    throw appError(
      "CONFLICT",
      "This request has no export: it is not completed, or it is not an access or portability request.",
      "EXPORT_NOT_READY",
    );
  }
  await recordSecurityEvent(ctx, { eventType: "gdpr_export_downloaded", details: `request ${input.id}` });
  const day = row.exportData.generatedAt.slice(0, 10);
  if (input.format === "zip") {
    return {
      filename: `knowbefore-data-export-${input.id}-${day}.zip`,
      contentType: "application/zip",
      content: Buffer.from(exportZip(row.exportData)).toString("base64"),
      encoding: "base64" as const,
    };
  }
  return {
    filename: `knowbefore-data-export-${input.id}-${day}.json`,
    contentType: "application/json; charset=utf-8",
    content: JSON.stringify(row.exportData, null, 2),
  };
}
