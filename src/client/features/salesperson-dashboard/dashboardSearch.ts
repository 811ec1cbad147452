// The salesperson dashboard keeps its tab and analytics period in the URL, so a reload or a link from a
// notification ('/salesperson-dashboard?tab=appointments') opens the same view. Bad values fall back quietly.
import { z } from "zod";
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "../../../shared/schemas/portal";

/** The dashboard's tabs in display order. */
export const SALESPERSON_TABS = [
  "overview",
  "appointments",
  "messages",
  "profile",
  "availability",
  "subscription",
] as const;
export type SalespersonTab = (typeof SALESPERSON_TABS)[number];

export const DEFAULT_PERIOD: AnalyticsPeriod = "30d";

export const salespersonDashboardSearchSchema = z.object({
  tab: z.enum(SALESPERSON_TABS).optional().catch(undefined),
  period: z.enum(ANALYTICS_PERIODS).optional().catch(undefined),
  /** The open conversation of the Messages tab (notification links carry it). */
  conversation: z.coerce.number().int().positive().optional().catch(undefined),
});

export type SalespersonDashboardSearch = z.output<typeof salespersonDashboardSearchSchema>;
