import { createFileRoute } from "@tanstack/react-router";
import { salespersonQueries } from "../features/salespeople/queries";
import { SalespersonProfilePage } from "../features/salespeople/SalespersonProfilePage";
import { salespersonRouteWords } from "../features/salespeople/salespersonRoute";
import { RouteError, RouteMissing } from "../ui/RouteError";
import { searchParams, textParam } from "../ui/searchParams";

export const Route = createFileRoute("/salesperson/$id")({
  staticData: salespersonRouteWords,
  // How far away the salesperson is, when the visitor came from a browse near a place (its card's distance).
  validateSearch: searchParams({ miles: textParam(8, { coerce: true }), from: textParam(40) }),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(salespersonQueries.byId(params.id)),
  errorComponent: RouteError,
  notFoundComponent: RouteMissing,
  component: SalespersonProfilePage,
});
