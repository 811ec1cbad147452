import * as shape from "../../../shared/schemas/analytics";
import {
  analyticsInput,
  feedbackCommentsInput,
  feedbackExportInput,
  feedbackInsightsInput,
  platformAnalyticsInput,
  predictionsInput,
} from "../../../shared/schemas/analytics";
import { router } from "../../trpc/init";
import { managerOrAdmin, staff } from "../../trpc/procedures";
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
export const analyticsRouter = router({
  executiveSummary: managerOrAdmin.query(analyticsInput, shape.executiveSummary, executiveSummary),
  revenue: managerOrAdmin.query(platformAnalyticsInput, shape.revenueAnalytics, revenueAnalytics),
  dealerships: managerOrAdmin.query(analyticsInput, shape.dealershipPerformance, dealershipPerformance),
  market: managerOrAdmin.query(analyticsInput, shape.marketAnalytics, marketAnalytics),
  predictions: managerOrAdmin.query(predictionsInput, shape.predictions, predictions),
  /** What buyers wrote: the manager's team, an administrator's pick, a salesperson's own (access.ts). */
  feedbackInsights: staff.query(feedbackInsightsInput, shape.feedbackInsights, feedbackInsights),
  feedbackComments: staff.query(feedbackCommentsInput, shape.feedbackCommentsPage, feedbackComments),
  feedbackExport: staff.query(feedbackExportInput, shape.feedbackExport, feedbackExport),
});
