// Pieces of the documentation-only response schemas (responses.ts): shapes that several procedures answer.
// Nothing validates against them at run time; responses.ts proves each whole answer equal to its procedure's
// output type, so a piece that drifts from the code fails type-checking there.
import { z } from "zod";
import { ANALYTICS_PERIODS } from "../../shared/analytics";
import { API_SCOPES } from "../../shared/apiKeys";
import {
  COMPLIANCE_CHECKS,
  type ComplianceCheckId,
  GDPR_REQUEST_STATUSES,
  GDPR_REQUEST_TYPES,
  RETENTION_DATA_TYPES,
} from "../../shared/compliance";
import {
  BLOCK_TYPES,
  PAYMENT_MODELS,
  SALESPERSON_STATUSES,
  TRANSFER_STATUSES,
  USER_ROLES,
} from "../../shared/constants";
import { CRM_EVENTS, CRM_PROVIDER_CODES } from "../../shared/crm";
import { BILLING_INTERVALS, PLAN_IDS } from "../../shared/plans";

// Common ---------------------------------------------------------------------------------------------------

/** Stars of a review category or its average, 1 to 5. */
export const stars = () => z.number().describe("Stars, 1 to 5");

/** A `{ items, total, page, pageSize }` page of a console list. */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().describe("Matches of the filters over every page"),
    page: z.number().int().describe("This page, from 1"),
    pageSize: z.number().int().describe("Items per page asked for"),
  });

export const offsetInstant = () =>
  z.string().describe("ISO 8601 date-time with the offset of the salesperson's (dealership's) time zone");

export const ianaZone = () => z.string().describe("IANA time zone name, e.g. America/Chicago");

export const userRole = z.enum(USER_ROLES);

/** Answers that only confirm. */
export const ok = z.object({ ok: z.literal(true) });

// Salespeople ----------------------------------------------------------------------------------------------

export const salespersonCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string().nullable(),
    dealershipId: z.number().int().nullable().describe("Null for an independent salesperson"),
    dealership: z.string().nullable().describe("The dealership's name; null for an independent salesperson"),
    profileImageUrl: z.string().nullable(),
    bio: z.string().nullable(),
    status: z.enum(SALESPERSON_STATUSES),
    specialties: z.array(z.string()),
    averageRating: z.number().describe("Average overall rating of published reviews"),
    totalReviews: z.number().int(),
    pressureAverage: z
      .number()
      .nullable()
      .describe(
        "Average pressure-level score over published reviews (5 = no pressure); null without reviews",
      ),
    yearsOfExperience: z.number().int(),
    city: z.string(),
    state: z.string(),
    timeZone: ianaZone().describe("IANA zone of the salesperson (their dealership's): slots are shown in it"),
    paymentModel: z.enum(PAYMENT_MODELS),
    verifiedAt: z
      .date()
      .nullable()
      .describe("When the dealership's manager confirmed the salesperson; null while unverified"),
  })
  .describe("A salesperson as the browse page shows them");

export const ratingListItem = z.object({
  id: z.number().int(),
  overallRating: stars(),
  helpfulnessRating: stars(),
  pressureLevelRating: stars().describe("Stars, 1 to 5; 5 means no sales pressure"),
  communicationRating: stars(),
  comment: z.string().nullable(),
  createdAt: z.date(),
  customerName: z.string().describe("The reviewer's first name and last initial, or 'Verified customer'"),
});

export const dealershipSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phoneNumber: z.string().nullable(),
  website: z.string().nullable(),
  timeZone: ianaZone(),
  latitude: z.number(),
  longitude: z.number(),
});

export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  status: z.string(),
  paymentModel: z.enum(PAYMENT_MODELS),
  yearsOfExperience: z.number().int(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  verifiedAt: z.date().nullable().describe("When the manager verified them; null while unverified"),
  hasSignedIn: z.boolean().describe("Whether they have signed in at least once (the account is made then)"),
  createdAt: z.date(),
});

