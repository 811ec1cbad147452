// Booking and rescheduling. The database decides conflicts: the EXCLUDE constraint on scheduled appointments
// makes double booking impossible, and its violation becomes 409 SCHEDULING_CONFLICT.
import type { z } from "zod";
import type { bookAppointmentInput, rescheduleAppointmentInput } from "../../../shared/schemas/appointments";
import {
  BOOKING_HORIZON_DAYS,
  blockIntervalsOn,
  CANCELLATION_WINDOW_HOURS,
  SLOT_MINUTES,
} from "../../../shared/slots";
import { fromZoned, todayIn } from "../../../shared/time";
import type { Context } from "../../context";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/errors";
import type { AppointmentRow, AvailabilityBlockRow, SalespersonRow } from "../../db/rows";
import { appError } from "../../errors";
import { QUEUES } from "../../jobs/queue";
import { appointmentCrmEvent } from "../crm/delivery";
import { type AppointmentViewRow, loadAppointmentView, sideOf, toAppointmentView } from "./views";

export const REMINDER_LEAD_HOURS = 24;
const CONFLICT_MESSAGE = "Time slot unavailable";

type BookInput = z.output<typeof bookAppointmentInput>;

type SalespersonForBooking = Pick<SalespersonRow, "id" | "name" | "time_zone">;
type BlockSpan = Pick<AvailabilityBlockRow, "starts_at" | "ends_at" | "is_recurring">;

/**
 * The salesperson and the availability blocks that may cover `date` in any time zone (recurring ones, and
 * one-off blocks overlapping the day widened by 14 hours each side), in one round trip.
 */
async function salespersonForBooking(
  sql: Queryable,
  id: number,
  date: string,
): Promise<SalespersonForBooking & { blocks: BlockSpan[] }> {
  const dayStart = new Date(`${date}T00:00:00Z`).getTime();
  const from = new Date(dayStart - 14 * 3_600_000);
  const to = new Date(dayStart + 38 * 3_600_000);
  const [row] = await sql<(SalespersonForBooking & { blocks: { s: string; e: string; r: boolean }[] })[]>`
    select s.id, s.name, s.time_zone,
           coalesce((select json_agg(json_build_object('s', b.starts_at, 'e', b.ends_at, 'r', b.is_recurring))
                       from availability_blocks b
                      where b.salesperson_id = s.id
                        and (b.is_recurring or (b.starts_at < ${to} and b.ends_at > ${from}))), '[]') as blocks
      from salespeople s where s.id = ${id}`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const blocks = row.blocks.map((b) => ({
    starts_at: new Date(b.s),
    ends_at: new Date(b.e),
    is_recurring: b.r,
  }));
  return { ...row, blocks };
}

/** Validates the requested local date and time and returns the instant it starts. */
export function resolveSlot(date: string, time: string, timeZone: string, now = new Date()): Date {
  if (date < todayIn(timeZone, now))
    throw appError("BAD_REQUEST", "Date cannot be earlier than today", "DATE_IN_PAST");
  const startsAt = fromZoned(date, time, timeZone);
  if (startsAt.getTime() <= now.getTime())
    throw appError("BAD_REQUEST", "That time has already passed", "TIME_IN_PAST");
  if (startsAt.getTime() > now.getTime() + BOOKING_HORIZON_DAYS * 86_400_000) {
    throw appError(
      "BAD_REQUEST",
      `Appointments can be booked up to ${BOOKING_HORIZON_DAYS} days ahead`,
      "TOO_FAR_AHEAD",
    );
  }
  return startsAt;
}

/** Refuses a slot that one of the salesperson's availability blocks covers on that local date. */
function refuseBlocked(blocks: BlockSpan[], date: string, timeZone: string, startsAt: Date) {
  const end = startsAt.getTime() + SLOT_MINUTES * 60_000;
  const blocked = blocks
    .flatMap((b) =>
      blockIntervalsOn(
        { startsAt: b.starts_at, endsAt: b.ends_at, isRecurring: b.is_recurring },
        date,
        timeZone,
      ),
    )
    .some((i) => i.start < end && startsAt.getTime() < i.end);
  if (blocked)
    throw appError("CONFLICT", `${CONFLICT_MESSAGE}: the salesperson is not available then`, "SLOT_BLOCKED");
}

