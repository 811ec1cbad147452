// The customer dashboard keeps its tab and open conversation in the URL of `/` (beside the browse filters),
// so a reload or a notification link opens the same view. Bad values fall back quietly.
// Part of the `/` route's validateSearch, which loads with every page: it uses ui/searchParams.ts, not zod.
import { ID_MAX } from "../../../shared/constants";
import { type CustomerTab, CUSTOMER_TABS as DASHBOARD_TABS } from "../../../shared/links";
import { enumParam, intParam } from "../../ui/searchParams";

export type DashboardTab = CustomerTab;

export const dashboardSearchShape = {
  tab: enumParam(DASHBOARD_TABS),
  /** The open conversation in the Messages tab (notification links point here). */
  conversation: intParam(1, ID_MAX),
};
