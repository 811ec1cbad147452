import { createFileRoute } from "@tanstack/react-router";
import { salespersonDashboardSearchSchema } from "../features/portal/dashboardSearch";
import { SalespersonDashboardPage } from "../features/portal/SalespersonDashboardPage";
import { loadSalespersonDashboard } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson-dashboard")({
  validateSearch: salespersonDashboardSearchSchema,
  beforeLoad: requireSignIn("/"),
  loaderDeps: ({ search }) => ({ tab: search.tab, period: search.period }),
  loader: loadSalespersonDashboard,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: SalespersonDashboardPage,
});
