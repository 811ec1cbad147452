// Documentation-only zod schemas of what procedures answer, for the OpenAPI document. Nothing parses an answer
// with them (answers are not validated at run time); instead each schema is proven equal to its procedure's
// output type at compile time, both ways and field by field, so the document cannot drift from the code.
import { z } from "zod";
import { API_SCOPES } from "../../shared/apiKeys";
import { RETENTION_DATA_TYPES } from "../../shared/compliance";
import { PAYMENT_MODELS, SALESPERSON_STATUSES } from "../../shared/constants";
import { CRM_PROVIDERS, type CrmProviderCode } from "../../shared/crm";
import { BILLING_INTERVALS } from "../../shared/plans";
import { requestLoginOutput } from "../../shared/schemas/auth";
import { RISK_LEVELS } from "../../shared/security";
import type { OutputOf, ProcedurePath } from "../trpc/call";
import {
  adminDealership,
  adminSalesperson,
  adminUser,
  analyticsScope,
  analyticsWindow,
  apiKey,
  appointmentView,
  availabilityBlock,
  backupCodes,
  cents,
  complianceCheck,
  crmEvent,
  crmIntegration,
  dealershipSubscriptionInfo,
  dealershipSummary,
  forecast,
  gdprRequestView,
  listPage,
  mfaChallenge,
  mfaStatus,
  ok,
  paymentsConfig,
  percent,
  planId,
  publicDealership,
  ratingListItem,
  retentionPolicy,
  salespersonCard,
  savedBlock,
  securitySettings,
  sessionUser,
  subscriptionDetail,
  subscriptionSummary,
  syncLog,
  teamMember,
  transferRequest,
  userRole,
} from "./responseParts";

// The proof ------------------------------------------------------------------------------------------------

/**
 * The same shape with every level flattened to one plain object (intersections merged, readonly dropped), so
 * two ways of writing one type compare equal while optionality, nullability and every key still count.
 */
type Plain<T> = T extends Date
  ? Date
  : T extends readonly (infer U)[]
    ? Plain<U>[]
    : T extends object
      ? { -readonly [K in keyof T]: Plain<T[K]> }
      : T;

/**
 * Identity, not mutual assignability: assignability both ways would accept an optional field that one side
 * has and the other lacks, and `any` on either side.
 */
type Identical<A, B> =
  (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;

/** A schema for procedure P, refused by the compiler unless its output type is P's output type. */
function documented<P extends ProcedurePath>() {
  return <S extends z.ZodType>(
    schema: S &
      (Identical<z.output<S>, OutputOf<P>> extends true
        ? unknown
        : { mismatch: { schema: z.output<S>; procedure: OutputOf<P> } }),
  ): S => schema;
}

// Answers --------------------------------------------------------------------------------------------------

/** One provider of the catalogue, its fields as the literal values the catalogue gives them. */
const providerEntry = <C extends CrmProviderCode>(code: C) => {
  type Entry = (typeof CRM_PROVIDERS)[C];
  const p: Entry = CRM_PROVIDERS[code];
  return z.object({
    name: z.literal<Entry["name"]>(p.name),
    authType: z.literal<Entry["authType"]>(p.authType),
    webhookSupport: z.literal<Entry["webhookSupport"]>(p.webhookSupport),
    supportedEvents: z.array(crmEvent).describe("Events this provider can receive"),
    endpointHint: z
      .literal<Entry["endpointHint"]>(p.endpointHint)
      .describe("Where the provider's API usually lives"),
  });
};

/** A console session: the bearer token the admin console sends on its calls. */
const adminSession = z.object({
  token: z.string().describe("Bearer token of the console's session"),
  expiresAt: z.date(),
  user: sessionUser,
});

const downloadFile = z.object({ filename: z.string(), contentType: z.string(), content: z.string() });

const salespersonProfile = salespersonCard
  .extend({
    dealershipInfo: dealershipSummary.nullable().describe("Null for an independent salesperson"),
    ratings: z.array(ratingListItem).describe("The latest published reviews, newest first"),
    categoryAverages: z
      .object({ helpfulness: z.number(), pressureLevel: z.number(), communication: z.number() })
      .nullable()
      .describe("Average stars of each review category; null without reviews"),
  })
  .describe("A salesperson's profile");

/** An invitation to an existing salesperson, not answered yet, as the inviting manager sees it. */
const teamInvitation = z
  .object({
    id: z.uuid(),
    email: z.string(),
    name: z.string().describe("The invited salesperson's public name"),
    paymentModel: z.enum(PAYMENT_MODELS),
    createdAt: z.date(),
    expiresAt: z.date(),
  })
  .describe("An open invitation to join the team");

const salespersonInvitation = z
  .object({
    id: z.uuid(),
    dealership: z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() }),
    paymentModel: z.enum(PAYMENT_MODELS),
    createdAt: z.date(),
    expiresAt: z.date(),
  })
  .describe("An open invitation to join a dealership, addressed to the caller's profile");

