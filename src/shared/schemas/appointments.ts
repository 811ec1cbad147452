import { z } from "zod";
import { APPOINTMENT_TYPES, BLOCK_TYPES } from "../constants";
import { SLOT_TIMES } from "../slots";
import { isIsoDate } from "../time";

const REQUIRED = "Please fill in all required fields.";

export const isoDateSchema = z
  .string({ error: REQUIRED })
  .trim()
  .refine(isIsoDate, "Date must be a real calendar date (YYYY-MM-DD)");

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined));

export const bookAppointmentInput = z
  .strictObject({
    salespersonId: z.coerce.number({ error: REQUIRED }).int().positive().max(2_147_483_647),
    date: isoDateSchema,
    time: z
      .string({ error: REQUIRED })
      .trim()
      .transform((t) => t.slice(0, 5))
      .refine((t) => SLOT_TIMES.includes(t), "Pick one of the half-hour slots between 9:00 AM and 9:00 PM"),
    appointmentType: z.enum(APPOINTMENT_TYPES, { error: "Choose an appointment type" }),
    customerName: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(120),
    customerPhone: z
      .string({ error: REQUIRED })
      .trim()
      .min(1, REQUIRED)
      .max(40)
      .refine(
        (p) => /^[+()\-.\s\d]{7,}$/.test(p) && (p.match(/\d/g)?.length ?? 0) >= 7,
        "Enter a valid phone number",
      ),
    customerEmail: z
      .string()
      .trim()
      .max(254)
      .optional()
      .nullable()
      .transform((v) => (v ? v.toLowerCase() : undefined))
      .pipe(z.email("Enter a valid email address").optional()),
    notes: optionalText(2000),
    /** The spec's client also sends date + 'T' + time + ':00'; when present it must agree with date and time. */
    scheduledDateTime: z.string().trim().max(40).optional(),
  })
  .refine((v) => !v.scheduledDateTime || v.scheduledDateTime.startsWith(`${v.date}T${v.time}`), {
    message: "scheduledDateTime does not match date and time",
    path: ["scheduledDateTime"],
  });
export type BookAppointmentInput = z.input<typeof bookAppointmentInput>;

export const appointmentIdInput = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

export const updateAppointmentStatusInput = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  status: z.enum(["completed", "no-show"], { error: "Status must be completed or no-show" }),
});

export const cancelAppointmentInput = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  cancelledBy: z.enum(["customer", "salesperson"]).optional(),
  reason: optionalText(500),
});

export const rescheduleAppointmentInput = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  date: isoDateSchema,
  time: z
    .string()
    .trim()
    .transform((t) => t.slice(0, 5))
    .refine((t) => SLOT_TIMES.includes(t), "Pick one of the half-hour slots between 9:00 AM and 9:00 PM"),
});

export const salespersonDayInput = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  date: isoDateSchema,
});

export const customerAppointmentsInput = z.strictObject({ userId: z.uuid("Unknown user id") });

/** A date-time typed by a person: with an offset it is exact; without, it is read in the salesperson's zone. */
export const localOrOffsetDateTime = z
  .string({ error: "Please fill in all required fields" })
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
    "Use an ISO date and time, e.g. 2026-06-01T09:00",
  );

const blockFields = {
  title: z
    .string({ error: "Please fill in all required fields" })
    .trim()
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
  salespersonId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const updateBlockInput = z.strictObject({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  title: blockFields.title.optional(),
  startDateTime: localOrOffsetDateTime.optional(),
  endDateTime: localOrOffsetDateTime.optional(),
  blockType: z.enum(BLOCK_TYPES).optional(),
  /** null or "" clears the reason; leaving it out keeps it. */
  reason: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  isRecurring: z.boolean().optional(),
  salespersonId: z.coerce.number().int().positive().optional(),
});

export const waitlistInput = z.strictObject({
  salespersonId: z.coerce.number().int().positive().max(2_147_483_647),
  date: isoDateSchema,
});

export type AppointmentView = {
  id: number;
  salespersonId: number;
  salespersonName: string;
  dealership: string | null;
  appointmentType: string;
  /** ISO instant with the dealership's offset. */
  scheduledDateTime: string;
  scheduledAt: string;
  timeZone: string;
  status: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string | null;
  notes: string | null;
  cancellationReason: string | null;
  cancelledBy: string | null;
  cancelledAt: Date | null;
  completedAt: Date | null;
  canCancel: boolean;
};

export type DaySlots = {
  salespersonId: number;
  date: string;
  timeZone: string;
  slots: {
    time: string;
    label: string;
    startsAt: string;
    state: "available" | "booked" | "blocked" | "past";
  }[];
};
