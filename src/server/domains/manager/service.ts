// A dealership manager's side: the team (list, add, remove, pending verifications), the plan, performance and
// the monthly report. Every function takes the dealership the caller manages (managerProcedure's
// ctx.dealershipId) and puts it in the WHERE of what it reads or changes; no input names a dealership.
import type { z } from "zod";
import { ratingBand } from "../../../shared/constants";
import type { SessionUser } from "../../../shared/schemas/auth";
import type {
  AddSalespersonResult,
  addSalespersonInput,
  LeaderboardEntry,
  ManagerOverview,
  ManagerPerformance,
  MonthlyReport,
  MonthlyReportRow,
  ReportFile,
  ReportFormat,
  TeamInvitation,
  TeamMember,
  TeamPage,
  teamInput,
} from "../../../shared/schemas/manager";
import { recordAudit } from "../../audit";
import { refuseAsMissing } from "../../auth/audit";
import type { Context } from "../../context";
import type { Queryable } from "../../db/client";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import { containsPattern, limitOffset, pageWindow } from "../../db/search";
import { appError } from "../../errors";
import { sendSalespersonInvite } from "../auth/service";
import { dealershipAllowance } from "../subscriptions/service";
import { assertTeamRoom, createInvitation, mailInvitation, openInvitationSql } from "./invitations";

type ManagerCtx = Context & { user: SessionUser; dealershipId: number };

/** The columns of a {@link TeamMember}, from `salespeople` aliased `s`. */
function memberColumns(sql: Queryable) {
  return sql`
    s.id, s.name, s.email::text as email, s.phone_number as "phoneNumber", s.profile_image_url as "profileImageUrl",
    s.status, s.payment_model as "paymentModel", s.years_of_experience as "yearsOfExperience",
    s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews", s.verified_at as "verifiedAt",
    (s.user_id is not null) as "hasSignedIn", s.created_at as "createdAt"`;
}

async function teamMember(sql: Queryable, id: number): Promise<TeamMember> {
  const [member] = await sql<
    TeamMember[]
  >`select ${memberColumns(sql)} from salespeople s where s.id = ${id}`;
  if (!member) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return member;
}

// Overview -------------------------------------------------------------------------------------------------

export async function managerOverview(ctx: ManagerCtx): Promise<ManagerOverview> {
  const [row] = await ctx.sql<
    (ManagerOverview["dealership"] & {
      totalSalespeople: number;
      verifiedSalespeople: number;
      openInvitations: number;
      salespeopleInCity: number;
      averageRating: number | null;
      totalReviews: number;
    })[]
  >`
    select d.id, d.name, d.address, d.city, d.state, d.zip_code as "zipCode", d.phone_number as "phoneNumber",
           d.website, d.latitude, d.longitude, d.time_zone as "timeZone",
           team.total as "totalSalespeople", team.verified as "verifiedSalespeople",
           (select count(*)::int from invitations i
             where i.dealership_id = d.id and i.role = 'salesperson' and ${openInvitationSql(ctx.sql, "i")})
             as "openInvitations",
           (select count(*)::int from salespeople c where c.city = d.city::citext and c.state = d.state)
             as "salespeopleInCity",
           reviews.average as "averageRating", reviews.total as "totalReviews"
      from dealerships d
      cross join lateral (
        select count(*)::int as total, count(s.verified_at)::int as verified
          from salespeople s where s.dealership_id = d.id) team
      cross join lateral (
        select round(avg(r.overall_rating), 1)::float8 as average, count(*)::int as total
          from ratings r join salespeople s on s.id = r.salesperson_id
         where s.dealership_id = d.id and r.removed_at is null) reviews
     where d.id = ${ctx.dealershipId}`;
  if (!row) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  const {
    totalSalespeople,
    verifiedSalespeople,
    openInvitations,
    salespeopleInCity,
    averageRating,
    totalReviews,
    ...dealership
  } = row;
  // Open invitations hold their places on the plan (assertTeamRoom).
  const used = totalSalespeople + openInvitations;
  const allowance = await dealershipAllowance(ctx.sql, ctx.dealershipId);
  return {
    dealership,
    totalSalespeople,
    verifiedSalespeople,
    pendingVerifications: totalSalespeople - verifiedSalespeople,
    averageRating,
    totalReviews,
    salespeopleInCity,
    plan: {
      planId: allowance.planId,
      name: allowance.planName,
      status: allowance.status,
      monthlyPriceCents: allowance.monthlyPriceCents,
      salespersonLimit: allowance.limit,
      used,
      limitReached: allowance.limit !== null && used >= allowance.limit,
    },
  };
}

// Team -----------------------------------------------------------------------------------------------------

