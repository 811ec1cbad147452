// A purchase becoming confirmed, whoever confirms it (the dealership's manager, an administrator, the
// dealership's CRM): the buyer's reviews of the salesperson become "Verified purchase" and the salesperson's
// count for browse follows, in the caller's transaction.
import type { Queryable } from "../../db/client";
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
