import { z } from "zod";
import { DEALERSHIP_ROLES, GROUP_ROLES, USER_ROLES, YEARS_OF_EXPERIENCE } from "../constants";
import { dealershipDetailsFields, zipCodeInput } from "./applicationFields";
import { line } from "./common";
import { mfaChallenge } from "./security";

/** E-mail as typed by a person: trimmed and lowercased before anything else looks at it. */
export const emailSchema = z
  .string({ error: "Please enter your email address" })
  .trim()
  .toLowerCase()
  .min(1, "Please enter your email address")
  .max(254, "Email is too long")
  .pipe(z.email("Please enter a valid email address"));

export const requestLoginInput = z.strictObject({ email: emailSchema });
export type RequestLoginInput = z.infer<typeof requestLoginInput>;

/**
 * What a sign-in link request answers (503 MAIL_DELAYED) when the mail server did not take its e-mail (down,
 * unreachable or silent): nothing was sent, and asking again later works.
 */
export const MAIL_DELAYED_MESSAGE =
  "Our email is running late, so we couldn't send your sign-in link just now. Please try again in a few minutes.";

export const requestLoginOutput = z
  .object({
    message: z.string(),
    deliveryStatus: z.enum(["sent", "logged"]),
    magicLink: z.string().optional().describe("Outside production, without mail: the link itself"),
  })
  .describe("The sign-in link was e-mailed (or logged, where no mail is configured)");
export type RequestLoginOutput = z.infer<typeof requestLoginOutput>;

export const userIdInput = z.strictObject({ id: z.uuid("Unknown user id") });

export const redeemLinkInput = z.strictObject({ token: line().min(1).max(200) });

/** Who a sign-in link signs in, shown on the link page before the one click that uses it. */
export const linkDescription = z
  .object({
    email: z.string(),
    purpose: z.enum(["customer", "salesperson"]),
    expiresAt: z.date(),
  })
  .describe("Who a sign-in link signs in, shown before the click that uses it");
export type LinkDescription = z.output<typeof linkDescription>;

const optionalText = (max: number) =>
  line()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/**
 * How a registering salesperson joins (docs/product/onboarding.md#salespeople-joining-on-their-own): a listed
 * dealership (waits for its manager), independent (listed at once), or a dealership that is not listed yet
 * (files its application; independent meanwhile).
 */
export const SALESPERSON_JOINING = ["dealership", "independent", "unlisted"] as const;
export type SalespersonJoining = (typeof SALESPERSON_JOINING)[number];

/** "My dealership isn't listed": the dealership, and who is invited as its manager (the salesperson unless named). */
export const unlistedDealershipInput = z.strictObject({
  ...dealershipDetailsFields,
  managerName: optionalText(120),
  managerEmail: z.preprocess((v) => (v === "" ? null : v), emailSchema.nullable().optional()),
});

export const salespersonRegisterInput = z
  .strictObject({
    name: line().min(1, "Please fill in all required fields").max(120),
    email: emailSchema,
    /** Older clients send only `dealership`: a listed one. */
    joining: z
      .enum(SALESPERSON_JOINING, { error: "Choose a dealership, independent, or a dealership not listed" })
      .default("dealership"),
    dealership: line().max(160).optional(),
    /** Independent: the ZIP code they work from (their city, state and time zone come from it). */
    zipCode: zipCodeInput.optional(),
    application: unlistedDealershipInput.optional(),
    phone: optionalText(40),
    yearsExperience: z.coerce
      .number({ error: "Years of experience must be a number" })
      .int("Years of experience must be a whole number")
      .min(YEARS_OF_EXPERIENCE.min, "Years of experience must be between 0 and 50")
      .max(YEARS_OF_EXPERIENCE.max, "Years of experience must be between 0 and 50")
      .default(0),
    specialties: z.array(line().min(1).max(60)).max(20).default([]),
  })
  .superRefine((input, issues) => {
    const missing = (path: string, message: string) =>
      issues.addIssue({ code: "custom", path: [path], message });
    if (input.joining === "dealership" && !input.dealership)
      missing("dealership", "Please pick your dealership from the list");
    if (input.joining === "independent" && !input.zipCode)
      missing("zipCode", "ZIP code is required: it places you on the map");
    if (input.joining === "unlisted" && !input.application)
      missing("application", "Please describe your dealership");
  });
export type SalespersonRegisterInput = z.input<typeof salespersonRegisterInput>;

export const profileUpdateInput = z.strictObject({
  /** REST names the account in its path; when given it must be the caller's own. */
  id: z.uuid("Unknown user id").optional(),
  firstName: optionalText(80),
  lastName: optionalText(80),
  /** Accepted so the spec's profile form can send it back; changing it is refused by the server. */
  email: emailSchema.optional(),
  phone: optionalText(40),
  city: optionalText(80),
  state: optionalText(40),
  zipCode: line()
    .max(10)
    .transform((v) => (v === "" ? null : v))
    .refine((v) => v === null || /^\d{5}(-\d{4})?$/.test(v), "ZIP code must look like 12345 or 12345-6789")
    .nullable()
    .optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateInput>;

export const userRoleSchema = z.enum(USER_ROLES);

export const sessionUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: userRoleSchema,
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.date(),
    salespersonId: z.number().int().nullable().describe("Set when the user is a salesperson"),
    managedDealershipId: z
      .number()
      .int()
      .nullable()
      .describe("Set when the user leads a dealership, as an owner or a manager"),
    dealershipId: z.number().int().nullable().describe("The dealership the user works for, in any role"),
    dealershipRole: z.enum(DEALERSHIP_ROLES).nullable().describe("Their role there: owner, manager or staff"),
    groupId: z
      .number()
      .int()
      .nullable()
      .describe(
        "The dealer group the user works for; its people work on one of its dealerships at a time (dealershipId)",
      ),
    groupRole: z
      .enum(GROUP_ROLES)
      .nullable()
      .describe("Their role in the group: group_owner, group_manager or group_staff"),
  })
  .describe("A signed-in account");
export type SessionUser = z.output<typeof sessionUser>;

/** Signed in: the account and the page to open next. */
export const signedIn = z.object({
  user: sessionUser,
  redirectTo: z.string().describe("The path to open next: the account's landing page"),
});

/** A sign-in link redeemed: signed in, or waiting for the second factor. */
export const redeemedLink = z.union([signedIn, mfaChallenge]);

export const registeredSalesperson = z.object({
  id: z.number().int().describe("The new salesperson's id"),
  email: z.string(),
  joining: z.enum(SALESPERSON_JOINING).describe("How they joined"),
  listed: z
    .boolean()
    .describe(
      "Whether the profile is in browse now: never at registration (the e-mail address is confirmed first, and a listed dealership's manager verifies its salespeople)",
    ),
  confirmationSent: z
    .boolean()
    .describe(
      "Whether a link to confirm the e-mail address was sent: independent and unlisted-dealership registrations wait for it",
    ),
});
