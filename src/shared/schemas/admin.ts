import { z } from "zod";
import { ALL_SPECIALTIES, PAYMENT_MODELS, USER_ROLES, YEARS_OF_EXPERIENCE } from "../constants";
import { emailSchema, sessionUser, userRoleSchema } from "./auth";
import {
  ID_MAX,
  ianaZone,
  idWith,
  type ListPage,
  line,
  listPage,
  listPaging,
  optionalFilter,
  text,
} from "./common";
import { publicDealership, salespersonCard } from "./salespeople";
import { authenticationResponse, mfaChallenge, secondFactorSchema } from "./security";

/**
 * An id as a number or a string of digits (a REST path carries text), and nothing else: these ids name what
 * is changed or deleted, so `true` or `[1]` must never be read as 1 (as z.coerce would).
 */
const idSchema = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v),
  z.number({ error: "Unknown id" }).int("Unknown id").positive("Unknown id").max(ID_MAX, "Unknown id"),
);

/**
 * A wrong password of any length is a failed sign-in (401, counted by the throttle), not a validation error
 * that would answer differently and escape the throttle; passwords are set at 8 to 256 characters.
 */
export const adminLoginInput = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, "Login failed").max(256, "Login failed"),
  adminCode: z.string().min(1, "Login failed").max(128, "Login failed"),
});
export type AdminLoginInput = z.infer<typeof adminLoginInput>;

// Lists --------------------------------------------------------------------------------------------------

export const adminUsersInput = z
  .strictObject({ ...listPaging, role: optionalFilter(z.enum(USER_ROLES, { error: "Unknown role" })) })
  .optional();
export type AdminUsersInput = z.input<typeof adminUsersInput>;

/** Administrators' console statuses (docs/product/admin.md#salesperson-statuses-in-the-console): available, busy, offline. */
export const ADMIN_SALESPERSON_STATUSES = ["available", "busy", "offline"] as const;

export const adminSalespeopleInput = z
  .strictObject({
    ...listPaging,
    dealershipId: optionalFilter(idSchema),
    status: optionalFilter(
      z.enum(["available", "busy", "unavailable", "offline"], { error: "Unknown status" }),
    ),
  })
  .optional();
export type AdminSalespeopleInput = z.input<typeof adminSalespeopleInput>;

export const dealershipsInput = z.strictObject(listPaging).optional();
export type DealershipsInput = z.input<typeof dealershipsInput>;

/** One page of a console list. */
export type AdminPage<T> = ListPage<T>;

// Deletion -----------------------------------------------------------------------------------------------

export const DELETION_REASON_REQUIRED = "Please provide a reason for deletion";

const reasonSchema = text({ error: DELETION_REASON_REQUIRED })
  .min(1, DELETION_REASON_REQUIRED)
  .max(1000, "Please keep the reason under 1,000 characters");

export const deleteUserInput = z.strictObject({ id: z.uuid("Unknown user id"), reason: reasonSchema });
export const deleteByIdInput = z.strictObject({ id: idSchema, reason: reasonSchema });
export type DeleteUserInput = z.input<typeof deleteUserInput>;
export type DeleteByIdInput = z.output<typeof deleteByIdInput>;

// Users --------------------------------------------------------------------------------------------------

const optionalLine = (max: number) =>
  line()
    .max(max)
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

