import * as shape from "../../../shared/schemas/misconduct";
import {
  allCasesInput,
  misconductReportInput,
  trackingCodeInput,
  updateMisconductReportInput,
} from "../../../shared/schemas/misconduct";
import { adminProcedure, managerOrAdminProcedure, publicProcedure, router } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { createReport, listAllCases, listCases, reportStatus, updateCase } from "./service";

export const misconductRouter = router({
  create: publicProcedure
    .input(misconductReportInput)
    .output(answers(shape.filedReport))
    .mutation(({ ctx, input }) => createReport(ctx, input)),
  status: publicProcedure
    .input(trackingCodeInput)
    .output(answers(shape.reportStatusAnswer))
    .query(({ ctx, input }) => reportStatus(ctx, input.trackingCode)),
  cases: managerOrAdminProcedure.output(answers(shape.misconductCases)).query(({ ctx }) => listCases(ctx)),
  /** Administrators: every dealership's cases, filtered and paged. */
  allCases: adminProcedure
    .input(allCasesInput)
    .output(answers(shape.adminCasesPage))
    .query(({ ctx, input }) => listAllCases(ctx, input)),
  updateCase: managerOrAdminProcedure
    .input(updateMisconductReportInput)
    .output(answers(shape.updatedCase))
    .mutation(({ ctx, input }) => updateCase(ctx, input)),
});
