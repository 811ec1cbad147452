// Inputs and answers of the audit trail: administrators browse every change, managers their dealership's.
import { z } from "zod";
import { downloadFile, idSchema, isoDate, line, listPage, optionalFilter, pagingFields } from "./common";

/** What an audit row can be about (server/auditTrail.ts writes only these). */
export const AUDIT_ENTITY_TYPES = [
  "user",
  "salesperson",
  "dealership",
  "group",
  "transfer",
  "rating",
  "misconduct",
  "document",
  "contact",
  "subscription",
  "crm_integration",
  "api_key",
  "retention_policy",
  "dealership_application",
  "visit_dispute",
  "purchase_claim",
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** The most rows one CSV export carries (the newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

const filters = {
  /** `entity.verb`, exactly as recorded (e.g. `rating.remove`). */
  action: optionalFilter(
    line()
      .max(64)
      .regex(/^[a-z_]+(\.[a-z_]+)*$/, "Action looks like entity.verb, e.g. rating.remove"),
  ),
  entityType: optionalFilter(z.enum(AUDIT_ENTITY_TYPES, { error: "Unknown entity type" })),
  /** Part of the actor's e-mail address. */
  actorEmail: optionalFilter(line().min(1).max(254)),
  /** First and last calendar day (UTC), both included. */
  from: optionalFilter(isoDate()),
  to: optionalFilter(isoDate()),
  dealershipId: optionalFilter(idSchema),
};

const dateOrder = (value: { from?: string; to?: string } | undefined) =>
  !value?.from || !value.to || value.from <= value.to;
const DATE_ORDER = { message: "The start date must be on or before the end date", path: ["to"] };

export const auditListInput = z
  .strictObject({ ...filters, ...pagingFields() })
  .refine(dateOrder, DATE_ORDER)
  .optional();
export type AuditListInput = z.input<typeof auditListInput>;
export type AuditListQuery = z.output<typeof auditListInput>;

export const AUDIT_EXPORT_FORMATS = ["json", "csv"] as const;

/** GET /api/admin/audit-log: a JSON page, or with format=csv every filtered row as a download. */
export const auditExportInput = z
  .strictObject({
    ...filters,
    ...pagingFields(),
    format: z.enum(AUDIT_EXPORT_FORMATS, { error: "Format must be json or csv" }).default("json"),
  })
  .refine(dateOrder, DATE_ORDER)
  .optional();
export type AuditExportInput = z.input<typeof auditExportInput>;
export type AuditExportQuery = z.output<typeof auditExportInput>;

export const auditEntryView = z.object({
  id: z.string().regex(/^\d+$/).describe("A 64-bit id, written as a decimal string"),
  createdAt: z.date(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  dealershipId: z.number().int().nullable(),
  dealershipName: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown().describe("The entity before the change, as JSON"),
  after: z.unknown().describe("The entity after the change, as JSON"),
  ipAddress: z.string().nullable(),
});
export type AuditEntryView = z.output<typeof auditEntryView>;

export const auditPage = listPage(auditEntryView).extend({
  actions: z
    .array(z.string())
    .describe("The actions recorded in the caller's scope, for the filter's choices"),
});
export type AuditPage = z.output<typeof auditPage>;

export const auditExport = z.discriminatedUnion("format", [
  z.object({ format: z.literal("json"), page: auditPage }),
  z.object({ format: z.literal("csv"), file: downloadFile }),
]);
export type AuditExport = z.output<typeof auditExport>;
