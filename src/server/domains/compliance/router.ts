import * as shape from "../../../shared/schemas/compliance";
import {
  complianceReportInput,
  createGdprRequestInput,
  gdprExportInput,
  gdprRequestListInput,
  updateGdprRequestInput,
  updateRetentionPolicyInput,
} from "../../../shared/schemas/compliance";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { router } from "../../trpc/init";
import { admin, signedIn } from "../../trpc/procedures";
import { complianceOverview, complianceReport } from "./complianceReport";
import { createGdprRequest, downloadExport, listGdprRequests, updateGdprRequest } from "./requests";
import { listRetentionPolicies, runCleanup, updateRetentionPolicy } from "./retention";

/**
 * Every signed-in user files and reads their own data requests and reads the retention policies;
 * administrators handle everyone's requests, change policies, run the cleanup and read reports.
 */
export const complianceRouter = router({
  overview: admin.query(shape.complianceOverview, (ctx) => complianceOverview(ctx.sql)),
  requests: signedIn.query(gdprRequestListInput, shape.gdprRequestsPage, (ctx, input) =>
    listGdprRequests(ctx, input ?? {}),
  ),
  createRequest: signedIn.mutation(createGdprRequestInput, shape.gdprRequestView, createGdprRequest),
  updateRequest: admin.mutation(updateGdprRequestInput, shape.gdprRequestView, updateGdprRequest),
  exportFile: signedIn.query(gdprExportInput, shape.gdprExportFile, downloadExport),
  retentionPolicies: signedIn.query(shape.retentionPolicies, listRetentionPolicies),
  updateRetentionPolicy: admin.mutation(
    updateRetentionPolicyInput,
    shape.retentionPolicyView,
    updateRetentionPolicy,
  ),
  cleanup: admin.mutation(shape.cleanupResult, async (ctx) => {
    const result = await runCleanup(ctx.sql, "manual", ctx.user.id);
    await recordSecurityEvent(ctx, { eventType: "retention_cleanup", details: `${result.total} records` });
    return result;
  }),
  report: admin.mutation(complianceReportInput, shape.complianceReport, (ctx, input) =>
    complianceReport(ctx.sql, input.startDate, input.endDate),
  ),
});
