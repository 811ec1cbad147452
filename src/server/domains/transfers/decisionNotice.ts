// What every decision on a transfer request tells the salesperson: a notice on their bell that leads to their
// profile, and the e-mail queued on the same transaction, so both go exactly when the decision commits.
import type postgres from "postgres";
import { links } from "../../../shared/links";
import type { NoticeType } from "../../../shared/notificationKinds";
import { type JobData, QUEUES } from "../../jobs/queue";
import type { Authed } from "../../serviceContext";
import { notify } from "../notifications/notify";

export type Decision = Exclude<JobData["transfer-notice"]["event"], "requested">;

/** The notice's kind is `transfer_<decision>`, the same for the salesperson and the managers told of it. */
export function decisionType(event: Decision) {
  return `transfer_${event}` satisfies NoticeType;
}

export async function tellSalesperson(
  ctx: Authed,
  tx: postgres.TransactionSql,
  decision: { transferId: number; salespersonId: number; event: Decision; title: string; body: string },
) {
  await notify(tx, {
    to: { salespersonId: decision.salespersonId },
    type: decisionType(decision.event),
    title: decision.title,
    body: decision.body,
    link: links.salespersonDashboard({ tab: "profile" }),
  });
  await ctx.jobs.send(
    QUEUES.transferNotice,
    { transferId: decision.transferId, event: decision.event },
    { within: tx },
  );
}