export async function listTeam(ctx: ManagerCtx, input: z.output<typeof teamInput>): Promise<TeamPage> {
  const window = pageWindow(input);
  const pattern = containsPattern(input.search?.trim());
  const matches =
    pattern === null ? ctx.sql`true` : ctx.sql`(s.name ilike ${pattern} or s.email::text ilike ${pattern})`;
  const rows = await ctx.sql<(TeamMember & { total: number })[]>`
    select ${memberColumns(ctx.sql)}, count(*) over ()::int as total
      from salespeople s
     where s.dealership_id = ${ctx.dealershipId} and ${matches}
     order by s.name, s.id
     ${limitOffset(ctx.sql, window)}`;
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && window.offset > 0) {
    const [count] = await ctx.sql<{ n: number }[]>`
      select count(*)::int as n from salespeople s where s.dealership_id = ${ctx.dealershipId} and ${matches}`;
    total = count?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _total, ...member }) => member),
    total,
    page: window.page,
    pageSize: window.pageSize,
  };
}

/** Salespeople who registered with the dealership and wait for its manager to confirm them. */
export async function pendingVerifications(ctx: ManagerCtx): Promise<TeamMember[]> {
  return ctx.sql<TeamMember[]>`
    select ${memberColumns(ctx.sql)} from salespeople s
     where s.dealership_id = ${ctx.dealershipId} and s.verified_at is null
     order by s.created_at, s.id`;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === "23505";
}

/**
 * Adds a salesperson to the caller's dealership. An address no profile has gets a new profile on the team at
 * once (with a sign-in link). An existing profile belongs to its owner: it gets an invitation, and joins only
 * when its owner accepts (invitations.ts). The dealership row is locked before the team is counted (open
 * invitations included), so concurrent adds are taken one at a time and the plan limit holds; the existing
 * profile is read, not locked: nothing about it changes here. Mail goes out after the change commits.
 */
