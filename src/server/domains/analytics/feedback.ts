// Feedback insights (docs/product/analytics.md#feedback-insights): what buyers wrote about a team or one salesperson,
// from the published reviews themselves: each category per month, the spread of overall stars, the share backed by
// a confirmed purchase, and the comments with whether they were answered, as a feed and as a CSV file.

import { FEEDBACK_LATEST, FEEDBACK_PERIOD_MONTHS, type FeedbackPeriod } from "../../../shared/analytics";
import { toCsv } from "../../../shared/csv";
import type {
  FeedbackComment,
  FeedbackCommentsQuery,
  FeedbackExportQuery,
  FeedbackInsights,
} from "../../../shared/schemas/analytics";
import type { ListPage } from "../../../shared/schemas/common";
import { type FeedbackScope, feedbackScope } from "../../access";
import { requireRecentAdminAuthentication } from "../../credentials/accountChanges";
import type { Queryable } from "../../db/client";
import { containsPattern, limitOffset, listPage, pageWindow } from "../../db/search";
import type { Authed } from "../../serviceContext";
import { publishedReview } from "../reviews/published";
import { monthKey, percent } from "./scope";

/** The first instant of the period: the first UTC day of its first month. */
function periodStart(period: FeedbackPeriod): string {
  return `${monthKey(1 - FEEDBACK_PERIOD_MONTHS[period])}-01`;
}

/** Published reviews (`r`, joined to their salesperson `s`) in scope and period. */
function inScope(sql: Queryable, scope: FeedbackScope, from: string) {
  return sql`${publishedReview(sql, "r")} and r.created_at >= ${from}::date
    and ${scope.dealership.kind === "dealership" ? sql`s.dealership_id = ${scope.dealership.dealershipId}` : sql`true`}
    and ${scope.salespersonId === null ? sql`true` : sql`r.salesperson_id = ${scope.salespersonId}`}`;
}

/** The feed's filters on top of the scope: stars, answered or not, and text in the comment or the names. */
function feedFilters(sql: Queryable, input: Pick<FeedbackCommentsQuery, "rating" | "replied" | "search">) {
  const pattern = containsPattern(input.search);
  return sql`${input.rating === undefined ? sql`` : sql`and r.overall_rating = ${input.rating}`}
    ${input.replied === undefined ? sql`` : input.replied === "replied" ? sql`and rr.id is not null` : sql`and rr.id is null`}
    ${pattern ? sql`and (r.comment ilike ${pattern} or s.name ilike ${pattern} or u.first_name ilike ${pattern})` : sql``}`;
}

function comments(
  sql: Queryable,
  where: ReturnType<typeof inScope>,
  filters: ReturnType<typeof feedFilters>,
) {
  return sql<FeedbackComment[]>`
    select r.id, r.created_at as "createdAt", r.salesperson_id as "salespersonId", s.name as "salespersonName",
           coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as "customerName",
           r.overall_rating as "overallRating", r.helpfulness_rating as "helpfulnessRating",
           r.knowledge_rating as "knowledgeRating", r.pressure_level_rating as "pressureLevelRating",
           r.communication_rating as "communicationRating", r.comment,
           r.purchase_claim_id is not null as "verifiedPurchase",
           case when rr.id is null then null else json_build_object('body', rr.body, 'createdAt', rr.created_at) end as reply
      from ratings r
      join salespeople s on s.id = r.salesperson_id
      left join users u on u.id = r.user_id
      left join rating_replies rr on rr.rating_id = r.id
     where ${where} ${filters}`;
}

/** json_build_object gives the reply's time as text; the answer carries it as a date like every other. */
function withReplyDate(row: FeedbackComment): FeedbackComment {
  return row.reply ? { ...row, reply: { ...row.reply, createdAt: new Date(row.reply.createdAt) } } : row;
}

