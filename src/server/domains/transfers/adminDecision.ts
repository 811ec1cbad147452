// Administrators: every transfer request, approved or denied once. Approval moves the salesperson by their
// id, so ratings, appointments and messages follow them untouched.
import type { z } from "zod";
import type { TransferStatus } from "../../../shared/constants";
import { links } from "../../../shared/links";
import { PLAN_LIMIT_MESSAGE } from "../../../shared/schemas/manager";
import type {
  AdminTransfer,
  adminDecisionInput,
  TransferList,
  TransferRequestView,
  transfersListInput,
} from "../../../shared/schemas/transfers";
import { refuseOwnDecision } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import { containsPattern, pageWindow } from "../../db/search";
import type { Authed } from "../../serviceContext";
import { dealershipForJoining } from "../invitations/join";
import { notify } from "../notifications/notify";
import { dealershipAllowance } from "../subscriptions/reads";
import { decisionType, tellSalesperson } from "./decisionNotice";
import { alreadyDecided, notFound, OPEN, transferView, viewColumns, viewFrom } from "./views";

// Administrators --------------------------------------------------------------------------------------------

export async function listTransfers(
  ctx: Authed,
  input: z.output<typeof transfersListInput>,
): Promise<TransferList> {
  const { page, pageSize, offset } = pageWindow(input);
  const pattern = containsPattern(input?.search);
  const status = input?.status ?? null;
  const statusMatch =
    status === null
      ? ctx.sql`true`
      : status === "open"
        ? ctx.sql`t.status in ${ctx.sql(OPEN)}`
        : ctx.sql`t.status = ${status}`;
  const where = ctx.sql`
    where ${statusMatch}
      and (${pattern}::text is null or s.name ilike ${pattern} or s.email::text ilike ${pattern}
           or f.name ilike ${pattern} or d.name ilike ${pattern})`;
  const [items, [count], [pending]] = await Promise.all([
    ctx.sql<AdminTransfer[]>`
      select ${viewColumns(ctx.sql)}, s.email::text as "salespersonEmail"
        from ${viewFrom(ctx.sql)} ${where}
       order by (t.status = 'awaiting_admin') desc, t.created_at desc, t.id desc
       limit ${pageSize} offset ${offset}`,
    ctx.sql<{ n: number }[]>`select count(*)::int as n from ${viewFrom(ctx.sql)} ${where}`,
    ctx.sql<{ n: number }[]>`
      select count(*)::int as n from transfer_requests where status = 'awaiting_admin'`,
  ]);
  return { items, total: count?.n ?? 0, page, pageSize, pending: pending?.n ?? 0 };
}

type Placement = Pick<
  SalespersonRow,
  "dealership_id" | "payment_model" | "verified_at" | "city" | "state" | "time_zone"
>;

/**
 * Approves or denies a request waiting for an administrator. The claim is a conditional update on the
 * status, so of two administrators deciding at once exactly one succeeds (the other gets 409). Approval
 * moves the salesperson in the same transaction: to the target dealership (its city and time zone, paid by
 * the dealership, unconfirmed until its manager verifies them) or to independent work.
 */
