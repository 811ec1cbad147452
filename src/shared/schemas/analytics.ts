// Inputs and answers of business intelligence. Administrators see the platform, or one dealership when they
// name it; a dealership's manager sees their own dealership and market-wide aggregates, never another
// dealership's rows. Money is in cents; rates are percentages (0-100) or null when there is nothing to divide by.
import { z } from "zod";
import {
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  DEFAULT_FEEDBACK_PERIOD,
  FEEDBACK_PERIODS,
  FEEDBACK_REPLY_FILTERS,
} from "../analytics";
import { PLAN_IDS } from "../planIds";
import { cents, downloadFile, idSchema, listPage, listPaging, optionalFilter, percent } from "./common";
import { demoData } from "./siteStats";

const period = z
  .enum(ANALYTICS_PERIODS, { error: "Period must be one of 7d, 30d, 90d or 1y" })
  .default(DEFAULT_ANALYTICS_PERIOD);

export const analyticsInput = z
  .strictObject({
    period,
    /** Administrators: one dealership instead of the platform. Managers: their own (another is refused). */
    dealershipId: idSchema.optional(),
  })
  .default({ period: DEFAULT_ANALYTICS_PERIOD });
export type AnalyticsInput = z.output<typeof analyticsInput>;

/** Platform-wide reports (revenue): administrators only. */
export const platformAnalyticsInput = z
  .strictObject({ period })
  .default({ period: DEFAULT_ANALYTICS_PERIOD });

/** Predictions fit the last 12 complete months whatever the period; the scope is chosen as for the others. */
export const predictionsInput = z.strictObject({ dealershipId: idSchema.optional() }).default({});

// Answers --------------------------------------------------------------------------------------------------

export const analyticsScope = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("platform") }),
    z.object({ kind: z.literal("dealership"), dealershipId: z.number().int(), dealershipName: z.string() }),
  ])
  .describe("Whose figures these are: the whole platform or one dealership");
export type AnalyticsScope = z.output<typeof analyticsScope>;

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
/** The days a report covers: [from, to] and the previous equal period it is compared with. */
export type AnalyticsWindow = z.output<typeof analyticsWindow>;

const planId = z.enum(PLAN_IDS);

export const analyticsAlert = z.object({
  type: z.enum(["critical", "warning", "info"]),
  message: z.string(),
  threshold: z.string(),
});
export type AnalyticsAlert = z.output<typeof analyticsAlert>;
export type AlertType = AnalyticsAlert["type"];

export const performanceHighlight = z.object({
  name: z.string(),
  metric: z.string(),
  value: z.string(),
  trend: z
    .number()
    .nullable()
    .describe("Change against the previous period, in the metric's unit (points or stars); null if unknown"),
});
export type PerformanceHighlight = z.output<typeof performanceHighlight>;

/** One bucket of a trend chart: a day (7d, 30d), a week (90d, starting Monday) or a month (1y). */
export const trendPoint = z.object({
  bucket: z.string().describe("YYYY-MM-DD of the day or week's Monday, or YYYY-MM"),
  bookings: z.number().int(),
  completed: z.number().int(),
  noShows: z.number().int(),
  ratings: z.number().int(),
  averageRating: z.number().nullable(),
});
export type TrendPoint = z.output<typeof trendPoint>;

export const executiveSummary = z
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
      platformAverageRating: z
        .number()
        .nullable()
        .describe(
          "For a dealership: the average over every dealership on the platform, to compare with averageRating. Null for the platform itself (averageRating is that figure) and without ratings",
        ),
      customerSatisfactionTrend: z
        .number()
        .nullable()
        .describe("averageRating minus the previous period's, in stars"),
      monthlyRecurringRevenue: cents()
        .nullable()
        .describe("Monthly equivalent of active subscriptions (cents); null as totalRevenue is"),
    }),
    revenueNote: z.string().nullable().describe("Why revenue figures are null, when they are"),
    performanceHighlights: z.array(performanceHighlight),
    strategicInsights: z.array(z.string()),
    alerts: z.array(analyticsAlert),
    trend: z
      .array(trendPoint)
      .describe("One point a day (7d, 30d), a week starting Monday (90d) or a month (1y)"),
    demoData,
  })
  .describe("Money in US cents; rates as percentages (0-100), null when there is nothing to divide by");
export type ExecutiveSummary = z.output<typeof executiveSummary>;

export const paymentTrend = z.object({
  month: z.string().describe("YYYY-MM"),
  total_revenue: cents(),
  payment_count: z.number().int(),
  byPlan: z.partialRecord(planId, cents()).describe("Revenue of the month by plan, cents"),
});
export type PaymentTrend = z.output<typeof paymentTrend>;

export const revenueAnalytics = z
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
    paymentTrends: z.array(paymentTrend),
    planMix: z.array(
      z.object({
        plan: planId,
        name: z.string(),
        activeSubscriptions: z.number().int(),
        monthlyRecurringRevenue: cents(),
      }),
    ),
    demoData,
  })
  .describe("Platform revenue (administrators only). Money in US cents; rates as percentages");
export type RevenueAnalytics = z.output<typeof revenueAnalytics>;

export const dealershipPerformanceRow = z.object({
  dealershipId: z.number().int(),
  name: z.string(),
  city: z.string(),
  state: z.string(),
  averageRating: z.number().nullable(),
  totalSalespeople: z.number().int(),
  totalRatings: z.number().int(),
  bookedAppointments: z.number().int(),
  completedAppointments: z.number().int(),
  conversionRate: percent().describe("Completed of booked appointments of the period, as a percentage"),
  monthlyGrowth: percent().describe("Bookings of the last 30 days against the 30 before, as a percentage"),
  topPerformers: z.array(z.object({ name: z.string(), average_rating: z.number() })),
});
export type DealershipPerformanceRow = z.output<typeof dealershipPerformanceRow>;

