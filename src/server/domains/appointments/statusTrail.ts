// A visit's status trail (docs/product/booking.md): every change of appointments.status writes one
// appointment_events row, through this file only, in the statement or transaction that makes the change, so
// the trail and the status can never disagree.
import type { AppointmentStatus, VisitActor } from "../../../shared/constants";
import type { SessionUser } from "../../../shared/schemas/auth";
import type { VisitEvidence } from "../../../shared/visits";
import type { Fragment, Queryable } from "../../db/client";

export type VisitActorRef = { id: string | null; role: VisitActor };

/** The platform itself (auto-completion, escalation). */
export const SYSTEM_ACTOR: VisitActorRef = { id: null, role: "system" };

/** A signed-in caller as the trail names them: their account and the role they act in. */
export function actorOf(user: Pick<SessionUser, "id" | "role">): VisitActorRef {
  return { id: user.id, role: user.role };
}

export type StatusChange = {
  appointmentId: number;
  /** Null for the booking itself. */
  from: AppointmentStatus | null;
  to: AppointmentStatus;
  actor: VisitActorRef;
  note?: string | null;
  /** A condition the row waits on, for a change embedded in a statement that may change nothing. */
  onlyIf?: Fragment;
};

/**
 * The row of one status change, as a statement on the caller's transaction: awaited alone after the UPDATE that
 * made the change, or embedded in a larger statement (a CTE) that writes everything or nothing.
 */
export function statusChangeSql(sql: Queryable, change: StatusChange): Fragment {
  return sql`
    insert into appointment_events (appointment_id, from_status, to_status, actor_id, actor_role, note)
    select ${change.appointmentId}::int, ${change.from}::text, ${change.to}::text, ${change.actor.id}::uuid,
           ${change.actor.role}::text, ${change.note ?? null}::text
     where ${change.onlyIf ?? sql`true`}`;
}

/** Records one status change in the caller's transaction (the one that changed the status). */
export async function recordStatusChange(tx: Queryable, change: StatusChange): Promise<void> {
  await statusChangeSql(tx, change);
}

/**
 * The same for every row a data-modifying CTE named `source` returned (columns `id`): a statement that changes
 * many visits at once (auto-completion) records each change in that one statement.
 */
export function statusChangesFromSql(
  sql: Queryable,
  source: string,
  change: Omit<StatusChange, "appointmentId" | "onlyIf">,
): Fragment {
  return sql`
    insert into appointment_events (appointment_id, from_status, to_status, actor_id, actor_role, note)
    select c.id, ${change.from}::text, ${change.to}::text, ${change.actor.id}::uuid, ${change.actor.role}::text,
           ${change.note ?? null}::text
      from ${sql(source)} c`;
}

/** What a completed visit written without a trail rests on: the salesperson's word, as its trail says. */
export const UNTRACKED_VISIT_EVIDENCE = "salesperson" satisfies VisitEvidence;

/**
 * A trail for visits written in bulk without one (the demo seed): the booking by the buyer when it was made,
 * then the visit's outcome, by whoever the row says closed it, when it did. A completed one of them rests on
 * the salesperson's word (UNTRACKED_VISIT_EVIDENCE, which the seed writes with most of its visits already).
 */
export async function recordTrailOfUntracked(sql: Queryable): Promise<void> {
  await sql`
    update appointments set visit_evidence = ${UNTRACKED_VISIT_EVIDENCE}
     where status = 'completed' and visit_evidence is null
       and not exists (select from appointment_events e where e.appointment_id = appointments.id)`;
  await sql`
    insert into appointment_events (appointment_id, from_status, to_status, actor_id, actor_role, created_at)
    select a.id, null, 'scheduled', a.customer_id, 'customer', a.created_at
      from appointments a
     where not exists (select from appointment_events e where e.appointment_id = a.id)
    union all
    select a.id, 'scheduled', a.status,
           case when a.status = 'cancelled' and a.cancelled_by = 'customer' then a.customer_id else s.user_id end,
           case when a.status = 'cancelled' and a.cancelled_by = 'customer' then 'customer' else 'salesperson' end,
           case a.status when 'completed' then coalesce(a.completed_at, a.starts_at)
                         when 'cancelled' then coalesce(a.cancelled_at, a.starts_at)
                         else a.starts_at + interval '1 hour' end
      from appointments a join salespeople s on s.id = a.salesperson_id
     where a.status <> 'scheduled'
       and not exists (select from appointment_events e where e.appointment_id = a.id)`;
}