export async function adminDecide(
  ctx: Authed,
  input: z.output<typeof adminDecisionInput>,
): Promise<TransferRequestView> {
  const approve = input.decision === "approve";
  const next: TransferStatus = approve ? "approved" : "denied";
  const decided = await ctx.sql.begin(async (tx) => {
    const [request] = await tx<
      {
        id: number;
        salesperson_id: number;
        from_dealership_id: number | null;
        to_dealership_id: number | null;
        owner_id: string | null;
      }[]
    >`
      update transfer_requests
         set status = ${next}, admin_decided_by = ${ctx.user.id}, admin_decided_at = now(),
             decision_reason = ${input.reason}, updated_at = now()
       where id = ${input.id} and status = 'awaiting_admin'
      returning id, salesperson_id, from_dealership_id, to_dealership_id,
                (select user_id from salespeople where id = salesperson_id) as owner_id`;
    if (!request) return null;
    // Nobody approves their own move (the update rolls back).
    refuseOwnDecision(ctx.user, { id: request.salesperson_id, userId: request.owner_id });

    // Lock order wherever a salesperson joins or leaves a dealership: the dealership row, then the
    // salesperson's (as the manager's add and an accepted invitation take them), so none waits on another.
    const [target] = request.to_dealership_id ? await dealershipForJoining(tx, request.to_dealership_id) : [];
    const [person] = await tx<(Pick<SalespersonRow, "id" | "name"> & Placement)[]>`
      select id, name, dealership_id, payment_model, verified_at, city::text as city, state, time_zone
        from salespeople where id = ${request.salesperson_id} for update`;
    if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
    const leaving = person.dealership_id;
    const [source] = leaving
      ? await tx<Pick<DealershipRow, "id" | "name">[]>`select id, name from dealerships where id = ${leaving}`
      : [];

    const before = {
      status: "awaiting_admin",
      salesperson: {
        dealershipId: person.dealership_id,
        paymentModel: person.payment_model,
        verifiedAt: person.verified_at,
      },
    };
    let after: Record<string, unknown> = { status: next };

    if (approve) {
      let placement: Placement;
      if (target) {
        // The target's plan limit holds for transfers as for adds (the dealership row is locked above).
        const plan = await dealershipAllowance(tx, target.id);
        const [team] = await tx<{ n: number }[]>`
          select count(*)::int as n from salespeople where dealership_id = ${target.id} and id <> ${person.id}`;
        if (plan.limit !== null && (team?.n ?? 0) >= plan.limit) {
          throw appError(
            "CONFLICT",
            `${PLAN_LIMIT_MESSAGE}: ${target.name} already has ${team?.n ?? 0} salespeople, the most its ${plan.planName} plan allows.`,
            "PLAN_LIMIT_REACHED",
          );
        }
        placement = {
          dealership_id: target.id,
          payment_model: "dealership",
          verified_at: null,
          city: target.city,
          state: target.state,
          time_zone: target.time_zone,
        };
      } else {
        placement = { ...person, dealership_id: null, payment_model: "individual", verified_at: null };
      }
      await tx`
        update salespeople
           set dealership_id = ${placement.dealership_id}, payment_model = ${placement.payment_model},
               verified_at = null, city = ${placement.city}, state = ${placement.state},
               time_zone = ${placement.time_zone}, updated_at = now()
         where id = ${person.id}`;
      after = {
        status: next,
        salesperson: {
          dealershipId: placement.dealership_id,
          paymentModel: placement.payment_model,
          verifiedAt: null,
        },
      };
    }

    await recordAudit(ctx, tx, {
      action: approve ? "transfer.approve" : "transfer.deny",
      entityId: request.id,
      dealershipId: request.to_dealership_id ?? leaving ?? request.from_dealership_id,
      reason: input.reason,
      before,
      after,
    });

    const destination = target ? target.name : "independent work";
    const why = input.reason ? ` Reason: ${input.reason}` : "";
    const event = approve ? "approved" : "denied";
    await tellSalesperson(ctx, tx, {
      transferId: request.id,
      salespersonId: person.id,
      event,
      title: approve ? "Transfer approved" : "Transfer request denied",
      body: approve
        ? `You moved to ${destination}. Your reviews and history came with you.${why}`
        : `Your request to move to ${destination} was denied.${why}`,
    });
    // Each dealership's leads (an account leads one dealership at most, so nobody hears twice).
    const told: { dealershipId: number; title: string; body: string }[] = [];
    if (target)
      told.push({
        dealershipId: target.id,
        title: approve ? "A salesperson joined your team" : "Transfer request denied",
        body: approve
          ? `${person.name} moved to ${target.name}. Confirm them on your team.`
          : `The transfer of ${person.name} to ${target.name} was denied.${why}`,
      });
    if (approve && source && source.id !== target?.id)
      told.push({
        dealershipId: source.id,
        title: "A salesperson left your team",
        body: `${person.name} moved from ${source.name} to ${destination}.`,
      });
    for (const notice of told) {
      await notify(tx, {
        to: { managerOf: notice.dealershipId },
        type: decisionType(event),
        title: notice.title,
        body: notice.body,
        link: links.managerDashboard(),
      });
    }
    return request;
  });

  if (!decided) {
    const [found] = await ctx.sql<{ status: TransferStatus }[]>`
      select status from transfer_requests where id = ${input.id}`;
    if (!found) throw notFound();
    if (found.status === "awaiting_manager") {
      throw appError(
        "CONFLICT",
        "This request is still waiting for the receiving dealership's manager.",
        "TRANSFER_AWAITING_MANAGER",
      );
    }
    throw alreadyDecided();
  }
  if (approve) ctx.browseCache.clear();
  return transferView(ctx.sql, decided.id);
}
