// Reading calendars and changing appointment status. Ownership is part of every WHERE clause.

import type { z } from "zod";
import { DEALERSHIP_BOOKINGS_SHOWN } from "../../../shared/constants";
import { links } from "../../../shared/links";
import type {
  AppointmentView,
  cancelAppointmentInput,
  updateAppointmentStatusInput,
} from "../../../shared/schemas/appointments";
import { BOOKING_HORIZON_DAYS, CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { addDays, toOffsetIso } from "../../../shared/time";
import { DISPUTE_WINDOW_DAYS, NO_SHOW_AFTER_AUTO_COMPLETE_HOURS, visitStarted } from "../../../shared/visits";
import { appointmentSql, bookingStaffSql, type Caller, handlesBookingsFor, visibleSql } from "../../access";
import { appError } from "../../appError";
import type { Queryable, Sql } from "../../db/client";
import type { AppointmentRow, SalespersonRow } from "../../db/rows";
import { QUEUES } from "../../jobs/queue";
import type { Authed, Context } from "../../serviceContext";
import { appointmentCrmEvent, appointmentCrmJobs } from "../crm/delivery";
import { type Notice, notify } from "../notifications/notify";
import { refreshAggregates } from "../reviews/aggregates";
import { DISPUTED_HELD_REASON } from "../reviews/disputedReview";
import { changeRefusal } from "./slotChecks";
import { actorOf, recordStatusChange, statusChangeSql } from "./statusTrail";
import {
  APPOINTMENT_SELECT,
  type AppointmentViewRow,
  appointmentNotFound,
  bookingNoticeLink,
  loadAppointmentRow,
  loadOwnAppointmentRow,
  sideOf,
  toAppointmentView,
} from "./views";

type Zone = Pick<SalespersonRow, "id" | "time_zone" | "dealership_id">;

/**
 * A salesperson's zone, for a caller who may see the profile: a profile not publicly listed (its dealership
 * has not confirmed it) exists only for its staff, so its calendar is a 404 to everyone else, as its profile is.
 */
async function salespersonZone(sql: Sql, id: number, viewer: Caller | null): Promise<Zone> {
  const [row] = await sql<Zone[]>`
    select s.id, s.time_zone, s.dealership_id from salespeople s
     where s.id = ${id} and ${visibleSql(sql, "s", { visibleTo: viewer })}`;
  if (!row) throw appError("NOT_FOUND", "Salesperson Not Found", "SALESPERSON_NOT_FOUND");
  return row;
}

/**
 * A salesperson's upcoming scheduled appointments. Everyone sees the instants (the slot grid needs them);
 * only the salesperson and their manager see who booked.
 */
export async function salespersonAppointments(ctx: Context, { id: salespersonId }: { id: number }) {
  const person = await salespersonZone(ctx.sql, salespersonId, ctx.user);
  if (handlesBookingsFor(ctx.user, { id: person.id, dealershipId: person.dealership_id })) {
    const rows = await ctx.sql.unsafe<AppointmentViewRow[]>(
      `${APPOINTMENT_SELECT} where a.salesperson_id = $1 and a.starts_at > now() - interval '90 days' order by a.starts_at`,
      [salespersonId],
      { prepare: true },
    );
    return rows.map((r) => toAppointmentView(r));
  }
  const rows = await ctx.sql<Pick<AppointmentRow, "id" | "starts_at" | "status">[]>`
    select id, starts_at, status from appointments
     where salesperson_id = ${salespersonId} and status = 'scheduled' and starts_at > now() - interval '1 day'
     order by starts_at`;
  return rows.map((r) => {
    const scheduled = toOffsetIso(r.starts_at, person.time_zone);
    return {
      id: r.id,
      salespersonId,
      scheduledDateTime: scheduled,
      scheduledAt: scheduled,
      status: r.status,
    };
  });
}

/**
 * The bookings of the caller's dealership across its salespeople, for anyone who works there in any role
 * (staff handle them): the last 30 days and everything ahead, latest first, at most 500. Scoped with
 * {@link bookingStaffSql}; an account that works for no dealership has none.
 */
export async function dealershipBookings(ctx: Authed): Promise<AppointmentView[]> {
  const dealershipId = ctx.user.dealershipId;
  if (dealershipId === null) return [];
  // When more fall in the window than the list holds, the ones nearest to now are kept (today's first), and the
  // farthest ahead and longest ago are left out: never today's for next month's.
  const rows = await ctx.sql<AppointmentViewRow[]>`
    select * from (
      ${ctx.sql.unsafe(APPOINTMENT_SELECT)}
       where s.dealership_id = ${dealershipId} and ${bookingStaffSql(ctx.sql, ctx.user, "s")}
         and a.starts_at > now() - interval '30 days'
       order by abs(extract(epoch from a.starts_at - now())), a.id
       limit ${DEALERSHIP_BOOKINGS_SHOWN}) nearest
     order by nearest.starts_at desc, nearest.id desc`;
  return rows.map((r) => toAppointmentView(r));
}

/** Only the caller's own appointments: another user's id is refused before anything is read. */
export async function customerAppointments(ctx: Authed, userId: string) {
  if (userId !== ctx.user.id)
    throw appError("FORBIDDEN", "You can only see your own appointments", "NOT_OWNER");
  const rows = await ctx.sql.unsafe<AppointmentViewRow[]>(
    `${APPOINTMENT_SELECT} where a.customer_id = $1 order by a.starts_at desc limit 200`,
    [ctx.user.id],
    { prepare: true },
  );
  return rows.map((r) => toAppointmentView(r));
}

/**
 * Salesperson or their manager marks a scheduled appointment completed or no-show, once it has started (nobody
 * knows before then whether the buyer comes); one concurrent change wins. A visit the buyer checked in to is not
 * a no-show. A visit that closed by itself without evidence may still be marked no-show for
 * NO_SHOW_AFTER_AUTO_COMPLETE_HOURS; a review already written of it is then held as a disputed visit's is. The
 * buyer of a no-show is told at once (bell and e-mail), so they can dispute it.
 */
export async function updateAppointmentStatus(
  ctx: Authed,
  input: z.output<typeof updateAppointmentStatusInput>,
) {
  const updated = await ctx.sql.begin(async (tx) => {
    const [before] = await tx<Pick<AppointmentRow, "status">[]>`
      select a.status from appointments a join salespeople s on s.id = a.salesperson_id
       where a.id = ${input.id} and ${bookingStaffSql(tx, ctx.user, "s")} for update of a`;
    if (!before) return undefined;
    const [row] = await tx<
      (Pick<AppointmentRow, "id" | "salesperson_id" | "customer_id" | "appointment_type" | "starts_at"> &
        Pick<SalespersonRow, "time_zone"> & { salesperson_name: string })[]
    >`
      update appointments a
         set status = ${input.status},
             completed_at = case when ${input.status} = 'completed' then now() else null end,
             visit_evidence = case when ${input.status} = 'completed'
                                   then case when a.checked_in_at is not null then 'checked_in' else 'salesperson' end
                              end
        from salespeople s
       where a.id = ${input.id} and s.id = a.salesperson_id and a.starts_at <= now()
         and (a.status = 'scheduled' and (${input.status} = 'completed' or a.checked_in_at is null)
              or ${input.status} = 'no-show' and a.status = 'completed'
                 and a.visit_evidence in ('auto', 'buyer_confirmed')
                 and a.completed_at > now() - make_interval(hours => ${NO_SHOW_AFTER_AUTO_COMPLETE_HOURS}))
       returning a.id, a.salesperson_id, a.customer_id, a.appointment_type, a.starts_at, s.time_zone,
                 s.name as salesperson_name`;
    if (!row) return null;
    await recordStatusChange(tx, {
      appointmentId: row.id,
      from: before.status,
      to: input.status,
      actor: actorOf(ctx.user),
    });
    if (input.status === "completed") await appointmentCrmEvent(ctx, tx, row, "appointment.completed");
    else {
      if (before.status === "completed") await holdReviewOfMissedVisit(tx, row.id);
      await tellBuyerOfNoShow(ctx, tx, row);
    }
    return row;
  });
  if (updated) {
    if (input.status === "no-show") ctx.browseCache.clear();
    return toAppointmentView((await loadAppointmentRow(ctx.sql, input.id))!);
  }
  const row = await loadOwnAppointmentRow(ctx.sql, ctx.user, input.id);
  if (!row) throw await appointmentNotFound(ctx, input.id, "status change of");
  if (sideOf(ctx.user, row) !== "salesperson") {
    throw appError(
      "FORBIDDEN",
      "Only the salesperson or their manager can update this appointment",
      "NOT_OWNER",
    );
  }
  throw outcomeRefusal(row, input.status);
}

/** Why a visit's outcome cannot be recorded (the conditions of updateAppointmentStatus's UPDATE, in words). */
function outcomeRefusal(row: AppointmentViewRow, status: "completed" | "no-show") {
  if (row.status === "scheduled" && !visitStarted(row.starts_at)) {
    const local = toOffsetIso(row.starts_at, row.time_zone);
    return appError(
      "CONFLICT",
      `This visit starts on ${local.slice(0, 10)} at ${local.slice(11, 16)}: it can be marked ${status} only once it has started`,
      "VISIT_NOT_STARTED",
    );
  }
  if (status === "no-show" && row.checked_in_at) {
    return appError(
      "CONFLICT",
      "The buyer checked in at the dealership for this visit, so it cannot be marked a no-show",
      "VISIT_CHECKED_IN",
    );
  }
  if (status === "no-show" && (row.visit_evidence === "auto" || row.visit_evidence === "buyer_confirmed")) {
    return appError(
      "CONFLICT",
      `A visit that closed by itself can be marked a no-show within ${NO_SHOW_AFTER_AUTO_COMPLETE_HOURS} hours of closing; that time has passed`,
      "NO_SHOW_WINDOW_CLOSED",
    );
  }
  return appError(
    "CONFLICT",
    `This appointment is ${row.status} and can no longer be changed`,
    "NOT_SCHEDULED",
  );
}

/**
 * A review written of a visit that closed by itself and is then marked no-show stops counting: it is held as a
 * review of a disputed visit is, so the buyer's dispute, if upheld, publishes it, and if rejected withholds it.
 */
async function holdReviewOfMissedVisit(tx: Queryable, appointmentId: number) {
  const [held] = await tx<{ salesperson_id: number }[]>`
    update ratings set moderation_status = 'held', held_reason = ${DISPUTED_HELD_REASON}, rules_held_reason = null
     where appointment_id = ${appointmentId} and moderation_status = 'published'
    returning salesperson_id`;
  if (held) await refreshAggregates(tx, held.salesperson_id);
}

/**
 * The buyer of a visit marked no-show hears of it in the same transaction: a notice on their bell and an e-mail
 * (queued), both pointing to their appointments, where they may say "I was there".
 */
async function tellBuyerOfNoShow(
  ctx: Authed,
  tx: Queryable,
  row: Pick<AppointmentRow, "id" | "customer_id" | "appointment_type" | "starts_at"> &
    Pick<SalespersonRow, "time_zone"> & { salesperson_name: string },
) {
  if (!row.customer_id) return;
  const local = toOffsetIso(row.starts_at, row.time_zone);
  await notify(tx, {
    to: { userId: row.customer_id },
    type: "appointment_no_show",
    title: "Visit marked as a no-show",
    body:
      `${row.salesperson_name} marked your ${row.appointment_type} on ${local.slice(0, 10)} at ${local.slice(11, 16)} ` +
      `as a no-show. If you were there, say so within ${DISPUTE_WINDOW_DAYS} days from your appointments.`,
    link: links.appointments(),
  });
  await ctx.jobs.send(QUEUES.appointmentNotice, { appointmentId: row.id, kind: "no-show" }, { within: tx });
}

/**
 * Customer or salesperson's side cancels a scheduled appointment while it is outside the cancellation window, in
 * one statement: the change, its trail, the other side's notice, the notice and waitlist jobs and the CRM
 * deliveries are data-modifying parts of one UPDATE, each written only when the appointment changed. One round
 * trip reads before it: the appointment and, beside it, the CRM integrations that take the event.
 */
export async function cancelAppointment(ctx: Authed, input: z.output<typeof cancelAppointmentInput>) {
  const [row, crmJobs] = await Promise.all([
    loadOwnAppointmentRow(ctx.sql, ctx.user, input.id),
    appointmentCrmJobs(ctx, ctx.sql, input.id, "appointment.cancelled"),
  ]);
  if (!row) throw await appointmentNotFound(ctx, input.id, "cancellation of");
  const side = sideOf(ctx.user, row)!;
  if (input.cancelledBy && input.cancelledBy !== side) {
    throw appError("FORBIDDEN", `You cannot cancel on behalf of the ${input.cancelledBy}`, "WRONG_SIDE");
  }
  const local = toOffsetIso(row.starts_at, row.time_zone);
  const notice: Notice | null =
    side === "customer"
      ? {
          to: { salespersonId: row.salesperson_id },
          type: "appointment_cancelled",
          title: "Appointment cancelled",
          body: `${row.customer_name} cancelled their ${row.appointment_type} on ${local.slice(0, 10)} at ${local.slice(11, 16)}.`,
          link: bookingNoticeLink(row.id),
        }
      : row.customer_id
        ? {
            to: { userId: row.customer_id },
            type: "appointment_cancelled",
            title: "Appointment cancelled",
            body: `${row.salesperson_name} cancelled your ${row.appointment_type} on ${local.slice(0, 10)} at ${local.slice(11, 16)}.`,
            link: links.appointments(),
          }
        : null;
  const sql = ctx.sql;
  const changedAny = sql`exists (select from changed)`;
  const { fragment: enqueue } = await ctx.jobs.insertFragment(
    sql,
    [
      { name: QUEUES.appointmentNotice, data: { appointmentId: row.id, kind: "cancelled" } },
      { name: QUEUES.waitlistNotice, data: { salespersonId: row.salesperson_id, date: local.slice(0, 10) } },
      ...crmJobs({ status: "cancelled", cancelledBy: side, cancellationReason: input.reason ?? null }),
    ],
    { onlyIf: changedAny },
  );
  const [cancelled] = await sql<
    Pick<AppointmentRow, "status" | "cancelled_by" | "cancelled_at" | "cancellation_reason">[]
  >`
    with changed as (
           update appointments set status = 'cancelled', cancelled_by = ${side}, cancelled_at = now(),
                  cancellation_reason = ${input.reason ?? null}, ics_sequence = ics_sequence + 1
            where id = ${row.id} and status = 'scheduled'
              and starts_at > now() + make_interval(hours => ${CANCELLATION_WINDOW_HOURS})
              and ${appointmentSql(sql, ctx.user, "appointments")}
           returning status, cancelled_by, cancelled_at, cancellation_reason),
         trail as (${statusChangeSql(sql, {
           appointmentId: row.id,
           from: "scheduled",
           to: "cancelled",
           actor: actorOf(ctx.user),
           note: input.reason ?? null,
           onlyIf: changedAny,
         })}),
         ${notice ? sql`notified as (${notify(sql, { ...notice, onlyIf: changedAny })}),` : sql``}
         ${enqueue}
    select * from changed`;
  if (!cancelled) throw changeRefusal((await loadAppointmentRow(ctx.sql, row.id)) ?? row);
  ctx.metrics.booking("cancelled");
  // The appointment as read before, with what the cancellation changed.
  return toAppointmentView({ ...row, ...cancelled });
}

/** A customer asks to be told when a slot of this salesperson frees up on this local date. */
export async function joinWaitlist(
  ctx: Authed,
  { salespersonId, date }: { salespersonId: number; date: string },
) {
  const person = await salespersonZone(ctx.sql, salespersonId, ctx.user);
  const today = toOffsetIso(new Date(), person.time_zone).slice(0, 10);
  if (date < today) throw appError("BAD_REQUEST", "Date cannot be earlier than today", "DATE_IN_PAST");
  if (date > addDays(today, BOOKING_HORIZON_DAYS)) {
    throw appError(
      "BAD_REQUEST",
      `You can join a waitlist up to ${BOOKING_HORIZON_DAYS} days ahead`,
      "BEYOND_BOOKING_HORIZON",
    );
  }
  await ctx.sql`insert into waitlist_entries (salesperson_id, customer_id, date)
                values (${salespersonId}, ${ctx.user.id}, ${date})
                on conflict (salesperson_id, customer_id, date) do nothing`;
  return { salespersonId, date, waiting: true as const };
}
