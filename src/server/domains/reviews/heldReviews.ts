import type { ListPage } from "../../../shared/schemas/common";
import type { HeldReview, HeldReviewsQuery } from "../../../shared/schemas/reviews";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { RatingRow, SalespersonRow } from "../../db/rows";
import { containsPattern, listPage, pageWindow } from "../../db/search";
import type { Authed } from "../../serviceContext";
import { lockSalesperson, refreshAggregates } from "./aggregates";
import { announcePublishedReview } from "./announce";

/** Held reviews, oldest first, searched by review text, reason or salesperson. */
export async function heldReviews(ctx: Authed, input: HeldReviewsQuery): Promise<ListPage<HeldReview>> {
  const window = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const matches = pattern
    ? ctx.sql`and (r.comment ilike ${pattern} or r.held_reason ilike ${pattern} or s.name ilike ${pattern})`
    : ctx.sql``;
  return listPage(
    window,
    ctx.sql<HeldReview[]>`
      select r.id, r.held_reason as "heldReason", r.created_at as "createdAt", r.overall_rating as "overallRating",
             r.comment, r.helpfulness_comment as "helpfulnessComment", r.pressure_comment as "pressureComment",
             r.communication_comment as "communicationComment",
             r.salesperson_id as "salespersonId", s.name as "salespersonName", d.name as "dealershipName",
             coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || left(coalesce(u.last_name, ''), 1)), ''),
                      'Verified customer') as "customerName",
             u.created_at as "accountCreatedAt"
        from ratings r
        join salespeople s on s.id = r.salesperson_id
        left join dealerships d on d.id = s.dealership_id
        left join users u on u.id = r.user_id
       where r.moderation_status = 'held' and r.removed_at is null ${matches}
       order by r.created_at, r.id
       limit ${window.pageSize} offset ${window.offset}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n from ratings r join salespeople s on s.id = r.salesperson_id
       where r.moderation_status = 'held' and r.removed_at is null ${matches}`,
  );
}

/**
 * An administrator publishes a held review (it joins the profile and the averages, and the salesperson hears of
 * it) or rejects it (it stays on record, visible to its writer as rejected). Audited with the reason.
 */
export async function decideHeldReview(
  ctx: Authed,
  input: { ratingId: number; decision: "publish" | "reject"; note?: string | undefined },
) {
  const status: "published" | "rejected" = input.decision === "publish" ? "published" : "rejected";
  await ctx.sql.begin(async (tx) => {
    const [held] = await tx<
      (Pick<RatingRow, "salesperson_id" | "held_reason" | "overall_rating"> &
        Pick<SalespersonRow, "dealership_id">)[]
    >`
      select r.salesperson_id, r.held_reason, r.overall_rating, s.dealership_id
        from ratings r join salespeople s on s.id = r.salesperson_id
       where r.id = ${input.ratingId} and r.moderation_status = 'held' and r.removed_at is null`;
    if (!held) throw appError("NOT_FOUND", "No held review with that id", "HELD_REVIEW_NOT_FOUND");
    await lockSalesperson(tx, held.salesperson_id);
    const [changed] = await tx`
      update ratings set moderation_status = ${status}, moderated_by = ${ctx.user.id}, moderated_at = now(),
                         updated_at = now()
       where id = ${input.ratingId} and moderation_status = 'held' returning id`;
    // Another administrator decided first, between the read and the lock.
    if (!changed) throw appError("NOT_FOUND", "No held review with that id", "HELD_REVIEW_NOT_FOUND");
    if (status === "published") {
      await refreshAggregates(tx, held.salesperson_id);
      await announcePublishedReview(tx, ctx.jobs, {
        salespersonId: held.salesperson_id,
        stars: held.overall_rating,
      });
    }
    await recordAudit(ctx, tx, {
      action: status === "published" ? "rating.publish" : "rating.reject",
      entityId: input.ratingId,
      dealershipId: held.dealership_id,
      reason: input.note ?? null,
      before: { moderationStatus: "held", heldReason: held.held_reason },
      after: { moderationStatus: status },
    });
  });
  ctx.browseCache.clear();
  return { ratingId: input.ratingId, moderationStatus: status };
}
