import * as shape from "../../../shared/schemas/analytics";
import { analyticsInput, platformAnalyticsInput, predictionsInput } from "../../../shared/schemas/analytics";
import { managerOrAdminProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
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
  executiveSummary: managerOrAdminProcedure
    .input(analyticsInput)
    .output(answers(shape.executiveSummary))
    .query(({ ctx, input }) => executiveSummary(ctx, input)),
  revenue: managerOrAdminProcedure
    .input(platformAnalyticsInput)
    .output(answers(shape.revenueAnalytics))
    .query(({ ctx, input }) => revenueAnalytics(ctx, input)),
  dealerships: managerOrAdminProcedure
    .input(analyticsInput)
    .output(answers(shape.dealershipPerformance))
    .query(({ ctx, input }) => dealershipPerformance(ctx, input)),
  market: managerOrAdminProcedure
    .input(analyticsInput)
    .output(answers(shape.marketAnalytics))
    .query(({ ctx, input }) => marketAnalytics(ctx, input)),
  predictions: managerOrAdminProcedure
    .input(predictionsInput)
    .output(answers(shape.predictions))
    .query(({ ctx, input }) => predictions(ctx, input)),
});
