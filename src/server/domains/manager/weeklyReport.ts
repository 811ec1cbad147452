// The weekly e-mail report to each account that leads a dealership (docs/product/dealerships.md#weekly-report):
// its visits, new reviews, rating against the week before and slowest replies, from the figures the monthly
// report answers (teamFigures), over the ISO week that ended last, in the dealership's time zone.
//
// Once per week, recipient and dealership, whatever runs it: every hour, the dealerships where it is Monday from
// 07:00 (local time, for a day) are due, and one transaction claims a row of weekly_reports per account that
// leads one (on conflict, nothing) and queues an e-mail job for each row it claimed. Another instance, or a retry,
// finds the rows taken and queues nothing. The e-mail's job takes its row by setting sent_at, in a statement of its
// own, and only then speaks to the mail server, holding no transaction while it answers: a failure gives the row
// back and the mail queue retries, and a job run twice (or a retry while the first still sends) sends once. A
// process that dies while sending leaves the report taken: it is sent at most once.
import { links } from "../../../shared/links";
import type { Queryable, Sql } from "../../db/client";
import { givenBackIfRefused } from "../../jobs/mailRetry";
import { type JobData, type JobQueue, QUEUES } from "../../jobs/queue";
import type { Mailer, MailMessage } from "../../mail/mailer";
import { escapeHtml } from "../auth/signInLinks";
import { dealershipLeadsSql } from "../notifications/recipients";
import { type TeamFigures, teamFigures } from "./monthlyReport";

/** The local hour of Monday from which a dealership's report of the week before is due. */
export const WEEKLY_REPORT_HOUR = 7;
/** How long after that hour a report is still sent when no run claimed it sooner (an outage, a deploy). */
const CATCH_UP_HOURS = 24;
/** How many of the team's slowest repliers the e-mail names. */
export const SLOWEST_REPLIES = 3;

/**
 * Claims the reports due at `at` and queues their e-mails, in one transaction; answers how many it claimed. A
 * dealership is due from Monday 07:00 to Tuesday 07:00 in its time zone, for the ISO week before, if it existed
 * before that week ended. Its recipients are those who lead it (recipients.ts), one report each.
 */
export async function claimWeeklyReports(deps: { sql: Sql; jobs: JobQueue }, at: Date): Promise<number> {
  return deps.sql.begin(async (tx) => {
    const claimed = await tx<JobData["weekly-report-mail"][]>`
      with local as (
        select d.id, d.created_at, d.time_zone, ${at}::timestamptz at time zone d.time_zone as now_local
          from dealerships d),
      due as (
        select id, (date_trunc('week', now_local) - interval '7 days')::date as week_start
          from local
         where now_local - date_trunc('week', now_local) >= make_interval(hours => ${WEEKLY_REPORT_HOUR})
           and now_local - date_trunc('week', now_local)
               < make_interval(hours => ${WEEKLY_REPORT_HOUR + CATCH_UP_HOURS})
           and created_at < date_trunc('week', now_local) at time zone time_zone)
      insert into weekly_reports (dealership_id, user_id, week_start)
      select due.id, l.user_id, due.week_start
        from due cross join lateral (${dealershipLeadsSql(tx, tx`due.id`)}) l
      on conflict do nothing
      returning dealership_id as "dealershipId", user_id as "userId", to_char(week_start, 'YYYY-MM-DD') as "weekStart"`;
    for (const { dealershipId, userId, weekStart } of claimed)
      await deps.jobs.send(QUEUES.weeklyReportMail, { dealershipId, userId, weekStart }, { within: tx });
    return claimed.length;
  });
}

export type WeeklyReportDeps = { sql: Sql; mailer: Mailer; appUrl: string };

type ClaimedReport = {
  dealership: string;
  email: string;
  firstName: string | null;
  week: string;
  from: Date;
  to: Date;
  previousFrom: Date;
};

