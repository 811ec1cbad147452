import { createFileRoute } from "@tanstack/react-router";
import { ManagerDashboardPage } from "../features/manager/ManagerDashboardPage";
import { managerDashboardSearchSchema } from "../features/manager/managerSearch";
import { loadManagerDashboard } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/manager/dashboard")({
  validateSearch: managerDashboardSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: loadManagerDashboard,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: ManagerDashboardPage,
});