export const dealershipPerformance = z.object({
  scope: analyticsScope,
  window: analyticsWindow,
  dealerships: z.array(dealershipPerformanceRow),
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
});
export type DealershipPerformance = z.output<typeof dealershipPerformance>;

export const marketAnalytics = z.object({
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
      salespeopleShare: z.number().describe("Share of the platform's salespeople in this state, percentage"),
      avg_rating: z.number().nullable(),
      ratings: z.number().int(),
    }),
  ),
  growthTrends: z.array(
    z.object({ month: z.string(), ratings_count: z.number().int(), unique_customers: z.number().int() }),
  ),
});
export type MarketAnalytics = z.output<typeof marketAnalytics>;

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
export type Forecast = z.output<typeof forecast>;

export const predictions = z
  .object({
    scope: analyticsScope,
    asOf: z.date(),
    bookings: forecast,
    revenue: forecast.nullable().describe("Revenue in cents; null in a dealership view"),
  })
  .describe("Linear forecasts fitted to the last 12 complete months");
export type Predictions = z.output<typeof predictions>;

// Feedback insights (docs/product/analytics.md#feedback-insights) ------------------------------------------------

const feedbackWhose = {
  /** Administrators: one dealership instead of the platform. Managers: their own. Salespeople: leave it out. */
  dealershipId: optionalFilter(idSchema),
  /** One salesperson of the team; a salesperson may name only themselves. */
  salespersonId: optionalFilter(idSchema),
  period: z.enum(FEEDBACK_PERIODS).default(DEFAULT_FEEDBACK_PERIOD),
};

export const feedbackInsightsInput = z
  .strictObject(feedbackWhose)
  .default({ period: DEFAULT_FEEDBACK_PERIOD });
export type FeedbackInsightsInput = z.input<typeof feedbackInsightsInput>;

const feedbackFilters = {
  ...feedbackWhose,
  rating: optionalFilter(
    z.coerce.number().int().min(1, "Stars go from 1 to 5").max(5, "Stars go from 1 to 5"),
  ),
  replied: optionalFilter(z.enum(FEEDBACK_REPLY_FILTERS)),
};

/** The comment feed: filters, a text search and the paging every list speaks. */
export const feedbackCommentsInput = z
  .strictObject({ ...feedbackFilters, ...listPaging })
  .default({ period: DEFAULT_FEEDBACK_PERIOD, page: 1, pageSize: 20 });
export type FeedbackCommentsInput = z.input<typeof feedbackCommentsInput>;
export type FeedbackCommentsQuery = z.output<typeof feedbackCommentsInput>;

/** The feed's rows as a CSV file: the same filters, every matching row. */
export const feedbackExportInput = z
  .strictObject({ ...feedbackFilters, search: listPaging.search })
  .default({ period: DEFAULT_FEEDBACK_PERIOD });
export type FeedbackExportQuery = z.output<typeof feedbackExportInput>;

const average = () => z.number().nullable().describe("Average stars, two decimals; null without reviews");

export const feedbackComment = z.object({
  id: z.number().int().describe("The review's id"),
  createdAt: z.date(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  customerName: z.string().describe("First name and last initial, or 'Verified customer'"),
  overallRating: z.number().int(),
  helpfulnessRating: z.number().int(),
  knowledgeRating: z.number().int().nullable(),
  pressureLevelRating: z.number().int(),
  communicationRating: z.number().int(),
  comment: z.string().nullable(),
  verifiedPurchase: z.boolean().describe("Backed by a confirmed purchase from the salesperson"),
  reply: z.object({ body: z.string(), createdAt: z.date() }).nullable().describe("The public reply, if any"),
});
export type FeedbackComment = z.output<typeof feedbackComment>;
export const feedbackCommentsPage = listPage(feedbackComment);

export const feedbackInsights = z
  .object({
    scope: analyticsScope,
    salespersonId: z.number().int().nullable().describe("The one salesperson covered, or null for the team"),
    team: z
      .array(z.object({ id: z.number().int(), name: z.string() }))
      .describe("The salespeople the caller may pick from (only themselves for a salesperson)"),
    period: z.enum(FEEDBACK_PERIODS),
    from: z.string().describe("First UTC day of the first month covered, YYYY-MM-DD"),
    monthly: z
      .array(
        z.object({
          month: z.string().describe("YYYY-MM"),
          reviews: z.number().int(),
          overall: average(),
          helpfulness: average(),
          knowledge: average(),
          pressureLevel: average(),
          communication: average(),
        }),
      )
      .describe("Each category's average per UTC month, oldest first, every month of the period"),
    distribution: z
      .array(z.object({ stars: z.number().int(), count: z.number().int() }))
      .describe("Published reviews of the period by overall stars, 1 to 5"),
    totals: z.object({
      reviews: z.number().int().describe("Published reviews in the period"),
      average: average(),
      verifiedPurchases: z.number().int(),
      verifiedShare: percent().nullable().describe("Verified purchases out of published reviews, percent"),
      replied: z.number().int(),
      unreplied: z.number().int(),
    }),
    latest: z.array(feedbackComment).describe("The newest published reviews with a comment"),
  })
  .describe(
    "What buyers said: categories over time, the distribution, verified purchases, the latest comments",
  );
export type FeedbackInsights = z.output<typeof feedbackInsights>;

export const feedbackExport = downloadFile;