export const updateUserInput = z.strictObject({
  id: z.uuid("Unknown user id"),
  firstName: optionalLine(80),
  lastName: optionalLine(80),
  email: emailSchema.optional(),
  phone: optionalLine(40),
  city: optionalLine(80),
  state: optionalLine(40),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

// Salespeople --------------------------------------------------------------------------------------------

const requiredLine = (message: string, max: number) => line({ error: message }).min(1, message).max(max);

const salespersonFields = {
  name: requiredLine("Name is required", 120),
  email: emailSchema,
  dealershipId: idWith("Please choose a dealership"),
  phoneNumber: optionalLine(40),
  bio: text()
    .max(2000, "Please keep the bio under 2,000 characters")
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional(),
  status: z.enum(ADMIN_SALESPERSON_STATUSES, { error: "Status must be available, busy or offline" }),
  yearsOfExperience: z.coerce
    .number({ error: "Years of experience must be a number" })
    .int("Years of experience must be a whole number")
    .min(YEARS_OF_EXPERIENCE.min, "Years of experience must be between 0 and 50")
    .max(YEARS_OF_EXPERIENCE.max, "Years of experience must be between 0 and 50"),
  specialties: z
    .array(z.enum(ALL_SPECIALTIES as [string, ...string[]], { error: "Unknown specialty" }))
    .max(20),
  paymentModel: z.enum(PAYMENT_MODELS, { error: "Payment model must be dealership or individual" }),
};

export const createSalespersonInput = z.strictObject({
  ...salespersonFields,
  status: salespersonFields.status.default("available"),
  yearsOfExperience: salespersonFields.yearsOfExperience.default(0),
  specialties: salespersonFields.specialties.default([]),
  paymentModel: salespersonFields.paymentModel.default("dealership"),
});
export type CreateSalespersonInput = z.input<typeof createSalespersonInput>;

/** PUT: name, email and dealership stay required; the rest keep their value when left out. */
export const updateSalespersonAdminInput = z.strictObject({
  id: idSchema,
  ...salespersonFields,
  status: salespersonFields.status.optional(),
  yearsOfExperience: salespersonFields.yearsOfExperience.optional(),
  specialties: salespersonFields.specialties.optional(),
  paymentModel: salespersonFields.paymentModel.optional(),
});
export type UpdateSalespersonAdminInput = z.input<typeof updateSalespersonAdminInput>;

// Dealerships --------------------------------------------------------------------------------------------

export const websiteSchema = line()
  .max(300)
  .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), "Website must start with https://")
  .transform((v) => (v === "" ? null : v))
  .nullable()
  .optional();

/** A dealership's own fields; the ZIP code decides city, state, the default time zone and the map position. */
export const dealershipFields = {
  name: requiredLine("Name is required", 160),
  address: requiredLine("Address is required", 200),
  /** Kept so older clients' bodies stay valid; the ZIP code's city is the one stored. */
  city: optionalLine(80),
  /** Checked against the ZIP code's state when given; the ZIP code's is the one stored. */
  state: line()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "State must be a two-letter code, e.g. TX")
    .optional(),
  zipCode: line({ error: "ZIP code is required" })
    .min(1, "ZIP code is required")
    .regex(/^\d{5}(-\d{4})?$/, "ZIP code must look like 12345 or 12345-6789"),
  phoneNumber: optionalLine(40),
  website: websiteSchema,
  /** The ZIP code's state's main time zone unless given (for the states that span two). */
  timeZone: line()
    .max(64)
    .regex(/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)+$/, "Time zone must be an IANA name, e.g. America/Chicago")
    .optional(),
};

export const createDealershipInput = z.strictObject(dealershipFields);
export type CreateDealershipInput = z.input<typeof createDealershipInput>;

export const updateDealershipInput = z.strictObject({ id: idSchema, ...dealershipFields });
export type UpdateDealershipInput = z.input<typeof updateDealershipInput>;

// Images -------------------------------------------------------------------------------------------------

const IMAGE_REQUIRED = "Please select a valid image file";

/** A data URL of the chosen file, or the address of an image already stored here (/uploads/…). */
const imageReference = z.string({ error: IMAGE_REQUIRED }).trim().min(1, IMAGE_REQUIRED).max(8_000_000);

export const salespersonPhotoInput = z.strictObject({ id: idSchema, profileImageUrl: imageReference });
export const dealershipLogoInput = z.strictObject({ id: idSchema, logoUrl: imageReference });

// Answers ------------------------------------------------------------------------------------------------

export const adminUser = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: userRoleSchema,
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.date(),
  salespersonId: z.number().int().nullable(),
  managedDealership: z.string().nullable().describe("The name of the dealership the user manages"),
  managedDealershipId: z.number().int().nullable(),
  disabledAt: z.date().nullable().describe("When the account was suspended or erased"),
  suspensionReason: z
    .string()
    .nullable()
    .describe("Why an administrator suspended the account (null when active or erased)"),
  promotionRequestId: z
    .number()
    .int()
    .nullable()
    .describe("An open request to make the account an administrator"),
});
export type AdminUser = z.output<typeof adminUser>;

/** A salesperson as the administrators' console lists them: the browse card's fields, and when they joined. */
export const adminSalesperson = salespersonCard
  .omit({ pressureAverage: true, timeZone: true, verifiedBy: true, dealershipSlug: true })
  .extend({ email: z.string(), createdAt: z.date() })
  .describe("A salesperson as the administrators' console lists them");
