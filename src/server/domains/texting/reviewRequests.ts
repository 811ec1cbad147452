// A completed visit's request to review, by text as well as by e-mail (appointments/closing.ts), for a buyer who
// confirmed a number and did not text STOP: queued with the e-mail's claim (its transaction), held until quiet hours
// end in the buyer's zone, and claimed by the visit (text_messages_reminder_claim_idx), so it goes once.
import { links } from "../../../shared/links";
import type { Queryable } from "../../db/client";
import { type JobData, type JobQueue, QUEUES } from "../../jobs/queue";
import { sendText, startingAt, type TextingDeps, textableAt } from "./send";

export async function queueReviewRequestText(
  jobs: Pick<JobQueue, "send">,
  tx: Queryable,
  visit: { appointmentId: number; customerId: string },
) {
  const at = await textableAt(tx, visit.customerId, {
    joins: tx`join appointments a on a.id = ${visit.appointmentId} join salespeople s on s.id = a.salesperson_id`,
    fallbackZone: tx`s.time_zone`,
  });
  if (!at) return;
  await jobs.send(
    QUEUES.textReviewRequest,
    { appointmentId: visit.appointmentId },
    { within: tx, ...startingAt(at) },
  );
}

export async function sendReviewRequestText(
  deps: TextingDeps & { appUrl: string },
  data: JobData["text-review-request"],
) {
  const [visit] = await deps.sql<{ customer_id: string; salesperson_id: number; salesperson_name: string }[]>`
    select a.customer_id, a.salesperson_id, s.name as salesperson_name
      from appointments a join salespeople s on s.id = a.salesperson_id
     where a.id = ${data.appointmentId} and a.customer_id is not null
       and not exists (select from ratings r where r.appointment_id = a.id)`;
  if (!visit) return;
  await sendText(deps, {
    userId: visit.customer_id,
    purpose: "review_request",
    appointmentId: data.appointmentId,
    body: `KnowBefore: how was your visit with ${visit.salesperson_name}? Review it here: ${deps.appUrl}${links.salesperson(visit.salesperson_id, "write-review")}\nSTOP to opt out.`,
  });
}