const invitationAnswer = z.object({
  id: z.uuid(),
  status: z.enum(["accepted", "declined"]),
  dealershipId: z.number().int(),
});

const mailOutcome = z
  .enum(["sent", "logged", "failed"])
  .describe(
    "What happened to the e-mail: a sign-in link for a new profile, the invitation for an existing one",
  );

/** A salesperson who left a dealership's team: they stay on the platform, independent. */
const leftTeam = z.object({ id: z.number().int(), name: z.string(), independent: z.literal(true) });

const legalDocument = z.object({
  slug: z.string(),
  title: z.string(),
  content: z.string().describe("Markdown"),
  lastUpdated: z.date(),
});

const scheduledInstant = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  scheduledDateTime: z.string().describe("ISO 8601 with the salesperson's time-zone offset"),
  scheduledAt: z.string().describe("The same instant as scheduledDateTime"),
  status: z.enum(["scheduled", "completed", "cancelled", "no-show"]),
});

/** What each procedure answers, keyed by procedure path; a procedure missing here is not yet documented. */
export const RESPONSE_SCHEMAS = {
  // Salespeople and reviews
  "salespeople.list": documented<"salespeople.list">()(
    z
      .object({
        items: z.array(salespersonCard),
        total: z
          .number()
          .int()
          .describe("Matches counted exactly up to 1,000; past that 1,000, with totalExact false"),
        totalExact: z.boolean().describe("False when more than `total` salespeople match"),
      })
      .describe("A page of browse results"),
  ),
  "salespeople.byId": documented<"salespeople.byId">()(salespersonProfile),
  "salespeople.ratings": documented<"salespeople.ratings">()(
    z.object({
      averageRating: z.number().describe("Average overall rating of published reviews"),
      totalReviews: z.number().int(),
      ratings: z.array(ratingListItem),
    }),
  ),
  "reviews.list": documented<"reviews.list">()(
    z
      .object({
        items: z.array(
          ratingListItem.extend({
            helpfulnessComment: z.string().nullable(),
            pressureComment: z.string().nullable(),
            communicationComment: z.string().nullable(),
            visitDate: z.string().nullable().describe("YYYY-MM-DD of the visit, when the reviewer gave it"),
            verifiedVisit: z.boolean().describe("Written about a booked appointment"),
            reply: z
              .object({ body: z.string(), createdAt: z.date() })
              .nullable()
              .describe("The salesperson's public reply"),
          }),
        ),
        total: z.number().int().describe("Published reviews of the salesperson"),
        averages: z
          .object({
            overall: z.number().nullable(),
            helpfulness: z.number().nullable(),
            pressureLevel: z.number().nullable(),
            communication: z.number().nullable(),
          })
          .describe("Average stars over every published review, two decimals; null without reviews"),
      })
      .describe("A page of a salesperson's published reviews"),
  ),
  "manager.team": documented<"manager.team">()(listPage(teamMember).describe("The manager's salespeople")),

  // Appointments and availability
  "appointments.forSalesperson": documented<"appointments.forSalesperson">()(
    z
      .union([z.array(appointmentView), z.array(scheduledInstant)])
      .describe(
        "The salesperson and their manager get full appointments of the last 90 days and ahead; anyone else " +
          "only the instants of scheduled appointments from yesterday on, without who booked",
      ),
  ),
  "appointments.daySlots": documented<"appointments.daySlots">()(
    z
      .object({
        salespersonId: z.number().int(),
        date: z.string().describe("YYYY-MM-DD in the salesperson's time zone"),
        timeZone: z.string().describe("IANA zone the slots are in"),
        slots: z.array(
          z.object({
            time: z.string().describe("HH:MM local time"),
            label: z.string().describe("The time as shown, e.g. 9:30 AM"),
            startsAt: z.string().describe("ISO 8601 with the time zone's offset"),
            state: z.enum(["available", "booked", "blocked", "past"]),
          }),
        ),
      })
      .describe("The half-hour slots of one local day and whether each can be booked"),
  ),
  "appointments.book": documented<"appointments.book">()(appointmentView),
  "appointments.updateStatus": documented<"appointments.updateStatus">()(appointmentView),
  "appointments.cancel": documented<"appointments.cancel">()(appointmentView),
  "appointments.reschedule": documented<"appointments.reschedule">()(
    z
      .object({
        cancelled: appointmentView.describe("The old appointment, now cancelled"),
        appointment: appointmentView.describe("The new appointment at the new time"),
      })
      .describe("Rescheduling cancels the appointment and books a new one"),
  ),
  "availability.forSalesperson": documented<"availability.forSalesperson">()(z.array(availabilityBlock)),
  "availability.create": documented<"availability.create">()(savedBlock),
  "availability.update": documented<"availability.update">()(savedBlock),
  "availability.remove": documented<"availability.remove">()(
    z.object({ deleted: z.literal(true), id: z.number().int() }),
  ),

  // Analytics and the manager's dashboard
  "analytics.executiveSummary": documented<"analytics.executiveSummary">()(
    z
      .object({
        scope: analyticsScope,
        window: analyticsWindow,
        keyMetrics: z.object({
          totalRevenue: cents()
            .nullable()
            .describe(
              "Paid in the period (cents); null where revenue is not reported (none yet, or a dealership)",
            ),
          revenueGrowthRate: percent(),
          totalDealerships: z.number().int(),
          totalSalespeople: z.number().int(),
          bookings: z.number().int(),
          bookingsGrowthRate: percent(),
          completionRate: percent(),
          noShowRate: percent(),
          averageRating: z
            .number()
            .nullable()
            .describe("Average of ratings written in the period, in this scope"),
          industryAverageRating: z.number().nullable().describe("The same over the whole platform"),
          customerSatisfactionTrend: z
            .number()
            .nullable()
            .describe("averageRating minus the previous period's, in stars"),
          monthlyRecurringRevenue: cents()
            .nullable()
            .describe("Monthly equivalent of active subscriptions (cents); null as totalRevenue is"),
        }),
        revenueNote: z.string().nullable().describe("Why revenue figures are null, when they are"),
        performanceHighlights: z.array(
          z.object({
            name: z.string(),
            metric: z.string(),
            value: z.string(),
            trend: z
              .number()
              .nullable()
              .describe("Change against the previous period, in the metric's unit (points or stars)"),
          }),
        ),
        strategicInsights: z.array(z.string()),
        alerts: z.array(
          z.object({
            type: z.enum(["critical", "warning", "info"]),
            message: z.string(),
            threshold: z.string(),
          }),
        ),
        trend: z
          .array(
            z.object({
              bucket: z.string().describe("YYYY-MM-DD of the day or week's Monday, or YYYY-MM"),
              bookings: z.number().int(),
              completed: z.number().int(),
              noShows: z.number().int(),
              ratings: z.number().int(),
              averageRating: z.number().nullable(),
            }),
          )
          .describe("One point a day (7d, 30d), a week starting Monday (90d) or a month (1y)"),
      })
      .describe("Money in US cents; rates as percentages (0-100), null when there is nothing to divide by"),
  ),
  "analytics.revenue": documented<"analytics.revenue">()(
    z
      .object({
        window: analyticsWindow,
        hasPayments: z.boolean().describe("False until the first payment: the zeros are then not measured"),
        monthlyRecurringRevenue: cents(),
        activeSubscriptions: z.number().int(),
        totalRevenue: cents().describe("Paid in the period, US cents"),
        paymentCount: z.number().int(),
        failedPayments: z.number().int(),
        revenueGrowthRate: percent(),
        churnRate: percent(),
        customerLifetimeValue: cents()
          .nullable()
          .describe("Average paid per paying subscription over the last 24 months (cents)"),
        paymentTrends: z.array(
          z.object({
            month: z.string().describe("YYYY-MM"),
            total_revenue: cents(),
            payment_count: z.number().int(),
            byPlan: z.partialRecord(planId, cents()).describe("Revenue of the month by plan, cents"),
          }),
        ),
        planMix: z.array(
          z.object({
            plan: planId,
            name: z.string(),
            activeSubscriptions: z.number().int(),
            monthlyRecurringRevenue: cents(),
          }),
        ),
      })
      .describe("Platform revenue (administrators only). Money in US cents; rates as percentages"),
  ),
  "analytics.dealerships": documented<"analytics.dealerships">()(
    z.object({
      scope: analyticsScope,
      window: analyticsWindow,
      dealerships: z.array(
        z.object({
          dealershipId: z.number().int(),
          name: z.string(),
          city: z.string(),
          state: z.string(),
          averageRating: z.number().nullable(),
          totalSalespeople: z.number().int(),
          totalRatings: z.number().int(),
          bookedAppointments: z.number().int(),
          completedAppointments: z.number().int(),
          conversionRate: percent().describe(
            "Completed of booked appointments of the period, as a percentage",
          ),
          monthlyGrowth: percent().describe(
            "Bookings of the last 30 days against the 30 before, as a percentage",
          ),
          topPerformers: z.array(z.object({ name: z.string(), average_rating: z.number() })),
        }),
      ),
      market: z
        .object({
          dealerships: z.number().int(),
          averageRating: z.number().nullable(),
          conversionRate: percent(),
        })
        .describe("Every dealership together: what one dealership compares with"),
      rank: z
        .object({ position: z.number().int(), of: z.number().int() })
        .nullable()
        .describe("A dealership's place among dealerships with ratings in the period; null for the platform"),
    }),
  ),
  "analytics.market": documented<"analytics.market">()(
    z.object({
      scope: analyticsScope,
      window: analyticsWindow,
      totalDealerships: z.number().int(),
      totalSalespeople: z.number().int(),
      totalCustomers: z.number().int(),
      marketPenetration: percent().describe(
        "Customers with a visit in the period among all customer accounts, as a percentage",
      ),
      geographicDistribution: z.array(
        z.object({
          state: z.string(),
          dealership_count: z.number().int(),
          salesperson_count: z.number().int(),
          salespeopleShare: z
            .number()
            .describe("Share of the platform's salespeople in this state, percentage"),
          avg_rating: z.number().nullable(),
          ratings: z.number().int(),
        }),
      ),
      growthTrends: z.array(
        z.object({ month: z.string(), ratings_count: z.number().int(), unique_customers: z.number().int() }),
      ),
    }),
  ),
  "analytics.predictions": documented<"analytics.predictions">()(
    z
      .object({
        scope: analyticsScope,
        asOf: z.date(),
        bookings: forecast,
        revenue: forecast.nullable().describe("Revenue in cents; null in a dealership view"),
      })
      .describe("Linear forecasts fitted to the last 12 complete months"),
  ),
  "manager.overview": documented<"manager.overview">()(
    z.object({
      dealership: dealershipSummary.omit({}),
      totalSalespeople: z.number().int(),
      verifiedSalespeople: z.number().int(),
      pendingVerifications: z.number().int(),
      averageRating: z
        .number()
        .nullable()
        .describe("Over every published review of the team, one decimal; null without reviews"),
      totalReviews: z.number().int(),
      salespeopleInCity: z
        .number()
        .int()
        .describe("Salespeople of any dealership, or independent, in the dealership's city and state"),
      plan: z
        .object({
          planId: planId.nullable().describe("Null on the free allowance"),
          name: z.string(),
          status: z.string().nullable().describe("Stripe's status of the subscription; null without one"),
          monthlyPriceCents: cents(),
          salespersonLimit: z.number().int().nullable().describe("Null: no limit"),
          used: z.number().int(),
          limitReached: z.boolean(),
        })
        .describe("The dealership's plan and how much of its salesperson allowance is used"),
    }),
  ),
  "manager.performance": documented<"manager.performance">()(
    z.object({
      topPerformers: z.number().int(),
      averagePerformers: z.number().int(),
      needsImprovement: z.number().int(),
      unrated: z.number().int(),
      leaderboard: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          profileImageUrl: z.string().nullable(),
          averageRating: z.number(),
          totalReviews: z.number().int(),
          band: z.enum(["top", "average", "needs-improvement", "unrated"]),
          closedAppointments: z
            .number()
            .int()
            .describe("Appointments no longer scheduled: completed, no-show and cancelled"),
          completed: z.number().int(),
          noShows: z.number().int(),
          completionRate: z
            .number()
            .nullable()
            .describe("completed / closed, 0..1; null when nothing closed yet"),
          noShowRate: z.number().nullable().describe("no-shows / closed, 0..1; null when nothing closed yet"),
          openIncidents: z.number().int(),
        }),
      ),
    }),
  ),
  "manager.reportFile": documented<"manager.reportFile">()(
    z
      .object({ filename: z.string(), contentType: z.string(), content: z.string() })
      .describe("The monthly report as a file (CSV or JSON), answered as a download"),
  ),

  // CRM
  "crm.providers": documented<"crm.providers">()(
    z
      .object({
        salesforce: providerEntry("salesforce"),
        hubspot: providerEntry("hubspot"),
        dealersocket: providerEntry("dealersocket"),
        vinsolutions: providerEntry("vinsolutions"),
        elead: providerEntry("elead"),
        cdk: providerEntry("cdk"),
        webhook: providerEntry("webhook"),
      })
      .describe("The CRM providers an integration can name, keyed by provider code"),
  ),
  "crm.integrations": documented<"crm.integrations">()(z.array(crmIntegration)),
  "crm.logs": documented<"crm.logs">()(listPage(syncLog).describe("Delivery attempts, newest first")),
  "crm.resend": documented<"crm.resend">()(
    z.object({
      queued: z.literal(true),
      deliveryId: z.string().describe("The delivery queued again; its attempts appear in the logs"),
    }),
  ),

  // Accounts and sign-in
  "auth.requestLogin": documented<"auth.requestLogin">()(
    requestLoginOutput.describe("The sign-in link was e-mailed (or logged, where no mail is configured)"),
  ),
  "auth.describeLink": documented<"auth.describeLink">()(
    z
      .object({
        email: z.string(),
        purpose: z.enum(["customer", "salesperson"]),
        expiresAt: z.date(),
      })
      .describe("Who a sign-in link signs in, shown before the click that uses it"),
  ),
  "auth.redeemLink": documented<"auth.redeemLink">()(
    z.union([
      z.object({
        user: sessionUser,
        redirectTo: z.string().describe("The path to open next: the account's landing page"),
      }),
      mfaChallenge,
    ]),
  ),
  "auth.verifyMfa": documented<"auth.verifyMfa">()(
    z.object({ user: sessionUser, redirectTo: z.string().describe("The path to open next") }),
  ),
  "auth.currentUser": documented<"auth.currentUser">()(sessionUser),
  "auth.staffUser": documented<"auth.staffUser">()(sessionUser),
  "auth.userById": documented<"auth.userById">()(sessionUser),
  "auth.updateProfile": documented<"auth.updateProfile">()(sessionUser),
  "auth.logout": documented<"auth.logout">()(ok),
  "admin.login": documented<"admin.login">()(
    z.union([
      mfaChallenge.extend({ token: z.undefined().optional(), user: z.undefined().optional() }),
      adminSession,
    ]),
  ),
  "admin.verifyMfa": documented<"admin.verifyMfa">()(adminSession),
  "admin.verify": documented<"admin.verify">()(
    z.object({ user: sessionUser, expiresAt: z.date().describe("When the console's session ends") }),
  ),
  "admin.logout": documented<"admin.logout">()(ok),

  // API keys
  "apiKeys.scopes": documented<"apiKeys.scopes">()(
    z.array(z.object({ scope: z.enum(API_SCOPES), label: z.string(), description: z.string() })),
  ),
  "apiKeys.list": documented<"apiKeys.list">()(z.array(apiKey)),
  "apiKeys.create": documented<"apiKeys.create">()(
    apiKey.extend({
      key: z.string().describe("The key itself, answered only now: only its hash is stored"),
    }),
  ),
  "apiKeys.revoke": documented<"apiKeys.revoke">()(apiKey),

  // Customers' appointments
  "appointments.forCustomer": documented<"appointments.forCustomer">()(
    z.array(appointmentView).describe("The caller's own appointments, latest first (at most 200)"),
  ),

  // Subscriptions
  "subscriptions.config": documented<"subscriptions.config">()(paymentsConfig),
  "subscriptions.create": documented<"subscriptions.create">()(
    z.object({
      subscriptionId: z.uuid(),
      intent: z
        .enum(["payment", "setup", "none"])
        .describe("Payment Element mode: pay the first invoice, save a card for after the trial, or nothing"),
      clientSecret: z.string().nullable().describe("Stripe's client secret of that intent; null when none"),
      status: z.string(),
      plan: planId,
      interval: z.enum(BILLING_INTERVALS),
      seats: z.number().int(),
      amountCents: cents(),
      trialEnd: z.date().nullable(),
    }),
  ),
  "subscriptions.overview": documented<"subscriptions.overview">()(
    z
      .object({
        payments: paymentsConfig,
        salesperson: z
          .object({ current: subscriptionDetail.nullable() })
          .nullable()
          .describe("The caller's own salesperson plan; null unless the caller is a salesperson"),
        dealership: dealershipSubscriptionInfo
          .extend({ current: subscriptionDetail.nullable() })
          .nullable()
          .describe("The plan of the dealership the caller manages; null unless a manager"),
      })
      .describe("What the caller may subscribe or manage"),
  ),
  "subscriptions.checkoutStatus": documented<"subscriptions.checkoutStatus">()(
    z
      .object({
        state: z.enum(["confirmed", "processing", "failed", "none"]),
        message: z.string(),
        subscription: subscriptionSummary.nullable(),
      })
      .describe("What really happened at checkout, read from Stripe's intent and the subscription"),
  ),
  "subscriptions.byId": documented<"subscriptions.byId">()(subscriptionDetail),
  "subscriptions.cancel": documented<"subscriptions.cancel">()(subscriptionDetail),
  "subscriptions.resume": documented<"subscriptions.resume">()(subscriptionDetail),
  "subscriptions.changePlan": documented<"subscriptions.changePlan">()(subscriptionDetail),
  "subscriptions.dealershipInfo": documented<"subscriptions.dealershipInfo">()(dealershipSubscriptionInfo),

  // Compliance
  "compliance.overview": documented<"compliance.overview">()(
    z.object({
      score: z.number().int().describe("Percentage (0-100) of the checks that pass"),
      checks: z.array(complianceCheck),
      requests: z
        .record(z.string(), z.number().int())
        .describe("Data requests: pending, processing, overdue, completedLast30Days"),
      lastCleanup: z
        .object({
          ranAt: z.date(),
          trigger: z.string(),
          total: z.number().int(),
          cleaned: z.record(z.string(), z.number().int()).describe("Records removed, by data type"),
        })
        .nullable(),
    }),
  ),
  "compliance.requests": documented<"compliance.requests">()(
    listPage(gdprRequestView).extend({
      summary: z
        .record(z.string(), z.number().int())
        .describe("Every request in scope by state: pending, processing, completed, rejected, overdue"),
    }),
  ),
  "compliance.createRequest": documented<"compliance.createRequest">()(gdprRequestView),
  "compliance.updateRequest": documented<"compliance.updateRequest">()(gdprRequestView),
  "compliance.exportFile": documented<"compliance.exportFile">()(
    z.union([
      z.object({
        filename: z.string(),
        contentType: z.string(),
        content: z.string().describe("The ZIP archive, base64"),
        encoding: z.literal("base64"),
      }),
      z.object({
        filename: z.string(),
        contentType: z.string(),
        content: z.string().describe("The JSON export"),
        encoding: z.undefined().optional(),
      }),
    ]),
  ),
  "compliance.retentionPolicies": documented<"compliance.retentionPolicies">()(z.array(retentionPolicy)),
  "compliance.updateRetentionPolicy": documented<"compliance.updateRetentionPolicy">()(retentionPolicy),
  "compliance.cleanup": documented<"compliance.cleanup">()(
    z.object({
      cleanedRecords: z
        .record(z.enum(RETENTION_DATA_TYPES), z.number().int())
        .describe("Records removed, by type"),
      total: z.number().int(),
      ranAt: z.date(),
    }),
  ),
  "compliance.report": documented<"compliance.report">()(
    z
      .object({
        title: z.string(),
        period: z.object({ startDate: z.string(), endDate: z.string() }).describe("UTC days, both included"),
        generatedAt: z.date(),
        dataRequests: z.object({
          received: z.number().int().optional(),
          completed: z.number().int().optional(),
          rejected: z.number().int().optional(),
          open: z.number().int().optional(),
          late: z.number().int().optional(),
          averageDays: z.number().nullable().optional().describe("Mean days from filing to completion"),
          longestDays: z.number().nullable().optional(),
          byType: z.array(
            z.object({ requestType: z.string(), received: z.number().int(), completed: z.number().int() }),
          ),
          deadlineDays: z.number().int(),
        }),
        erasures: z.number().int(),
        incidents: z.object({ reported: z.number().int(), resolved: z.number().int() }),
        securityEvents: z.object({
          byRisk: z.record(z.string(), z.number().int()),
          topTypes: z.array(
            z.object({ eventType: z.string(), riskLevel: z.string(), count: z.number().int() }),
          ),
        }),
        retention: z.object({
          cleanups: z.array(z.object({ ranAt: z.date(), trigger: z.string(), total: z.number().int() })),
          cleanedRecords: z.number().int(),
        }),
        score: z.number().int(),
        checks: z.array(complianceCheck),
      })
      .describe("The compliance report of a period, answered as a JSON file to download"),
  ),

  // Security
  "security.overview": documented<"security.overview">()(
    z.object({
      mfa: mfaStatus,
      activeSessions: z.number().int(),
      eventsLast30Days: z.object({
        low: z.number().int(),
        medium: z.number().int(),
        high: z.number().int(),
        critical: z.number().int(),
      }),
      previousSignIn: z
        .object({ createdAt: z.date(), ipAddress: z.string().nullable() })
        .nullable()
        .describe("The sign-in before the current one"),
      scope: z.enum(["platform", "account"]).describe("platform: the events counted are everyone's"),
    }),
  ),
  "security.mfaStatus": documented<"security.mfaStatus">()(mfaStatus),
  "security.setupMfa": documented<"security.setupMfa">()(
    z.object({
      secret: z
        .string()
        .describe("The new TOTP secret, base32 in groups of four, for typing into an authenticator"),
      otpauthUri: z.string(),
      qrCodeDataUrl: z.string().describe("The otpauth URI as a QR code image, a data URL"),
    }),
  ),
  "security.enableMfa": documented<"security.enableMfa">()(backupCodes),
  "security.disableMfa": documented<"security.disableMfa">()(ok),
  "security.regenerateBackupCodes": documented<"security.regenerateBackupCodes">()(backupCodes),
  "security.sessions": documented<"security.sessions">()(
    z.array(
      z.object({
        id: z.uuid(),
        userAgent: z.string().nullable(),
        device: z.string(),
        ipAddress: z.string().nullable(),
        location: z.string(),
        createdAt: z.date(),
        lastActivity: z.date(),
        expiresAt: z.date(),
        current: z.boolean().describe("The session of this request"),
      }),
    ),
  ),
  "security.terminateSession": documented<"security.terminateSession">()(
    z.object({
      terminated: z.number().int().describe("Sessions ended"),
      current: z.boolean().describe("Whether the caller's own session was among them"),
      revokedApiKeys: z.number().int().describe("API keys revoked with them (when asked to)"),
    }),
  ),
  "security.events": documented<"security.events">()(
    listPage(
      z.object({
        id: z.number().int(),
        eventType: z.string(),
        label: z.string().describe("What the event type means, for people"),
        riskLevel: z.enum(RISK_LEVELS),
        ipAddress: z.string().nullable(),
        createdAt: z.date(),
        details: z.string().nullable(),
        userId: z.string().nullable(),
        userEmail: z.string().nullable(),
      }),
    ),
  ),
  "security.settings": documented<"security.settings">()(securitySettings),
  "security.updateSettings": documented<"security.updateSettings">()(securitySettings),

  // Administrators' console
  "admin.overview": documented<"admin.overview">()(
    z.object({
      usersByRole: z.record(userRole, z.number().int()),
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
    }),
  ),
  "admin.users": documented<"admin.users">()(listPage(adminUser)),
  "admin.updateUser": documented<"admin.updateUser">()(adminUser),
  "admin.deleteUser": documented<"admin.deleteUser">()(
    z.object({ deletedUser: z.string().describe("The deleted account's e-mail") }),
  ),
  "admin.salespeople": documented<"admin.salespeople">()(listPage(adminSalesperson)),
  "admin.createSalesperson": documented<"admin.createSalesperson">()(adminSalesperson),
  "admin.updateSalesperson": documented<"admin.updateSalesperson">()(adminSalesperson),
  "admin.deleteSalesperson": documented<"admin.deleteSalesperson">()(
    z.object({ deletedSalesperson: z.string().describe("The deleted salesperson's name") }),
  ),
  "admin.uploadSalespersonPhoto": documented<"admin.uploadSalespersonPhoto">()(
    z.object({ profileImageUrl: z.string(), thumbnailUrl: z.string().nullable() }),
  ),
  "admin.dealerships": documented<"admin.dealerships">()(
    listPage(z.union([publicDealership, adminDealership])).describe(
      "Administrators get every field; everyone else the public ones",
    ),
  ),
  "admin.createDealership": documented<"admin.createDealership">()(adminDealership),
  "admin.updateDealership": documented<"admin.updateDealership">()(adminDealership),
  "admin.deleteDealership": documented<"admin.deleteDealership">()(
    z.object({ deletedDealership: z.string().describe("The deleted dealership's name") }),
  ),
  "admin.uploadDealershipLogo": documented<"admin.uploadDealershipLogo">()(z.object({ logoUrl: z.string() })),
  "audit.export": documented<"audit.export">()(
    z.discriminatedUnion("format", [
      z.object({
        format: z.literal("json"),
        page: listPage(
          z.object({
            id: z.number().int(),
            createdAt: z.date(),
            actorUserId: z.string().nullable(),
            actorEmail: z.string().nullable(),
            actorName: z.string().nullable(),
            actorRole: z.string(),
            action: z.string(),
            entityType: z.string(),
            entityId: z.string(),
            dealershipId: z.number().int().nullable(),
            dealershipName: z.string().nullable(),
            reason: z.string().nullable(),
            before: z.unknown().describe("The entity before the change, as JSON"),
            after: z.unknown().describe("The entity after the change, as JSON"),
            ipAddress: z.string().nullable(),
          }),
        ).extend({ actions: z.array(z.string()).describe("Every action name, for the filter") }),
      }),
      z.object({ format: z.literal("csv"), file: downloadFile }),
    ]),
  ),

  // Salespeople's sign-up and portal
  "salespersonAuth.requestLogin": documented<"salespersonAuth.requestLogin">()(requestLoginOutput),
  "salespersonAuth.register": documented<"salespersonAuth.register">()(
    z.object({ id: z.number().int().describe("The new salesperson's id"), email: z.string() }),
  ),
  "portal.verify": documented<"portal.verify">()(
    z.object({ id: z.number().int(), verifiedAt: z.date().nullable() }),
  ),
  "portal.updateStatus": documented<"portal.updateStatus">()(
    z.object({ id: z.number().int(), status: z.enum(SALESPERSON_STATUSES) }),
  ),
  "portal.update": documented<"portal.update">()(salespersonProfile),
  "portal.uploadPhoto": documented<"portal.uploadPhoto">()(
    z.object({ profileImageUrl: z.string(), thumbnailUrl: z.string() }),
  ),
  "portal.recordView": documented<"portal.recordView">()(
    z.object({
      recorded: z
        .boolean()
        .describe(
          "False when not counted: the salesperson's own view, or this viewer's second view of the day",
        ),
    }),
  ),
  "manager.addSalesperson": documented<"manager.addSalesperson">()(
    z
      .discriminatedUnion("outcome", [
        z.object({ outcome: z.literal("created"), salesperson: teamMember, invite: mailOutcome }),
        z.object({ outcome: z.literal("invited"), invitation: teamInvitation, invite: mailOutcome }),
      ])
      .describe(
        "A new profile on the team, or an invitation to an existing salesperson, who joins only by accepting it",
      ),
  ),
  "manager.invitations": documented<"manager.invitations">()(z.array(teamInvitation)),
  "manager.revokeInvitation": documented<"manager.revokeInvitation">()(
    z.object({ id: z.uuid(), revoked: z.literal(true) }),
  ),
  "portal.invitations": documented<"portal.invitations">()(z.array(salespersonInvitation)),
  "portal.acceptInvitation": documented<"portal.acceptInvitation">()(invitationAnswer),
  "portal.declineInvitation": documented<"portal.declineInvitation">()(invitationAnswer),
  "manager.removeSalesperson": documented<"manager.removeSalesperson">()(leftTeam),
  "manager.rejectSalesperson": documented<"manager.rejectSalesperson">()(leftTeam),

  // Customers
  "appointments.joinWaitlist": documented<"appointments.joinWaitlist">()(
    z.object({ salespersonId: z.number().int(), date: z.string(), waiting: z.literal(true) }),
  ),
  "reviews.submit": documented<"reviews.submit">()(
    z
      .object({
        id: z.number().int().describe("The new review's id"),
        averageRating: z.number().describe("The salesperson's new average"),
        totalReviews: z.number().int(),
      })
      .describe("The review and the salesperson's averages after it"),
  ),
  "messages.contact": documented<"messages.contact">()(
    z.object({ conversationId: z.number().int(), messageId: z.number().int(), message: z.string() }),
  ),
  "reports.create": documented<"reports.create">()(
    z.object({
      trackingCode: z.string().describe("Quoted to follow the report up"),
      status: z.enum(["open", "investigating", "resolved", "dismissed"]),
      createdAt: z.date(),
      anonymous: z.boolean(),
    }),
  ),

  // Transfers
  "transfers.list": documented<"transfers.list">()(
    listPage(transferRequest.extend({ salespersonEmail: z.string() })).extend({
      pending: z.number().int().describe("Requests waiting for an administrator, whatever the filter"),
    }),
  ),
  "transfers.mine": documented<"transfers.mine">()(z.array(transferRequest)),
  "transfers.incoming": documented<"transfers.incoming">()(
    z.array(
      transferRequest.extend({
        salespersonEmail: z.string(),
        profileImageUrl: z.string().nullable(),
        yearsOfExperience: z.number().int(),
        averageRating: z.number(),
        totalReviews: z.number().int(),
        specialties: z.array(z.string()),
      }),
    ),
  ),
  "transfers.request": documented<"transfers.request">()(transferRequest),
  "transfers.withdraw": documented<"transfers.withdraw">()(transferRequest),
  "transfers.managerDecide": documented<"transfers.managerDecide">()(transferRequest),
  "transfers.adminDecide": documented<"transfers.adminDecide">()(transferRequest),

  // CRM changes
  "crm.create": documented<"crm.create">()(
    crmIntegration.extend({
      signingSecret: z.string().describe("Key of the webhook signatures; answered only now"),
    }),
  ),
  "crm.update": documented<"crm.update">()(crmIntegration),
  "crm.delete": documented<"crm.delete">()(
    z.object({ deleted: z.number().int().describe("The integration's id") }),
  ),
  "crm.test": documented<"crm.test">()(
    z.object({
      success: z.boolean(),
      message: z.string(),
      statusCode: z.number().int().nullable().describe("The CRM's HTTP status; null when no answer came"),
      durationMs: z.number(),
    }),
  ),

  // Site and documents
  "site.stats": documented<"site.stats">()(
    z.object({
      verifiedSalespeople: z.number().int(),
      averageRating: z.number().nullable(),
      ratingsCount: z.number().int(),
      dealershipPartners: z.number().int(),
    }),
  ),
  "site.contact": documented<"site.contact">()(z.object({ id: z.number().int(), receivedAt: z.date() })),
  "site.dealershipsNear": documented<"site.dealershipsNear">()(
    z.array(
      dealershipSummary.omit({ timeZone: true }).extend({
        salespeople: z.number().int(),
        distanceMiles: z.number().describe("Great-circle distance from the point asked about, in miles"),
      }),
    ),
  ),
  "documents.get": documented<"documents.get">()(legalDocument),
  "documents.update": documented<"documents.update">()(legalDocument),
} satisfies { readonly [P in ProcedurePath]?: z.ZodType };

/** The procedures RESPONSE_SCHEMAS documents. */
export type DocumentedProcedure = keyof typeof RESPONSE_SCHEMAS;
