// The receiving dealership's manager: the requests to join it, accepted or declined once.
import type { z } from "zod";
import type { TransferStatus } from "../../../shared/constants";
import type {
  IncomingTransfer,
  managerDecisionInput,
  TransferRequestView,
} from "../../../shared/schemas/transfers";
import { refuseOwnDecision } from "../../access";
import { recordAudit } from "../../auditTrail";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { tellSalesperson } from "./decisionNotice";
import { alreadyDecided, type ManagerCtx, notFound, transferView, viewColumns, viewFrom } from "./views";

// The receiving dealership's manager ------------------------------------------------------------------------

/** Requests to join the manager's dealership that wait for them, oldest first. */
export async function incomingTransfers(ctx: ManagerCtx): Promise<IncomingTransfer[]> {
  return ctx.sql<IncomingTransfer[]>`
    select ${viewColumns(ctx.sql)}, s.email::text as "salespersonEmail", s.profile_image_url as "profileImageUrl",
           s.years_of_experience as "yearsOfExperience", s.average_rating::float8 as "averageRating",
           s.total_reviews as "totalReviews", s.specialties
      from ${viewFrom(ctx.sql)}
     where t.to_dealership_id = ${ctx.dealershipId} and t.status = 'awaiting_manager'
     order by t.created_at, t.id`;
}

export async function managerDecide(
  ctx: ManagerCtx,
  input: z.output<typeof managerDecisionInput>,
): Promise<TransferRequestView> {
  const accept = input.decision === "accept";
  const next: TransferStatus = accept ? "awaiting_admin" : "declined";
  const decided = await ctx.sql.begin(async (tx) => {
    const [row] = await tx<
      { id: number; salesperson_id: number; owner_id: string | null; to_name: string }[]
    >`
      update transfer_requests
         set status = ${next}, manager_decided_by = ${ctx.user.id}, manager_decided_at = now(),
             decision_reason = ${accept ? null : input.reason}, updated_at = now()
       where id = ${input.id} and to_dealership_id = ${ctx.dealershipId} and status = 'awaiting_manager'
      returning id, salesperson_id, (select user_id from salespeople where id = salesperson_id) as owner_id,
                (select name from dealerships where id = to_dealership_id) as to_name`;
    if (!row) return null;
    // Their own request to join their own dealership is not theirs to accept (the update rolls back).
    refuseOwnDecision(ctx.user, { id: row.salesperson_id, userId: row.owner_id });
    await recordAudit(ctx, tx, {
      action: accept ? "transfer.accept" : "transfer.decline",
      entityId: row.id,
      dealershipId: ctx.dealershipId,
      reason: input.reason,
      before: { status: "awaiting_manager" },
      after: { status: next },
    });
    await tellSalesperson(ctx, tx, {
      transferId: row.id,
      salespersonId: row.salesperson_id,
      event: accept ? "accepted" : "declined",
      title: accept ? "Transfer request accepted" : "Transfer request declined",
      body: accept
        ? `${row.to_name} accepted your request. An administrator makes the final decision.`
        : `${row.to_name} declined your request: ${input.reason}`,
    });
    return row;
  });
  if (!decided) {
    // A request to another dealership answers as a missing one does (the answer never tells which ids
    // exist); the attempt is still recorded.
    const [found] = await ctx.sql<{ ours: boolean }[]>`
      select (to_dealership_id is not distinct from ${ctx.dealershipId}) as ours
        from transfer_requests where id = ${input.id}`;
    if (!found?.ours) {
      if (found) {
        await recordSecurityEvent(ctx, {
          eventType: "authorization_denied",
          riskLevel: "medium",
          details: `manager decision on transfer request ${input.id} of another dealership`,
        });
      }
      throw notFound();
    }
    throw alreadyDecided();
  }
  return transferView(ctx.sql, decided.id);
}
