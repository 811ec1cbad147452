// Inputs and answers of compliance: data-protection requests, retention policies, cleanup and reports.
import { z } from "zod";
import {
  COMPLIANCE_CHECKS,
  type ComplianceCheckId,
  GDPR_REQUEST_STATUSES,
  GDPR_REQUEST_TYPES,
  RETENTION_DATA_TYPES,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
} from "../compliance";
import { idSchema, isoDate, line, listPage, optionalFilter, pagingFields, text } from "./common";

/** docs/product/compliance.md#data-requests: POST /api/compliance/gdpr-requests {userId, requestType, requestDetails.description}. */
export const createGdprRequestInput = z.strictObject({
  /** Optional: only ever the caller's own id (a request about someone else is refused). */
  userId: z.uuid({ error: "Unknown user" }).optional(),
  requestType: z.enum(GDPR_REQUEST_TYPES, { error: "Choose a request type" }),
  requestDetails: z
    .strictObject({ description: text().max(2000, "Keep the description under 2,000 characters").optional() })
    .optional(),
});
export type CreateGdprRequestInput = z.output<typeof createGdprRequestInput>;

export const gdprRequestListInput = z
  .strictObject({
    status: optionalFilter(z.enum(GDPR_REQUEST_STATUSES, { error: "Unknown status" })),
    requestType: optionalFilter(z.enum(GDPR_REQUEST_TYPES, { error: "Unknown request type" })),
    /** Administrators: every user's requests (default) or only their own (`mine`). */
    scope: optionalFilter(z.enum(["all", "mine"])),
    email: optionalFilter(line().min(1).max(254)),
    ...pagingFields(),
  })
  .optional();
export type GdprRequestListInput = z.input<typeof gdprRequestListInput>;

export const gdprRequestIdInput = z.strictObject({ id: idSchema });

export const updateGdprRequestInput = z.strictObject({
  id: idSchema,
  action: z.enum(["process", "complete", "reject"], { error: "Action is process, complete or reject" }),
  /** What was done (rectification, restriction) or why the request is refused; required to reject. */
  note: text().max(2000, "Keep the note under 2,000 characters").optional(),
});
export type UpdateGdprRequestInput = z.output<typeof updateGdprRequestInput>;

export const EXPORT_FORMATS = ["json", "zip"] as const;
export const gdprExportInput = z.strictObject({
  id: idSchema,
  format: z.enum(EXPORT_FORMATS, { error: "Format must be json or zip" }).default("json"),
});

export const gdprRequestView = z.object({
  id: z.number().int(),
  userId: z.uuid(),
  userEmail: z.string(),
  userName: z.string().nullable(),
  requestType: z.enum(GDPR_REQUEST_TYPES),
  description: z.string().nullable(),
  status: z.enum(GDPR_REQUEST_STATUSES),
  createdAt: z.date(),
  dueAt: z.date().describe("30 days after filing: when the answer is due"),
  processingAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  handledByEmail: z.string().nullable(),
  responseNote: z.string().nullable(),
  responseData: z.record(z.string(), z.unknown()).nullable(),
  overdue: z.boolean(),
  exportAvailable: z
    .boolean()
    .describe("A completed access or portability request: its export can be fetched"),
});
export type GdprRequestView = z.output<typeof gdprRequestView>;

export const gdprRequestsPage = listPage(gdprRequestView).extend({
  summary: z
    .record(z.string(), z.number().int())
    .describe("Every request in scope by state: pending, processing, completed, rejected, overdue"),
});

export const gdprExportFile = z.union([
  z.object({
    filename: z.string(),
    contentType: z.string(),
    content: z.string().describe("The ZIP archive, base64"),
    encoding: z.literal("base64"),
  }),
  z.object({
    filename: z.string(),
    contentType: z.string(),
    content: z.string().describe("The JSON export"),
    encoding: z.undefined().optional(),
  }),
]);

