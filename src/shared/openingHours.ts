// Opening hours as a booking rule (docs/product/booking.md), used by the slot lists and by every booking: a
// visit's whole half hour lies inside the dealership's hours for its local date, and inside the salesperson's
// own working hours where they have set them. Times are read in the dealership's IANA zone, as instants, so a
// daylight-saving change day is right.
import { type DealershipHours, WEEKDAYS, type Weekday } from "./schemas/dealershipHours";
import { SLOT_MINUTES, SLOT_TIMES } from "./slots";
import { dayClock, toZoned } from "./time";

/** The hours that govern a salesperson's bookings; null where none are stated. */
export type HoursSources = {
  /** The dealership's opening hours (null: not stated, or no dealership). */
  dealership: DealershipHours | null;
  /** The salesperson's own working hours (null: not set, the dealership's hours apply). */
  salesperson: DealershipHours | null;
};

/**
 * What one local date allows: an open window (HH:MM to HH:MM), closed all day, or, when no hours are stated at
 * all, the whole slot grid.
 */
export type BookingDay =
  | { kind: "open"; open: string; close: string; closedBy?: undefined }
  | { kind: "closed"; closedBy: "dealership" | "salesperson" }
  | { kind: "unrestricted"; closedBy?: undefined };

/** The weekday a local date (YYYY-MM-DD) falls on; a date's weekday is the same in every zone. */
export function weekdayOf(date: string): Weekday {
  const sundayFirst = new Date(`${date}T00:00:00Z`).getUTCDay();
  return WEEKDAYS[(sundayFirst + 6) % 7]!;
}

const capitalised = (day: Weekday) => `${day[0]!.toUpperCase()}${day.slice(1)}`;

/** "Sunday" for a local date. */
export function weekdayName(date: string): string {
  return capitalised(weekdayOf(date));
}

/** A local date's bookable window: the dealership's hours narrowed by the salesperson's own, where each is set. */
export function bookingDay(sources: HoursSources, date: string): BookingDay {
  const day = weekdayOf(date);
  const dealership = sources.dealership ? sources.dealership[day] : undefined;
  const own = sources.salesperson ? sources.salesperson[day] : undefined;
  if (dealership === null) return { kind: "closed", closedBy: "dealership" };
  if (own === null) return { kind: "closed", closedBy: "salesperson" };
  if (!dealership && !own) return { kind: "unrestricted" };
  const windows = [dealership, own].filter((w) => !!w);
  const open = windows
    .map((w) => w.open)
    .sort()
    .at(-1)!;
  const close = windows.map((w) => w.close).sort()[0]!;
  // Both stated but not overlapping: the salesperson works only when the dealership is closed.
  if (close <= open) return { kind: "closed", closedBy: "salesperson" };
  return { kind: "open", open, close };
}

/**
 * Whether the visit of `minutes` starting at `time` on `date` (the zone's wall clock) lies wholly inside the
 * day's window.
 */
export function withinBookingDay(
  day: BookingDay,
  date: string,
  time: string,
  timeZone: string,
  minutes = SLOT_MINUTES,
): boolean {
  return fitsDay(day, dayClock(date, timeZone).at, minutes)(time);
}

/** Whether a visit of `minutes` from a time lies inside the day's window, its times read by the day's clock. */
function fitsDay(day: BookingDay, at: (time: string) => number, minutes: number): (time: string) => boolean {
  if (day.kind === "unrestricted") return () => true;
  if (day.kind === "closed") return () => false;
  const opens = at(day.open);
  const closes = at(day.close);
  return (time) => {
    const start = at(time);
    return start >= opens && start + minutes * 60_000 <= closes;
  };
}

/** The grid's times (or `times`) a visit of `minutes` can start at on a local date: those it fits the window from. */
export function bookableTimes(
  sources: HoursSources,
  date: string,
  timeZone: string,
  times: readonly string[] = SLOT_TIMES,
  minutes = SLOT_MINUTES,
): string[] {
  return times.filter(fitsDay(bookingDay(sources, date), dayClock(date, timeZone).at, minutes));
}

/**
 * Why a visit of `minutes` starting at an instant cannot be booked, or null when all of it lies inside the hours
 * of its local date in the zone: "The dealership is closed at that time (Sunday 20:30). ..."
 */
export function outsideHoursMessage(
  sources: HoursSources,
  startsAt: Date,
  timeZone: string,
  minutes = SLOT_MINUTES,
): string | null {
  const local = toZoned(startsAt, timeZone);
  const day = bookingDay(sources, local.date);
  if (withinBookingDay(day, local.date, local.time, timeZone, minutes)) return null;
  const when = `${weekdayName(local.date)} ${local.time}`;
  const dealershipCloses =
    day.kind === "closed"
      ? day.closedBy === "dealership"
      : !withinBookingDay(
          bookingDay({ ...sources, salesperson: null }, local.date),
          local.date,
          local.time,
          timeZone,
          minutes,
        );
  return dealershipCloses
    ? `The dealership is closed at that time (${when}). Choose a time within its opening hours.`
    : `The salesperson is not working at that time (${when}). Choose a time within their working hours.`;
}

/**
 * Whether a dealership is open at an instant, read on its own zone's wall clock: the hours of that local date's
 * weekday, from opening (inclusive) to closing (exclusive). Null when it states no hours, so nobody is told it is
 * closed when it simply never said.
 */
export function openAt(hours: DealershipHours | null, timeZone: string, at: Date): boolean | null {
  if (!hours) return null;
  const local = toZoned(at, timeZone);
  const day = hours[weekdayOf(local.date)];
  return day ? local.time >= day.open && local.time < day.close : false;
}
