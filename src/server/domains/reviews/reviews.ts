// Reading reviews: the profile's list (sorting, paging, category averages) and the customer's own reviews.

import { roundOrNull } from "../../../shared/numbers";
import type { ReviewVerification } from "../../../shared/purchases";
import { RATING_EDIT_DAYS, type ReviewSort } from "../../../shared/reviews";
import type { SessionUser } from "../../../shared/schemas/auth";
import { REVIEWS_PAGE_SIZE, type ReviewView } from "../../../shared/schemas/reviews";
import { type VisitEvidence, verifiedVisit } from "../../../shared/visits";
import { appError } from "../../appError";
import type { Sql } from "../../db/client";
import type { RatingReplyRow, RatingRow } from "../../db/rows";
import { type PageRequest, pageWindow } from "../../db/search";
import { averagedSql } from "./aggregates";
import { publishedReview, publishedReviewText } from "./published";
import { REVIEW_VERIFICATION_SQL, VISIT_EVIDENCE_SQL } from "./verification";

/** A review as {@link SELECT} reads it: the visit date as text, the reviewer's display name, the reply. */
type ReviewRow = Pick<
  RatingRow,
  | "id"
  | "overall_rating"
  | "helpfulness_rating"
  | "pressure_level_rating"
  | "communication_rating"
  | "knowledge_rating"
  | "comment"
  | "helpfulness_comment"
  | "pressure_comment"
  | "communication_comment"
  | "created_at"
  | "appointment_id"
> & {
  visit_date: string | null;
  customer_name: string;
  reply_body: RatingReplyRow["body"] | null;
  reply_at: RatingReplyRow["created_at"] | null;
  verification: ReviewVerification;
  visit_evidence: VisitEvidence | null;
};

const ORDER: Record<ReviewSort, string> = {
  newest: "r.created_at desc, r.id desc",
  highest: "r.overall_rating desc, r.created_at desc, r.id desc",
  lowest: "r.overall_rating asc, r.created_at desc, r.id desc",
};

function toView(r: ReviewRow): ReviewView {
  return {
    id: r.id,
    overallRating: r.overall_rating,
    helpfulnessRating: r.helpfulness_rating,
    pressureLevelRating: r.pressure_level_rating,
    communicationRating: r.communication_rating,
    knowledgeRating: r.knowledge_rating,
    comment: r.comment,
    helpfulnessComment: r.helpfulness_comment,
    pressureComment: r.pressure_comment,
    communicationComment: r.communication_comment,
    visitDate: r.visit_date,
    createdAt: r.created_at,
    customerName: r.customer_name,
    verifiedVisit: verifiedVisit(r.visit_evidence),
    verification: r.verification,
    visitEvidence: r.visit_evidence,
    reply: r.reply_body ? { body: r.reply_body, createdAt: r.reply_at! } : null,
  };
}

const SELECT = `
  select r.id, r.overall_rating, r.helpfulness_rating, r.pressure_level_rating, r.communication_rating, r.knowledge_rating, r.comment,
         r.helpfulness_comment, r.pressure_comment, r.communication_comment, to_char(r.visit_date, 'YYYY-MM-DD') as visit_date,
         r.created_at, r.appointment_id,
         coalesce(u.first_name || coalesce(' ' || left(u.last_name, 1) || '.', ''), 'Verified customer') as customer_name,
         rr.body as reply_body, rr.created_at as reply_at, ${REVIEW_VERIFICATION_SQL} as verification,
         ${VISIT_EVIDENCE_SQL} as visit_evidence
    from ratings r
    left join users u on u.id = r.user_id
    left join rating_replies rr on rr.rating_id = r.id`;

export async function listReviews(
  sql: Sql,
  input: PageRequest & { salespersonId: number; sort: ReviewSort },
) {
  const window = pageWindow(input, REVIEWS_PAGE_SIZE);
  const [exists] = await sql`select 1 from salespeople where id = ${input.salespersonId}`;
  if (!exists) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const [rows, [summary]] = await Promise.all([
    sql.unsafe<ReviewRow[]>(
      `${SELECT} where r.salesperson_id = $1 and ${publishedReviewText("r")} order by ${ORDER[input.sort]} limit $2 offset $3`,
      [input.salespersonId, window.pageSize, window.offset],
      { prepare: true },
    ),
    sql<
      {
        n: number;
        overall: string | null;
        helpfulness: string | null;
        pressure: string | null;
        communication: string | null;
        knowledge: string | null;
      }[]
    >`
      select count(*)::int as n, avg(overall_rating) filter (where ${averagedSql(sql)})::text as overall,
             avg(helpfulness_rating) filter (where ${averagedSql(sql)})::text as helpfulness,
             avg(pressure_level_rating) filter (where ${averagedSql(sql)})::text as pressure,
             avg(communication_rating) filter (where ${averagedSql(sql)})::text as communication,
             avg(knowledge_rating) filter (where ${averagedSql(sql)})::text as knowledge
        from ratings where salesperson_id = ${input.salespersonId} and ${publishedReview(sql)}`,
  ]);
  return {
    items: rows.map(toView),
    total: summary?.n ?? 0,
    averages: {
      overall: roundOrNull(summary?.overall, 2),
      helpfulness: roundOrNull(summary?.helpfulness, 2),
      pressureLevel: roundOrNull(summary?.pressure, 2),
      communication: roundOrNull(summary?.communication, 2),
      knowledge: roundOrNull(summary?.knowledge, 2),
    },
  };
}

/**
 * A salesperson's latest published reviews with their replies, newest first: the profile's first page as the
 * reviews widget shows it (site/embed.ts), without the page's count and averages.
 */
export async function latestReviews(sql: Sql, salespersonId: number, limit: number): Promise<ReviewView[]> {
  const rows = await sql.unsafe<ReviewRow[]>(
    `${SELECT} where r.salesperson_id = $1 and ${publishedReviewText("r")} order by ${ORDER.newest} limit $2`,
    [salespersonId, limit],
    { prepare: true },
  );
  return rows.map(toView);
}

/** The customer's own reviews (Ratings tab), with whether each can still be edited. */
export async function myReviews(sql: Sql, user: SessionUser) {
  const rows = await sql.unsafe<
    (ReviewRow &
      Pick<RatingRow, "salesperson_id" | "removed_at" | "moderation_status"> & { salesperson_name: string })[]
  >(
    `${SELECT.replace("rr.created_at as reply_at", "rr.created_at as reply_at, r.salesperson_id, s.name as salesperson_name, r.removed_at, r.moderation_status")}
       join salespeople s on s.id = r.salesperson_id
      where r.user_id = $1 order by r.created_at desc limit 100`,
    [user.id],
    { prepare: true },
  );
  const editableSince = Date.now() - RATING_EDIT_DAYS * 86_400_000;
  return rows.map((r) => ({
    ...toView(r),
    salespersonId: r.salesperson_id,
    salespersonName: r.salesperson_name,
    removed: r.removed_at !== null,
    moderationStatus: r.moderation_status,
    editable:
      r.removed_at === null && r.moderation_status !== "rejected" && r.created_at.getTime() > editableSince,
  }));
}
