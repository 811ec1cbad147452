// Transfer requests: a salesperson asks to move to another dealership (or to go independent); the receiving
// dealership's manager accepts or declines (skipped when going independent); an administrator approves or
// denies. Every decision is a conditional update on the request's status, so a request is decided once, and
// commits together with its audit row, its in-app notifications and its queued e-mails. Approval moves the
// salesperson by their id: ratings, appointments and messages follow them untouched.
import type { z } from "zod";
import type { TransferStatus } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type { SessionUser } from "../../../shared/schemas/auth";
import { PLAN_LIMIT_MESSAGE } from "../../../shared/schemas/manager";
import {
  type AdminTransfer,
  type adminDecisionInput,
  type IncomingTransfer,
  type managerDecisionInput,
  OPEN_TRANSFER_STATUSES,
  type requestTransferInput,
  type TransferList,
  type TransferRequestView,
  type transfersListInput,
} from "../../../shared/schemas/transfers";
import { recordAudit } from "../../audit";
import { recordSecurityEvent } from "../../auth/audit";
import type { Context } from "../../context";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/errors";
import type { DealershipRow, SalespersonRow } from "../../db/rows";
import { appError } from "../../errors";
import { QUEUES } from "../../jobs/queue";
import { likePattern, pageOf } from "../admin/paging";
import { notify } from "../notifications/notify";
import { dealershipAllowance } from "../subscriptions/reads";

type Authed = Context & { user: SessionUser };
type SalespersonCtx = Authed & { salespersonId: number };
type ManagerCtx = Authed & { dealershipId: number };

const OPEN = OPEN_TRANSFER_STATUSES as readonly string[];

/** The columns of a {@link TransferRequestView}, from `transfer_requests t`, `salespeople s`, `dealerships f, d`. */
function viewColumns(sql: Queryable) {
  return sql`
    t.id, t.salesperson_id as "salespersonId", s.name as "salespersonName",
    case when f.id is null then null
         else json_build_object('id', f.id, 'name', f.name, 'city', f.city, 'state', f.state) end as "fromDealership",
    case when d.id is null then null
         else json_build_object('id', d.id, 'name', d.name, 'city', d.city, 'state', d.state) end as "toDealership",
    t.status, t.note, t.decision_reason as "decisionReason", t.manager_decided_at as "managerDecidedAt",
    t.admin_decided_at as "adminDecidedAt", t.created_at as "createdAt", t.updated_at as "updatedAt"`;
}

function viewFrom(sql: Queryable) {
  return sql`
    transfer_requests t
    join salespeople s on s.id = t.salesperson_id
    left join dealerships f on f.id = t.from_dealership_id
    left join dealerships d on d.id = t.to_dealership_id`;
}

