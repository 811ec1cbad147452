import { z } from "zod";
import { bookingRulesSchema } from "../bookingRules";
import { APPOINTMENT_TYPES, BLOCK_TYPES } from "../constants";
import { SLOT_TIMES } from "../slots";
import { CHECK_IN_CODE_DIGITS, VISIT_EVIDENCE } from "../visits";
import { ianaZone, idSchema, idWith, isoDate, isoDateTime, line, offsetInstant, text } from "./common";
import { dealershipHours } from "./dealershipHours";

const REQUIRED = "Please fill in all required fields.";

export const isoDateSchema = isoDate({ error: REQUIRED });

const optionalText = (max: number) =>
  text()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const bookAppointmentInput = z
  .strictObject({
    salespersonId: idWith(REQUIRED),
    date: isoDateSchema,
    time: line({ error: REQUIRED })
      .max(8)
      .transform((t) => t.slice(0, 5))
      .refine((t) => SLOT_TIMES.includes(t), "Pick one of the half-hour slots between 9:00 AM and 9:00 PM"),
    appointmentType: z.enum(APPOINTMENT_TYPES, { error: "Choose an appointment type" }),
    customerName: line({ error: REQUIRED }).min(1, REQUIRED).max(120),
    customerPhone: line({ error: REQUIRED })
      .min(1, REQUIRED)
      .max(40)
      .refine(
        (p) => /^[+()\-.\s\d]{7,}$/.test(p) && (p.match(/\d/g)?.length ?? 0) >= 7,
        "Enter a valid phone number",
      ),
    customerEmail: line()
      .max(254)
      .optional()
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : undefined))
      .pipe(z.email("Enter a valid email address").optional()),
    notes: optionalText(2000),
    /** The spec's client also sends date + 'T' + time + ':00'; when present it must agree with date and time. */
    scheduledDateTime: line().max(40).optional(),
  })
  .refine((v) => !v.scheduledDateTime || v.scheduledDateTime.startsWith(`${v.date}T${v.time}`), {
    message: "scheduledDateTime does not match date and time",
    path: ["scheduledDateTime"],
  });
export type BookAppointmentInput = z.input<typeof bookAppointmentInput>;

export const appointmentIdInput = z.strictObject({
  id: idSchema,
});

export const updateAppointmentStatusInput = z.strictObject({
  id: idSchema,
  status: z.enum(["completed", "no-show"], { error: "Status must be completed or no-show" }),
});

export const cancelAppointmentInput = z.strictObject({
  id: idSchema,
  cancelledBy: z.enum(["customer", "salesperson"]).optional(),
  reason: optionalText(500),
});

export const rescheduleAppointmentInput = z.strictObject({
  id: idSchema,
  date: isoDateSchema,
  time: line()
    .max(8)
    .transform((t) => t.slice(0, 5))
    .refine((t) => SLOT_TIMES.includes(t), "Pick one of the half-hour slots between 9:00 AM and 9:00 PM"),
});

export const salespersonDayInput = z.strictObject({
  id: idSchema,
  date: isoDateSchema,
  /** The kind of visit the buyer chose: its length decides which times fit (the shortest kind without one). */
  appointmentType: z.enum(APPOINTMENT_TYPES).optional(),
});

/** Several salespeople at once (a page of browse cards). */
export const salespeopleIdsInput = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });

/** The same, or (in a query string) the ids separated by commas: `?ids=1,2,3`. */
export const salespeopleIdListInput = z.strictObject({
  ids: z.preprocess(
    (value) => (typeof value === "string" ? value.split(",") : value),
    z.array(idSchema).min(1).max(100),
  ),
});

/** Without `userId`, the caller's own appointments (SPEC.md's path names the customer; a customer may leave it out). */
export const customerAppointmentsInput = z.strictObject({ userId: z.uuid("Unknown user id").optional() });

/** A date-time typed by a person: with an offset it is exact; without, it is read in the salesperson's zone. */
export const localOrOffsetDateTime = isoDateTime({ error: "Please fill in all required fields" });

const blockFields = {
  title: line({ error: "Please fill in all required fields" })
    .min(1, "Please fill in all required fields")
    .max(120),
  startDateTime: localOrOffsetDateTime,
  endDateTime: localOrOffsetDateTime,
  blockType: z.enum(BLOCK_TYPES).default("personal"),
  reason: optionalText(500),
  isRecurring: z.boolean().default(false),
};

