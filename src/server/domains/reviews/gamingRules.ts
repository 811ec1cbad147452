// The rules that keep reviews honest (docs/product/reviews.md#gaming-rules), checked when a review is written,
// inside its transaction (after lockSalesperson, so two reviews of one salesperson are counted one after the
// other): staff never review their own dealership, a buyer reviews a salesperson once per cooldown, and a
// burst from new accounts or a review carrying contact details waits for an administrator. (A second review
// of the same visit is left to the one-review-per-visit constraint, which answers it in its own words.)
import {
  contactDetailIn,
  nextReviewAllowed,
  REVIEW_BURST,
  REVIEW_COOLDOWN_DAYS,
} from "../../../shared/reviews";
import type { SessionUser } from "../../../shared/schemas/auth";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { RatingRow } from "../../db/rows";

/** What the rules decide for a review about to be stored: published, or held with the reason. */
export type ReviewModeration = Pick<RatingRow, "moderation_status" | "held_reason">;

type ReviewTexts = {
  comment?: string | null;
  helpfulnessComment?: string | null;
  pressureComment?: string | null;
  communicationComment?: string | null;
};

const PUBLISHED: ReviewModeration = { moderation_status: "published", held_reason: null };

function utcDay(at: Date): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(at);
}

/** A review whose text carries contact details is held: reviews are not a way around the platform's messages. */
export function contactDetailHold(texts: ReviewTexts): ReviewModeration | null {
  const found = contactDetailIn(
    texts.comment,
    texts.helpfulnessComment,
    texts.pressureComment,
    texts.communicationComment,
  );
  return found
    ? { moderation_status: "held", held_reason: `The review contains contact details (${found}).` }
    : null;
}

/**
 * Refuses a review its writer may not write (staff of the salesperson's dealership; a second review of the
 * salesperson inside the cooldown) and decides whether it is published or held.
 */
export async function gamingRules(
  tx: Queryable,
  user: Pick<SessionUser, "id">,
  review: ReviewTexts & { salespersonId: number; appointmentId: number },
): Promise<ReviewModeration> {
  const [facts] = await tx<
    { staff: boolean; last_review_at: Date | null; new_account: boolean; burst: number }[]
  >`
    select exists (
             select 1 from salespeople s
              where s.id = ${review.salespersonId}
                and (s.user_id = ${user.id}
                     or exists (select 1 from dealership_members m
                                 where m.user_id = ${user.id} and m.dealership_id = s.dealership_id)
                     or exists (select 1 from salespeople colleague
                                 where colleague.user_id = ${user.id} and colleague.dealership_id = s.dealership_id))
           ) as staff,
           (select max(r.created_at) from ratings r
             where r.user_id = ${user.id} and r.salesperson_id = ${review.salespersonId}
               and r.appointment_id is distinct from ${review.appointmentId}
               and r.created_at > now() - make_interval(days => ${REVIEW_COOLDOWN_DAYS})) as last_review_at,
           (select u.created_at > now() - make_interval(days => ${REVIEW_BURST.newAccountDays})
              from users u where u.id = ${user.id}) as new_account,
           (select count(*)::int from ratings r join users u on u.id = r.user_id
             where r.salesperson_id = ${review.salespersonId}
               and r.created_at > now() - make_interval(hours => ${REVIEW_BURST.hours})
               and u.created_at > now() - make_interval(days => ${REVIEW_BURST.newAccountDays})) as burst`;
  if (facts!.staff) {
    throw appError(
      "FORBIDDEN",
      "People who work at a dealership cannot review anyone at it.",
      "STAFF_CANNOT_REVIEW",
    );
  }
  if (facts!.last_review_at) {
    throw appError(
      "CONFLICT",
      `You reviewed this salesperson on ${utcDay(facts!.last_review_at)}. You may review them again from ${utcDay(nextReviewAllowed(facts!.last_review_at))}.`,
      "REVIEW_COOLDOWN",
    );
  }
  const contact = contactDetailHold(review);
  if (contact) return contact;
  if (facts!.new_account && facts!.burst >= REVIEW_BURST.reviews) {
    return {
      moderation_status: "held",
      held_reason: `${facts!.burst} reviews of this salesperson from accounts younger than ${REVIEW_BURST.newAccountDays} days arrived within ${REVIEW_BURST.hours} hours.`,
    };
  }
  return PUBLISHED;
}
