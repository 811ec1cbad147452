import { toCsv } from "../../../shared/csv";
import type {
  MonthlyFigures,
  MonthlyReport,
  MonthlyReportFile,
  MonthlyReportFormat,
  MonthlyReportRow,
} from "../../../shared/schemas/manager";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { publishedReview } from "../reviews/published";
import type { ManagerCtx } from "./team";

// Monthly report -------------------------------------------------------------------------------------------

type ReportRowSql = Omit<MonthlyReportRow, "averageRating" | "averageReplyMinutes"> & {
  averageRating: number | null;
  averageReplyMinutes: number | null;
};

/** A span of time, as half-open bounds: from its first instant up to, not including, `to`. */
export type ReportWindow = { from: Date; to: Date };

/** What a report answers for a window: a row per salesperson of the current team, and the team's totals. */
export type TeamFigures = Pick<MonthlyReport, "rows" | "totals">;

/** The calendar month `month` (YYYY-MM) in a `dealerships` row's time zone, as the columns "from" and "to". */
export function monthWindowSql(sql: Queryable, month: string) {
  return sql`(${`${month}-01`}::timestamp at time zone time_zone) as "from",
             ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone time_zone) as "to"`;
}

/**
 * One calendar month in the dealership's time zone, per salesperson of the current team (teamFigures).
 */
export async function monthlyReport(ctx: ManagerCtx, { month }: { month: string }): Promise<MonthlyReport> {
  const [dealership] = await ctx.sql<{ id: number; name: string; timeZone: string; from: Date; to: Date }[]>`
    select id, name, time_zone as "timeZone", ${monthWindowSql(ctx.sql, month)}
      from dealerships where id = ${ctx.dealershipId}`;
  if (!dealership) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  const { from, to } = dealership;
  const { rows, totals } = await teamFigures(ctx.sql, ctx.dealershipId, { from, to });
  return {
    dealership: { id: dealership.id, name: dealership.name, timeZone: dealership.timeZone },
    month,
    from,
    to,
    generatedAt: new Date(),
    rows,
    totals,
  };
}

/**
 * A dealership's figures over a window, per salesperson of the current team: appointments by their start time
 * (and how they ended), reviews and misconduct cases by when they were filed, and reply times: for each customer
 * message that opens a wait (the message before it in the conversation is not the customer's), the minutes until
 * the salesperson's next message. The monthly report (a calendar month) and the weekly e-mail report (an ISO
 * week, weeklyReport.ts) both answer with it, so their figures are the same for the same window.
 */
export async function teamFigures(
  sql: Queryable,
  dealershipId: number,
  { from, to }: ReportWindow,
): Promise<TeamFigures> {
  const rows = await sql<ReportRowSql[]>`
    with team as (select id, name from salespeople where dealership_id = ${dealershipId}),
    visits as (
      select a.salesperson_id,
             count(*)::int as appointments,
             count(*) filter (where a.status = 'completed')::int as completed,
             count(*) filter (where a.status = 'cancelled')::int as cancellations,
             count(*) filter (where a.status = 'no-show')::int as no_shows
        from appointments a join team t on t.id = a.salesperson_id
       where a.starts_at >= ${from} and a.starts_at < ${to}
       group by a.salesperson_id),
    reviews as (
      select r.salesperson_id, count(*)::int as reviews, round(avg(r.overall_rating), 2)::float8 as average
        from ratings r join team t on t.id = r.salesperson_id
       where r.created_at >= ${from} and r.created_at < ${to} and ${publishedReview(sql, "r")}
       group by r.salesperson_id),
    cases as (
      select m.salesperson_id, count(*)::int as cases
        from misconduct_reports m join team t on t.id = m.salesperson_id
       where m.dealership_id = ${dealershipId} and m.created_at >= ${from} and m.created_at < ${to}
       group by m.salesperson_id),
    thread as (
      select c.salesperson_id, m.conversation_id, m.created_at, m.sender_role,
             lag(m.sender_role) over (partition by m.conversation_id order by m.created_at, m.id) as previous_role
        from messages m
        join conversations c on c.id = m.conversation_id
        join team t on t.id = c.salesperson_id
       where m.created_at < ${to}),
    waits as (
      select w.salesperson_id,
             (select min(r.created_at) from messages r
               where r.conversation_id = w.conversation_id and r.sender_role = 'salesperson'
                 and r.created_at > w.created_at) - w.created_at as waited
        from thread w
       where w.sender_role = 'customer' and w.previous_role is distinct from 'customer'
         and w.created_at >= ${from}),
    replies as (
      select salesperson_id, count(*)::int as asked, count(waited)::int as replied,
             round((extract(epoch from avg(waited)) / 60)::numeric, 1)::float8 as minutes
        from waits group by salesperson_id),
    received as (
      select c.salesperson_id, count(*)::int as messages
        from messages m join conversations c on c.id = m.conversation_id join team t on t.id = c.salesperson_id
       where m.sender_role = 'customer' and m.created_at >= ${from} and m.created_at < ${to}
       group by c.salesperson_id)
    select t.id as "salespersonId", t.name,
           coalesce(v.appointments, 0) as appointments, coalesce(v.completed, 0) as completed,
           coalesce(v.cancellations, 0) as cancellations, coalesce(v.no_shows, 0) as "noShows",
           coalesce(rv.reviews, 0) as reviews, rv.average as "averageRating",
           coalesce(k.cases, 0) as "misconductCases",
           coalesce(x.messages, 0) as "customerMessages", coalesce(p.replied, 0) as "repliedMessages",
           p.minutes as "averageReplyMinutes"
      from team t
      left join visits v on v.salesperson_id = t.id
      left join reviews rv on rv.salesperson_id = t.id
      left join cases k on k.salesperson_id = t.id
      left join replies p on p.salesperson_id = t.id
      left join received x on x.salesperson_id = t.id
     order by t.name, t.id`;

  return { rows, totals: addFigures(rows) };
}