export type AdminSalesperson = z.output<typeof adminSalesperson>;

/** The admin console reads a dealership from here, as it reads the rest of its answers. */
export { type PublicDealership, publicDealership } from "./salespeople";

export const adminDealership = publicDealership
  .extend({
    ownerId: z.string().nullable(),
    managerId: z.string().nullable(),
    managerEmail: z.string().nullable(),
    timeZone: ianaZone(),
    salespeopleCount: z.number().int(),
    totalReviews: z.number().int(),
  })
  .describe("A dealership as administrators read it");
/** What administrators read as well. */
export type AdminDealership = z.output<typeof adminDealership>;

export const adminOverview = z.object({
  usersByRole: z.record(userRoleSchema, z.number().int()),
  totalUsers: z.number().int(),
  salespeople: z.number().int(),
  dealerships: z.number().int(),
  appointmentsThisMonth: z.number().int(),
  openFlags: z.number().int().describe("Flagged reviews waiting for a decision"),
  openMisconductCases: z.number().int(),
  pendingTransfers: z.number().int(),
  recentActivity: z.array(
    z.object({
      kind: z.enum(["user", "appointment", "review", "misconduct", "transfer", "audit"]),
      title: z.string(),
      detail: z.string(),
      at: z.date(),
    }),
  ),
});
export type AdminOverview = z.output<typeof adminOverview>;

/** A console session: the bearer token the admin console sends on its calls. */
export const adminSession = z.object({
  token: z.string().describe("Bearer token of the console's session"),
  expiresAt: z.date(),
  user: sessionUser,
});

/** The second factors an administrator has: either one finishes a sign-in or a re-authentication. */
export const adminSecondFactors = z
  .object({
    totp: z.boolean().describe("An authenticator app (or one of its backup codes)"),
    passkey: z.boolean().describe("A passkey registered on the Security page"),
  })
  .describe("The second factors this administrator can use");
export type AdminSecondFactors = z.output<typeof adminSecondFactors>;

export const adminLoginAnswer = z.union([
  mfaChallenge.extend({
    methods: adminSecondFactors,
    token: z.undefined().optional(),
    user: z.undefined().optional(),
  }),
  adminSession,
]);

const challengeField = line({ error: "The sign-in has expired. Please start again." }).min(20).max(64);

/** A passkey challenge for the second step of an administrator's sign-in. */
export const adminPasskeyOptionsInput = z.strictObject({ challenge: challengeField });
/** The second step of an administrator's sign-in, with a passkey. */
export const adminPasskeySignInInput = z.strictObject({
  challenge: challengeField,
  response: authenticationResponse,
});

/**
 * An administrator proving who they are again before a role change, an export or a new API key: the password,
 * the admin code and, when the account has one, a second factor (a code, or a passkey's answer to
 * `admin.reauthenticationOptions`).
 */
export const reauthenticateInput = z.strictObject({
  password: z.string().min(1, "Enter your password").max(256, "Enter your password"),
  adminCode: z.string().min(1, "Enter the admin code").max(128, "Enter the admin code"),
  code: secondFactorSchema.optional(),
  passkey: authenticationResponse.optional(),
});
export type ReauthenticateInput = z.input<typeof reauthenticateInput>;

export const reauthentication = z.object({
  authenticatedAt: z.date().describe("When this session's holder last proved who they are"),
  validUntil: z.date().describe("Role changes, exports and new API keys are open to this session until then"),
});

/** What the re-authentication dialog asks for. */
export const reauthenticationMethods = z.object({
  email: z.string(),
  methods: adminSecondFactors,
});

export const adminAccount = z.object({
  user: sessionUser,
  expiresAt: z.date().describe("When the console's session ends"),
});

export const adminUsersPage = listPage(adminUser);
export const adminSalespeoplePage = listPage(adminSalesperson);
export const dealershipsPage = listPage(z.union([publicDealership, adminDealership])).describe(
  "Administrators get every field; everyone else the public ones",
);
export const deletedUser = z.object({ deletedUser: z.string().describe("The deleted account's e-mail") });
export const deletedSalesperson = z.object({
  deletedSalesperson: z.string().describe("The deleted salesperson's name"),
});
export const deletedDealership = z.object({
  deletedDealership: z.string().describe("The deleted dealership's name"),
});
export const salespersonPhoto = z.object({
  profileImageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
});
export const dealershipLogo = z.object({ logoUrl: z.string() });
