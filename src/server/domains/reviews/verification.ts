// What backs a review, decided in one place: the badge every list of reviews shows, and the link from a review
// to the confirmed purchase that makes it "Verified purchase" (docs/product/reviews.md#badges).
import { VERIFYING_EVIDENCE } from "../../../shared/visits";
import type { Queryable } from "../../db/client";

/** What the reviewed visit rests on (src/shared/visits.ts VISIT_EVIDENCE), as SQL on a `ratings` row aliased `r`. */
export const VISIT_EVIDENCE_SQL = `(select a.visit_evidence from appointments a where a.id = r.appointment_id)`;

/**
 * A review's badge, as SQL on a `ratings` row aliased `r`: 'purchase' when a confirmed purchase of its writer
 * from its salesperson backs it; 'visit' when its visit rests on evidence someone other than the buyer alone
 * gives (VERIFYING_EVIDENCE); else 'unconfirmed'. A new kind of badge is one more `when` here and one more value
 * in REVIEW_VERIFICATIONS.
 */
export const REVIEW_VERIFICATION_SQL = `(case when r.purchase_claim_id is not null then 'purchase'
  when ${VISIT_EVIDENCE_SQL} in (${VERIFYING_EVIDENCE.map((e) => `'${e}'`).join(", ")}) then 'visit'
  else 'unconfirmed' end)`;

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
