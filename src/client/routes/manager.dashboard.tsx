import { createFileRoute } from "@tanstack/react-router";
import { ManagerDashboardPage } from "../features/manager/ManagerDashboardPage";
import { managerDashboardSearchSchema } from "../features/manager/managerSearch";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/manager/dashboard")({
  validateSearch: managerDashboardSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: lazyLoader("loadManagerDashboard"),
  errorComponent: RouteError,
  component: ManagerDashboardPage,
});
