// Booking and rescheduling. The database decides conflicts: the EXCLUDE constraint on scheduled appointments
// makes double booking impossible, and its violation becomes 409 SCHEDULING_CONFLICT.
import type { z } from "zod";
import { knownType, rulesOf, visitMinutes } from "../../../shared/bookingRules";
import type { bookAppointmentInput, rescheduleAppointmentInput } from "../../../shared/schemas/appointments";
import { CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { publiclyListedSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import type { AppointmentRow, SalespersonRow } from "../../db/rows";
import { type JobSpec, QUEUES } from "../../jobs/queue";
import type { Context } from "../../serviceContext";
import { type AppointmentCrmData, appointmentCrmEvent, crmDeliveryJob, takesEvent } from "../crm/delivery";
import { notify } from "../notifications/notify";
import {
  assertNotBlocked,
  type BlockSpan,
  changeRefusal,
  conflictOnOverlap,
  hoursSources,
  loadBookingRules,
  refuseBlocked,
  refuseFullDay,
  refuseOutsideHours,
  refuseTooSoon,
  resolveSlot,
} from "./slotChecks";
import { actorOf, recordStatusChange, statusChangeSql } from "./statusTrail";
import {
  type AppointmentViewRow,
  appointmentNotFound,
  bookingNoticeLink,
  loadAppointmentView,
  loadOwnAppointmentRow,
  sideOf,
  toAppointmentView,
} from "./views";

export const REMINDER_LEAD_HOURS = 24;

type BookInput = z.output<typeof bookAppointmentInput>;

/** What a booking reads before its one statement. */
type BookingTarget = Pick<SalespersonRow, "id" | "name" | "time_zone" | "dealership_id"> & {
  email: string;
  dealership_name: string | null;
  blocks: BlockSpan[];
  /** The dealership's opening hours and the salesperson's own working hours (jsonb, null when not stated). */
  dealership_hours: unknown;
  working_hours: unknown;
  /** The salesperson's booking rules (jsonb, null: the defaults). */
  booking_rules: unknown;
  /** The CRM integrations that take `appointment.created` (with their dealership). */
  crm: { id: number; dealershipId: number }[];
  /** The new appointment's id, taken from its sequence now so its jobs can name it in the same statement. */
  appointment_id: number;
};

/**
 * Everything a booking needs before it writes, in one round trip: the salesperson and their dealership, the
 * availability blocks that may cover `date` in any time zone (recurring ones, and one-off blocks overlapping the
 * day widened by 14 hours each side), the CRM integrations to tell, and an id for the appointment. An id not used
 * (a refused or conflicting booking) is a gap in the sequence, as a rolled-back insert leaves.
 */
async function bookingTarget(sql: Queryable, id: number, date: string): Promise<BookingTarget> {
  const dayStart = new Date(`${date}T00:00:00Z`).getTime();
  const from = new Date(dayStart - 14 * 3_600_000);
  const to = new Date(dayStart + 38 * 3_600_000);
  const [row] = await sql<
    (Omit<BookingTarget, "blocks"> & { blocks: { s: string; e: string; r: boolean }[] })[]
  >`
    select s.id, s.name, s.time_zone, s.dealership_id, s.email::text as email, d.name as dealership_name,
           d.hours as dealership_hours, s.working_hours, s.booking_rules,
           coalesce((select json_agg(json_build_object('s', b.starts_at, 'e', b.ends_at, 'r', b.is_recurring))
                       from availability_blocks b
                      where b.salesperson_id = s.id
                        and (b.is_recurring or (b.starts_at < ${to} and b.ends_at > ${from}))), '[]') as blocks,
           coalesce((select json_agg(json_build_object('id', i.id, 'dealershipId', i.dealership_id))
                       from crm_integrations i
                      where i.dealership_id = s.dealership_id
                        and ${takesEvent(sql, "appointment.created")}), '[]') as crm,
           nextval('appointments_id_seq')::int as appointment_id
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id = ${id} and ${publiclyListedSql(sql, "s")}`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  const blocks = row.blocks.map((b) => ({
    starts_at: new Date(b.s),
    ends_at: new Date(b.e),
    is_recurring: b.r,
  }));
  return { ...row, blocks };
}

/**
 * The lock a transaction takes before it writes a salesperson's scheduled appointment, held until it ends. The
 * EXCLUDE constraint alone keeps appointments apart, but two inserts of overlapping rows at once each wait at its
 * check for the other's transaction, and PostgreSQL then ends one of them as a deadlock. Taken first, the lock
 * lines same-salesperson bookings up: the check then meets only committed rows, and a loser is refused at once.
 */
function bookingLock(sql: Queryable, salespersonId: number) {
  return sql`pg_advisory_xact_lock(hashtextextended(${`appointments:${salespersonId}`}, 0))`;
}

/** Inserts a scheduled appointment, holding its salesperson's booking lock until the transaction ends. */
async function insertScheduled(
  tx: Queryable,
  row: Record<string, unknown> & { salesperson_id: number },
  onConflict: () => void,
): Promise<number> {
  await tx`select ${bookingLock(tx, row.salesperson_id)}`;
  try {
    const [created] = await tx<
      Pick<AppointmentRow, "id">[]
    >`insert into appointments ${tx(row)} returning id`;
    return created!.id;
  } catch (error) {
    return conflictOnOverlap(error, onConflict);
  }
}

/** The jobs a new appointment starts: its notice (e-mail with the invitation) and, when still ahead, its reminder. */
function bookingNoticeJobs(appointmentId: number, startsAt: Date, kind: "booked" | "rescheduled"): JobSpec[] {
  const remindAt = new Date(startsAt.getTime() - REMINDER_LEAD_HOURS * 3_600_000);
  return [
    { name: QUEUES.appointmentNotice, data: { appointmentId, kind } },
    ...(remindAt.getTime() > Date.now()
      ? [
          {
            name: QUEUES.appointmentReminder,
            data: { appointmentId },
            startAfter: remindAt,
            singletonKey: `reminder-${appointmentId}`,
          } satisfies JobSpec,
        ]
      : []),
  ];
}

/** Notices for a new appointment, enqueued inside the transaction so they exist only if it commits. */
async function enqueueBookingNotices(
  ctx: Context,
  tx: Queryable,
  appointmentId: number,
  startsAt: Date,
  kind: "booked" | "rescheduled",
) {
  // Every insert is sent at once on the transaction's connection (pipelined), not one after the other.
  await Promise.all(
    bookingNoticeJobs(appointmentId, startsAt, kind).map(({ name, data, ...options }) =>
      ctx.jobs.send(name, data, { ...options, within: tx }),
    ),
  );
}

/**
 * Books a slot in one statement: the appointment, the salesperson's notification, the notice and reminder jobs
 * and the CRM deliveries are data-modifying parts of one INSERT, so they all exist or none does, and the
 * EXCLUDE constraint refuses an overlap as before. One round trip reads what it needs first (`bookingTarget`).
 */
export async function bookAppointment(
  ctx: Context & { user: NonNullable<Context["user"]> },
  input: BookInput,
) {
  // Blocks are read before the statement: inside a transaction, at READ COMMITTED, the read would see no more.
  const target = await bookingTarget(ctx.sql, input.salespersonId, input.date);
  const startsAt = resolveSlot(input.date, input.time, target.time_zone);
  const rules = rulesOf(target.booking_rules);
  const minutes = visitMinutes(rules, input.appointmentType);
  refuseTooSoon(rules, startsAt);
  refuseOutsideHours(hoursSources(target), startsAt, target.time_zone, minutes);
  refuseBlocked(target.blocks, input.date, target.time_zone, startsAt, minutes);
  const id = target.appointment_id;
  const customerEmail = input.customerEmail ?? ctx.user.email;
  const crm: AppointmentCrmData = {
    appointmentId: id,
    appointmentType: input.appointmentType,
    startsAt,
    status: "scheduled",
    customerName: input.customerName,
    customerEmail,
    customerPhone: input.customerPhone,
    notes: input.notes ?? null,
    cancelledBy: null,
    cancellationReason: null,
    salespersonId: target.id,
    salespersonName: target.name,
    salespersonEmail: target.email,
  };
  const jobs = [
    ...bookingNoticeJobs(id, startsAt, "booked"),
    ...target.crm.map((integration) =>
      crmDeliveryJob(
        ctx,
        integration,
        { type: "appointment.created", entityType: "appointment", entityId: id },
        crm,
      ),
    ),
  ];
  // What the answer shows of the salesperson and dealership, known from the read above.
  const salesperson = {
    salesperson_name: target.name,
    time_zone: target.time_zone,
    dealership_id: target.dealership_id,
    dealership_name: target.dealership_name,
  };
  const body = `${input.customerName} booked a ${input.appointmentType} on ${input.date} at ${input.time}.`;
  const statement = async (sql: Queryable) => {
    const { fragment: enqueue } = await ctx.jobs.insertFragment(sql, jobs);
    // The booking lock is taken before the appointment's row is written: `created` reads from `locked`.
    const [created] = await sql<Omit<AppointmentViewRow, keyof typeof salesperson>[]>`
      with locked as (select ${bookingLock(sql, target.id)}),
           created as (
             insert into appointments (id, salesperson_id, customer_id, appointment_type, starts_at, customer_name,
                                       customer_phone, customer_email, notes, duration_minutes, buffer_minutes)
             select ${id}::int, ${target.id}::int, ${ctx.user.id}::uuid, ${input.appointmentType}::text,
                    ${startsAt.toISOString()}::timestamptz, ${input.customerName}::text, ${input.customerPhone}::text,
                    ${customerEmail}::text, ${input.notes ?? null}::text, ${minutes}::int, ${rules.bufferMinutes}::int
               from locked
             returning id, salesperson_id, customer_id, appointment_type, starts_at, status, customer_name,
                       customer_phone, customer_email, notes, cancellation_reason, cancelled_by, cancelled_at,
                       completed_at, duration_minutes),
           notified as (${notify(sql, {
             to: { salespersonId: target.id },
             type: "appointment_requested",
             title: "New appointment request",
             body,
             link: bookingNoticeLink(id),
             onlyIf: sql`exists (select from created)`,
           })}),
           ${enqueue},
           trail as (${statusChangeSql(sql, {
             appointmentId: id,
             from: null,
             to: "scheduled",
             actor: actorOf(ctx.user),
             onlyIf: sql`exists (select from created)`,
           })})
      select * from created`;
    return created!;
  };
  try {
    // A daily limit is counted under the booking lock, in a transaction; without one the booking is one statement.
    const created =
      rules.dailyCap === null
        ? await statement(ctx.sql)
        : await ctx.sql.begin(async (tx) => {
            await tx`select ${bookingLock(tx, target.id)}`;
            await refuseFullDay(tx, rules, target.id, input.date, target.time_zone);
            return statement(tx);
          });
    ctx.metrics.booking("booked");
    return toAppointmentView({ ...created, ...salesperson });
  } catch (error) {
    return conflictOnOverlap(error, () => ctx.metrics.booking("conflict"));
  }
}

type RescheduleInput = z.output<typeof rescheduleAppointmentInput>;

/** Cancel-and-book in one transaction: either both happen or neither does. */
export async function rescheduleAppointment(
  ctx: Context & { user: NonNullable<Context["user"]> },
  input: RescheduleInput,
) {
  const old = await loadOwnAppointmentRow(ctx.sql, ctx.user, input.id);
  if (!old) throw await appointmentNotFound(ctx, input.id, "reschedule of");
  const side = sideOf(ctx.user, old)!;
  const startsAt = resolveSlot(input.date, input.time, old.time_zone);
  const { sources, rules } = await loadBookingRules(ctx.sql, old.salesperson_id);
  const minutes = visitMinutes(rules, knownType(old.appointment_type));
  refuseTooSoon(rules, startsAt);
  refuseOutsideHours(sources, startsAt, old.time_zone, minutes);

  const newId = await ctx.sql.begin(async (tx) => {
    const [cancelled] = await tx<Pick<AppointmentRow, "id">[]>`
      update appointments set status = 'cancelled', cancelled_by = ${side}, cancelled_at = now(),
             cancellation_reason = 'Rescheduled', ics_sequence = ics_sequence + 1
       where id = ${old.id} and status = 'scheduled'
         and starts_at > now() + make_interval(hours => ${CANCELLATION_WINDOW_HOURS})
       returning id`;
    if (!cancelled) throw changeRefusal(old);
    const actor = actorOf(ctx.user);
    await recordStatusChange(tx, {
      appointmentId: old.id,
      from: "scheduled",
      to: "cancelled",
      actor,
      note: `Rescheduled to ${input.date} ${input.time}`,
    });
    await assertNotBlocked(tx, old.salesperson_id, input.date, old.time_zone, startsAt, minutes);
    await tx`select ${bookingLock(tx, old.salesperson_id)}`;
    await refuseFullDay(tx, rules, old.salesperson_id, input.date, old.time_zone);
    const id = await insertScheduled(
      tx,
      {
        salesperson_id: old.salesperson_id,
        customer_id: old.customer_id,
        appointment_type: old.appointment_type,
        starts_at: startsAt.toISOString(),
        customer_name: old.customer_name,
        customer_phone: old.customer_phone,
        customer_email: old.customer_email,
        notes: old.notes,
        duration_minutes: minutes,
        buffer_minutes: rules.bufferMinutes,
      },
      () => ctx.metrics.booking("conflict"),
    );
    await tx`update appointments set rescheduled_to_id = ${id} where id = ${old.id}`;
    await recordStatusChange(tx, {
      appointmentId: id,
      from: null,
      to: "scheduled",
      actor,
      note: `Moved from visit #${old.id}`,
    });
    await notify(tx, {
      to: { salespersonId: old.salesperson_id },
      type: "appointment_rescheduled",
      title: "Appointment rescheduled",
      body: `${old.customer_name} moved their ${old.appointment_type} to ${input.date} at ${input.time}.`,
      link: bookingNoticeLink(id),
    });
    await ctx.jobs.send(
      QUEUES.appointmentNotice,
      { appointmentId: old.id, kind: "cancelled" },
      { within: tx },
    );
    await enqueueBookingNotices(ctx, tx, id, startsAt, "rescheduled");
    // A CRM sees a reschedule as what it is: the old visit cancelled, a new one booked.
    await appointmentCrmEvent(ctx, tx, old, "appointment.cancelled");
    await appointmentCrmEvent(ctx, tx, { id, salesperson_id: old.salesperson_id }, "appointment.created");
    return id;
  });
  ctx.metrics.booking("rescheduled");
  return {
    cancelled: toAppointmentView({ ...old, status: "cancelled" }),
    appointment: await loadAppointmentView(ctx.sql, newId),
  };
}
