// Inputs and answers of the reports domain: anonymous misconduct reports, their tracking codes and case handling.
import { z } from "zod";
import { MISCONDUCT_CATEGORIES, REPORT_STATUSES } from "../reviews";
import { idSchema, isoDate, line, listPage, listPaging, optionalFilter, text } from "./common";

const categoryValues = MISCONDUCT_CATEGORIES.map((c) => c.value) as [string, ...string[]];
export const misconductReportInput = z.strictObject({
  salespersonId: idSchema,
  category: z.enum(categoryValues, { error: "Choose a category" }),
  description: text().min(20, "Describe what happened in at least 20 characters").max(5000),
  incidentDate: z.preprocess((v) => (v === "" || v === null ? undefined : v), isoDate().optional()),
  /** Signed-in reporters may choose anonymity; signed-out reports are always anonymous. */
  anonymous: z.boolean().default(true),
});
export const trackingCodeInput = z.strictObject({ trackingCode: line().min(8).max(40) });
export const updateMisconductReportInput = z.strictObject({
  reportId: idSchema,
  status: z.enum(REPORT_STATUSES).optional(),
  note: text().max(2000).optional(),
  resolution: text().max(2000).optional(),
});

/** Administrators' view of every case: by status and dealership, searched by salesperson or description. */
export const allCasesInput = z
  .strictObject({
    ...listPaging,
    status: optionalFilter(z.enum(REPORT_STATUSES, { error: "Unknown status" })),
    dealershipId: optionalFilter(idSchema),
  })
  .optional();
export type AllCasesInput = z.input<typeof allCasesInput>;
export type AllCasesQuery = z.output<typeof allCasesInput>;

export const filedReport = z.object({
  trackingCode: z.string().describe("Quoted to follow the report up"),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.date(),
  anonymous: z.boolean(),
});

/** What the reporter sees for their tracking code: never who handles the case or what they noted. */
export const reportStatusAnswer = z.object({
  status: z.enum(REPORT_STATUSES),
  category: z.string(),
  createdAt: z.date(),
  updatedAt: z.date(),
  resolution: z.string().nullable().describe("Shown once the case is resolved or dismissed"),
});

const reportStatusOrNull = z.string().nullable().describe("A report status; null before the first");

/** A step of a case's history. */
export const caseEvent = z.object({
  fromStatus: reportStatusOrNull,
  toStatus: reportStatusOrNull,
  note: z.string().nullable(),
  createdAt: z.date(),
});

/** A case as its dealership's manager sees it; the history is built in SQL, so its instants arrive as ISO text. */
export const misconductCase = z.object({
  id: z.number().int(),
  salespersonId: z.number().int(),
  salespersonName: z.string(),
  category: z.string(),
  description: z.string(),
  incidentDate: z.string().nullable().describe("YYYY-MM-DD"),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  events: z.array(caseEvent.extend({ createdAt: z.string().describe("ISO 8601 date-time") })),
});
export const misconductCases = z.array(misconductCase);

/** A case as administrators list it: the manager's view plus the dealership it belongs to. */
export const adminCase = misconductCase.extend({
  dealershipId: z.number().int().nullable(),
  dealershipName: z.string().nullable(),
});
export type AdminCase = z.output<typeof adminCase>;
export const adminCasesPage = listPage(adminCase);

export const updatedCase = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUSES),
  events: z.array(caseEvent),
});
