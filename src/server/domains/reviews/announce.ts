// What a review's publication tells, whether it was published as it was written or released by an administrator
// later: the salesperson's bell, and their dealership's leads (notifications/alerts.ts), urgently for a low one.
import { links } from "../../../shared/links";
import { LOW_REVIEW_STARS } from "../../../shared/reviews";
import type { Queryable } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { alertLeads } from "../notifications/alerts";
import { notify } from "../notifications/notify";

/**
 * In the publishing transaction `tx`: the salesperson hears of their new review; their dealership's leads see it
 * on their bell, and one of LOW_REVIEW_STARS stars or fewer is also e-mailed to them at once. An independent
 * salesperson has no leads.
 */
export async function announcePublishedReview(
  tx: Queryable,
  jobs: Pick<JobQueue, "send">,
  review: { salespersonId: number; stars: number },
) {
  const stars = `${review.stars}-star`;
  await notify(tx, {
    to: { salespersonId: review.salespersonId },
    type: "new_review",
    title: "New review",
    body: `You received a ${stars} review.`,
    link: links.salesperson(review.salespersonId, "reviews"),
  });
  const [person] = await tx<{ name: string; dealershipId: number | null }[]>`
    select name, dealership_id as "dealershipId" from salespeople where id = ${review.salespersonId}`;
  if (person?.dealershipId == null) return;
  const low = review.stars <= LOW_REVIEW_STARS;
  await alertLeads(tx, jobs, {
    dealershipId: person.dealershipId,
    type: low ? "low_review" : "team_review",
    title: low ? `${stars} review of ${person.name}` : `New review of ${person.name}`,
    body: `${person.name} received a ${stars} review.`,
    link: links.salesperson(review.salespersonId, "reviews"),
    mail: low
      ? {
          subject: `A ${stars} review of ${person.name} was just published`,
          text: `${person.name} received a ${stars} review. Read it, and reply where there is something to put right:`,
        }
      : null,
  });
}
