// The salesperson dashboard keeps its tab and analytics period in the URL, so a reload or a link from a
// notification ('/salesperson-dashboard?tab=appointments') opens the same view. Bad values fall back quietly.
// This is a route's validateSearch, which loads with every page: it uses ui/searchParams.ts, not zod.
import { ANALYTICS_PERIODS, type AnalyticsPeriod } from "../../../shared/analytics";
import { ID_MAX } from "../../../shared/constants";
import { SALESPERSON_TABS } from "../../../shared/links";
import { enumParam, intParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The dashboard's tabs in display order (declared with the app's links, which notices point at). */
export { SALESPERSON_TABS, type SalespersonTab } from "../../../shared/links";

export const DEFAULT_PERIOD: AnalyticsPeriod = "30d";

const salespersonDashboardSearchShape = {
  tab: enumParam(SALESPERSON_TABS),
  period: enumParam(ANALYTICS_PERIODS),
  /** The open conversation of the Messages tab (notification links carry it). */
  conversation: intParam(1, ID_MAX),
};

export const salespersonDashboardSearchSchema = searchParams(salespersonDashboardSearchShape);

export type SalespersonDashboardSearch = SearchOf<typeof salespersonDashboardSearchShape>;
