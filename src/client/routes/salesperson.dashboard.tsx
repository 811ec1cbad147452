import { createFileRoute } from "@tanstack/react-router";
import { salespersonDashboardSearchSchema } from "../features/portal/dashboardSearch";
import { SalespersonDashboardPage } from "../features/portal/SalespersonDashboardPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { requireSignIn } from "../ui/session";

export const Route = createFileRoute("/salesperson/dashboard")({
  validateSearch: salespersonDashboardSearchSchema,
  beforeLoad: requireSignIn("/"),
  loaderDeps: ({ search }) => ({ tab: search.tab, period: search.period }),
  loader: lazyLoader("loadSalespersonDashboard"),
  errorComponent: RouteError,
  component: SalespersonDashboardPage,
});
