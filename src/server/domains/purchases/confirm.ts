// A purchase becoming confirmed, whoever confirms it (the dealership's manager, an administrator, the
// dealership's CRM): the buyer's reviews of the salesperson become "Verified purchase" and the salesperson's
// count for browse follows, in the caller's transaction.
import { links } from "../../../shared/links";
import type { Queryable } from "../../db/client";
import { type JobQueue, QUEUES } from "../../jobs/queue";
import { notify } from "../notifications/notify";
import { refreshAggregates } from "../reviews/aggregates";
import { linkPurchaseToReviews } from "../reviews/verification";

/** Call after lockSalesperson, once the claim row says 'confirmed'. */
export async function afterPurchaseConfirmed(
  tx: Queryable,
  claim: { customerId: string | null; salespersonId: number },
): Promise<void> {
  if (!claim.customerId) return;
  await linkPurchaseToReviews(tx, { customerId: claim.customerId, salespersonId: claim.salespersonId });
  await refreshAggregates(tx, claim.salespersonId);
}

/**
 * Tells the buyer their purchase is verified (an in-app notice and the e-mail of notices.ts, queued in the
 * caller's transaction so both go exactly when the confirmation commits), whoever confirmed it.
 */
export async function tellBuyerPurchaseConfirmed(
  tx: Queryable,
  jobs: JobQueue,
  claim: { id: number; customerId: string | null; salespersonName: string },
): Promise<void> {
  if (!claim.customerId) return;
  await notify(tx, {
    to: { userId: claim.customerId },
    type: "purchase_confirmed",
    title: "Purchase verified",
    body: `Your purchase from ${claim.salespersonName} is verified: your reviews of them show "Verified purchase".`,
    link: links.customerDashboard({ tab: "ratings" }),
  });
  await jobs.send(QUEUES.purchaseClaimNotice, { claimId: claim.id }, { within: tx });
}
