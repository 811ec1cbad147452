import * as shape from "../../../shared/schemas/reports";
import {
  allCasesInput,
  misconductReportInput,
  trackingCodeInput,
  updateReportInput,
} from "../../../shared/schemas/reports";
import { adminProcedure, dealershipProcedure, publicProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { createReport, listAllCases, listCases, reportStatus, updateCase } from "./service";

export const reportsRouter = router({
  create: publicProcedure
    .input(misconductReportInput)
    .output(answers(shape.filedReport))
    .mutation(({ ctx, input }) => createReport(ctx, input)),
  status: publicProcedure
    .input(trackingCodeInput)
    .query(({ ctx, input }) => reportStatus(ctx, input.trackingCode)),
  cases: dealershipProcedure.query(({ ctx }) => listCases(ctx)),
  /** Administrators: every dealership's cases, filtered and paged. */
  allCases: adminProcedure.input(allCasesInput).query(({ ctx, input }) => listAllCases(ctx, input)),
  updateCase: dealershipProcedure
    .input(updateReportInput)
    .mutation(({ ctx, input }) => updateCase(ctx, input)),
});
