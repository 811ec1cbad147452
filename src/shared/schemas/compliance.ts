// Inputs and answers of compliance: data-protection requests, retention policies, cleanup and reports.
import { z } from "zod";
import {
  GDPR_REQUEST_STATUSES,
  GDPR_REQUEST_TYPES,
  type GdprRequestStatus,
  type GdprRequestType,
  RETENTION_DATA_TYPES,
  RETENTION_MAX_DAYS,
  RETENTION_MIN_DAYS,
  type RetentionDataType,
} from "../compliance";
import { idSchema, isoDate, line, optionalFilter, pagingFields, text } from "./common";

/** SPEC.md: POST /api/compliance/gdpr-requests {userId, requestType, requestDetails.description}. */
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

export type GdprRequestView = {
  id: number;
  userId: string;
  userEmail: string;
  userName: string | null;
  requestType: GdprRequestType;
  description: string | null;
  status: GdprRequestStatus;
  createdAt: Date;
  dueAt: Date;
  processingAt: Date | null;
  completedAt: Date | null;
  handledByEmail: string | null;
  responseNote: string | null;
  responseData: Record<string, unknown> | null;
  overdue: boolean;
  exportAvailable: boolean;
};

export type RetentionPolicyView = {
  id: RetentionDataType;
  dataType: RetentionDataType;
  label: string;
  action: string;
  retentionPeriodDays: number;
  legalBasis: string;
  autoDelete: boolean;
  requiresUserConsent: boolean;
  updatedAt: Date;
  /** Rows past the period right now (what the next cleanup would touch). */
  due: number;
};

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

export type CleanupResult = {
  cleanedRecords: Record<RetentionDataType, number>;
  total: number;
  ranAt: Date;
};

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