// Appointments and availability ----------------------------------------------------------------------------

export const appointmentView = z
  .object({
    id: z.number().int(),
    salespersonId: z.number().int(),
    salespersonName: z.string(),
    dealership: z.string().nullable().describe("The dealership's name; null for an independent salesperson"),
    appointmentType: z.string(),
    scheduledDateTime: offsetInstant(),
    scheduledAt: offsetInstant().describe("The same instant as scheduledDateTime"),
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
    canCancel: z
      .boolean()
      .describe("Whether it is still scheduled and far enough ahead to be cancelled or rescheduled"),
  })
  .describe("An appointment with its salesperson and dealership");

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

/** A block just saved, with the scheduled appointments it overlaps (they are not cancelled). */
export const savedBlock = availabilityBlock
  .extend({
    clashingAppointments: z
      .array(appointmentView)
      .describe("Upcoming scheduled appointments inside the block; they stay booked"),
  })
  .describe("The saved availability block");

// Analytics ------------------------------------------------------------------------------------------------

export const analyticsScope = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("platform") }),
    z.object({ kind: z.literal("dealership"), dealershipId: z.number().int(), dealershipName: z.string() }),
  ])
  .describe("Whose figures these are: the whole platform or one dealership");

export const analyticsWindow = z
  .object({
    period: z.enum(ANALYTICS_PERIODS),
    days: z.number().int(),
    from: z.string().describe("First UTC day of the period, YYYY-MM-DD"),
    to: z.string().describe("Last UTC day of the period (today), YYYY-MM-DD"),
    previousFrom: z.string().describe("First day of the previous equal period it is compared with"),
    previousTo: z.string().describe("Last day of the previous period"),
    asOf: z
      .date()
      .describe("When the day-level rollups were last refreshed; figures from them are as of then"),
  })
  .describe("The days a report covers and the previous equal period it is compared with");

/** Percentages (0-100), null when there is nothing to divide by. */
export const percent = () => z.number().nullable().describe("A percentage (0-100); null when undefined");

export const cents = () => z.number().describe("US cents");

export const planId = z.enum(PLAN_IDS);

export const forecast = z.object({
  history: z
    .array(z.object({ month: z.string().describe("YYYY-MM"), value: z.number() }))
    .describe("Complete months the line was fitted to, oldest first"),
  forecast: z
    .array(z.object({ month: z.string(), value: z.number(), low: z.number(), high: z.number() }))
    .describe("The next months, the current one first, with a 95% prediction interval (low, high)"),
  slope: z.number().describe("value = intercept + slope * month index (0 = oldest month of the history)"),
  intercept: z.number(),
  rSquared: z.number().nullable().describe("Coefficient of determination of the fit (0-1); null when flat"),
  standardError: z.number().describe("The typical distance of a month from the line"),
  note: z
    .string()
    .nullable()
    .describe("Null when there is enough history; otherwise why there is no forecast"),
});

// CRM ------------------------------------------------------------------------------------------------------

export const crmEvent = z.enum(CRM_EVENTS);

export const crmIntegration = z.object({
  id: z.number().int(),
  dealershipId: z.number().int(),
  dealershipName: z.string(),
  crmProvider: z.enum(CRM_PROVIDER_CODES),
  integrationName: z.string(),
  apiEndpoint: z.string(),
  authType: z.enum(["api_key", "oauth"]),
  credentials: z
    .object({
      apiKey: z.string().nullable(),
      username: z.string().nullable(),
      password: z.string().nullable(),
    })
    .describe("Which secrets are stored, masked; never the secrets themselves. Null: not stored"),
  supportedEvents: z.array(crmEvent),
  webhookUrl: z.string().nullable(),
  syncStatus: z.string(),
  isActive: z.boolean(),
  lastSyncAt: z.date().nullable(),
  errorMessage: z.string().nullable().describe("The last delivery failure, while failing"),
  createdAt: z.date(),
});

