import { createFileRoute } from "@tanstack/react-router";
import { SalespersonDashboardPage } from "../features/portal/SalespersonDashboardPage";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { salespersonDashboardQueries } from "./-pageQueries";
import { salespersonDashboardRoute } from "./-searchRoutes";

export const Route = createFileRoute("/salesperson-dashboard")({
  ...salespersonDashboardRoute,
  loader: ({ context: { me, queryClient }, deps }) =>
    ensureAll(queryClient, salespersonDashboardQueries(me, deps)),
  errorComponent: RouteError,
  component: SalespersonDashboardPage,
});
