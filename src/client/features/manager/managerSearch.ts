// The manager dashboard keeps its tab in the URL, so a reload or a shared link ('/manager-dashboard?tab=team')
// opens the same view. A route's validateSearch: ui/searchParams.ts, not zod (see that file).
import { MANAGER_TABS } from "../../../shared/links";
import { enumParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The dashboard's tabs in display order (declared with the app's links, which notices point at). */
export { MANAGER_TABS, type ManagerTab } from "../../../shared/links";

const managerDashboardSearchShape = { tab: enumParam(MANAGER_TABS) };

export const managerDashboardSearchSchema = searchParams(managerDashboardSearchShape);

export type ManagerDashboardSearch = SearchOf<typeof managerDashboardSearchShape>;
