import { createFileRoute } from "@tanstack/react-router";
import { ManagerDashboardPage } from "../features/manager/ManagerDashboardPage";
import { RouteError } from "../ui/RouteError";
import { managerDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/manager/dashboard")({
  ...managerDashboardRoute,
  errorComponent: RouteError,
  component: ManagerDashboardPage,
});
