import { createFileRoute } from "@tanstack/react-router";
import { ManagerDashboardPage } from "../features/manager/ManagerDashboardPage";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { managerDashboardQueries } from "./-pageQueries";
import { managerDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/manager/dashboard")({
  ...managerDashboardRoute,
  loader: ({ context: { me, queryClient }, deps }) =>
    ensureAll(queryClient, managerDashboardQueries(me, deps.tab)),
  errorComponent: RouteError,
  component: ManagerDashboardPage,
});
