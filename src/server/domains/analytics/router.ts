import * as shape from "../../../shared/schemas/analytics";
import { analyticsInput, platformAnalyticsInput, predictionsInput } from "../../../shared/schemas/analytics";
import { router } from "../../trpc/init";
import { managerOrAdmin } from "../../trpc/procedures";
import { executiveSummary } from "./executive";
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
});
