// A completed visit's request to review, by text as well as by e-mail (appointments/closing.ts), for a buyer who
// confirmed a number and did not text STOP: queued with the e-mail's claim (its transaction), held until quiet hours
// end in the buyer's zone, and claimed by the visit (text_messages_reminder_claim_idx), so it goes once.
import { links } from "../../../shared/links";
import { afterQuietHours } from "../../../shared/texting";
import type { Queryable } from "../../db/client";
import { type JobData, type JobQueue, QUEUES } from "../../jobs/queue";
import { sendText, type TextingDeps } from "./send";

export async function queueReviewRequestText(
  jobs: Pick<JobQueue, "send">,
  tx: Queryable,
  visit: { appointmentId: number; customerId: string },
) {
  const [consent] = await tx<{ time_zone: string }[]>`
    select coalesce(c.time_zone, s.time_zone) as time_zone
      from text_consents c
      join appointments a on a.id = ${visit.appointmentId}
      join salespeople s on s.id = a.salesperson_id
     where c.user_id = ${visit.customerId} and c.confirmed_at is not null and c.stopped_at is null`;
  if (!consent) return;
  const at = afterQuietHours(new Date(), consent.time_zone);
  await jobs.send(
    QUEUES.textReviewRequest,
    { appointmentId: visit.appointmentId },
    { within: tx, ...(at > new Date() ? { startAfter: at } : {}) },
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
