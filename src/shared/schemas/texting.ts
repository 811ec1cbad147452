// Inputs and answers of the texting domain: a buyer's mobile number for visit reminders and their salesperson's
// replies, confirmed by a code sent by text (docs/product/texting.md).
import { z } from "zod";
import { TEXT_CODE, toE164 } from "../texting";
import { isValidTimeZone } from "../time";
import { line } from "./common";

/** A mobile number as typed, read as E.164 (10 US digits, or + and a country code). */
export const mobileNumber = line({ error: "Enter your mobile number" })
  .max(30)
  .refine((v) => toE164(v) !== null, "Enter a mobile number, e.g. (512) 555-0100 or +44 7700 900123")
  .transform((v) => toE164(v)!);

export const requestTextCodeInput = z.strictObject({
  phone: mobileNumber,
  /** The browser's IANA time zone, so quiet hours are the buyer's own; the visit's zone otherwise. */
  timeZone: z
    .string()
    .max(64)
    .refine(isValidTimeZone, "Unknown time zone")
    .optional()
    .describe("The buyer's IANA time zone, e.g. America/Chicago"),
});
export type RequestTextCodeInput = z.input<typeof requestTextCodeInput>;

export const confirmTextCodeInput = z.strictObject({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${TEXT_CODE.digits}}$`), `Enter the ${TEXT_CODE.digits}-digit code`),
});

/** The caller's texting state. */
export const textingStatus = z.object({
  available: z.boolean().describe("Whether text messages are configured on this server"),
  phone: z.string().nullable().describe("The number given, in E.164; null when none"),
  state: z
    .enum(["none", "pending", "confirmed", "stopped"])
    .describe(
      "none: no number; pending: a code was sent and not yet entered; confirmed: texts are sent; stopped: the number texted STOP",
    ),
  codeExpiresAt: z.date().nullable().describe("Until when the pending code may be entered"),
});
export type TextingStatus = z.output<typeof textingStatus>;
