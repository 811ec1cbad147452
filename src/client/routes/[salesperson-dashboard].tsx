import { createFileRoute } from "@tanstack/react-router";
import { SalespersonDashboardPage } from "../features/portal/SalespersonDashboardPage";
import { RouteError } from "../ui/RouteError";
import { salespersonDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/salesperson-dashboard")({
  ...salespersonDashboardRoute,
  errorComponent: RouteError,
  component: SalespersonDashboardPage,
});
