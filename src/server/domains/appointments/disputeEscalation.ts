// How a no-show dispute reaches administrators after the dealership had it: the buyer's appeal of a manager's
// rejection ("Ask KnowBefore to review", within DISPUTE_APPEAL_DAYS, once) and the escalation of disputes a
// manager left open DISPUTE_ESCALATION_DAYS. Opening and deciding disputes is in disputes.ts.
import type { z } from "zod";
import type { VisitDisputeEscalation } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type { escalateDisputeInput, VisitRecord } from "../../../shared/schemas/visits";
import { DISPUTE_APPEAL_DAYS, DISPUTE_ESCALATION_DAYS } from "../../../shared/visits";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Sql } from "../../db/client";
import { type JobQueue, QUEUES } from "../../jobs/queue";
import type { Authed } from "../../serviceContext";
import { notify } from "../notifications/notify";
import { reopenDisputedReview } from "../reviews/disputedReview";
import { disputeMissing, tellAdministrators } from "./disputes";
import { appointmentNotFound } from "./views";
import { appealUntilSql, loadVisitRecord } from "./visitRecord";

/**
 * The buyer asks KnowBefore to review the manager's rejection of their dispute ("Ask KnowBefore to review"),
 * within DISPUTE_APPEAL_DAYS of it, once: the dispute goes back to administrators with the buyer's optional note,
 * the manager's note is kept beside it, and a review written meanwhile is held again until administrators decide.
 * A verdict of administrators is final and cannot be taken further.
 */
export async function escalateDispute(
  ctx: Authed,
  input: z.output<typeof escalateDisputeInput>,
): Promise<VisitRecord> {
  await ctx.sql.begin(async (tx) => {
    const [row] = await tx<
      {
        dispute_id: number | null;
        status: string | null;
        escalation_reason: VisitDisputeEscalation | null;
        appeal_until: Date | null;
        dealership_id: number | null;
        salesperson_name: string;
      }[]
    >`
      select d.id as dispute_id, d.status, d.escalation_reason, ${appealUntilSql(tx, "d")} as appeal_until,
             d.dealership_id, s.name as salesperson_name
        from appointments a join salespeople s on s.id = a.salesperson_id
        left join visit_disputes d on d.appointment_id = a.id
       where a.id = ${input.id} and a.customer_id = ${ctx.user.id}
         for update of a`;
    if (!row) throw await appointmentNotFound(ctx, input.id, "escalation of the dispute of", tx);
    if (row.dispute_id === null) throw disputeMissing();
    if (row.status !== "rejected")
      throw appError(
        "CONFLICT",
        "Only a dispute the dealership rejected can be taken to KnowBefore.",
        "DISPUTE_NOT_REJECTED",
      );
    if (row.escalation_reason !== null)
      throw appError(
        "CONFLICT",
        "KnowBefore's administrators decided this dispute; their decision is final.",
        "DISPUTE_DECISION_FINAL",
      );
    if (!row.appeal_until)
      throw appError(
        "UNPROCESSABLE_CONTENT",
        `A rejection can be taken to KnowBefore within ${DISPUTE_APPEAL_DAYS} days of it.`,
        "APPEAL_WINDOW_CLOSED",
      );
    const [escalated] = await tx<{ id: number; appointment_id: number }[]>`
      update visit_disputes
         set status = 'escalated', escalated_at = now(), escalation_reason = 'appeal', appeal_note = ${input.note ?? null},
             manager_note = resolution_note, resolution_note = null, resolved_at = null, resolved_by = null
       where id = ${row.dispute_id} and status = 'rejected' and escalation_reason is null
      returning id, appointment_id`;
    if (!escalated)
      throw appError("CONFLICT", "This dispute changed meanwhile; reload it.", "DISPUTE_DECIDED");
    await reopenDisputedReview(tx, escalated.appointment_id);
    await recordAudit(ctx, tx, {
      action: "visit_dispute.appeal",
      entityId: escalated.id,
      dealershipId: row.dealership_id,
      reason: input.note ?? null,
      before: { status: "rejected" },
      after: { status: "escalated", escalationReason: "appeal" },
    });
    const body = `A buyer asks KnowBefore to review the rejection of their dispute of a no-show with ${row.salesperson_name}.`;
    await tellAdministrators(tx, { title: "Dispute rejection to review", body });
    if (row.dealership_id !== null)
      await notify(tx, {
        to: { managerOf: row.dealership_id },
        type: "visit_dispute",
        title: "Dispute taken to KnowBefore",
        body: `${body} KnowBefore's administrators decide it; their decision is final.`,
        link: links.managerDashboard({ tab: "disputes" }),
      });
    await ctx.jobs.send(QUEUES.disputeNotice, { disputeId: escalated.id, event: "appealed" }, { within: tx });
  });
  return loadVisitRecord(ctx.sql, input.id);
}

/**
 * Hands disputes their manager left open DISPUTE_ESCALATION_DAYS to administrators, in one statement: the status
 * condition is the claim, so two instances escalate each dispute once. Answers the escalated ids.
 */
export async function escalateOverdueDisputes(deps: { sql: Sql; jobs: JobQueue }): Promise<number[]> {
  return deps.sql.begin(async (sql) => {
    const rows = await sql<{ id: number }[]>`
    with overdue as (
      update visit_disputes set status = 'escalated', escalated_at = now(), escalation_reason = 'overdue'
       where status = 'open' and opened_at < now() - make_interval(days => ${DISPUTE_ESCALATION_DAYS})
      returning id),
    told as (
      insert into notifications (user_id, type, title, body, link)
      select u.id, 'visit_dispute', 'Visit dispute escalated',
             ${`A buyer's dispute of a no-show waited ${DISPUTE_ESCALATION_DAYS} days for the dealership's manager.`},
             ${links.adminDashboard({ tab: "disputes" })}
        from users u where u.role = 'admin' and u.disabled_at is null and exists (select from overdue))
    select id from overdue order by id`;
    for (const row of rows)
      await deps.jobs.send(QUEUES.disputeNotice, { disputeId: row.id, event: "escalated" }, { within: sql });
    return rows.map((row) => row.id);
  });
}
