import * as shape from "../../../shared/schemas/misconduct";
import { admin, anyone, managerOrAdmin, taggedRouter } from "../../trpc/procedures";
import { createReport, listAllCases, listCases, reportStatus, updateCase } from "./service";

export const misconductRouter = taggedRouter("Misconduct reports", {
  /** Limited to 5 at once, then one every 10 minutes. */
  create: anyone.mutation(shape.misconductReportInput, shape.filedReport, createReport, {
    limit: {
      perAddress: { capacity: 5, refillSeconds: 600 },
      perAccount: { capacity: 5, refillSeconds: 600 },
    },
    rest: { route: "POST /misconduct-reports", status: 201 },
  }),
  status: anyone.query(shape.trackingCodeInput, shape.reportStatusAnswer, reportStatus),
  cases: managerOrAdmin.query(shape.misconductCases, listCases),
  /** Administrators: every dealership's cases, filtered and paged. */
  allCases: admin.query(shape.allCasesInput, shape.adminCasesPage, listAllCases),
  updateCase: managerOrAdmin.mutation(shape.updateMisconductReportInput, shape.updatedCase, updateCase),
});