export const retentionPolicyView = z.object({
  id: z.enum(RETENTION_DATA_TYPES),
  dataType: z.enum(RETENTION_DATA_TYPES),
  label: z.string(),
  action: z.string().describe("What the cleanup does with a row past its period"),
  retentionPeriodDays: z.number().int(),
  legalBasis: z.string(),
  autoDelete: z.boolean(),
  requiresUserConsent: z.boolean(),
  updatedAt: z.date(),
  due: z.number().int().describe("Rows past the period right now (what the next cleanup would touch)"),
});
export type RetentionPolicyView = z.output<typeof retentionPolicyView>;

export const retentionPolicies = z.array(retentionPolicyView);

export const complianceCheck = z.object({
  id: z.enum(Object.keys(COMPLIANCE_CHECKS) as [ComplianceCheckId, ...ComplianceCheckId[]]),
  label: z.string(),
  passed: z.boolean(),
  detail: z.string().describe("What the check found"),
});

export const complianceOverview = z.object({
  score: z.number().int().describe("Percentage (0-100) of the checks that pass"),
  checks: z.array(complianceCheck),
  requests: z
    .record(z.string(), z.number().int())
    .describe("Data requests: pending, processing, overdue, completedLast30Days"),
  lastCleanup: z
    .object({
      ranAt: z.date(),
      trigger: z.string(),
      total: z.number().int(),
      cleaned: z.record(z.string(), z.number().int()).describe("Records removed, by data type"),
    })
    .nullable(),
});

export const complianceReport = z
  .object({
    title: z.string(),
    period: z.object({ startDate: z.string(), endDate: z.string() }).describe("UTC days, both included"),
    generatedAt: z.date(),
    dataRequests: z.object({
      received: z.number().int().optional(),
      completed: z.number().int().optional(),
      rejected: z.number().int().optional(),
      open: z.number().int().optional(),
      late: z.number().int().optional(),
      averageDays: z.number().nullable().optional().describe("Mean days from filing to completion"),
      longestDays: z.number().nullable().optional(),
      byType: z.array(
        z.object({ requestType: z.string(), received: z.number().int(), completed: z.number().int() }),
      ),
      deadlineDays: z.number().int(),
    }),
    erasures: z.number().int(),
    incidents: z.object({ reported: z.number().int(), resolved: z.number().int() }),
    securityEvents: z.object({
      byRisk: z.record(z.string(), z.number().int()),
      topTypes: z.array(z.object({ eventType: z.string(), riskLevel: z.string(), count: z.number().int() })),
    }),
    retention: z.object({
      cleanups: z.array(z.object({ ranAt: z.date(), trigger: z.string(), total: z.number().int() })),
      cleanedRecords: z.number().int(),
    }),
    score: z.number().int(),
    checks: z.array(complianceCheck),
  })
  .describe("The compliance report of a period, answered as a JSON file to download");

export const updateRetentionPolicyInput = z.strictObject({
  dataType: z.enum(RETENTION_DATA_TYPES, { error: "Unknown data type" }),
  retentionPeriodDays: z.coerce
    .number({ error: "Enter a number of days" })
    .int("Enter a whole number of days")
    .min(RETENTION_MIN_DAYS, `At least ${RETENTION_MIN_DAYS} day`)
    .max(RETENTION_MAX_DAYS, `At most ${RETENTION_MAX_DAYS} days`)
    .optional(),
  autoDelete: z.boolean().optional(),
});

export const cleanupResult = z.object({
  cleanedRecords: z
    .record(z.enum(RETENTION_DATA_TYPES), z.number().int())
    .describe("Records removed, by type"),
  total: z.number().int(),
  ranAt: z.date(),
});
export type CleanupResult = z.output<typeof cleanupResult>;

export const complianceReportInput = z
  .strictObject({
    startDate: isoDate({ error: "Choose a start date" }),
    endDate: isoDate({ error: "Choose an end date" }),
  })
  .refine((v) => v.startDate <= v.endDate, {
    message: "The start date must be on or before the end date",
    path: ["endDate"],
  });
export type ComplianceReportInput = z.input<typeof complianceReportInput>;