export const syncLog = z.object({
  id: z.number().int(),
  deliveryId: z.string().describe("Identifies one event's delivery across its attempts"),
  status: z.enum(["success", "failure"]),
  eventType: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  attempt: z.number().int(),
  processingTime: z.number().describe("Milliseconds the attempt took"),
  responseCode: z.number().int().nullable().describe("The CRM's HTTP status; null when no answer came"),
  errorDetails: z.string().nullable(),
  createdAt: z.date(),
});

// Accounts -------------------------------------------------------------------------------------------------

export const sessionUser = z
  .object({
    id: z.uuid(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: userRole,
    phone: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zipCode: z.string().nullable(),
    profileImageUrl: z.string().nullable(),
    createdAt: z.date(),
    salespersonId: z.number().int().nullable().describe("Set when the user is a salesperson"),
    managedDealershipId: z.number().int().nullable().describe("Set when the user manages a dealership"),
  })
  .describe("A signed-in account");

export const mfaChallenge = z
  .object({
    mfaRequired: z.literal(true),
    challenge: z.string().describe("Sent back with the code to verify-mfa to finish signing in"),
    expiresAt: z.date().describe("When the challenge stops being accepted"),
  })
  .describe("The account has two-factor authentication on: sign-in waits for a code instead of a session");

export const mfaStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.date().nullable(),
  pendingSetup: z.boolean().describe("A setup was started and waits for its first code"),
  backupCodesRemaining: z.number().int(),
  warning: z.boolean().describe("Fewer than 5 backup codes remain"),
  required: z.boolean().describe("The platform requires this account (an administrator) to use MFA"),
  lockedUntil: z.date().nullable().describe("After too many wrong codes, codes are refused until then"),
});

export const backupCodes = z.object({
  backupCodes: z
    .array(z.string())
    .describe("One-time codes, shown only now; each can stand in for an authenticator code once"),
});

// Subscriptions --------------------------------------------------------------------------------------------

export const subscriptionSummary = z.object({
  id: z.uuid(),
  plan: planId,
  planName: z.string(),
  audience: z.enum(["salesperson", "dealership"]),
  interval: z.enum(BILLING_INTERVALS),
  status: z.string().describe("Stripe's status, as the last webhook or call reported it"),
  active: z.boolean().describe("Whether the status gives access (trialing, active, past_due)"),
  seats: z.number().int(),
  amountCents: cents().describe("What each billing period charges, in US cents"),
  currentPeriodEnd: z.date().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  trialEnd: z.date().nullable(),
  canceledAt: z.date().nullable(),
  salespersonId: z.number().int().nullable(),
  dealershipId: z.number().int().nullable(),
  createdAt: z.date(),
});

export const paymentRecord = z.object({
  id: z.number().int(),
  invoiceNumber: z.string().nullable(),
  status: z.enum(["paid", "failed"]),
  amountCents: cents(),
  currency: z.string(),
  periodStart: z.date().nullable(),
  periodEnd: z.date().nullable(),
  paidAt: z.date().nullable(),
  failedAt: z.date().nullable(),
});

export const subscriptionDetail = subscriptionSummary
  .extend({ payments: z.array(paymentRecord).describe("Invoices paid or failed") })
  .describe("A subscription and its payments");

export const paymentsConfig = z.object({
  enabled: z.boolean().describe("Whether checkout is configured on this server"),
  publishableKey: z.string().nullable().describe("Stripe's publishable key for the Payment Element"),
});

export const dealershipSubscriptionInfo = z.object({
  dealershipId: z.number().int(),
  plan: planId.nullable().describe("Null on the free allowance"),
  planName: z.string(),
  status: z.string().nullable(),
  active: z.boolean(),
  salespersonLimit: z.number().int().nullable().describe("Null: no limit"),
  seatsUsed: z.number().int(),
  subscription: subscriptionSummary.nullable(),
});