export const createBlockInput = z.strictObject({
  ...blockFields,
  salespersonId: idSchema.optional(),
});

export const blockIdInput = z.strictObject({ id: idSchema });

export const updateBlockInput = z.strictObject({
  id: idSchema,
  title: blockFields.title.optional(),
  startDateTime: localOrOffsetDateTime.optional(),
  endDateTime: localOrOffsetDateTime.optional(),
  blockType: z.enum(BLOCK_TYPES).optional(),
  /** null or "" clears the reason; leaving it out keeps it. */
  reason: text()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  isRecurring: z.boolean().optional(),
  salespersonId: idSchema.optional(),
});

export const waitlistInput = z.strictObject({
  salespersonId: idSchema,
  date: isoDateSchema,
});

export const appointmentView = z
  .object({
    id: z.number().int(),
    salespersonId: z.number().int(),
    salespersonName: z.string(),
    dealership: z.string().nullable().describe("The dealership's name; null for an independent salesperson"),
    appointmentType: z.string(),
    scheduledDateTime: offsetInstant(),
    scheduledAt: offsetInstant().describe("The same instant as scheduledDateTime"),
    durationMinutes: z.number().int().describe("How long the visit takes, as booked"),
    timeZone: ianaZone(),
    status: z.string().describe("scheduled, completed, cancelled or no-show"),
    customerName: z.string(),
    customerPhone: z.string(),
    customerEmail: z.string().nullable(),
    notes: z.string().nullable(),
    cancellationReason: z.string().nullable(),
    cancelledBy: z.string().nullable().describe("customer or salesperson; null unless cancelled"),
    cancelledAt: z.date().nullable(),
    completedAt: z.date().nullable(),
    checkedInAt: z.date().nullable().describe("When the buyer entered the dealership's check-in code"),
    visitEvidence: z
      .enum(VISIT_EVIDENCE)
      .nullable()
      .describe(
        "What a completed visit rests on: checked_in, salesperson, dispute_upheld, buyer_confirmed or auto (closed by itself, unconfirmed); null until completed",
      ),
    noShowUntil: z
      .date()
      .nullable()
      .describe("For a visit that closed by itself: until when staff may still mark it a no-show"),
    canCancel: z
      .boolean()
      .describe("Whether it is still scheduled and far enough ahead to be cancelled or rescheduled"),
  })
  .describe("An appointment with its salesperson and dealership");
export type AppointmentView = z.output<typeof appointmentView>;

export const appointmentList = z.array(appointmentView);

/** What anyone but the salesperson and their manager sees of a scheduled appointment: when, not who. */
export const scheduledInstant = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  scheduledDateTime: z.string().describe("ISO 8601 with the salesperson's time-zone offset"),
  scheduledAt: z.string().describe("The same instant as scheduledDateTime"),
  status: z.enum(["scheduled", "completed", "cancelled", "no-show"]),
});

export const salespersonCalendar = z
  .union([z.array(appointmentView), z.array(scheduledInstant)])
  .describe(
    "The salesperson and their manager get full appointments of the last 90 days and ahead; anyone else " +
      "only the instants of scheduled appointments from yesterday on, without who booked",
  );

export const rescheduled = z
  .object({
    cancelled: appointmentView.describe("The old appointment, now cancelled"),
    appointment: appointmentView.describe("The new appointment at the new time"),
  })
  .describe("Rescheduling cancels the appointment and books a new one");

export const daySlots = z
  .object({
    salespersonId: z.number().int(),
    date: z.string().describe("YYYY-MM-DD in the salesperson's time zone"),
    timeZone: z.string().describe("IANA zone the slots are in"),
    hours: z
      .object({ open: z.string(), close: z.string() })
      .nullable()
      .describe(
        "The day's bookable hours (HH:MM to HH:MM): the dealership's opening hours narrowed by the salesperson's own working hours; null when none are stated",
      ),
    closed: z
      .enum(["dealership", "salesperson"])
      .nullable()
      .describe("Who is closed all day (the dealership, or the salesperson not working), or null"),
    visitMinutes: z.number().int().describe("The length of the visit the slots were computed for"),
    slots: z.array(
      z.object({
        time: z.string().describe("HH:MM local time"),
        label: z.string().describe("The time as shown, e.g. 9:30 AM"),
        startsAt: z.string().describe("ISO 8601 with the time zone's offset"),
        state: z
          .enum(["available", "booked", "blocked", "past", "too-soon", "full"])
          .describe(
            "booked: a visit (or the gap kept after one) is in the way; blocked: the salesperson is away; too-soon: inside the notice they ask for; full: they take no more visits that day",
          ),
      }),
    ),
  })
  .describe(
    "The half-hour slots of one local day that lie wholly within its opening hours, and whether each can be booked",
  );
