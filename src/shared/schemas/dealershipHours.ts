import { z } from "zod";

/** The days a dealership states hours for, in the order they are shown. */
export const WEEKDAYS = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clockTime = z
  .string({ error: "Times are HH:MM, e.g. 09:00" })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are HH:MM, e.g. 09:00");

/** One day's hours: open and close on the same day (HH:MM, 24-hour), or null when closed all day. */
export const dayHours = z
  .strictObject({ open: clockTime, close: clockTime })
  .refine((day) => day.close > day.open, {
    message: "Closing time must be after opening time",
    path: ["close"],
  })
  .nullable();
export type DayHours = z.output<typeof dayHours>;

/** Opening hours by weekday, every day stated (null: closed), as dealerships.hours stores them. */
export const dealershipHours = z.strictObject(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<Weekday, typeof dayHours>,
  { error: "Hours must name every weekday, monday to sunday" },
);
export type DealershipHours = z.output<typeof dealershipHours>;

/** A line that names a day's hours for people: "9:00 – 18:00" or "Closed". */
export function describeDayHours(day: DayHours): string {
  return day ? `${day.open} – ${day.close}` : "Closed";
}