// Compliance and security ----------------------------------------------------------------------------------

export const gdprRequestView = z.object({
  id: z.number().int(),
  userId: z.uuid(),
  userEmail: z.string(),
  userName: z.string().nullable(),
  requestType: z.enum(GDPR_REQUEST_TYPES),
  description: z.string().nullable(),
  status: z.enum(GDPR_REQUEST_STATUSES),
  createdAt: z.date(),
  dueAt: z.date().describe("30 days after filing: when the answer is due"),
  processingAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  handledByEmail: z.string().nullable(),
  responseNote: z.string().nullable(),
  responseData: z.record(z.string(), z.unknown()).nullable(),
  overdue: z.boolean(),
  exportAvailable: z
    .boolean()
    .describe("A completed access or portability request: its export can be fetched"),
});

export const complianceCheck = z.object({
  id: z.enum(Object.keys(COMPLIANCE_CHECKS) as [ComplianceCheckId, ...ComplianceCheckId[]]),
  label: z.string(),
  passed: z.boolean(),
  detail: z.string().describe("What the check found"),
});

export const retentionPolicy = z.object({
  id: z.enum(RETENTION_DATA_TYPES),
  dataType: z.enum(RETENTION_DATA_TYPES),
  label: z.string(),
  action: z.string().describe("What the cleanup does with a row past its period"),
  retentionPeriodDays: z.number().int(),
  legalBasis: z.string(),
  autoDelete: z.boolean(),
  requiresUserConsent: z.boolean(),
  updatedAt: z.date(),
  due: z.number().int().describe("Rows past the period right now (what the next cleanup would touch)"),
});

export const securitySettings = z.object({
  adminMfaRequired: z.boolean().describe("Administrators must use two-factor authentication"),
  updatedAt: z.date(),
});

// API keys -------------------------------------------------------------------------------------------------

export const apiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the key, to recognise it"),
  scopes: z.array(z.enum(API_SCOPES)),
  dealershipId: z
    .number()
    .int()
    .nullable()
    .describe("The dealership the key acts for; null for an administrator's"),
  dealershipName: z.string().nullable(),
  createdBy: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  createdAt: z.date(),
  lastUsedAt: z.date().nullable(),
  revokedAt: z.date().nullable().describe("Set once revoked: the key is refused from then on"),
});

// Administration and transfers -----------------------------------------------------------------------------

export const adminUser = z.object({
  id: z.uuid(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: userRole,
  phone: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.date(),
  salespersonId: z.number().int().nullable(),
  managedDealership: z.string().nullable().describe("The name of the dealership the user manages"),
});

export const adminSalesperson = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  dealershipId: z.number().int().nullable().describe("Null for an independent salesperson"),
  dealership: z.string().nullable().describe("The dealership's name"),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  status: z.string(),
  specialties: z.array(z.string()),
  yearsOfExperience: z.number().int(),
  paymentModel: z.enum(PAYMENT_MODELS),
  city: z.string(),
  state: z.string(),
  averageRating: z.number(),
  totalReviews: z.number().int(),
  verifiedAt: z.date().nullable(),
  createdAt: z.date(),
});

export const publicDealership = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phoneNumber: z.string().nullable(),
    website: z.string().nullable(),
    logoUrl: z.string().nullable(),
  })
  .describe("What everyone may read about a dealership");

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

const transferDealership = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
});

export const transferRequest = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  fromDealership: transferDealership
    .nullable()
    .describe("Where the salesperson was when asking; null: independent (or the dealership was deleted)"),
  toDealership: transferDealership.nullable().describe("Where they want to go; null: going independent"),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  decisionReason: z
    .string()
    .nullable()
    .describe("Why it was declined or denied (or the administrator's note on an approval)"),
  managerDecidedAt: z.date().nullable(),
  adminDecidedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