async function assertNotBlocked(
  tx: Queryable,
  salespersonId: number,
  date: string,
  timeZone: string,
  startsAt: Date,
) {
  const blocks = await tx<BlockSpan[]>`
    select starts_at, ends_at, is_recurring from availability_blocks
     where salesperson_id = ${salespersonId}
       and (is_recurring or (starts_at < ${new Date(startsAt.getTime() + SLOT_MINUTES * 60_000)} and ends_at > ${startsAt}))`;
  refuseBlocked(blocks, date, timeZone, startsAt);
}

type Notice = { type: string; title: string; body: string; link: string };

/** Inserts a scheduled appointment (and, given one, the salesperson's notification about it in the same statement). */
async function insertScheduled(
  tx: Queryable,
  row: Record<string, unknown>,
  notice?: Notice,
): Promise<number> {
  try {
    const [created] = notice
      ? await tx<Pick<AppointmentRow, "id">[]>`
          with created as (insert into appointments ${tx(row)} returning id, salesperson_id),
               notified as (
                 insert into notifications (salesperson_id, type, title, body, link)
                 select salesperson_id, ${notice.type}, ${notice.title}, ${notice.body}, ${notice.link} from created)
          select id from created`
      : await tx<Pick<AppointmentRow, "id">[]>`insert into appointments ${tx(row)} returning id`;
    return created!.id;
  } catch (error) {
    if (pgErrorCode(error) === PG.exclusionViolation)
      throw appError("CONFLICT", CONFLICT_MESSAGE, "SCHEDULING_CONFLICT");
    throw error;
  }
}

/** Notices for a new appointment, enqueued inside the booking transaction so they exist only if it commits. */
async function enqueueBookingNotices(
  ctx: Context,
  tx: Queryable,
  appointmentId: number,
  startsAt: Date,
  kind: "booked" | "rescheduled",
) {
  // Both inserts are sent at once on the transaction's connection (pipelined), not one after the other.
  const remindAt = new Date(startsAt.getTime() - REMINDER_LEAD_HOURS * 3_600_000);
  await Promise.all([
    ctx.jobs.send(QUEUES.appointmentNotice, { appointmentId, kind }, { within: tx }),
    remindAt.getTime() > Date.now()
      ? ctx.jobs.send(
          QUEUES.appointmentReminder,
          { appointmentId },
          { startAfter: remindAt, singletonKey: `reminder-${appointmentId}`, within: tx },
        )
      : null,
  ]);
}

async function notifySalesperson(
  tx: Queryable,
  salespersonId: number,
  type: string,
  title: string,
  body: string,
  link: string,
) {
  await tx`insert into notifications (salesperson_id, type, title, body, link)
           values (${salespersonId}, ${type}, ${title}, ${body}, ${link})`;
}

export async function bookAppointment(
  ctx: Context & { user: NonNullable<Context["user"]> },
  input: BookInput,
) {
  // Blocks are read before the transaction: inside it, at READ COMMITTED, the read would see no more.
  const person = await salespersonForBooking(ctx.sql, input.salespersonId, input.date);
  const startsAt = resolveSlot(input.date, input.time, person.time_zone);
  refuseBlocked(person.blocks, input.date, person.time_zone, startsAt);
  const id = await ctx.sql.begin(async (tx) => {
    // The appointment and the salesperson's notification in one statement.
    const appointmentId = await insertScheduled(
      tx,
      {
        salesperson_id: person.id,
        customer_id: ctx.user.id,
        appointment_type: input.appointmentType,
        starts_at: startsAt.toISOString(),
        customer_name: input.customerName,
        customer_phone: input.customerPhone,
        customer_email: input.customerEmail ?? ctx.user.email,
        notes: input.notes ?? null,
      },
      {
        type: "appointment_requested",
        title: "New appointment request",
        body: `${input.customerName} booked a ${input.appointmentType} on ${input.date} at ${input.time}.`,
        link: "/salesperson-dashboard?tab=appointments",
      },
    );
    await enqueueBookingNotices(ctx, tx, appointmentId, startsAt, "booked");
    await appointmentCrmEvent(
      ctx,
      tx,
      { id: appointmentId, salespersonId: person.id },
      "appointment.created",
    );
    return appointmentId;
  });
  return loadAppointmentView(ctx.sql, id);
}

