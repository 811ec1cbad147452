import { z } from "zod";
import { APPOINTMENT_TYPES, BLOCK_TYPES } from "../constants";
import { SLOT_TIMES } from "../slots";
import { idSchema, idWith, isoDate, isoDateTime, line, text } from "./common";

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
});

/** Several salespeople at once (a page of browse cards). */
export const salespeopleIdsInput = z.strictObject({ ids: z.array(idSchema).min(1).max(100) });

export const customerAppointmentsInput = z.strictObject({ userId: z.uuid("Unknown user id") });

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
