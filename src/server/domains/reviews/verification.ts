// What backs a review, decided in one place: the badge every list of reviews shows, and the link from a review
// to the confirmed purchase that makes it "Verified purchase" (docs/product/reviews.md#badges).
import type { Queryable } from "../../db/client";

/**
 * A review's badge, as SQL on a `ratings` row aliased `r`: 'purchase' when a confirmed purchase of its writer
 * from its salesperson backs it, else 'visit' (every review is written about a completed visit). A new kind of
 * badge is one more `when` here and one more value in REVIEW_VERIFICATIONS.
 */
export const REVIEW_VERIFICATION_SQL = `(case when r.purchase_claim_id is not null then 'purchase' else 'visit' end)`;

/**
 * Links the writer's published reviews of the salesperson that no purchase backs yet to the confirmed claim
 * (`reviewId` narrows it to one review, at submission). Call inside the transaction that confirms the claim or
 * writes the review, before refreshAggregates, which counts them.
 */
export async function linkPurchaseToReviews(
  tx: Queryable,
  link: { customerId: string; salespersonId: number; reviewId?: number },
): Promise<number> {
  const rows = await tx`
    update ratings r set purchase_claim_id = pc.id
      from (select id from purchase_claims
             where customer_id = ${link.customerId} and salesperson_id = ${link.salespersonId}
               and status = 'confirmed'
             order by decided_at desc nulls last, id desc limit 1) pc
     where r.user_id = ${link.customerId} and r.salesperson_id = ${link.salespersonId}
       and r.purchase_claim_id is null and r.removed_at is null
       ${link.reviewId === undefined ? tx`` : tx`and r.id = ${link.reviewId}`}
    returning r.id`;
  return rows.length;
}
