import * as shape from "../../../shared/schemas/compliance";
import { recordSecurityEvent } from "../../credentials/securityEvents";
import { download, PAGE } from "../../rest/declaration";
import { admin, signedIn, taggedRouter } from "../../trpc/procedures";
import { complianceOverview, complianceReport } from "./complianceReport";
import { createGdprRequest, downloadExport, listGdprRequests, updateGdprRequest } from "./requests";
import { listRetentionPolicies, runCleanup, updateRetentionPolicy } from "./retention";

/**
 * Every signed-in user files and reads their own data requests and reads the retention policies;
 * administrators handle everyone's requests, change policies, run the cleanup and read reports.
 */
export const complianceRouter = taggedRouter("Compliance", {
  overview: admin.query(shape.complianceOverview, (ctx) => complianceOverview(ctx.sql), {
    rest: "GET /compliance/overview",
  }),
  requests: signedIn.query(
    shape.gdprRequestListInput,
    shape.gdprRequestsPage,
    (ctx, input) => listGdprRequests(ctx, input ?? {}),
    { rest: { route: "GET /compliance/gdpr-requests", ...PAGE } },
  ),
  createRequest: signedIn.mutation(shape.createGdprRequestInput, shape.gdprRequestView, createGdprRequest, {
    rest: { route: "POST /compliance/gdpr-requests", status: 201 },
  }),
  updateRequest: admin.mutation(shape.updateGdprRequestInput, shape.gdprRequestView, updateGdprRequest, {
    rest: "PATCH /compliance/gdpr-requests/:id",
    description: "Administrators: body `{ action: process | complete | reject, note? }`.",
  }),
  exportFile: signedIn.query(shape.gdprExportInput, shape.gdprExportFile, downloadExport, {
    rest: {
      route: "GET /compliance/gdpr-requests/:id/export",
      ...download("application/json", "application/zip"),
    },
    description: "The export of a completed access or portability request: `?format=json|zip`.",
  }),
  retentionPolicies: signedIn.query(shape.retentionPolicies, listRetentionPolicies, {
    rest: "GET /compliance/retention-policies",
  }),
  updateRetentionPolicy: admin.mutation(
    shape.updateRetentionPolicyInput,
    shape.retentionPolicyView,
    updateRetentionPolicy,
    { rest: "PATCH /compliance/retention-policies/:dataType" },
  ),
  cleanup: admin.mutation(
    shape.cleanupResult,
    async (ctx) => {
      const result = await runCleanup(ctx.sql, "manual", ctx.user.id);
      await recordSecurityEvent(ctx, { eventType: "retention_cleanup", details: `${result.total} records` });
      return result;
    },
    { rest: "POST /compliance/cleanup-data" },
  ),
  report: admin.mutation(
    shape.complianceReportInput,
    shape.complianceReport,
    (ctx, input) => complianceReport(ctx.sql, input.startDate, input.endDate),
    {
      rest: {
        route: "POST /compliance/generate-report",
        shape: (report) => ({
          file: {
            filename: `compliance-report-${report.period.startDate}-${report.period.endDate}.json`,
            contentType: "application/json; charset=utf-8",
            content: JSON.stringify(report, null, 2),
          },
        }),
        responds: { kind: "file", contentTypes: ["application/json"] },
      },
      description: "`{ startDate, endDate }`: the report as a JSON file to download.",
    },
  ),
});
