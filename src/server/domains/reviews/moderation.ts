// Replies and moderation: the salesperson replies once; the salesperson or their manager flags a review; an
// administrator upholds it or removes it (a removed review leaves the averages).

import { links } from "../../../shared/links";
import type { ListPage } from "../../../shared/schemas/common";
import type { OpenFlag, OpenFlagsQuery } from "../../../shared/schemas/reviews";
import { isStaffFor } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { RatingFlagRow, RatingReplyRow, RatingRow, SalespersonRow } from "../../db/rows";
import { containsPattern, pageWindow } from "../../db/search";
import type { Authed } from "../../serviceContext";
import { notify } from "../notifications/notify";
import { lockSalesperson, refreshAggregates } from "./aggregates";

async function reviewFor(ctx: Authed, ratingId: number) {
  const [row] = await ctx.sql<
    (Pick<RatingRow, "salesperson_id" | "user_id" | "removed_at"> & Pick<SalespersonRow, "dealership_id">)[]
  >`
    select r.salesperson_id, s.dealership_id, r.user_id, r.removed_at
      from ratings r join salespeople s on s.id = r.salesperson_id where r.id = ${ratingId}`;
  if (!row || row.removed_at) throw appError("NOT_FOUND", "Review not found", "RATING_NOT_FOUND");
  return row;
}

/**
 * The public reply to a review: written by the reviewed salesperson, or by their dealership's manager from the
 * feedback feed (then audited, as every manager change is).
 */
export async function replyToReview(ctx: Authed, { ratingId, body }: { ratingId: number; body: string }) {
  const review = await reviewFor(ctx, ratingId);
  const own = ctx.user.salespersonId === review.salesperson_id;
  const manages = review.dealership_id !== null && ctx.user.managedDealershipId === review.dealership_id;
  if (!own && !manages) {
    throw appError(
      "FORBIDDEN",
      "Only the reviewed salesperson or their dealership's manager can reply",
      "NOT_OWNER",
    );
  }
  try {
    const reply = await ctx.sql.begin(async (tx) => {
      const [row] = await tx<Pick<RatingReplyRow, "id" | "created_at">[]>`
        insert into rating_replies (rating_id, salesperson_id, body) values (${ratingId}, ${review.salesperson_id}, ${body})
        returning id, created_at`;
      if (!own)
        await recordAudit(ctx, tx, {
          action: "rating.reply",
          entityId: ratingId,
          dealershipId: review.dealership_id,
          after: { replyId: row!.id, body },
        });
      return row;
    });
    if (review.user_id) {
      await notify(ctx.sql, {
        to: { userId: review.user_id },
        type: "review_reply",
        title: "Reply to your review",
        body: body.slice(0, 200),
        link: links.salesperson(review.salesperson_id, "reviews"),
      });
    }
    return { id: reply!.id, ratingId, body, createdAt: reply!.created_at };
  } catch (error) {
    if (pgErrorCode(error) === PG.uniqueViolation) {
      throw appError("CONFLICT", "You have already replied to this review.", "ALREADY_REPLIED");
    }
    throw error;
  }
}

export async function flagReview(ctx: Authed, { ratingId, reason }: { ratingId: number; reason: string }) {
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

/** One open flag as the moderation queue shows it: the review, who wrote it about whom, and who flagged it. */
/** Open flags, oldest first (the queue's order), searched by review, salesperson, reason or flagger. */
export async function openFlags(ctx: Authed, input: OpenFlagsQuery): Promise<ListPage<OpenFlag>> {
  const { page, pageSize, offset } = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const matches = pattern
    ? ctx.sql`and (r.comment ilike ${pattern} or f.reason ilike ${pattern} or s.name ilike ${pattern}
                   or fu.email::text ilike ${pattern})`
    : ctx.sql``;
  const [items, [count]] = await Promise.all([
    ctx.sql<OpenFlag[]>`
      select f.id, f.rating_id as "ratingId", f.reason, f.created_at as "createdAt", r.comment,
             r.overall_rating as "overallRating", r.salesperson_id as "salespersonId", r.created_at as "reviewedAt",
             s.name as "salespersonName", d.name as "dealershipName",
             coalesce(nullif(trim(coalesce(cu.first_name, '') || ' ' || left(coalesce(cu.last_name, ''), 1)), ''),
                      'Verified customer') as "customerName",
             fu.email::text as "flaggedByEmail",
             nullif(trim(coalesce(fu.first_name, '') || ' ' || coalesce(fu.last_name, '')), '') as "flaggedByName",
             fu.role as "flaggedByRole"
        from rating_flags f
        join ratings r on r.id = f.rating_id
        join salespeople s on s.id = r.salesperson_id
        left join dealerships d on d.id = s.dealership_id
        left join users cu on cu.id = r.user_id
        left join users fu on fu.id = f.flagged_by
       where f.status = 'open' ${matches}
       order by f.created_at, f.id
       limit ${pageSize} offset ${offset}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n
        from rating_flags f
        join ratings r on r.id = f.rating_id
        join salespeople s on s.id = r.salesperson_id
        left join users fu on fu.id = f.flagged_by
       where f.status = 'open' ${matches}`,
  ]);
  return { items: [...items], total: count?.n ?? 0, page, pageSize };
}

/**
 * An administrator closes a flag: uphold keeps the review; remove takes it out of public view and out of
 * the salesperson's averages. The flag, the review, the averages and one audit row change together.
 */
export async function resolveFlag(
  ctx: Authed,
  { flagId, decision, note }: { flagId: number; decision: "uphold" | "remove"; note?: string },
) {
  const outcome = await ctx.sql.begin(async (tx) => {
    const [flag] = await tx<
      (Pick<RatingFlagRow, "rating_id" | "reason"> &
        Pick<RatingRow, "salesperson_id"> &
        Pick<SalespersonRow, "dealership_id">)[]
    >`
      select f.rating_id, f.reason, r.salesperson_id, s.dealership_id
        from rating_flags f join ratings r on r.id = f.rating_id join salespeople s on s.id = r.salesperson_id
       where f.id = ${flagId} and f.status = 'open' for update of f`;
    if (!flag) throw appError("NOT_FOUND", "No open flag with that id", "FLAG_NOT_FOUND");
    await lockSalesperson(tx, flag.salesperson_id);
    const status = decision === "remove" ? "removed" : "upheld";
    await tx`update rating_flags set status = ${status}, resolved_by = ${ctx.user.id},
                    resolved_at = now(), resolution_note = ${note ?? null}
              where rating_id = ${flag.rating_id} and status = 'open'`;
    if (decision === "remove") {
      await tx`update ratings set removed_at = now() where id = ${flag.rating_id}`;
      await refreshAggregates(tx, flag.salesperson_id);
    }
    await recordAudit(ctx, tx, {
      action: decision === "remove" ? "rating.remove" : "rating.uphold",
      entityId: flag.rating_id,
      dealershipId: flag.dealership_id,
      reason: note ?? null,
      before: { flagId, flagStatus: "open", flagReason: flag.reason, published: true },
      after: { flagId, flagStatus: status, published: decision !== "remove" },
    });
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
