// A review of a visit whose no-show the buyer disputes (docs/product/reviews.md): the buyer may write it while
// the dispute is open; it is held ("Visit disputed") and counts nowhere until the dispute is decided. The gaming
// rules' own verdict (published, or held for contact details or a burst of new accounts) is kept beside it. Upheld,
// that verdict applies, as it would have to a review of an attended visit; rejected, it is withheld ("visit not
// confirmed") and the buyer is told. Taken to administrators after a rejection, it is held again.
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

/**
 * How a review of a disputed visit is written: held until the dispute is decided, whatever else it says, with
 * the rules' verdict (`ruled`) kept for when the dispute is upheld.
 */
export function disputedHold(
  ruled: ReviewModeration,
): ReviewModeration & { rules_held_reason: string | null } {
  return {
    moderation_status: "held",
    held_reason: DISPUTED_HELD_REASON,
    rules_held_reason: ruled.moderation_status === "held" ? ruled.held_reason : null,
  };
}

/**
 * A decided dispute settles the review written while it was open (if any) and the salesperson's averages:
 * upheld, the gaming rules' verdict applies (published, or held for an administrator with the rules' reason);
 * rejected, it is withheld. Answers the review when one was published (its salesperson hears of it).
 */
export async function settleDisputedReview(
  tx: Queryable,
  appointmentId: number,
  upheld: boolean,
): Promise<{ id: number; salesperson_id: number; published: boolean } | null> {
  const [settled] = await tx<{ id: number; salesperson_id: number; published: boolean }[]>`
    update ratings
       set moderation_status = case when ${upheld} and rules_held_reason is null then 'published'
                                    when ${upheld} then 'held' else 'rejected' end,
           held_reason = case when ${upheld} then rules_held_reason else ${NOT_CONFIRMED_REASON} end,
           moderated_at = now()
     where appointment_id = ${appointmentId} and moderation_status = 'held' and held_reason = ${DISPUTED_HELD_REASON}
    returning id, salesperson_id, moderation_status = 'published' as published`;
  if (settled) await refreshAggregates(tx, settled.salesperson_id);
  return settled ?? null;
}

/** The buyer took the manager's rejection to administrators: the withheld review waits for their verdict again. */
export async function reopenDisputedReview(tx: Queryable, appointmentId: number) {
  await tx`
    update ratings set moderation_status = 'held', held_reason = ${DISPUTED_HELD_REASON}, moderated_at = null
     where appointment_id = ${appointmentId} and moderation_status = 'rejected'
       and held_reason = ${NOT_CONFIRMED_REASON} and removed_at is null`;
}
