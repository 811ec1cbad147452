// The search, guard and loader of the routes whose data follows their search (a dashboard's tab, a period),
// each declared once for a route and its alias (/manager/dashboard and /manager-dashboard). The pages and
// their error components stay in the route files, where the router's code splitting finds them.
import { requireAdminSession } from "../adminSession";
import { adminDashboardSearchSchema } from "../features/admin/adminSearch";
import { biSearchSchema } from "../features/analytics/biSearch";
import { complianceSearchSchema } from "../features/compliance/complianceSearch";
import { managerDashboardSearchSchema } from "../features/manager/managerSearch";
import { salespersonDashboardSearchSchema } from "../features/portal/dashboardSearch";
import { securitySearchSchema } from "../features/security/securitySearch";
import { lazyLoader } from "../routerContext";
import { requireSignIn } from "../ui/session";

type Loader = Parameters<typeof lazyLoader>[0];

/** Parses the search, reloads when `deps` of it change, and loads with `loader` from routeLoaders.ts. */
function searchRoute<S, D, L extends Loader>(
  validateSearch: (raw: Record<string, unknown>) => S,
  deps: (search: S) => D,
  loader: L,
) {
  return {
    validateSearch,
    loaderDeps: ({ search }: { search: S }) => deps(search),
    loader: lazyLoader(loader),
  };
}

const byTab = <T>(search: { tab?: T }) => ({ tab: search.tab });

export const adminDashboardRoute = {
  ...searchRoute(adminDashboardSearchSchema, byTab, "loadAdminDashboard"),
  beforeLoad: requireAdminSession,
};
export const salespersonDashboardRoute = {
  ...searchRoute(
    salespersonDashboardSearchSchema,
    (search) => ({ tab: search.tab, period: search.period }),
    "loadSalespersonDashboard",
  ),
  beforeLoad: requireSignIn("/"),
};
export const managerDashboardRoute = searchRoute(managerDashboardSearchSchema, byTab, "loadManagerDashboard");
export const businessIntelligenceRoute = searchRoute(
  biSearchSchema,
  (search) => ({ tab: search.tab, period: search.period, dealershipId: search.dealershipId }),
  "loadBusinessIntelligence",
);
// Signed-out visitors go to the server's sign-in route before anything renders (SignedInFrame covers a session
// that ends while the page is open).
export const complianceRoute = {
  ...searchRoute(complianceSearchSchema, byTab, "loadCompliance"),
  beforeLoad: requireSignIn("/api/login"),
};
export const securityRoute = {
  ...searchRoute(securitySearchSchema, byTab, "loadSecurity"),
  beforeLoad: requireSignIn("/api/login"),
};
