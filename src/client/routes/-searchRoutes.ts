// The search, guard and loader deps of the routes whose data follows their search (a dashboard's tab, a
// period), each declared once for a route and its alias (/manager/dashboard and /manager-dashboard). The
// loaders, pages and error components stay in the route files, where the router's code splitting finds them.
import { requireAdminSession } from "../adminSession";
import { adminDashboardSearchSchema } from "../features/admin/adminSearch";
import { biSearchSchema } from "../features/analytics/biSearch";
import { complianceSearchSchema } from "../features/compliance/complianceSearch";
import { managerDashboardSearchSchema } from "../features/manager/managerSearch";
import { salespersonDashboardSearchSchema } from "../features/portal/dashboardSearch";
import { securitySearchSchema } from "../features/security/securitySearch";
import { requireSignIn } from "../ui/session";

/** Parses the search, and reloads when `deps` of it change. */
function searchRoute<S, D>(validateSearch: (raw: Record<string, unknown>) => S, deps: (search: S) => D) {
  return { validateSearch, loaderDeps: ({ search }: { search: S }) => deps(search) };
}

const byTab = <T>(search: { tab?: T }) => ({ tab: search.tab });

export const adminDashboardRoute = {
  ...searchRoute(adminDashboardSearchSchema, byTab),
  beforeLoad: requireAdminSession,
};
export const salespersonDashboardRoute = {
  ...searchRoute(salespersonDashboardSearchSchema, (search) => ({ tab: search.tab, period: search.period })),
  beforeLoad: requireSignIn("/"),
};
export const managerDashboardRoute = searchRoute(managerDashboardSearchSchema, byTab);
export const businessIntelligenceRoute = searchRoute(biSearchSchema, (search) => ({
  tab: search.tab,
  period: search.period,
  dealershipId: search.dealershipId,
}));
// Signed-out visitors go to the server's sign-in route before anything renders (SignedInFrame covers a session
// that ends while the page is open).
export const complianceRoute = {
  ...searchRoute(complianceSearchSchema, byTab),
  beforeLoad: requireSignIn("/api/login"),
};
export const securityRoute = {
  ...searchRoute(securitySearchSchema, byTab),
  beforeLoad: requireSignIn("/api/login"),
};
