// Appointment rows as callers see them: instants carry the dealership's offset.

import { type AppLink, links } from "../../../shared/links";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { canCancel } from "../../../shared/slots";
import { toOffsetIso } from "../../../shared/time";
import { noShowUntil } from "../../../shared/visits";
import { type AppointmentSide, appointmentSide, appointmentSql, type Caller } from "../../access";
import { appError } from "../../appError";
import { refuseAsMissing, type SecurityEventContext } from "../../credentials/securityEvents";
import type { Queryable, Sql } from "../../db/client";
import type { AppointmentRow, SalespersonRow } from "../../db/rows";

/** An appointment with its salesperson and dealership, as {@link APPOINTMENT_SELECT} reads it. */
export type AppointmentViewRow = Pick<
  AppointmentRow,
  | "id"
  | "salesperson_id"
  | "customer_id"
  | "appointment_type"
  | "starts_at"
  | "status"
  | "customer_name"
  | "customer_phone"
  | "customer_email"
  | "notes"
  | "cancellation_reason"
  | "cancelled_by"
  | "cancelled_at"
  | "completed_at"
  | "checked_in_at"
  | "visit_evidence"
  | "duration_minutes"
> &
  Pick<SalespersonRow, "time_zone" | "dealership_id"> & {
    salesperson_name: string;
    dealership_name: string | null;
  };

export const APPOINTMENT_SELECT = `
  select a.id, a.salesperson_id, a.customer_id, a.appointment_type, a.starts_at, a.status, a.customer_name,
         a.customer_phone, a.customer_email, a.notes, a.cancellation_reason, a.cancelled_by, a.cancelled_at,
         a.completed_at, a.checked_in_at, a.visit_evidence, a.duration_minutes, s.name as salesperson_name, s.time_zone, s.dealership_id, d.name as dealership_name
    from appointments a
    join salespeople s on s.id = a.salesperson_id
    left join dealerships d on d.id = s.dealership_id`;

export function toAppointmentView(row: AppointmentViewRow, now = new Date()): AppointmentView {
  const scheduled = toOffsetIso(row.starts_at, row.time_zone);
  return {
    id: row.id,
    salespersonId: row.salesperson_id,
    salespersonName: row.salesperson_name,
    dealership: row.dealership_name,
    appointmentType: row.appointment_type,
    scheduledDateTime: scheduled,
    scheduledAt: scheduled,
    durationMinutes: row.duration_minutes,
    timeZone: row.time_zone,
    status: row.status,
    customerName: row.customer_name,
    customerPhone: row.customer_phone,
    customerEmail: row.customer_email,
    notes: row.notes,
    cancellationReason: row.cancellation_reason,
    cancelledBy: row.cancelled_by,
    cancelledAt: row.cancelled_at,
    completedAt: row.completed_at,
    // A row read without these columns (a fresh booking's RETURNING) has neither yet.
    checkedInAt: row.checked_in_at ?? null,
    visitEvidence: row.visit_evidence ?? null,
    noShowUntil: noShowUntil(
      {
        status: row.status,
        visitEvidence: row.visit_evidence ?? null,
        completedAt: row.completed_at,
      },
      now,
    ),
    canCancel: canCancel({ status: row.status, startsAt: row.starts_at }, now),
  };
}

/**
 * Where a salesperson's notice about a booking (requested, cancelled, moved) leads: their appointments tab,
 * naming the appointment. The id ties the notice to its booking, so erasure finds it by id, never by its text;
 * the dashboard ignores a search parameter it does not know.
 */
export function bookingNoticeLink(appointmentId: number): AppLink {
  return links.salespersonDashboard({ tab: "appointments", appointment: appointmentId });
}

/** Which side of this appointment the caller acts on (access.ts), or null when it is not theirs. */
export function sideOf(
  caller: Caller | null,
  row: Pick<AppointmentViewRow, "customer_id" | "salesperson_id" | "dealership_id">,
): AppointmentSide | null {
  return appointmentSide(caller, {
    customerId: row.customer_id,
    salesperson: { id: row.salesperson_id, dealershipId: row.dealership_id },
  });
}

/** One appointment, for whoever may see it: its customer or staff for its salesperson. */
export async function appointmentById(
  ctx: SecurityEventContext,
  { id }: { id: number },
): Promise<AppointmentView> {
  const row = await loadOwnAppointmentRow(ctx.sql, ctx.user, id);
  if (!row) throw await appointmentNotFound(ctx, id, "read of");
  return toAppointmentView(row);
}

export function appointmentMissing() {
  return appError("NOT_FOUND", "Appointment not found", "APPOINTMENT_NOT_FOUND");
}

/** An appointment the caller booked or is staff for, with that condition in the WHERE (access.ts). */
export async function loadOwnAppointmentRow(
  sql: Queryable,
  caller: Caller | null,
  id: number,
): Promise<AppointmentViewRow | undefined> {
  const [row] = await sql<AppointmentViewRow[]>`
    ${sql.unsafe(APPOINTMENT_SELECT)} where a.id = ${id} and ${appointmentSql(sql, caller, "a")}`;
  return row;
}

/**
 * The refusal of an appointment id that is not the caller's: the 404 of a missing one (refuseAsMissing), the
 * attempt recorded when the appointment exists. `db` is the caller's transaction, when it is in one.
 */
export async function appointmentNotFound(
  ctx: SecurityEventContext,
  id: number,
  what: string,
  db: Queryable = ctx.sql,
) {
  return refuseAsMissing(
    ctx,
    { db, table: "appointments", id },
    appointmentMissing(),
    `${what} appointment ${id}`,
  );
}

export async function loadAppointmentRow(sql: Sql, id: number): Promise<AppointmentViewRow | undefined> {
  const [row] = await sql.unsafe<AppointmentViewRow[]>(`${APPOINTMENT_SELECT} where a.id = $1`, [id], {
    prepare: true,
  });
  return row;
}

export async function loadAppointmentView(sql: Sql, id: number): Promise<AppointmentView> {
  const row = await loadAppointmentRow(sql, id);
  if (!row) throw appointmentMissing();
  return toAppointmentView(row);
}