export async function feedbackInsights(
  ctx: Authed,
  input: { dealershipId?: number | undefined; salespersonId?: number | undefined; period: FeedbackPeriod },
): Promise<FeedbackInsights> {
  const scope = await feedbackScope(ctx.sql, ctx.user, input);
  const from = periodStart(input.period);
  const where = inScope(ctx.sql, scope, from);
  const sql = ctx.sql;
  const [monthly, distribution, [totals], latest, team] = await Promise.all([
    sql<FeedbackInsights["monthly"]>`
      with months as (
        select generate_series(${from}::date, date_trunc('month', now() at time zone 'UTC')::date, interval '1 month') as m)
      select to_char(months.m, 'YYYY-MM') as month, count(r.id)::int as reviews,
             round(avg(r.overall_rating), 2)::float8 as overall,
             round(avg(r.helpfulness_rating), 2)::float8 as helpfulness,
             round(avg(r.knowledge_rating), 2)::float8 as knowledge,
             round(avg(r.pressure_level_rating), 2)::float8 as "pressureLevel",
             round(avg(r.communication_rating), 2)::float8 as communication
        from months
        left join (ratings r join salespeople s on s.id = r.salesperson_id)
          on date_trunc('month', r.created_at at time zone 'UTC') = months.m and ${where}
       group by months.m order by months.m`,
    sql<FeedbackInsights["distribution"]>`
      select stars, count(r.id)::int as count
        from generate_series(1, 5) as stars
        left join (ratings r join salespeople s on s.id = r.salesperson_id)
          on r.overall_rating = stars and ${where}
       group by stars order by stars`,
    sql<{ reviews: number; average: number | null; verified: number; replied: number }[]>`
      select count(*)::int as reviews, round(avg(r.overall_rating), 2)::float8 as average,
             count(r.purchase_claim_id)::int as verified, count(rr.id)::int as replied
        from ratings r join salespeople s on s.id = r.salesperson_id
        left join rating_replies rr on rr.rating_id = r.id
       where ${where}`,
    sql<FeedbackComment[]>`
      ${comments(sql, where, sql`and r.comment is not null`)} order by r.created_at desc, r.id desc
      limit ${FEEDBACK_LATEST}`,
    sql<FeedbackInsights["team"]>`
      select id, name from salespeople s
       where ${scope.dealership.kind === "dealership" ? sql`s.dealership_id = ${scope.dealership.dealershipId}` : scope.salespersonId !== null ? sql`s.id = ${scope.salespersonId}` : sql`false`}
       order by name, id`,
  ]);
  return {
    scope: scope.dealership,
    salespersonId: scope.salespersonId,
    team: [...team],
    period: input.period,
    from,
    monthly: [...monthly],
    distribution: [...distribution],
    totals: {
      reviews: totals!.reviews,
      average: totals!.average,
      verifiedPurchases: totals!.verified,
      verifiedShare: percent(totals!.verified, totals!.reviews),
      replied: totals!.replied,
      unreplied: totals!.reviews - totals!.replied,
    },
    latest: latest.map(withReplyDate),
  };
}

/** The comment feed, newest first, a page at a time. */
export async function feedbackComments(
  ctx: Authed,
  input: FeedbackCommentsQuery,
): Promise<ListPage<FeedbackComment>> {
  const scope = await feedbackScope(ctx.sql, ctx.user, input);
  const window = pageWindow(input);
  const where = inScope(ctx.sql, scope, periodStart(input.period));
  const filters = feedFilters(ctx.sql, input);
  const page = await listPage(
    window,
    ctx.sql<FeedbackComment[]>`
      ${comments(ctx.sql, where, filters)} order by r.created_at desc, r.id desc ${limitOffset(ctx.sql, window)}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n from ratings r join salespeople s on s.id = r.salesperson_id
        left join users u on u.id = r.user_id left join rating_replies rr on rr.rating_id = r.id
       where ${where} ${filters}`,
  );
  return { ...page, items: page.items.map(withReplyDate) };
}

/** Every row the feed's filters match, as CSV through the product's one writer. */
export async function feedbackExport(ctx: Authed, input: FeedbackExportQuery) {
  requireRecentAdminAuthentication(ctx);
  const scope = await feedbackScope(ctx.sql, ctx.user, input);
  const where = inScope(ctx.sql, scope, periodStart(input.period));
  const rows = await ctx.sql<FeedbackComment[]>`
    ${comments(ctx.sql, where, feedFilters(ctx.sql, input))} order by r.created_at desc, r.id desc`;
  const content = toCsv(
    [
      "Review ID",
      "Written",
      "Salesperson",
      "Reviewer",
      "Overall",
      "Helpfulness",
      "Product knowledge",
      "Pressure level",
      "Communication",
      "Verified purchase",
      "Comment",
      "Reply",
      "Replied at",
    ],
    rows.map((r) => [
      r.id,
      r.createdAt,
      r.salespersonName,
      r.customerName,
      r.overallRating,
      r.helpfulnessRating,
      r.knowledgeRating,
      r.pressureLevelRating,
      r.communicationRating,
      r.verifiedPurchase ? "yes" : "no",
      r.comment,
      r.reply?.body ?? null,
      r.reply ? new Date(r.reply.createdAt) : null,
    ]),
  );
  return {
    filename: `feedback-${input.period}-${new Date().toISOString().slice(0, 10)}.csv`,
    contentType: "text/csv; charset=utf-8",
    content,
  };
}