async function transferView(sql: Queryable, id: number): Promise<TransferRequestView> {
  const [row] = await sql<TransferRequestView[]>`
    select ${viewColumns(sql)} from ${viewFrom(sql)} where t.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Transfer request not found", "TRANSFER_NOT_FOUND");
  return row;
}

function notFound() {
  return appError("NOT_FOUND", "Transfer request not found", "TRANSFER_NOT_FOUND");
}

function alreadyDecided() {
  return appError("CONFLICT", "This transfer request has already been decided.", "TRANSFER_ALREADY_DECIDED");
}

// The salesperson ---------------------------------------------------------------------------------------

export async function requestTransfer(
  ctx: SalespersonCtx,
  input: z.output<typeof requestTransferInput>,
): Promise<TransferRequestView> {
  let id: number;
  try {
    id = await ctx.sql.begin(async (tx) => {
      // Locked: two requests of one salesperson at the same moment are taken one after the other.
      const [me] = await tx<Pick<SalespersonRow, "id" | "name" | "dealership_id">[]>`
        select id, name, dealership_id from salespeople where id = ${ctx.salespersonId} for update`;
      if (!me) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
      if (input.toDealershipId === me.dealership_id) {
        throw appError(
          "BAD_REQUEST",
          me.dealership_id === null
            ? "You already work independently. Choose a dealership to join."
            : "You already work at this dealership. Choose another one.",
          "SAME_DEALERSHIP",
        );
      }
      let target: Pick<DealershipRow, "id" | "name" | "manager_id"> | undefined;
      if (input.toDealershipId !== null) {
        [target] = await tx<Pick<DealershipRow, "id" | "name" | "manager_id">[]>`
          select id, name, manager_id from dealerships where id = ${input.toDealershipId}`;
        if (!target) throw appError("NOT_FOUND", "Dealership not found", "DEALERSHIP_NOT_FOUND");
      }
      const [open] = await tx`
        select 1 as found from transfer_requests
         where salesperson_id = ${me.id} and status in ${tx(OPEN)}`;
      if (open) throw openRequestConflict();

      const status: TransferStatus = target ? "awaiting_manager" : "awaiting_admin";
      const [row] = await tx<{ id: number }[]>`
        insert into transfer_requests (salesperson_id, from_dealership_id, to_dealership_id, status, note)
        values (${me.id}, ${me.dealership_id}, ${target?.id ?? null}, ${status}, ${input.note})
        returning id`;
      if (target) {
        if (target.manager_id) {
          await notify(tx, {
            to: { userId: target.manager_id },
            type: "transfer_request",
            title: "New transfer request",
            body: `${me.name} asks to join ${target.name}.`,
            link: links.managerDashboard(),
          });
        }
        await ctx.jobs.send(
          QUEUES.transferNotice,
          { transferId: row!.id, event: "requested" },
          { within: tx },
        );
      }
      return row!.id;
    });
  } catch (error) {
    // The partial unique index has the last word: one open request per salesperson.
    if (pgErrorCode(error) === PG.uniqueViolation) throw openRequestConflict();
    throw error;
  }
  return transferView(ctx.sql, id);
}

function openRequestConflict() {
  return appError(
    "CONFLICT",
    "You already have an open transfer request. Withdraw it before making a new one.",
    "TRANSFER_ALREADY_OPEN",
  );
}

export async function withdrawTransfer(ctx: SalespersonCtx, id: number): Promise<TransferRequestView> {
  const [row] = await ctx.sql<{ id: number }[]>`
    update transfer_requests set status = 'withdrawn', updated_at = now()
     where id = ${id} and salesperson_id = ${ctx.salespersonId} and status in ${ctx.sql(OPEN)}
    returning id`;
  if (!row) {
    // Someone else's request answers as a missing one does: the answer never tells which ids exist.
    const [mine] = await ctx.sql`
      select 1 as found from transfer_requests where id = ${id} and salesperson_id = ${ctx.salespersonId}`;
    if (!mine) throw notFound();
    throw appError(
      "CONFLICT",
      "This transfer request is no longer open and can't be withdrawn.",
      "TRANSFER_ALREADY_DECIDED",
    );
  }
  return transferView(ctx.sql, id);
}

/** The salesperson's own requests, newest first. */
export async function myTransfers(ctx: SalespersonCtx): Promise<TransferRequestView[]> {
  return ctx.sql<TransferRequestView[]>`
    select ${viewColumns(ctx.sql)} from ${viewFrom(ctx.sql)}
     where t.salesperson_id = ${ctx.salespersonId}
     order by t.created_at desc, t.id desc
     limit 50`;
}

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
    const [row] = await tx<{ id: number; salesperson_id: number; to_name: string }[]>`
      update transfer_requests
         set status = ${next}, manager_decided_by = ${ctx.user.id}, manager_decided_at = now(),
             decision_reason = ${accept ? null : input.reason}, updated_at = now()
       where id = ${input.id} and to_dealership_id = ${ctx.dealershipId} and status = 'awaiting_manager'
      returning id, salesperson_id, (select name from dealerships where id = to_dealership_id) as to_name`;
    if (!row) return null;
    await recordAudit(ctx, tx, {
      action: accept ? "transfer.accept" : "transfer.decline",
      entityType: "transfer",
      entityId: row.id,
      dealershipId: ctx.dealershipId,
      reason: input.reason,
      before: { status: "awaiting_manager" },
      after: { status: next },
    });
    await notify(tx, {
      to: { salespersonId: row.salesperson_id },
      type: accept ? "transfer_accepted" : "transfer_declined",
      title: accept ? "Transfer request accepted" : "Transfer request declined",
      body: accept
        ? `${row.to_name} accepted your request. An administrator makes the final decision.`
        : `${row.to_name} declined your request: ${input.reason}`,
      link: links.salespersonDashboard({ tab: "profile" }),
    });
    await ctx.jobs.send(
      QUEUES.transferNotice,
      { transferId: row.id, event: accept ? "accepted" : "declined" },
      { within: tx },
    );
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

// Administrators --------------------------------------------------------------------------------------------

export async function listTransfers(
  ctx: Authed,
  input: z.output<typeof transfersListInput>,
): Promise<TransferList> {
  const { page, pageSize, offset } = pageOf(input);
  const pattern = likePattern(input?.search);
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
      }[]
    >`
      update transfer_requests
         set status = ${next}, admin_decided_by = ${ctx.user.id}, admin_decided_at = now(),
             decision_reason = ${input.reason}, updated_at = now()
       where id = ${input.id} and status = 'awaiting_admin'
      returning id, salesperson_id, from_dealership_id, to_dealership_id`;
    if (!request) return null;

    // Lock order wherever a salesperson joins or leaves a dealership: the dealership row, then the
    // salesperson's (as the manager's add and an accepted invitation take them), so none waits on another.
    const [target] = request.to_dealership_id
      ? await tx<Pick<DealershipRow, "id" | "name" | "city" | "state" | "time_zone" | "manager_id">[]>`
          select id, name, city, state, time_zone, manager_id from dealerships
           where id = ${request.to_dealership_id} for update`
      : [];
    const [person] = await tx<(Pick<SalespersonRow, "id" | "name"> & Placement)[]>`
      select id, name, dealership_id, payment_model, verified_at, city::text as city, state, time_zone
        from salespeople where id = ${request.salesperson_id} for update`;
    if (!person) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
    const leaving = person.dealership_id;
    const [source] = leaving
      ? await tx<Pick<DealershipRow, "id" | "name" | "manager_id">[]>`
          select id, name, manager_id from dealerships where id = ${leaving}`
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
      entityType: "transfer",
      entityId: request.id,
      dealershipId: request.to_dealership_id ?? leaving ?? request.from_dealership_id,
      reason: input.reason,
      before,
      after,
    });

    const destination = target ? target.name : "independent work";
    const why = input.reason ? ` Reason: ${input.reason}` : "";
    await notify(tx, {
      to: { salespersonId: person.id },
      type: approve ? "transfer_approved" : "transfer_denied",
      title: approve ? "Transfer approved" : "Transfer request denied",
      body: approve
        ? `You moved to ${destination}. Your reviews and history came with you.${why}`
        : `Your request to move to ${destination} was denied.${why}`,
      link: links.salespersonDashboard({ tab: "profile" }),
    });
    const managers = new Map<string, { title: string; body: string }>();
    if (target?.manager_id) {
      managers.set(target.manager_id, {
        title: approve ? "A salesperson joined your team" : "Transfer request denied",
        body: approve
          ? `${person.name} moved to ${target.name}. Confirm them on your team.`
          : `The transfer of ${person.name} to ${target.name} was denied.${why}`,
      });
    }
    if (approve && source?.manager_id && source.id !== target?.id && !managers.has(source.manager_id)) {
      managers.set(source.manager_id, {
        title: "A salesperson left your team",
        body: `${person.name} moved from ${source.name} to ${destination}.`,
      });
    }
    for (const [userId, notice] of managers) {
      await notify(tx, {
        to: { userId },
        type: approve ? "transfer_approved" : "transfer_denied",
        title: notice.title,
        body: notice.body,
        link: links.managerDashboard(),
      });
    }
    await ctx.jobs.send(
      QUEUES.transferNotice,
      { transferId: request.id, event: approve ? "approved" : "denied" },
      { within: tx },
    );
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
