import { analyticsInput, platformAnalyticsInput, predictionsInput } from "../../../shared/schemas/analytics";
import { dealershipProcedure, router } from "../../trpc/init";
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
  executiveSummary: dealershipProcedure
    .input(analyticsInput)
    .query(({ ctx, input }) => executiveSummary(ctx, input)),
  revenue: dealershipProcedure
    .input(platformAnalyticsInput)
    .query(({ ctx, input }) => revenueAnalytics(ctx, input)),
  dealerships: dealershipProcedure
    .input(analyticsInput)
    .query(({ ctx, input }) => dealershipPerformance(ctx, input)),
  market: dealershipProcedure.input(analyticsInput).query(({ ctx, input }) => marketAnalytics(ctx, input)),
  predictions: dealershipProcedure.input(predictionsInput).query(({ ctx, input }) => predictions(ctx, input)),
});