export type DaySlots = z.output<typeof daySlots>;

/** A salesperson's next open time (for the shortest kind of visit), or null when none in the next two weeks. */
export const nextOpen = z
  .object({
    date: z.string().describe("YYYY-MM-DD in the salesperson's time zone"),
    time: z.string().describe("HH:MM local time"),
    label: z.string().describe("The time as shown, e.g. 9:30 AM"),
    startsAt: z.string().describe("ISO 8601 with the time zone's offset"),
  })
  .nullable();
export type NextOpen = z.output<typeof nextOpen>;
export const nextOpenById = z.record(z.string(), nextOpen);

/** Today's slots of each salesperson asked about, keyed by salesperson id. */
export const daySlotsById = z.record(z.string(), daySlots);

export const waitlistEntry = z.object({
  salespersonId: z.number().int(),
  date: z.string(),
  waiting: z.literal(true),
});

export const availabilityBlock = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  title: z.string(),
  startDateTime: offsetInstant(),
  endDateTime: offsetInstant(),
  startTime: offsetInstant().describe("The same instant as startDateTime"),
  endTime: offsetInstant().describe("The same instant as endDateTime"),
  blockType: z.enum(BLOCK_TYPES),
  reason: z.string().nullable(),
  isRecurring: z.boolean().describe("Repeats every week at the same local times"),
  timeZone: ianaZone(),
});

export const availabilityBlocks = z.array(availabilityBlock);

/** A block just saved, with the scheduled appointments it overlaps (they are not cancelled). */
export const savedBlock = availabilityBlock
  .extend({
    clashingAppointments: z
      .array(appointmentView)
      .describe("Upcoming scheduled appointments inside the block; they stay booked"),
  })
  .describe("The saved availability block");

export const removedBlock = z.object({ deleted: z.literal(true), id: z.number().int() });

/** A salesperson's booking rules; `rules: null` goes back to the defaults. */
export const setBookingRulesInput = z.strictObject({ id: idSchema, rules: bookingRulesSchema.nullable() });

export const bookingRules = z
  .object({
    salespersonId: z.number().int(),
    rules: bookingRulesSchema,
    custom: z.boolean().describe("Whether the salesperson stated their own rules (false: the defaults)"),
  })
  .describe("The rules every booking with the salesperson is held to, and the slot grid shows");

/** A salesperson's own working hours by weekday (null: off that day); `hours: null` clears them. */
export const setWorkingHoursInput = z.strictObject({
  id: idSchema,
  hours: dealershipHours.nullable(),
});

export const workingHours = z
  .object({
    salespersonId: z.number().int(),
    timeZone: ianaZone(),
    hours: dealershipHours
      .nullable()
      .describe("The salesperson's own working hours; null when not set (the dealership's hours apply)"),
    dealershipHours: dealershipHours
      .nullable()
      .describe("The dealership's opening hours; null for an independent salesperson or when not stated"),
  })
  .describe(
    "When a salesperson can be booked: their own working hours within the dealership's opening hours",
  );

/** The buyer's check-in: the code shown at the dealership's desk today. */
export const checkInInput = z.strictObject({
  id: idSchema,
  code: z
    .string()
    .trim()
    .regex(
      new RegExp(`^\\d{${CHECK_IN_CODE_DIGITS}}$`),
      `Enter the ${CHECK_IN_CODE_DIGITS}-digit code shown at the dealership`,
    ),
});

/** Today's check-in code of a dealership (or an independent salesperson), for its staff to show. */
export const checkInCode = z
  .object({
    code: z.string().describe(`${CHECK_IN_CODE_DIGITS} digits`),
    day: z.string().describe("The local day (YYYY-MM-DD) it is valid for, in the salesperson's time zone"),
    place: z.string().describe("Where it is valid: the dealership's name, or the independent salesperson's"),
  })
  .describe("Today's check-in code, shown at the desk for buyers to enter on arrival");
