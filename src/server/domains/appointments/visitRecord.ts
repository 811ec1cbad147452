// A visit's record for its buyer and staff: the status trail (statusTrail.ts writes it), the buyer's dispute of a
// no-show, and until when one may still be opened.
import type { DisputeView, TrailEvent, VisitRecord } from "../../../shared/schemas/visits";
import { DISPUTE_APPEAL_DAYS, DISPUTE_WINDOW_DAYS } from "../../../shared/visits";
import type { SecurityEventContext } from "../../credentials/securityEvents";
import type { Queryable } from "../../db/client";
import { appointmentNotFound, loadOwnAppointmentRow } from "./views";

/** The dispute's columns as its views name them (`d` is visit_disputes). */
export const DISPUTE_COLUMNS = `d.id, d.status, d.statement, d.opened_at as "openedAt", d.escalated_at as "escalatedAt",
  d.escalation_reason as "escalationReason", d.resolved_at as "resolvedAt", d.resolution_note as "resolutionNote",
  d.manager_note as "managerNote", d.appeal_note as "appealNote"`;

/**
 * Until when the buyer may take the dispute `d` to administrators: a rejection by the dealership's manager alone
 * (administrators' verdicts are final), for DISPUTE_APPEAL_DAYS; null otherwise.
 */
export function appealUntilSql(sql: Queryable, dispute: string) {
  const d = sql(dispute);
  return sql`case when ${d}.status = 'rejected' and ${d}.escalation_reason is null
                   and ${d}.resolved_at + make_interval(days => ${DISPUTE_APPEAL_DAYS}) > now()
                  then ${d}.resolved_at + make_interval(days => ${DISPUTE_APPEAL_DAYS}) end`;
}

/**
 * When the visit was marked no-show: its latest change to no-show on the trail, or, for a visit marked before
 * the trail was kept, its start.
 */
export function markedNoShowSql(sql: Queryable, appointment: string) {
  return sql`coalesce((select max(e.created_at) from appointment_events e
                        where e.appointment_id = ${sql(appointment)}.id and e.to_status = 'no-show'),
                      ${sql(appointment)}.starts_at)`;
}

export async function loadVisitRecord(sql: Queryable, appointmentId: number): Promise<VisitRecord> {
  const [trail, [dispute], [window]] = await Promise.all([
    sql<TrailEvent[]>`
      select e.id::float8 as id, e.created_at as at, e.from_status as "from", e.to_status as "to", e.actor_role as "actorRole",
             case e.actor_role
               when 'customer' then a.customer_name
               when 'salesperson' then coalesce((select p.name from salespeople p where p.user_id = e.actor_id
                                                  order by p.id limit 1), s.name)
             end as "actorName",
             e.note
        from appointment_events e
        join appointments a on a.id = e.appointment_id
        join salespeople s on s.id = a.salesperson_id
       where e.appointment_id = ${appointmentId}
       order by e.created_at, e.id`,
    sql<(DisputeView & { appealUntil: Date | null })[]>`
      select ${sql.unsafe(DISPUTE_COLUMNS)}, ${appealUntilSql(sql, "d")} as "appealUntil"
        from visit_disputes d where d.appointment_id = ${appointmentId}`,
    sql<{ until: Date | null }[]>`
      select case when a.status = 'no-show' and not exists (select from visit_disputes d where d.appointment_id = a.id)
                   and ${markedNoShowSql(sql, "a")} + make_interval(days => ${DISPUTE_WINDOW_DAYS}) > now()
                  then ${markedNoShowSql(sql, "a")} + make_interval(days => ${DISPUTE_WINDOW_DAYS}) end as until
        from appointments a where a.id = ${appointmentId}`,
  ]);
  const { appealUntil = null, ...view } = dispute ?? {};
  return {
    appointmentId,
    trail,
    dispute: dispute ? (view as DisputeView) : null,
    disputeUntil: window?.until ?? null,
    appealUntil,
  };
}

/** Who marked the visit `appointment` no-show last (null for the platform, or before the trail was kept). */
export function noShowMarkerSql(sql: Queryable, appointment: string) {
  return sql`(select e.actor_id from appointment_events e
               where e.appointment_id = ${sql(appointment)}.id and e.to_status = 'no-show'
               order by e.created_at desc, e.id desc limit 1)`;
}

/** The record of a visit the caller booked or is staff for; anyone else's is a 404, as the visit is. */
export async function visitRecord(ctx: SecurityEventContext, { id }: { id: number }): Promise<VisitRecord> {
  const row = await loadOwnAppointmentRow(ctx.sql, ctx.user, id);
  if (!row) throw await appointmentNotFound(ctx, id, "record of");
  return loadVisitRecord(ctx.sql, id);
}
