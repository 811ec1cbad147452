import { createFileRoute } from "@tanstack/react-router";
import { salespersonQueries } from "../features/salespeople/queries";
import { SalespersonProfilePage } from "../features/salespeople/SalespersonProfilePage";
import { salespersonRouteWords } from "../features/salespeople/salespersonRoute";
import { RouteError, RouteMissing } from "../ui/RouteError";

export const Route = createFileRoute("/salesperson/$id")({
  staticData: salespersonRouteWords,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(salespersonQueries.byId(params.id)),
  errorComponent: RouteError,
  notFoundComponent: RouteMissing,
  component: SalespersonProfilePage,
});