/**
 * Sends one claimed report. Its row is taken first (sent_at set, committed at once), so no transaction stays open
 * while the mail server answers; a failure gives it back for the retry. A report already taken or sent, or whose
 * recipient no longer leads the dealership (or whose account was disabled) since it was claimed, sends nothing.
 * Answers whether it sent.
 */
export async function sendWeeklyReport(
  deps: WeeklyReportDeps,
  data: JobData["weekly-report-mail"],
): Promise<boolean> {
  const [row] = await deps.sql<ClaimedReport[]>`
    update weekly_reports w set sent_at = now()
      from dealerships d, users u
     where w.dealership_id = ${data.dealershipId} and w.user_id = ${data.userId}
       and w.week_start = ${data.weekStart}::date and w.sent_at is null
       and d.id = w.dealership_id and u.id = w.user_id
       and exists (select from (${dealershipLeadsSql(deps.sql, deps.sql`w.dealership_id`)}) l where l.user_id = w.user_id)
    returning d.name as dealership, u.email::text as email, u.first_name as "firstName",
              to_char(w.week_start, 'IYYY-"W"IW') as week,
              w.week_start::timestamp at time zone d.time_zone as "from",
              (w.week_start + 7)::timestamp at time zone d.time_zone as "to",
              (w.week_start - 7)::timestamp at time zone d.time_zone as "previousFrom"`;
  if (!row) return false;
  // Given back for the mail queue's retry if refused: nobody else could take it while it was this run's.
  await givenBackIfRefused(
    () => deps.sql`
      update weekly_reports set sent_at = null
       where dealership_id = ${data.dealershipId} and user_id = ${data.userId} and week_start = ${data.weekStart}::date`,
    async () => {
      const figures = await weeklyFigures(deps.sql, data.dealershipId, row);
      const mail = weeklyReportMail({
        dealership: row.dealership,
        firstName: row.firstName,
        week: row.week,
        weekStart: data.weekStart,
        ...figures,
        dashboardUrl: `${deps.appUrl}${links.managerDashboard({ tab: "reports" })}`,
      });
      await deps.mailer.send({ to: row.email, ...mail });
    },
  );
  return true;
}

/** The week's figures and the week before's, as the monthly report computes them (teamFigures). */
export async function weeklyFigures(
  sql: Queryable,
  dealershipId: number,
  week: { from: Date; to: Date; previousFrom: Date },
): Promise<{ figures: TeamFigures; previous: TeamFigures }> {
  const figures = await teamFigures(sql, dealershipId, { from: week.from, to: week.to });
  const previous = await teamFigures(sql, dealershipId, { from: week.previousFrom, to: week.from });
  return { figures, previous };
}

// The e-mail ---------------------------------------------------------------------------------------------------

export type WeeklyReportInput = {
  dealership: string;
  firstName: string | null;
  /** The ISO week, YYYY-Www. */
  week: string;
  /** Its Monday, YYYY-MM-DD. */
  weekStart: string;
  figures: TeamFigures;
  previous: TeamFigures;
  dashboardUrl: string;
};

