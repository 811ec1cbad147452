import * as shape from "../../../shared/schemas/analytics";
import { download, PAGE } from "../../rest/declaration";
import { managerOrAdmin, staff, taggedRouter } from "../../trpc/procedures";
import { executiveSummary } from "./executive";
import { feedbackComments, feedbackExport, feedbackInsights } from "./feedback";
import { marketAnalytics } from "./market";
import { dealershipPerformance } from "./performance";
import { predictions } from "./predictions";
import { revenueAnalytics } from "./revenue";

/**
 * Business intelligence for dealership managers (their own dealership and market-wide aggregates) and
 * administrators (the platform, or one dealership they name). Revenue is the platform's: administrators only.
 */
export const analyticsRouter = taggedRouter("Analytics", {
  // REST: `?period=7d|30d|90d|1y` (default 30d).
  executiveSummary: managerOrAdmin.query(shape.analyticsInput, shape.executiveSummary, executiveSummary, {
    rest: { route: "GET /analytics/executive-summary", scope: "analytics:read" },
  }),
  revenue: managerOrAdmin.query(shape.platformAnalyticsInput, shape.revenueAnalytics, revenueAnalytics, {
    rest: { route: "GET /analytics/revenue", scope: "analytics:read" },
  }),
  dealerships: managerOrAdmin.query(
    shape.analyticsInput,
    shape.dealershipPerformance,
    dealershipPerformance,
    { rest: { route: "GET /analytics/dealerships", scope: "analytics:read" } },
  ),
  market: managerOrAdmin.query(shape.analyticsInput, shape.marketAnalytics, marketAnalytics, {
    rest: { route: "GET /analytics/market", scope: "analytics:read" },
  }),
  predictions: managerOrAdmin.query(shape.predictionsInput, shape.predictions, predictions, {
    rest: { route: "GET /analytics/predictions", scope: "analytics:read" },
  }),
  /** What buyers wrote: the manager's team, an administrator's pick, a salesperson's own (access.ts). */
  feedbackInsights: staff.query(shape.feedbackInsightsInput, shape.feedbackInsights, feedbackInsights, {
    rest: { route: "GET /analytics/feedback", scope: "analytics:read" },
    description:
      "Feedback insights: `?period=3m|6m|12m&salespersonId=&dealershipId=` (a salesperson sees their own). The feed adds `rating`, `replied=replied|unreplied`, `search` and paging (X-Total-Count); the export is its CSV.",
  }),
  feedbackComments: staff.query(shape.feedbackCommentsInput, shape.feedbackCommentsPage, feedbackComments, {
    rest: { route: "GET /analytics/feedback/comments", scope: "analytics:read", ...PAGE },
  }),
  feedbackExport: staff.query(shape.feedbackExportInput, shape.feedbackExport, feedbackExport, {
    rest: {
      route: "GET /analytics/feedback/export",
      scope: "analytics:read",
      ...download("text/csv"),
    },
  }),
});
