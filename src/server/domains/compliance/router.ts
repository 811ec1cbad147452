import * as shape from "../../../shared/schemas/compliance";
import {
  complianceReportInput,
  createGdprRequestInput,
  gdprExportInput,
  gdprRequestListInput,
  updateGdprRequestInput,
  updateRetentionPolicyInput,
} from "../../../shared/schemas/compliance";
import { recordSecurityEvent } from "../../auth/securityEvents";
import { adminProcedure, router, signedInProcedure } from "../../trpc/init";
import { answers } from "../../trpc/output";
import { complianceOverview, complianceReport } from "./complianceReport";
import { createGdprRequest, downloadExport, listGdprRequests, updateGdprRequest } from "./requests";
import { listRetentionPolicies, runCleanup, updateRetentionPolicy } from "./retention";

/**
 * Every signed-in user files and reads their own data requests and reads the retention policies;
 * administrators handle everyone's requests, change policies, run the cleanup and read reports.
 */
export const complianceRouter = router({
  overview: adminProcedure
    .output(answers(shape.complianceOverview))
    .query(({ ctx }) => complianceOverview(ctx.sql)),
  requests: signedInProcedure
    .input(gdprRequestListInput)
    .output(answers(shape.gdprRequestsPage))
    .query(({ ctx, input }) => listGdprRequests(ctx, input ?? {})),
  createRequest: signedInProcedure
    .input(createGdprRequestInput)
    .output(answers(shape.gdprRequestView))
    .mutation(({ ctx, input }) => createGdprRequest(ctx, input)),
  updateRequest: adminProcedure
    .input(updateGdprRequestInput)
    .output(answers(shape.gdprRequestView))
    .mutation(({ ctx, input }) => updateGdprRequest(ctx, input)),
  exportFile: signedInProcedure
    .input(gdprExportInput)
    .output(answers(shape.gdprExportFile))
    .query(({ ctx, input }) => downloadExport(ctx, input)),
  retentionPolicies: signedInProcedure
    .output(answers(shape.retentionPolicies))
    .query(({ ctx }) => listRetentionPolicies(ctx)),
  updateRetentionPolicy: adminProcedure
    .input(updateRetentionPolicyInput)
    .output(answers(shape.retentionPolicyView))
    .mutation(({ ctx, input }) => updateRetentionPolicy(ctx, input)),
  cleanup: adminProcedure.output(answers(shape.cleanupResult)).mutation(async ({ ctx }) => {
    const result = await runCleanup(ctx.sql, "manual", ctx.user.id);
    await recordSecurityEvent(ctx, { eventType: "retention_cleanup", details: `${result.total} records` });
    return result;
  }),
  report: adminProcedure
    .input(complianceReportInput)
    .output(answers(shape.complianceReport))
    .mutation(({ ctx, input }) => complianceReport(ctx.sql, input.startDate, input.endDate)),
});
