// The manager dashboard keeps its tab in the URL, so a reload or a shared link ('/manager-dashboard?tab=team')
// opens the same view. A route's validateSearch: ui/searchParams.ts, not zod (see that file).
import { enumParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The dashboard's tabs in display order. */
export const MANAGER_TABS = ["overview", "team", "performance", "location", "reports", "incidents"] as const;
export type ManagerTab = (typeof MANAGER_TABS)[number];

const managerDashboardSearchShape = { tab: enumParam(MANAGER_TABS) };

export const managerDashboardSearchSchema = searchParams(managerDashboardSearchShape);

export type ManagerDashboardSearch = SearchOf<typeof managerDashboardSearchShape>;
