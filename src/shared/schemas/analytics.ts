// Inputs and answers of business intelligence. Administrators see the platform, or one dealership when they
// name it; a dealership's manager sees their own dealership and market-wide aggregates, never another
// dealership's rows. Money is in cents; rates are percentages (0-100) or null when there is nothing to divide by.
import { z } from "zod";
import { ANALYTICS_PERIODS, type AnalyticsPeriod, DEFAULT_ANALYTICS_PERIOD } from "../analytics";
import type { PlanId } from "../plans";
import { idSchema } from "./common";

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

/** Platform-wide reports (revenue): administrators only. */
export const platformAnalyticsInput = z
  .strictObject({ period })
  .default({ period: DEFAULT_ANALYTICS_PERIOD });

/** Predictions fit the last 12 complete months whatever the period; the scope is chosen as for the others. */
export const predictionsInput = z.strictObject({ dealershipId: idSchema.optional() }).default({});

// Answers --------------------------------------------------------------------------------------------------

export type AnalyticsScope =
  | { kind: "platform" }
  | { kind: "dealership"; dealershipId: number; dealershipName: string };

/** The days a report covers: [from, to] and the previous equal period it is compared with. */
export type AnalyticsWindow = {
  period: AnalyticsPeriod;
  days: number;
  /** First UTC day of the period (YYYY-MM-DD) and today. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  /** When the day-level rollups were last refreshed; figures from them are as of then. */
  asOf: Date;
};

export type AlertType = "critical" | "warning" | "info";
export type AnalyticsAlert = { type: AlertType; message: string; threshold: string };

export type PerformanceHighlight = {
  name: string;
  metric: string;
  value: string;
  /** Change against the previous period, in the metric's unit (percentage points or stars); null if unknown. */
  trend: number | null;
};

/** One bucket of a trend chart: a day (7d, 30d), a week (90d, starting Monday) or a month (1y). */
export type TrendPoint = {
  bucket: string;
  bookings: number;
  completed: number;
  noShows: number;
  ratings: number;
  averageRating: number | null;
};

export type ExecutiveSummary = {
  scope: AnalyticsScope;
  window: AnalyticsWindow;
  keyMetrics: {
    /** Paid in the period (cents); null where revenue is not reported (no payments yet, or a dealership view). */
    totalRevenue: number | null;
    revenueGrowthRate: number | null;
    totalDealerships: number;
    totalSalespeople: number;
    bookings: number;
    bookingsGrowthRate: number | null;
    completionRate: number | null;
    noShowRate: number | null;
    /** Average of ratings written in the period, in this scope. */
    averageRating: number | null;
    /** The same over the whole platform: the market to compare with. */
    industryAverageRating: number | null;
    /** averageRating minus the previous period's, in stars. */
    customerSatisfactionTrend: number | null;
    /** Monthly equivalent of active subscriptions (cents); null as totalRevenue is. */
    monthlyRecurringRevenue: number | null;
  };
  /** Why revenue figures are null, when they are. */
  revenueNote: string | null;
  performanceHighlights: PerformanceHighlight[];
  strategicInsights: string[];
  alerts: AnalyticsAlert[];
  trend: TrendPoint[];
};

export type PaymentTrend = {
  /** YYYY-MM */
  month: string;
  total_revenue: number;
  payment_count: number;
  byPlan: Partial<Record<PlanId, number>>;
};

export type RevenueAnalytics = {
  window: AnalyticsWindow;
  /** False until the first payment: the page says so instead of showing zeros as if measured. */
  hasPayments: boolean;
  monthlyRecurringRevenue: number;
  activeSubscriptions: number;
  totalRevenue: number;
  paymentCount: number;
  failedPayments: number;
  revenueGrowthRate: number | null;
  churnRate: number | null;
  /** Average paid per paying subscription over the last 24 months (cents). */
  customerLifetimeValue: number | null;
  paymentTrends: PaymentTrend[];
  planMix: { plan: PlanId; name: string; activeSubscriptions: number; monthlyRecurringRevenue: number }[];
};

export type DealershipPerformanceRow = {
  dealershipId: number;
  name: string;
  city: string;
  state: string;
  averageRating: number | null;
  totalSalespeople: number;
  totalRatings: number;
  bookedAppointments: number;
  completedAppointments: number;
  /** completed / booked appointments of the period, as a percentage. */
  conversionRate: number | null;
  /** Bookings of the last 30 days against the 30 before, as a percentage. */
  monthlyGrowth: number | null;
  topPerformers: { name: string; average_rating: number }[];
};

export type DealershipPerformance = {
  scope: AnalyticsScope;
  window: AnalyticsWindow;
  dealerships: DealershipPerformanceRow[];
  /** Every dealership together: what one dealership compares with. */
  market: {
    dealerships: number;
    averageRating: number | null;
    conversionRate: number | null;
  };
  /** Dealership view: its place among dealerships with ratings in the period, by average rating. */
  rank: { position: number; of: number } | null;
};

export type MarketAnalytics = {
  scope: AnalyticsScope;
  window: AnalyticsWindow;
  totalDealerships: number;
  totalSalespeople: number;
  totalCustomers: number;
  /** Customers with a visit in the period among all customer accounts, as a percentage. */
  marketPenetration: number | null;
  geographicDistribution: {
    state: string;
    dealership_count: number;
    salesperson_count: number;
    /** Share of the platform's salespeople in this state, as a percentage. */
    salespeopleShare: number;
    avg_rating: number | null;
    ratings: number;
  }[];
  growthTrends: { month: string; ratings_count: number; unique_customers: number }[];
};

export type Forecast = {
  /** Complete months the line was fitted to, oldest first. */
  history: { month: string; value: number }[];
  /** The next months, the current one first, with a 95% prediction interval. */
  forecast: { month: string; value: number; low: number; high: number }[];
  /** value = intercept + slope * month index (0 = oldest month of the history). */
  slope: number;
  intercept: number;
  /** Coefficient of determination of the fit (0-1); null when the history is flat. */
  rSquared: number | null;
  /** Standard error of the estimate: the typical distance of a month from the line. */
  standardError: number;
  /** Null when there is enough history; otherwise why there is no forecast. */
  note: string | null;
};

export type Predictions = {
  scope: AnalyticsScope;
  asOf: Date;
  bookings: Forecast;
  /** Revenue in cents; null in a dealership view. */
  revenue: Forecast | null;
};