/** "no visits", "1 visit", "12 visits". */
function count(n: number, one: string, many: string): string {
  return n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`;
}

/** A wait in minutes as people read it: "35 min", "2 h 5 min", "1 d 3 h". */
export function replyTime(minutes: number): string {
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  if (total < 24 * 60) return `${Math.floor(total / 60)} h ${total % 60} min`;
  const hours = Math.round(total / 60);
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** "Monday, July 1 to Sunday, July 7, 2024" for the week starting on `monday` (YYYY-MM-DD). */
function weekSpan(monday: string): string {
  const start = new Date(`${monday}T12:00:00Z`);
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return `${dayFormat.format(start)} to ${dayFormat.format(end)}, ${end.getUTCFullYear()}`;
}

/** The report's sections, each a heading and its lines, saying plainly what had nothing to count. */
function sections(input: WeeklyReportInput): { heading: string; lines: string[] }[] {
  const { totals, rows } = input.figures;
  const before = input.previous.totals;
  const open = totals.appointments - totals.completed - totals.noShows - totals.cancellations;
  const visits =
    totals.appointments === 0
      ? ["No visits were booked for the week."]
      : [
          `${count(totals.appointments, "visit", "visits")} booked for the week: ${[
            `${totals.completed} completed`,
            `${totals.noShows} ${totals.noShows === 1 ? "no-show" : "no-shows"}`,
            `${totals.cancellations} cancelled`,
            ...(open > 0 ? [`${open} not closed yet`] : []),
          ].join(", ")}.`,
        ];
  const reviews =
    totals.reviews === 0 || totals.averageRating === null
      ? ["No new reviews."]
      : [
          `${count(totals.reviews, "new review", "new reviews")}, averaging ${totals.averageRating.toFixed(2)} stars.`,
        ];
  let trend: string;
  if (totals.averageRating === null) trend = "No trend: there were no new reviews this week.";
  else if (before.averageRating === null)
    trend = "No trend: there were no new reviews the week before to compare with.";
  else {
    const change = Math.round((totals.averageRating - before.averageRating) * 100) / 100;
    const direction =
      change === 0 ? "unchanged" : `${change > 0 ? "up" : "down"} ${Math.abs(change).toFixed(2)}`;
    trend = `${totals.averageRating.toFixed(2)} this week against ${before.averageRating.toFixed(2)} the week before (${count(before.reviews, "review", "reviews")}): ${direction}.`;
  }
  const slowest = rows
    .filter((r) => r.repliedMessages > 0 && r.averageReplyMinutes !== null)
    .sort(
      (a, b) => (b.averageReplyMinutes ?? 0) - (a.averageReplyMinutes ?? 0) || a.name.localeCompare(b.name),
    )
    .slice(0, SLOWEST_REPLIES);
  const replies =
    slowest.length > 0
      ? slowest.map(
          (r) =>
            `${r.name}: ${replyTime(r.averageReplyMinutes ?? 0)} on average, over ${count(r.repliedMessages, "reply", "replies")}`,
        )
      : totals.customerMessages === 0
        ? ["No buyer wrote to the team this week."]
        : ["No buyer's message of this week has been answered yet."];
  return [
    { heading: "Visits", lines: visits },
    { heading: "New reviews", lines: reviews },
    { heading: "Rating trend", lines: [trend] },
    { heading: "Slowest replies (average wait for a salesperson's answer)", lines: replies },
  ];
}

export function weeklyReportMail(input: WeeklyReportInput): Omit<MailMessage, "to"> {
  const { totals } = input.figures;
  const quiet = totals.appointments === 0 && totals.reviews === 0 && totals.customerMessages === 0;
  const subject = `Your week at ${input.dealership}: ${count(totals.appointments, "visit", "visits")}, ${count(totals.reviews, "new review", "new reviews")}`;
  const greeting = `Hello ${input.firstName ?? "there"},`;
  const intro = `Here is the week at ${input.dealership}: ${weekSpan(input.weekStart)} (${input.week}).`;
  const nothing =
    "Nothing to report: no visits were booked for the week, no reviews came in and no buyer wrote to the team.";
  const why = `You receive this report every Monday because you lead ${input.dealership} on KnowBefore.`;
  const parts = quiet ? [] : sections(input);
  const text = [
    greeting,
    "",
    intro,
    "",
    ...(quiet ? [nothing, ""] : parts.flatMap((s) => [s.heading, ...s.lines.map((l) => `  ${l}`), ""])),
    `See the full figures on your dashboard: ${input.dashboardUrl}`,
    "",
    why,
    "",
  ].join("\n");
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    ...(quiet
      ? [`<p>${escapeHtml(nothing)}</p>`]
      : parts.map(
          (s) =>
            `<h3>${escapeHtml(s.heading)}</h3><ul>${s.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`,
        )),
    `<p><a href="${escapeHtml(input.dashboardUrl)}">See the full figures on your dashboard</a></p>`,
    `<p>${escapeHtml(why)}</p>`,
  ].join("");
  return { kind: "weekly_report", subject, text, html };
}
