// A review of a visit whose no-show the buyer disputes (docs/product/reviews.md): the buyer may write it while
// the dispute is open; it is held ("Visit disputed") and counts nowhere until the dispute is decided. Upheld, it
// is published; rejected, it is withheld ("visit not confirmed") and the buyer is told.
import type { Fragment, Queryable } from "../../db/client";
import { refreshAggregates } from "./aggregates";
import type { ReviewModeration } from "./gamingRules";

export const DISPUTED_HELD_REASON = "visit disputed";
export const NOT_CONFIRMED_REASON = "visit not confirmed";

/**
 * Whether a visit that is not completed may be reviewed because its no-show is under dispute (open or with
 * administrators); the review is then written held.
 */
export async function reviewableWhileDisputed(tx: Queryable, appointmentId: number): Promise<boolean> {
  const [row] = await tx<{ disputed: boolean }[]>`
    select exists (select from visit_disputes d join appointments a on a.id = d.appointment_id
                    where d.appointment_id = ${appointmentId} and a.status = 'no-show'
                      and d.status in ('open', 'escalated')) as disputed`;
  return row?.disputed ?? false;
}

/** The same as a condition on the appointment aliased `alias`, for lists of what the buyer may review. */
export function disputedVisitSql(sql: Queryable, alias: string): Fragment {
  return sql`(${sql(alias)}.status = 'no-show' and exists (
    select from visit_disputes d where d.appointment_id = ${sql(alias)}.id and d.status in ('open', 'escalated')))`;
}

/** How a review of a disputed visit is written: held until the dispute is decided, whatever else it says. */
export const DISPUTED_HOLD: ReviewModeration = {
  moderation_status: "held",
  held_reason: DISPUTED_HELD_REASON,
};

/** A decided dispute settles the review written while it was open (if any) and the salesperson's averages. */
export async function settleDisputedReview(tx: Queryable, appointmentId: number, upheld: boolean) {
  const [settled] = await tx<{ salesperson_id: number }[]>`
    update ratings
       set moderation_status = ${upheld ? "published" : "rejected"},
           held_reason = ${upheld ? null : NOT_CONFIRMED_REASON}, moderated_at = now()
     where appointment_id = ${appointmentId} and moderation_status = 'held' and held_reason = ${DISPUTED_HELD_REASON}
    returning salesperson_id`;
  if (settled) await refreshAggregates(tx, settled.salesperson_id);
}
