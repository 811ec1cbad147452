// Inputs of the reports domain: anonymous misconduct reports, their tracking codes and case handling.
import { z } from "zod";
import { MISCONDUCT_CATEGORIES, REPORT_STATUSES } from "../reviews";
import { idSchema, isoDate, line, listPaging, optionalFilter, text } from "./common";

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
