// The rules a salesperson keeps for their bookings (docs/product/booking.md#booking-rules): how long each kind
// of visit takes, how much notice they need, the gap they keep between visits and how many visits a day they
// take. The slot grid, the next open slot and the server's refusals all read them from here.
import { z } from "zod";
import { APPOINTMENT_TYPES } from "./constants";

export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** The lengths a visit can be given, in minutes. */
export const VISIT_LENGTHS = [30, 45, 60, 90, 120] as const;
/** Notice a salesperson can ask for, in hours (0: any time still ahead). */
export const NOTICE_HOURS = [0, 1, 2, 4, 12, 24, 48] as const;
/** The gap kept after each visit, in minutes. */
export const BUFFER_MINUTES = [0, 15, 30, 60] as const;
export const DAILY_CAP_MAX = 12;

const oneOf = <T extends readonly number[]>(values: T, what: string) =>
  z.literal(values, { error: `${what} must be one of ${values.join(", ")}` });

export const bookingRulesSchema = z.strictObject({
  visitMinutes: z
    .strictObject(
      Object.fromEntries(APPOINTMENT_TYPES.map((type) => [type, oneOf(VISIT_LENGTHS, `${type} length`)])) as {
        [K in AppointmentType]: ReturnType<typeof oneOf<typeof VISIT_LENGTHS>>;
      },
    )
    .describe("How many minutes each kind of visit takes"),
  minNoticeHours: oneOf(NOTICE_HOURS, "Minimum notice").describe(
    "How many hours ahead a visit must be booked",
  ),
  bufferMinutes: oneOf(BUFFER_MINUTES, "Buffer").describe("Minutes kept free after each visit"),
  dailyCap: z
    .number()
    .int()
    .min(1, "A daily limit is at least 1 visit")
    .max(DAILY_CAP_MAX, `A daily limit is at most ${DAILY_CAP_MAX} visits`)
    .nullable()
    .describe("The most visits a day; null for no limit"),
});
export type BookingRules = z.output<typeof bookingRulesSchema>;

/** Until a salesperson states their own, every visit is the half hour it has always been, with no other limit. */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  visitMinutes: Object.fromEntries(
    APPOINTMENT_TYPES.map((type) => [type, 30]),
  ) as BookingRules["visitMinutes"],
  minNoticeHours: 0,
  bufferMinutes: 0,
  dailyCap: null,
};

/** The rules a salesperson row keeps (null: the defaults), whole. */
export function rulesOf(stored: unknown): BookingRules {
  const parsed = bookingRulesSchema.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_BOOKING_RULES;
}

/** The length of a visit of `type`, or, with no type chosen yet, of the shortest kind (what any visit needs). */
export function visitMinutes(rules: BookingRules, type?: AppointmentType): number {
  return type ? rules.visitMinutes[type] : Math.min(...Object.values(rules.visitMinutes));
}

/** A stored appointment's kind as one of the kinds the rules know, or undefined for an older name. */
export function knownType(type: string): AppointmentType | undefined {
  return (APPOINTMENT_TYPES as readonly string[]).includes(type) ? (type as AppointmentType) : undefined;
}

/** "1 hour", "90 minutes", "2 hours". */
export function lengthLabel(minutes: number): string {
  if (minutes % 60 === 0) return minutes === 60 ? "1 hour" : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}