export async function addSalesperson(
  ctx: ManagerCtx,
  input: z.output<typeof addSalespersonInput>,
): Promise<AddSalespersonResult> {
  type Committed =
    | { outcome: "created"; id: number; dealershipName: string }
    | { outcome: "invited"; invitation: TeamInvitation; dealershipName: string };
  let committed: Committed;
  try {
    committed = await ctx.sql.begin(async (tx): Promise<Committed> => {
      const [dealership] = await tx<Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone">[]>`
        select id, name, city, state, time_zone from dealerships where id = ${ctx.dealershipId} for update`;
      if (!dealership) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");

      const [staff] = await tx`
        select 1 as found from users where email = ${input.email} and role in ('manager', 'admin') limit 1`;
      if (staff) {
        throw appError(
          "CONFLICT",
          "This email belongs to a manager or administrator account and cannot be added as a salesperson.",
          "EMAIL_IN_USE",
        );
      }
      const [existing] = await tx<Pick<SalespersonRow, "id" | "email" | "dealership_id">[]>`
        select id, email::text as email, dealership_id from salespeople where email = ${input.email}`;
      if (existing?.dealership_id === dealership.id) {
        throw appError("CONFLICT", "This salesperson is already on your team.", "ALREADY_ON_TEAM");
      }
      if (existing && existing.dealership_id !== null) {
        throw appError(
          "CONFLICT",
          "This salesperson already works at another dealership. They can ask to transfer to yours from their dashboard.",
          "SALESPERSON_AT_OTHER_DEALERSHIP",
        );
      }

      await assertTeamRoom(tx, dealership.id);

      if (existing) {
        const invitation = await createInvitation(ctx, tx, dealership, existing, input.paymentModel);
        return { outcome: "invited", invitation, dealershipName: dealership.name };
      }

      const row = {
        dealership_id: dealership.id,
        city: dealership.city,
        state: dealership.state,
        time_zone: dealership.time_zone,
        payment_model: input.paymentModel,
        // A profile the dealership's own manager creates is confirmed by them.
        verified_at: new Date(),
        updated_at: new Date(),
        name: input.name,
        email: input.email,
        phone_number: input.phoneNumber,
        bio: input.bio,
        years_of_experience: input.yearsOfExperience,
        status: "available",
      } satisfies Partial<SalespersonRow>;
      const [created] = await tx<
        Pick<SalespersonRow, "id">[]
      >`insert into salespeople ${tx(row)} returning id`;
      await recordAudit(ctx, tx, {
        action: "salesperson.add",
        entityType: "salesperson",
        entityId: created!.id,
        dealershipId: dealership.id,
        after: {
          name: input.name,
          email: input.email,
          phoneNumber: input.phoneNumber,
          yearsOfExperience: input.yearsOfExperience,
          paymentModel: input.paymentModel,
          dealershipId: dealership.id,
        },
      });
      return { outcome: "created", id: created!.id, dealershipName: dealership.name };
    });
  } catch (error) {
    // Two managers adding one address at the same moment: the unique e-mail (or the one open invitation per
    // address) decides, the loser hears why.
    if (isUniqueViolation(error))
      throw appError("CONFLICT", "A salesperson with this email already exists.", "ACCOUNT_EXISTS");
    throw error;
  }

  if (committed.outcome === "invited") {
    const { invitation } = committed;
    const invite = await mailInvitation(ctx, {
      email: invitation.email,
      name: invitation.name,
      dealershipName: committed.dealershipName,
    });
    return { outcome: "invited", invitation, invite };
  }

  ctx.browseCache.clear();
  let invite: "sent" | "logged" | "failed";
  try {
    invite = await sendSalespersonInvite(ctx, {
      email: input.email,
      name: input.name,
      dealershipName: committed.dealershipName,
    });
  } catch (error) {
    ctx.logger.warn(`salesperson invite for ${committed.id} was not sent: ${(error as Error).message}`);
    invite = "failed";
  }
  return { outcome: "created", salesperson: await teamMember(ctx.sql, committed.id), invite };
}

/**
 * The refusal of a salesperson id that is not on the caller's team: 404 whether it exists elsewhere or not at
 * all, so the answer never tells which ids exist. Reaching for another dealership's salesperson is still
 * recorded as a denied authorisation.
 */
async function notOnTeam(ctx: ManagerCtx, salespersonId: number, what: string) {
  return refuseAsMissing(
    ctx,
    { db: ctx.sql, table: "salespeople", id: salespersonId },
    appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND"),
    `manager ${what} salesperson ${salespersonId}`,
  );
}

type Detached = Pick<SalespersonRow, "id" | "name" | "payment_model" | "verified_at">;

/**
 * Takes a salesperson off the team: they become independent (no dealership, paying individually) and keep
 * their ratings, appointments and messages. `pendingOnly` is the rejection of a registration not yet confirmed.
 */
async function detachFromTeam(
  ctx: ManagerCtx,
  salespersonId: number,
  kind: { action: "salesperson.remove" | "salesperson.reject"; pendingOnly: boolean; reason?: string },
) {
  const result = await ctx.sql.begin(async (tx) => {
    const [before] = await tx<Detached[]>`
      select id, name, payment_model, verified_at from salespeople
       where id = ${salespersonId} and dealership_id = ${ctx.dealershipId} for update`;
    if (!before) return null;
    if (kind.pendingOnly && before.verified_at !== null) {
      throw appError(
        "CONFLICT",
        "This salesperson is already verified. Remove them from the team instead.",
        "ALREADY_VERIFIED",
      );
    }
    await tx`
      update salespeople
         set dealership_id = null, payment_model = 'individual', verified_at = null, updated_at = now()
       where id = ${salespersonId}`;
    await recordAudit(ctx, tx, {
      action: kind.action,
      entityType: "salesperson",
      entityId: salespersonId,
      dealershipId: ctx.dealershipId,
      reason: kind.reason ?? null,
      before: {
        dealershipId: ctx.dealershipId,
        paymentModel: before.payment_model,
        verifiedAt: before.verified_at,
      },
      after: { dealershipId: null, paymentModel: "individual", verifiedAt: null },
    });
    return before;
  });
  if (!result) throw await notOnTeam(ctx, salespersonId, kind.action);
  ctx.browseCache.clear();
  return { id: result.id, name: result.name, independent: true as const };
}

export function removeSalesperson(ctx: ManagerCtx, salespersonId: number) {
  return detachFromTeam(ctx, salespersonId, { action: "salesperson.remove", pendingOnly: false });
}

export function rejectSalesperson(ctx: ManagerCtx, salespersonId: number, reason?: string) {
  return detachFromTeam(ctx, salespersonId, { action: "salesperson.reject", pendingOnly: true, reason });
}

// Performance ----------------------------------------------------------------------------------------------

export async function teamPerformance(ctx: ManagerCtx): Promise<ManagerPerformance> {
  const rows = await ctx.sql<Omit<LeaderboardEntry, "band" | "completionRate" | "noShowRate">[]>`
    select s.id, s.name, s.profile_image_url as "profileImageUrl",
           s.average_rating::float8 as "averageRating", s.total_reviews as "totalReviews",
           coalesce(a.closed, 0)::int as "closedAppointments", coalesce(a.completed, 0)::int as completed,
           coalesce(a.no_shows, 0)::int as "noShows",
           (select count(*)::int from misconduct_reports m
             where m.salesperson_id = s.id and m.dealership_id = ${ctx.dealershipId}
               and m.status in ('open', 'investigating')) as "openIncidents"
      from salespeople s
      left join lateral (
        select count(*) filter (where status <> 'scheduled') as closed,
               count(*) filter (where status = 'completed') as completed,
               count(*) filter (where status = 'no-show') as no_shows
          from appointments where salesperson_id = s.id) a on true
     where s.dealership_id = ${ctx.dealershipId}
     order by s.average_rating desc, s.total_reviews desc, s.name, s.id`;
  const leaderboard: LeaderboardEntry[] = rows.map((row) => ({
    ...row,
    band: row.totalReviews === 0 ? "unrated" : ratingBand(row.averageRating),
    completionRate: row.closedAppointments === 0 ? null : row.completed / row.closedAppointments,
    noShowRate: row.closedAppointments === 0 ? null : row.noShows / row.closedAppointments,
  }));
  const count = (band: LeaderboardEntry["band"]) => leaderboard.filter((e) => e.band === band).length;
  return {
    topPerformers: count("top"),
    averagePerformers: count("average"),
    needsImprovement: count("needs-improvement"),
    unrated: count("unrated"),
    leaderboard,
  };
}

// Monthly report -------------------------------------------------------------------------------------------

type ReportRowSql = Omit<MonthlyReportRow, "averageRating" | "averageReplyMinutes"> & {
  averageRating: number | null;
  averageReplyMinutes: number | null;
};

/**
 * One calendar month in the dealership's time zone, per salesperson of the current team: appointments by
 * their start time (and how they ended), reviews and misconduct cases by when they were filed, and reply
 * times: for each customer message that opens a wait (the message before it in the conversation is not the
 * customer's), the minutes until the salesperson's next message.
 */
export async function monthlyReport(ctx: ManagerCtx, month: string): Promise<MonthlyReport> {
  const [dealership] = await ctx.sql<{ id: number; name: string; timeZone: string; from: Date; to: Date }[]>`
    select id, name, time_zone as "timeZone",
           (${`${month}-01`}::timestamp at time zone time_zone) as "from",
           ((${`${month}-01`}::date + interval '1 month')::timestamp at time zone time_zone) as "to"
      from dealerships where id = ${ctx.dealershipId}`;
  if (!dealership) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
  const { from, to } = dealership;
  const rows = await ctx.sql<ReportRowSql[]>`
    with team as (select id, name from salespeople where dealership_id = ${ctx.dealershipId}),
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
       where r.created_at >= ${from} and r.created_at < ${to} and r.removed_at is null
       group by r.salesperson_id),
    cases as (
      select m.salesperson_id, count(*)::int as cases
        from misconduct_reports m join team t on t.id = m.salesperson_id
       where m.dealership_id = ${ctx.dealershipId} and m.created_at >= ${from} and m.created_at < ${to}
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

  const sum = (pick: (row: MonthlyReportRow) => number) => rows.reduce((n, row) => n + pick(row), 0);
  const reviews = sum((r) => r.reviews);
  const replied = sum((r) => r.repliedMessages);
  const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
  return {
    dealership: { id: dealership.id, name: dealership.name, timeZone: dealership.timeZone },
    month,
    from,
    to,
    generatedAt: new Date(),
    rows,
    totals: {
      appointments: sum((r) => r.appointments),
      completed: sum((r) => r.completed),
      cancellations: sum((r) => r.cancellations),
      noShows: sum((r) => r.noShows),
      reviews,
      averageRating:
        reviews === 0 ? null : round(sum((r) => (r.averageRating ?? 0) * r.reviews) / reviews, 2),
      misconductCases: sum((r) => r.misconductCases),
      customerMessages: sum((r) => r.customerMessages),
      repliedMessages: replied,
      averageReplyMinutes:
        replied === 0
          ? null
          : round(sum((r) => (r.averageReplyMinutes ?? 0) * r.repliedMessages) / replied, 1),
    },
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

/** A CSV field: quoted when needed; a leading =, +, - or @ is defused so spreadsheets never run it. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(report: MonthlyReport): string {
  const lines = [
    ["Salesperson ID", "Salesperson", ...CSV_COLUMNS.map((c) => c.header)],
    ...report.rows.map((row) => [row.salespersonId, row.name, ...CSV_COLUMNS.map((c) => c.value(row))]),
    ["", "Total", ...CSV_COLUMNS.map((c) => c.value(report.totals))],
  ];
  return `${lines.map((line) => line.map(csvField).join(",")).join("\r\n")}\r\n`;
}

export async function monthlyReportFile(
  ctx: ManagerCtx,
  month: string,
  format: ReportFormat,
): Promise<ReportFile> {
  const report = await monthlyReport(ctx, month);
  const filename = `dealership-${report.dealership.id}-report-${month}.${format}`;
  return format === "csv"
    ? { filename, contentType: "text/csv; charset=utf-8", content: reportCsv(report) }
    : {
        filename,
        contentType: "application/json; charset=utf-8",
        content: `${JSON.stringify(report, null, 2)}\n`,
      };
}