type RescheduleInput = z.output<typeof rescheduleAppointmentInput>;

/** Cancel-and-book in one transaction: either both happen or neither does. */
export async function rescheduleAppointment(
  ctx: Context & { user: NonNullable<Context["user"]> },
  input: RescheduleInput,
) {
  const current = await ctx.sql<AppointmentViewRow[]>`
    select a.*, s.name as salesperson_name, s.time_zone, s.dealership_id, d.name as dealership_name
      from appointments a join salespeople s on s.id = a.salesperson_id left join dealerships d on d.id = s.dealership_id
     where a.id = ${input.id}`;
  const old = current[0];
  if (!old) throw appError("NOT_FOUND", "Appointment not found", "APPOINTMENT_NOT_FOUND");
  const side = sideOf(ctx.user, old);
  if (!side) throw appError("FORBIDDEN", "You can only change your own appointments", "NOT_OWNER");
  const startsAt = resolveSlot(input.date, input.time, old.time_zone);

  const newId = await ctx.sql.begin(async (tx) => {
    const [cancelled] = await tx<Pick<AppointmentRow, "id">[]>`
      update appointments set status = 'cancelled', cancelled_by = ${side}, cancelled_at = now(),
             cancellation_reason = 'Rescheduled', ics_sequence = ics_sequence + 1
       where id = ${old.id} and status = 'scheduled'
         and starts_at > now() + make_interval(hours => ${CANCELLATION_WINDOW_HOURS})
       returning id`;
    if (!cancelled) throw changeRefusal(old);
    await assertNotBlocked(tx, old.salesperson_id, input.date, old.time_zone, startsAt);
    const id = await insertScheduled(tx, {
      salesperson_id: old.salesperson_id,
      customer_id: old.customer_id,
      appointment_type: old.appointment_type,
      starts_at: startsAt.toISOString(),
      customer_name: old.customer_name,
      customer_phone: old.customer_phone,
      customer_email: old.customer_email,
      notes: old.notes,
    });
    await tx`update appointments set rescheduled_to_id = ${id} where id = ${old.id}`;
    await notifySalesperson(
      tx,
      old.salesperson_id,
      "appointment_rescheduled",
      "Appointment rescheduled",
      `${old.customer_name} moved their ${old.appointment_type} to ${input.date} at ${input.time}.`,
      "/salesperson-dashboard?tab=appointments",
    );
    await ctx.jobs.send(
      QUEUES.appointmentNotice,
      { appointmentId: old.id, kind: "cancelled" },
      { within: tx },
    );
    await enqueueBookingNotices(ctx, tx, id, startsAt, "rescheduled");
    // A CRM sees a reschedule as what it is: the old visit cancelled, a new one booked.
    await appointmentCrmEvent(
      ctx,
      tx,
      { id: old.id, salespersonId: old.salesperson_id },
      "appointment.cancelled",
    );
    await appointmentCrmEvent(ctx, tx, { id, salespersonId: old.salesperson_id }, "appointment.created");
    return id;
  });
  return {
    cancelled: toAppointmentView({ ...old, status: "cancelled" }),
    appointment: await loadAppointmentView(ctx.sql, newId),
  };
}

/** Why a conditional change to a scheduled appointment matched no row. */
export function changeRefusal(row: Pick<AppointmentRow, "status" | "starts_at">) {
  if (row.status !== "scheduled") {
    return appError(
      "CONFLICT",
      `This appointment is ${row.status} and can no longer be changed`,
      "NOT_SCHEDULED",
    );
  }
  return appError(
    "CONFLICT",
    `Appointments can only be cancelled or moved more than ${CANCELLATION_WINDOW_HOURS} hours before they start`,
    "CANCELLATION_WINDOW_PASSED",
  );
}
