import { misconductReportInput, trackingCodeInput, updateReportInput } from "../../../shared/schemas/reports";
import { dealershipProcedure, publicProcedure, router } from "../../trpc/init";
import { createReport, listCases, reportStatus, updateCase } from "./service";

export const reportsRouter = router({
  create: publicProcedure.input(misconductReportInput).mutation(({ ctx, input }) => createReport(ctx, input)),
  status: publicProcedure
    .input(trackingCodeInput)
    .query(({ ctx, input }) => reportStatus(ctx, input.trackingCode)),
  cases: dealershipProcedure.query(({ ctx }) => listCases(ctx)),
  updateCase: dealershipProcedure
    .input(updateReportInput)
    .mutation(({ ctx, input }) => updateCase(ctx, input)),
});
