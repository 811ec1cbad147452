import * as shape from "../../../shared/schemas/misconduct";
import {
  allCasesInput,
  misconductReportInput,
  trackingCodeInput,
  updateMisconductReportInput,
} from "../../../shared/schemas/misconduct";
import { admin, anyone, managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { createReport, listAllCases, listCases, reportStatus, updateCase } from "./service";

export const misconductRouter = taggedRouter("Misconduct reports", {
  /** Limited to 5 at once, then one every 10 minutes. */
  create: anyone.mutation(misconductReportInput, shape.filedReport, createReport, {
    limit: {
      perAddress: { capacity: 5, refillSeconds: 600 },
      perAccount: { capacity: 5, refillSeconds: 600 },
    },
    rest: { method: "POST", path: "/misconduct-reports", input: "body", status: 201 },
  }),
  status: anyone.query(trackingCodeInput, shape.reportStatusAnswer, (ctx, input) =>
    reportStatus(ctx, input.trackingCode),
  ),
  cases: managerOrAdmin.query(shape.misconductCases, listCases),
  /** Administrators: every dealership's cases, filtered and paged. */
  allCases: admin.query(allCasesInput, shape.adminCasesPage, listAllCases),
  updateCase: managerOrAdmin.mutation(updateMisconductReportInput, shape.updatedCase, updateCase),
});
