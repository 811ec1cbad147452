// Business intelligence: the periods a report covers, the thresholds behind its alerts and insights, and how
// many rows each table shows (docs/product/analytics.md#tabs). The server computes every figure from rows; the pages show
// these thresholds beside the alerts they raise.

export const ANALYTICS_PERIODS = ["7d", "30d", "90d", "1y"] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = "30d";

/** Days in each period. A period is that many UTC calendar days ending today (today included). */
export const PERIOD_DAYS: Readonly<Record<AnalyticsPeriod, number>> = {
  "7d": 7,
  "30d": 30,
  "90d": 90,
  "1y": 365,
};

export const PERIOD_LABELS: Readonly<Record<AnalyticsPeriod, string>> = {
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
  "1y": "Last year",
};

/** docs/product/analytics.md#tabs: the revenue tab shows 6 months, performance 10 dealerships, market 8 states and 6 months. */
export const REVENUE_TREND_MONTHS = 6;
export const PERFORMANCE_DEALERSHIPS = 10;
export const MARKET_STATES = 8;
export const MARKET_TREND_MONTHS = 6;
/** Top performers listed per dealership. */
export const TOP_PERFORMERS = 3;
/** Customer lifetime value averages what each paying subscription paid over this many months. */
export const LIFETIME_VALUE_MONTHS = 24;
/** Predictions fit this many complete months and forecast this many ahead (the current month first). */
export const PREDICTION_HISTORY_MONTHS = 12;
export const PREDICTION_MONTHS = 3;
/** Fewer complete months than this and a forecast says there is not enough history. */
export const PREDICTION_MIN_MONTHS = 3;

/**
 * When an alert or insight is raised. Rates are percentages; the rating drop is in stars. Each alert carries
 * the threshold it crossed so a reader can judge it.
 */
export const ANALYTICS_THRESHOLDS = {
  /** No-shows among visits that came due: warning above, critical above. */
  noShowWarning: 10,
  noShowCritical: 20,
  /** Completed among visits that came due: below this is a warning. */
  completionTarget: 80,
  /** Average rating lower than the previous period's by at least this many stars. */
  ratingDrop: 0.2,
  /** Average rating at or above this is called out as a strength. */
  ratingStrong: 4.5,
  /** Bookings or revenue lower than the previous period's by at least this percentage. */
  declineWarning: 10,
  declineCritical: 25,
  /** Bookings or revenue higher than the previous period's by at least this percentage. */
  growthNotable: 10,
  /** Subscriptions cancelled in the period among those active at its start. */
  churnWarning: 5,
} as const;

/** Feedback insights (docs/product/analytics.md#feedback-insights): whole UTC months, the current one included. */
export const FEEDBACK_PERIODS = ["3m", "6m", "12m"] as const;
export type FeedbackPeriod = (typeof FEEDBACK_PERIODS)[number];
export const DEFAULT_FEEDBACK_PERIOD: FeedbackPeriod = "6m";
export const FEEDBACK_PERIOD_MONTHS: Readonly<Record<FeedbackPeriod, number>> = {
  "3m": 3,
  "6m": 6,
  "12m": 12,
};
export const FEEDBACK_PERIOD_LABELS: Readonly<Record<FeedbackPeriod, string>> = {
  "3m": "Last 3 months",
  "6m": "Last 6 months",
  "12m": "Last 12 months",
};
/** The latest comments the insights show beside the charts; the feed pages through all of them. */
export const FEEDBACK_LATEST = 5;
export const FEEDBACK_REPLY_FILTERS = ["replied", "unreplied"] as const;
