// Whether a slot may be taken, and why a booking or a change is refused: the date and time rules, the
// salesperson's availability blocks, the opening hours, their booking rules (notice, daily limit), and the
// overlap the database's EXCLUDE constraint reports (visits' lengths and the gaps kept after them).

import { type BookingRules, rulesOf } from "../../../shared/bookingRules";
import { type HoursSources, outsideHoursMessage } from "../../../shared/openingHours";
import type { DealershipHours } from "../../../shared/schemas/dealershipHours";
import { BOOKING_HORIZON_DAYS, blockIntervalsOn, CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { addDays, fromZoned, todayIn } from "../../../shared/time";
import { appError } from "../../appError";
import type { Queryable } from "../../db/client";
import { PG, pgErrorCode } from "../../db/pgErrors";
import type { AppointmentRow, AvailabilityBlockRow } from "../../db/rows";

const CONFLICT_MESSAGE = "Time slot unavailable";

export type BlockSpan = Pick<AvailabilityBlockRow, "starts_at" | "ends_at" | "is_recurring">;

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

/** The hours rows keep (dealerships.hours, salespeople.working_hours), as the rule reads them. */
export function hoursSources(row: { dealership_hours: unknown; working_hours: unknown }): HoursSources {
  return {
    dealership: (row.dealership_hours as DealershipHours | null) ?? null,
    salesperson: (row.working_hours as DealershipHours | null) ?? null,
  };
}

/** Refuses a visit of `minutes` that is not wholly inside the dealership's hours and the salesperson's own. */
export function refuseOutsideHours(sources: HoursSources, startsAt: Date, timeZone: string, minutes: number) {
  const message = outsideHoursMessage(sources, startsAt, timeZone, minutes);
  if (message) throw appError("UNPROCESSABLE_CONTENT", message, "OUTSIDE_OPENING_HOURS");
}

/** Reads the hours and the booking rules that govern a salesperson's bookings. */
export async function loadBookingRules(
  sql: Queryable,
  salespersonId: number,
): Promise<{ sources: HoursSources; rules: BookingRules }> {
  const [row] = await sql<{ dealership_hours: unknown; working_hours: unknown; booking_rules: unknown }[]>`
    select d.hours as dealership_hours, s.working_hours, s.booking_rules
      from salespeople s left join dealerships d on d.id = s.dealership_id
     where s.id = ${salespersonId}`;
  return {
    sources: hoursSources(row ?? { dealership_hours: null, working_hours: null }),
    rules: rulesOf(row?.booking_rules),
  };
}

/** Refuses a visit of `minutes` that one of the salesperson's availability blocks covers on that local date. */
export function refuseBlocked(
  blocks: BlockSpan[],
  date: string,
  timeZone: string,
  startsAt: Date,
  minutes: number,
) {
  const end = startsAt.getTime() + minutes * 60_000;
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

export async function assertNotBlocked(
  tx: Queryable,
  salespersonId: number,
  date: string,
  timeZone: string,
  startsAt: Date,
  minutes: number,
) {
  const blocks = await tx<BlockSpan[]>`
    select starts_at, ends_at, is_recurring from availability_blocks
     where salesperson_id = ${salespersonId}
       and (is_recurring or (starts_at < ${new Date(startsAt.getTime() + minutes * 60_000)} and ends_at > ${startsAt}))`;
  refuseBlocked(blocks, date, timeZone, startsAt, minutes);
}

/** Refuses a visit inside the notice the salesperson asks for. */
export function refuseTooSoon(rules: BookingRules, startsAt: Date, now = new Date()) {
  const hours = rules.minNoticeHours;
  if (startsAt.getTime() < now.getTime() + hours * 3_600_000)
    throw appError(
      "UNPROCESSABLE_CONTENT",
      `This salesperson needs at least ${hours === 1 ? "an hour's" : `${hours} hours'`} notice: choose a later time`,
      "NOTICE_TOO_SHORT",
    );
}

/**
 * Refuses a visit on a day that already has as many as the salesperson takes. Run after their booking lock is
 * taken, in a statement of its own, so it counts the visits committed while the lock was awaited.
 */
export async function refuseFullDay(
  tx: Queryable,
  rules: BookingRules,
  salespersonId: number,
  date: string,
  timeZone: string,
) {
  if (rules.dailyCap === null) return;
  const [row] = await tx<{ n: number }[]>`
    select count(*)::int as n from appointments
     where salesperson_id = ${salespersonId} and status = 'scheduled'
       and starts_at >= ${fromZoned(date, "00:00", timeZone)} and starts_at < ${fromZoned(addDays(date, 1), "00:00", timeZone)}`;
  if (row!.n >= rules.dailyCap)
    throw appError(
      "CONFLICT",
      `This salesperson takes at most ${rules.dailyCap} visit${rules.dailyCap === 1 ? "" : "s"} a day, and that day is full: choose another day`,
      "DAILY_LIMIT_REACHED",
    );
}

/**
 * An appointment that overlaps a scheduled one (the EXCLUDE constraint) is 409 SCHEDULING_CONFLICT, told to
 * `onConflict` first (the bookings_total series counts them).
 */
export function conflictOnOverlap(error: unknown, onConflict?: () => void): never {
  if (pgErrorCode(error) === PG.exclusionViolation) {
    onConflict?.();
    throw appError("CONFLICT", CONFLICT_MESSAGE, "SCHEDULING_CONFLICT");
  }
  throw error;
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