/**
 * Figures added up: counts summed, the average rating weighted by reviews and the reply time by replies. A team's
 * totals add its salespeople's rows; a dealer group's add its dealerships' totals (groups/report.ts), so a group's
 * figures are its dealerships' own added up.
 */
export function addFigures(rows: readonly MonthlyFigures[]): MonthlyFigures {
  const sum = (pick: (row: MonthlyFigures) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const reviews = sum((r) => r.reviews);
  const replied = sum((r) => r.repliedMessages);
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    appointments: sum((r) => r.appointments),
    completed: sum((r) => r.completed),
    cancellations: sum((r) => r.cancellations),
    noShows: sum((r) => r.noShows),
    reviews,
    averageRating: reviews === 0 ? null : round(sum((r) => (r.averageRating ?? 0) * r.reviews) / reviews, 2),
    misconductCases: sum((r) => r.misconductCases),
    customerMessages: sum((r) => r.customerMessages),
    repliedMessages: replied,
    averageReplyMinutes:
      replied === 0 ? null : round(sum((r) => (r.averageReplyMinutes ?? 0) * r.repliedMessages) / replied, 1),
  };
}

const CSV_COLUMNS: { header: string; value: (row: MonthlyReportRow | MonthlyReport["totals"]) => unknown }[] =
  [
    { header: "Appointments", value: (r) => r.appointments },
    { header: "Completed", value: (r) => r.completed },
    { header: "Cancellations", value: (r) => r.cancellations },
    { header: "No-shows", value: (r) => r.noShows },
    { header: "Reviews", value: (r) => r.reviews },
    { header: "Average rating", value: (r) => r.averageRating },
    { header: "Misconduct cases", value: (r) => r.misconductCases },
    { header: "Customer messages", value: (r) => r.customerMessages },
    { header: "Replied messages", value: (r) => r.repliedMessages },
    { header: "Average reply (minutes)", value: (r) => r.averageReplyMinutes },
  ];

export function reportCsv(report: MonthlyReport): string {
  return toCsv(
    ["Salesperson ID", "Salesperson", ...CSV_COLUMNS.map((c) => c.header)],
    [
      ...report.rows.map((row) => [row.salespersonId, row.name, ...CSV_COLUMNS.map((c) => c.value(row))]),
      ["", "Total", ...CSV_COLUMNS.map((c) => c.value(report.totals))],
    ],
  );
}

export async function monthlyReportFile(
  ctx: ManagerCtx,
  { month, format }: { month: string; format: MonthlyReportFormat },
): Promise<MonthlyReportFile> {
  const report = await monthlyReport(ctx, { month });
  const filename = `dealership-${report.dealership.id}-report-${month}.${format}`;
  return format === "csv"
    ? { filename, contentType: "text/csv; charset=utf-8", content: reportCsv(report) }
    : {
        filename,
        contentType: "application/json; charset=utf-8",
        content: `${JSON.stringify(report, null, 2)}\n`,
      };
}
