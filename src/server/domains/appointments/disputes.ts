// A buyer's "I was there" on a visit marked no-show (docs/product/reviews.md): opened within DISPUTE_WINDOW_DAYS
// of the marking, decided by the salesperson's dealership manager, or by administrators once it waited
// DISPUTE_ESCALATION_DAYS. It goes to administrators at once for an independent salesperson, or when the
// dealership has no manager but the one who marked the no-show or is the visit's salesperson. A manager's
// rejection the buyer may take to administrators within DISPUTE_APPEAL_DAYS (disputeEscalation.ts, with the
// escalation of overdue disputes); administrators' verdicts are final.
// Nobody decides a dispute of a visit they are the salesperson of, or marked no-show themselves. Upheld, the
// visit becomes completed and its review window starts; rejected, it stays a no-show. Every step is audited;
// every claim is one conditional UPDATE, so two deciders, or two instances escalating, act once.
import type { z } from "zod";
import type { VisitDisputeEscalation } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type {
  DisputeListItem,
  decideDisputeInput,
  disputeListInput,
  openDisputeInput,
  VisitRecord,
} from "../../../shared/schemas/visits";
import { DISPUTE_ESCALATION_DAYS, withinDisputeWindow } from "../../../shared/visits";
import { OWN_DECISION_MESSAGE, ownProfileSql } from "../../access";
import { appError } from "../../appError";
import { recordAudit } from "../../auditTrail";
import type { Fragment, Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import { containsPattern, pageWindow } from "../../db/search";
import { QUEUES } from "../../jobs/queue";
import type { Authed, Context } from "../../serviceContext";
import { appointmentCrmEvent } from "../crm/delivery";
import { notify } from "../notifications/notify";
import { dealershipLeadsSql } from "../notifications/recipients";
import { settleDisputedReview } from "../reviews/disputedReview";
import { actorOf, recordStatusChange } from "./statusTrail";
import { appointmentNotFound } from "./views";
import { DISPUTE_COLUMNS, loadVisitRecord, markedNoShowSql, noShowMarkerSql } from "./visitRecord";

type ManagerCtx = Authed & { dealershipId: number };

export function disputeMissing() {
  return appError("NOT_FOUND", "Dispute not found", "DISPUTE_NOT_FOUND");
}

/** Tells every active administrator, in the caller's transaction. */
export async function tellAdministrators(tx: Queryable, notice: { title: string; body: string }) {
  await tx`
    insert into notifications (user_id, type, title, body, link)
    select u.id, 'visit_dispute', ${notice.title}, ${notice.body}, ${links.adminDashboard({ tab: "disputes" })}
      from users u where u.role = 'admin' and u.disabled_at is null`;
}

/** The buyer opens a dispute of their own no-show visit, within the window, once. */
export async function openDispute(
  ctx: Authed,
  input: z.output<typeof openDisputeInput>,
): Promise<VisitRecord> {
  await ctx.sql.begin(async (tx) => {
    const [visit] = await tx<
      {
        id: number;
        status: string;
        marked_at: Date;
        dealership_id: number | null;
        salesperson_name: string;
        customer_name: string;
        no_other_manager: boolean;
      }[]
    >`
      select a.id, a.status, ${markedNoShowSql(tx, "a")} as marked_at, s.dealership_id,
             s.name as salesperson_name, a.customer_name,
             not exists (select 1 from (${dealershipLeadsSql(tx, tx`s.dealership_id`)}) l
                          where l.user_id is distinct from s.user_id
                            and l.user_id is distinct from ${noShowMarkerSql(tx, "a")}) as no_other_manager
        from appointments a join salespeople s on s.id = a.salesperson_id
       where a.id = ${input.id} and a.customer_id = ${ctx.user.id}
         for update of a`;
    if (!visit) throw await appointmentNotFound(ctx, input.id, "dispute of", tx);
    if (visit.status !== "no-show")
      throw appError("CONFLICT", "Only a visit marked no-show can be disputed.", "NOT_A_NO_SHOW");
    if (!withinDisputeWindow(visit.marked_at))
      throw appError(
        "UNPROCESSABLE_CONTENT",
        "A no-show can be disputed within 7 days of being marked.",
        "DISPUTE_WINDOW_CLOSED",
      );
    // The manager decides unless there is none but the one who marked the no-show or is the salesperson.
    const escalation: VisitDisputeEscalation | null =
      visit.dealership_id === null ? "independent" : visit.no_other_manager ? "no_other_manager" : null;
    try {
      const [dispute] = await tx<{ id: number }[]>`
        insert into visit_disputes (appointment_id, customer_id, dealership_id, statement, status, escalated_at,
                                    escalation_reason)
        values (${visit.id}, ${ctx.user.id}, ${visit.dealership_id}, ${input.statement},
                ${escalation ? "escalated" : "open"}, ${escalation ? new Date() : null}, ${escalation})
        returning id`;
      // No buyer's name in a stored notice: the visit's own row carries it, and erasure clears it there.
      const body = `A buyer says they attended their visit with ${visit.salesperson_name}, marked no-show.`;
      if (escalation) await tellAdministrators(tx, { title: "Visit disputed", body });
      if (visit.dealership_id !== null)
        await notify(tx, {
          to: { managerOf: visit.dealership_id },
          type: "visit_dispute",
          title: "Visit disputed",
          body: escalation
            ? `${body} KnowBefore's administrators decide it, as you marked the no-show or are the salesperson.`
            : body,
          link: links.managerDashboard({ tab: "disputes" }),
        });
      await ctx.jobs.send(QUEUES.disputeNotice, { disputeId: dispute!.id, event: "opened" }, { within: tx });
    } catch (error) {
      if (pgErrorCode(error) === PG.uniqueViolation)
        throw appError("CONFLICT", "This visit is already disputed.", "ALREADY_DISPUTED");
      throw error;
    }
  });
  return loadVisitRecord(ctx.sql, input.id);
}

const LIST_COLUMNS = `${DISPUTE_COLUMNS}, a.id as "appointmentId", a.appointment_type as "appointmentType",
  a.starts_at as "visitAt", s.id as "salespersonId", s.name as "salespersonName", dl.name as "dealershipName",
  a.customer_name as "customerName"`;

async function disputePage(ctx: Context, input: z.output<typeof disputeListInput>, scope: Fragment) {
  const { page, pageSize, offset } = pageWindow(input);
  const pattern = containsPattern(input.search);
  const where = ctx.sql`
    where ${scope} and (${input.status ?? null}::text is null or d.status = ${input.status ?? null})
      and (${pattern}::text is null or s.name ilike ${pattern} or a.customer_name ilike ${pattern})`;
  const from = ctx.sql`visit_disputes d join appointments a on a.id = d.appointment_id
    join salespeople s on s.id = a.salesperson_id left join dealerships dl on dl.id = s.dealership_id`;
  const [items, [count]] = await Promise.all([
    ctx.sql<DisputeListItem[]>`
      select ${ctx.sql.unsafe(LIST_COLUMNS)} from ${from} ${where}
       order by (d.status in ('open', 'escalated')) desc, d.opened_at, d.id limit ${pageSize} offset ${offset}`,
    ctx.sql<{ n: number }[]>`select count(*)::int as n from ${from} ${where}`,
  ]);
  return { items, total: count?.n ?? 0, page, pageSize };
}

/** The manager's dealership's disputes, undecided first. */
export function managerDisputes(ctx: ManagerCtx, input: z.output<typeof disputeListInput>) {
  return disputePage(ctx, input, ctx.sql`d.dealership_id = ${ctx.dealershipId}`);
}

/** Every dispute administrators may decide or have decided: the escalated ones first. */
export function adminDisputes(ctx: Authed, input: z.output<typeof disputeListInput>) {
  return disputePage(ctx, input, ctx.sql`(d.status <> 'open' or d.dealership_id is null)`);
}

async function disputeItem(sql: Queryable, id: number): Promise<DisputeListItem> {
  const [item] = await sql<DisputeListItem[]>`
    select ${sql.unsafe(LIST_COLUMNS)}
      from visit_disputes d join appointments a on a.id = d.appointment_id
      join salespeople s on s.id = a.salesperson_id left join dealerships dl on dl.id = s.dealership_id
     where d.id = ${id}`;
  if (!item) throw disputeMissing();
  return item;
}

/**
 * Upholds or rejects a dispute: the dealership's manager while it is open, administrators once it is escalated
 * (their verdict is final). Nobody decides a dispute of a visit whose salesperson profile is their own, or that
 * they marked no-show, whatever roles their account holds. Upheld, the visit moves from no-show to completed (on
 * its trail, by the decider) and a review written while it was disputed goes through the gaming rules it was
 * spared; rejected, such a review is withheld and the buyer told why. Administrators' verdicts are also told to
 * the dealership's side (the salesperson and the manager).
 */
async function decideDispute(
  ctx: Authed,
  input: z.output<typeof decideDisputeInput>,
  who: { dealershipId: number } | "admin",
) {
  const uphold = input.decision === "uphold";
  const next = uphold ? "upheld" : "rejected";
  const byAdmin = who === "admin";
  const decided = await ctx.sql.begin(async (tx) => {
    const scope = byAdmin ? tx`true` : tx`d.dealership_id = ${who.dealershipId}`;
    const [involved] = await tx<{ own: boolean; marked: boolean }[]>`
      select ${ownProfileSql(tx, ctx.user, "s")} as own,
             coalesce(${noShowMarkerSql(tx, "a")} = ${ctx.user.id}, false) as marked
        from visit_disputes d join appointments a on a.id = d.appointment_id
        join salespeople s on s.id = a.salesperson_id
       where d.id = ${input.id} and ${scope}
         for update of d`;
    if (involved?.own) throw appError("FORBIDDEN", OWN_DECISION_MESSAGE, "OWN_DECISION");
    if (involved?.marked)
      throw appError(
        "FORBIDDEN",
        "You marked this visit a no-show: someone else decides the dispute.",
        "OWN_DECISION",
      );
    const from = byAdmin ? "escalated" : "open";
    const [dispute] = await tx<
      {
        id: number;
        appointment_id: number;
        customer_id: string | null;
        dealership_id: number | null;
        escalation_reason: VisitDisputeEscalation | null;
      }[]
    >`
      update visit_disputes d
         set status = ${next}, resolved_at = now(), resolved_by = ${ctx.user.id}, resolution_note = ${input.note}
       where d.id = ${input.id} and d.status = ${from} and ${scope}
      returning d.id, d.appointment_id, d.customer_id, d.dealership_id, d.escalation_reason`;
    if (!dispute) return null;
    const [visit] = uphold
      ? await tx<{ id: number; salesperson_id: number }[]>`
          update appointments set status = 'completed', completed_at = now(), visit_evidence = 'dispute_upheld'
           where id = ${dispute.appointment_id} and status = 'no-show'
          returning id, salesperson_id`
      : [];
    if (visit) {
      await recordStatusChange(tx, {
        appointmentId: visit.id,
        from: "no-show",
        to: "completed",
        actor: actorOf(ctx.user),
        note: `Dispute upheld: ${input.note}`,
      });
      // The dealership's CRM hears of the visit as completed, as of one staff completed.
      await appointmentCrmEvent(ctx, tx, visit, "appointment.completed");
    }
    const review = await settleDisputedReview(tx, dispute.appointment_id, uphold);
    if (review?.published)
      await notify(tx, {
        to: { salespersonId: review.salesperson_id },
        type: "new_review",
        title: "New review",
        body: "A review of a visit whose no-show was disputed is now published.",
        link: links.salesperson(review.salesperson_id, "reviews"),
      });
    await recordAudit(ctx, tx, {
      action: uphold ? "visit_dispute.uphold" : "visit_dispute.reject",
      entityId: dispute.id,
      dealershipId: dispute.dealership_id,
      reason: input.note,
      before: { status: from, appointmentStatus: "no-show", escalationReason: dispute.escalation_reason },
      after: { status: next, appointmentStatus: uphold ? "completed" : "no-show" },
    });
    const final = byAdmin ? " KnowBefore's administrators decided it; the decision is final." : "";
    if (dispute.customer_id)
      await notify(tx, {
        to: { userId: dispute.customer_id },
        type: "visit_dispute",
        title: uphold ? "Your visit is confirmed" : "Your dispute was not accepted",
        body: uphold
          ? `Your visit now counts as attended, and you can review it. Note: ${input.note}${final}`
          : `The visit stays marked as a no-show. Note: ${input.note}${final}`,
        link: links.appointments(),
      });
    if (byAdmin) {
      const [subject] = await tx<{ salesperson_id: number }[]>`
        select salesperson_id from appointments where id = ${dispute.appointment_id}`;
      const told = {
        type: "visit_dispute" as const,
        title: uphold ? "No-show dispute upheld" : "No-show dispute rejected",
        body: uphold
          ? `KnowBefore's administrators upheld a buyer's dispute: the visit counts as attended. Note: ${input.note}`
          : `KnowBefore's administrators rejected a buyer's dispute: the visit stays a no-show. Note: ${input.note}`,
      };
      await notify(tx, { ...told, to: { salespersonId: subject!.salesperson_id }, link: null });
      if (dispute.dealership_id !== null)
        await notify(tx, {
          ...told,
          to: { managerOf: dispute.dealership_id },
          link: links.managerDashboard({ tab: "disputes" }),
        });
    }
    await ctx.jobs.send(QUEUES.disputeNotice, { disputeId: dispute.id, event: next }, { within: tx });
    return dispute;
  });
  if (!decided) {
    const [found] = await ctx.sql<{ status: string; dealership_id: number | null }[]>`
      select status, dealership_id from visit_disputes where id = ${input.id}`;
    const visible = byAdmin || found?.dealership_id === who.dealershipId;
    if (!found || !visible) throw disputeMissing();
    if (found.status === "open")
      throw appError(
        "CONFLICT",
        `This dispute is with the dealership's manager until it has waited ${DISPUTE_ESCALATION_DAYS} days.`,
        "DISPUTE_WITH_MANAGER",
      );
    if (found.status === "escalated")
      throw appError("CONFLICT", "This dispute went to administrators.", "DISPUTE_ESCALATED");
    throw appError("CONFLICT", `This dispute was already ${found.status}.`, "DISPUTE_DECIDED");
  }
  ctx.browseCache.clear();
  return {
    dispute: await disputeItem(ctx.sql, decided.id),
    appointmentStatus: uphold ? ("completed" as const) : ("no-show" as const),
  };
}

export const decideAsManager = (ctx: ManagerCtx, input: z.output<typeof decideDisputeInput>) =>
  decideDispute(ctx, input, { dealershipId: ctx.dealershipId });

export const decideAsAdmin = (ctx: Authed, input: z.output<typeof decideDisputeInput>) =>
  decideDispute(ctx, input, "admin");
