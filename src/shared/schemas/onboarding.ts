// Inputs and answers of dealership applications (docs/product/onboarding.md): the public "List your
// dealership" form, its e-mailed confirmation, and the administrators' queue with approve and decline.
import { z } from "zod";
import { APPLICATION_STATUSES } from "../constants";
import { dealershipDetailsFields, requiredLine } from "./applicationFields";
import { emailSchema } from "./auth";
import { idWith, line, listPage, optionalFilter, pagingFields, text } from "./common";

/** How long the link that confirms an application's e-mail works. */
export const APPLICATION_CONFIRM_HOURS = 48;
export const APPLICATION_DECLINE_REASON_REQUIRED = "Please give a reason for declining this application";
export const APPLICATION_REASON_MAX = 1000;

/** Who to contact about the application, and who is invited as its manager once approved. */
export const applicantFields = {
  applicantName: requiredLine("Your name is required", 120),
  applicantEmail: emailSchema,
};

export const dealershipApplicationInput = z.strictObject({
  ...dealershipDetailsFields,
  ...applicantFields,
});
export type DealershipApplicationInput = z.input<typeof dealershipApplicationInput>;

export const applicationTokenInput = z.strictObject({ token: line().min(1).max(200) });

/** What filing answers: the same words whoever applies (nothing says whether an address or dealership exists). */
export const applicationReceipt = z
  .object({ message: z.string() })
  .describe("The application was received; a confirmation link is on its way to the applicant");

/** What a confirmation link confirms, shown before the one click that uses it. */
export const applicationLink = z
  .object({
    dealershipName: z.string(),
    applicantEmail: z.string(),
    expiresAt: z.date(),
  })
  .describe("The application a confirmation link confirms");
export type ApplicationLink = z.output<typeof applicationLink>;

export const applicationConfirmed = z
  .object({ dealershipName: z.string(), status: z.literal("pending") })
  .describe("The e-mail is confirmed; the application waits for an administrator");

// The administrators' queue ----------------------------------------------------------------------------------

export const applicationsListInput = z
  .strictObject({
    /** Pending first when no status is asked for; unconfirmed ones are never in the queue. */
    status: optionalFilter(
      z.enum(["pending", "approved", "declined"], { error: "Status must be pending, approved or declined" }),
    ),
    /** Matches the dealership's name, its city, or the applicant's name or e-mail. */
    search: optionalFilter(line().min(1).max(100)),
    ...pagingFields(),
  })
  .optional();
export type ApplicationsListInput = z.input<typeof applicationsListInput>;

export const applicationDuplicate = z.object({
  kind: z.enum(["dealership", "application"]).describe("An existing dealership or another application"),
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  match: z.enum(["name_zip", "website"]).describe("Same name and ZIP code, or the same website host"),
});
export type ApplicationDuplicate = z.output<typeof applicationDuplicate>;

export const dealershipApplication = z.object({
  id: z.number().int(),
  dealershipName: z.string(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  state: z.string(),
  phoneNumber: z.string(),
  website: z.string().nullable(),
  applicantName: z.string(),
  applicantEmail: z.string(),
  salespersonId: z.number().int().nullable().describe("The salesperson who filed it while registering"),
  salespersonName: z.string().nullable(),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.date(),
  confirmedAt: z.date().nullable(),
  receivedAt: z
    .date()
    .describe("When it reached the queue: its contact confirmed it (or it was filed confirmed)"),
  dueAt: z.date().describe("When a decision is due: received plus the decision time (src/shared/support.ts)"),
  overdue: z.boolean().describe("Still pending after its due time"),
  decidedAt: z.date().nullable(),
  decisionReason: z.string().nullable(),
  dealershipId: z.number().int().nullable().describe("The dealership approving it created"),
  duplicates: z.array(applicationDuplicate),
});
export type DealershipApplication = z.output<typeof dealershipApplication>;

export const applicationsPage = listPage(dealershipApplication).extend({
  pending: z.number().int().describe("Applications waiting for a decision"),
  decisionHours: z.number().int().describe("Hours within which an application is decided once received"),
});

export const APPLICATION_DECISIONS = ["approve", "decline"] as const;

export const applicationDecisionInput = z
  .strictObject({
    id: idWith("Unknown application"),
    decision: z.enum(APPLICATION_DECISIONS, { error: "Decision must be approve or decline" }),
    reason: text()
      .max(APPLICATION_REASON_MAX, "Please keep the reason under 1,000 characters")
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .refine((input) => input.decision !== "decline" || input.reason !== null, {
    message: APPLICATION_DECLINE_REASON_REQUIRED,
    path: ["reason"],
  });
export type ApplicationDecisionInput = z.input<typeof applicationDecisionInput>;
