// Replies and moderation: the salesperson replies once; the salesperson or their manager flags a review; an
// administrator upholds it or removes it (a removed review leaves the averages).
import type { SessionUser } from "../../../shared/schemas/auth";
import { isStaffFor } from "../../access";
import { recordSecurityEvent } from "../../auth/audit";
import type { Context } from "../../context";
import { PG, pgErrorCode } from "../../db/errors";
import type {
  RatingFields,
  RatingFlagFields,
  RatingFlagRow,
  RatingReplyRow,
  RatingRow,
  SalespersonRow,
} from "../../db/rows";
import { appError } from "../../errors";
import { lockSalesperson, refreshAggregates } from "./aggregates";

type Authed = Context & { user: SessionUser };

async function reviewFor(ctx: Authed, ratingId: number) {
  const [row] = await ctx.sql<
    (Pick<RatingRow, "salesperson_id" | "user_id" | "removed_at"> & Pick<SalespersonRow, "dealership_id">)[]
  >`
    select r.salesperson_id, s.dealership_id, r.user_id, r.removed_at
      from ratings r join salespeople s on s.id = r.salesperson_id where r.id = ${ratingId}`;
  if (!row || row.removed_at) throw appError("NOT_FOUND", "Review not found", "RATING_NOT_FOUND");
  return row;
}

export async function replyToReview(ctx: Authed, ratingId: number, body: string) {
  const review = await reviewFor(ctx, ratingId);
  if (ctx.user.salespersonId !== review.salesperson_id) {
    throw appError("FORBIDDEN", "Only the reviewed salesperson can reply", "NOT_OWNER");
  }
  try {
    const [reply] = await ctx.sql<Pick<RatingReplyRow, "id" | "created_at">[]>`
      insert into rating_replies (rating_id, salesperson_id, body) values (${ratingId}, ${review.salesperson_id}, ${body})
      returning id, created_at`;
    if (review.user_id) {
      await ctx.sql`insert into notifications (user_id, type, title, body, link)
                    values (${review.user_id}, 'review_reply', 'Reply to your review', ${body.slice(0, 200)},
                            ${`/salesperson/${review.salesperson_id}#reviews`})`;
    }
    return { id: reply!.id, ratingId, body, createdAt: reply!.created_at };
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation) {
      throw appError("CONFLICT", "You have already replied to this review.", "ALREADY_REPLIED");
    }
    throw error;
  }
}

export async function flagReview(ctx: Authed, ratingId: number, reason: string) {
  const review = await reviewFor(ctx, ratingId);
  if (!isStaffFor(ctx.user, { id: review.salesperson_id, dealershipId: review.dealership_id }))
    throw appError("FORBIDDEN", "Only the salesperson or their manager can flag this review", "NOT_OWNER");
  const [open] = await ctx.sql`select 1 from rating_flags where rating_id = ${ratingId} and status = 'open'`;
  if (open) throw appError("CONFLICT", "This review is already waiting for moderation.", "ALREADY_FLAGGED");
  const [flag] = await ctx.sql<Pick<RatingFlagRow, "id">[]>`
    insert into rating_flags (rating_id, flagged_by, reason) values (${ratingId}, ${ctx.user.id}, ${reason}) returning id`;
  await recordSecurityEvent(ctx, { eventType: "review_flagged", details: `rating ${ratingId}` });
  return { id: flag!.id, ratingId, status: "open" as const };
}

export async function openFlags(ctx: Authed) {
  return ctx.sql<
    (Pick<RatingFlagFields, "id" | "ratingId" | "reason" | "createdAt"> &
      Pick<RatingFields, "comment" | "overallRating"> & { salespersonName: string })[]
  >`
    select f.id, f.rating_id as "ratingId", f.reason, f.created_at as "createdAt", r.comment, r.overall_rating as "overallRating",
           s.name as "salespersonName"
      from rating_flags f join ratings r on r.id = f.rating_id join salespeople s on s.id = r.salesperson_id
     where f.status = 'open' order by f.created_at`;
}

export async function resolveFlag(ctx: Authed, flagId: number, decision: "uphold" | "remove", note?: string) {
  const outcome = await ctx.sql.begin(async (tx) => {
    const [flag] = await tx<(Pick<RatingFlagRow, "rating_id"> & Pick<RatingRow, "salesperson_id">)[]>`
      select f.rating_id, r.salesperson_id from rating_flags f join ratings r on r.id = f.rating_id
       where f.id = ${flagId} and f.status = 'open' for update of f`;
    if (!flag) throw appError("NOT_FOUND", "No open flag with that id", "FLAG_NOT_FOUND");
    await lockSalesperson(tx, flag.salesperson_id);
    await tx`update rating_flags set status = ${decision === "remove" ? "removed" : "upheld"}, resolved_by = ${ctx.user.id},
                    resolved_at = now(), resolution_note = ${note ?? null}
              where rating_id = ${flag.rating_id} and status = 'open'`;
    if (decision === "remove") {
      await tx`update ratings set removed_at = now() where id = ${flag.rating_id}`;
      await refreshAggregates(tx, flag.salesperson_id);
    }
    return { flagId, ratingId: flag.rating_id, decision };
  });
  ctx.browseCache.clear();
  await recordSecurityEvent(ctx, {
    eventType: `review_flag_${decision}`,
    riskLevel: "medium",
    details: `flag ${flagId}`,
  });
  return outcome;
}
