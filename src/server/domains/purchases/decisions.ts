// Deciding purchase claims: the manager of the dealership the salesperson was at when the buyer claimed (an
// administrator for an independent salesperson) confirms or declines each pending claim once. A confirmation
// makes the buyer's reviews "Verified purchase"; a decline carries a reason the buyer is told. Nobody decides
// the claims about their own profile (access.ts refuseOwnDecision): an administrator decides those.
import type { z } from "zod";
import { links } from "../../../shared/links";
import type {
  decidePurchaseInput,
  PurchaseClaim,
  purchaseClaimsInput,
} from "../../../shared/schemas/purchases";
import { type Caller, dealershipStaffSql, isAdmin, ownProfileSql, refuseOwnDecision } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Queryable } from "../../db/client";
import { QUEUES } from "../../jobs/queue";
import type { Context } from "../../serviceContext";
import { notify } from "../notifications/notify";
import { dealershipLeadsSql } from "../notifications/recipients";
import { lockSalesperson } from "../reviews/aggregates";
import { claimColumns } from "./claims";
import { afterPurchaseConfirmed, tellBuyerPurchaseConfirmed } from "./confirm";

type StaffCtx = Context & { user: Caller };

const NOT_FOUND = "Purchase claim not found";

function decidingColumns(sql: Queryable) {
  return sql`${claimColumns(sql)},
    coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), 'Former customer')
      as "buyerName",
    u.email::text as "buyerEmail",
    (select count(*)::int from appointments a
      where a.customer_id = c.customer_id and a.salesperson_id = c.salesperson_id and a.status = 'completed')
      as "completedVisits"`;
}

/**
 * The claims the caller decides, oldest first: a lead's dealership's; an administrator's, those no lead but the
 * salesperson themselves can decide (an independent's, or one whose dealership's only lead is the salesperson).
 * Never those about the caller's own profile.
 */
export function purchaseClaimsToDecide(
  ctx: StaffCtx,
  input: z.output<typeof purchaseClaimsInput>,
): Promise<PurchaseClaim[]> {
  const whose = isAdmin(ctx.user)
    ? ctx.sql`not exists (select from (${dealershipLeadsSql(ctx.sql, ctx.sql`c.dealership_id`)}) l
                        where l.user_id is distinct from s.user_id)`
    : ctx.sql`c.dealership_id = ${ctx.user.managedDealershipId}`;
  const status = input?.status ?? "pending";
  return ctx.sql<PurchaseClaim[]>`
    select ${decidingColumns(ctx.sql)}
      from purchase_claims c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = c.dealership_id
      left join users u on u.id = c.customer_id
     where c.status = ${status} and ${whose} and not ${ownProfileSql(ctx.sql, ctx.user, "s")}
     order by ${status === "pending" ? ctx.sql`c.created_at, c.id` : ctx.sql`c.decided_at desc nulls last, c.id desc`}
     limit 200`;
}

export async function decidePurchaseClaim(
  ctx: StaffCtx,
  input: z.output<typeof decidePurchaseInput>,
): Promise<PurchaseClaim> {
  const confirm = input.decision === "confirm";
  await ctx.sql.begin(async (tx) => {
    // The salesperson first, as a review's submission locks it, so the two never wait on each other.
    const [found] = await tx<{ salespersonId: number; ownerId: string | null }[]>`
      select c.salesperson_id as "salespersonId", s.user_id as "ownerId"
        from purchase_claims c join salespeople s on s.id = c.salesperson_id
       where c.id = ${input.id} and ${dealershipStaffSql(tx, ctx.user, "c.dealership_id")}`;
    if (!found) throw appError("NOT_FOUND", NOT_FOUND, "PURCHASE_CLAIM_NOT_FOUND");
    refuseOwnDecision(ctx.user, { id: found.salespersonId, userId: found.ownerId });
    await lockSalesperson(tx, found.salespersonId);
    const [claim] = await tx<
      {
        customerId: string | null;
        salespersonId: number;
        dealershipId: number | null;
        salespersonName: string;
      }[]
    >`
      update purchase_claims c
         set status = ${confirm ? "confirmed" : "declined"}, decided_by = ${ctx.user.id}, decided_at = now(),
             decline_reason = ${confirm ? null : input.reason}, updated_at = now()
        from salespeople s
       where c.id = ${input.id} and c.status = 'pending' and s.id = c.salesperson_id
      returning c.customer_id as "customerId", c.salesperson_id as "salespersonId",
                c.dealership_id as "dealershipId", s.name as "salespersonName"`;
    if (!claim) {
      throw appError("CONFLICT", "This purchase claim has already been decided", "PURCHASE_CLAIM_DECIDED");
    }
    await recordAudit(ctx, tx, {
      action: confirm ? "purchase_claim.confirm" : "purchase_claim.decline",
      entityId: input.id,
      dealershipId: claim.dealershipId,
      reason: input.reason,
      before: { status: "pending" },
      after: { status: confirm ? "confirmed" : "declined" },
    });
    if (confirm) {
      await afterPurchaseConfirmed(tx, claim);
      await tellBuyerPurchaseConfirmed(tx, ctx.jobs, { id: input.id, ...claim });
    } else if (claim.customerId) {
      await notify(tx, {
        to: { userId: claim.customerId },
        type: "purchase_declined",
        title: "Purchase not confirmed",
        body: `Your purchase claim for ${claim.salespersonName} was declined: ${input.reason}`,
        link: links.customerDashboard({ tab: "ratings" }),
      });
      await ctx.jobs.send(QUEUES.purchaseClaimNotice, { claimId: input.id }, { within: tx });
    }
  });
  if (confirm) ctx.browseCache.clear();
  const [view] = await ctx.sql<PurchaseClaim[]>`
    select ${decidingColumns(ctx.sql)}
      from purchase_claims c join salespeople s on s.id = c.salesperson_id
      left join dealerships d on d.id = c.dealership_id
      left join users u on u.id = c.customer_id
     where c.id = ${input.id}`;
  return view!;
}
