import { createFileRoute } from "@tanstack/react-router";
import { SalespersonProfilePage } from "../features/salespeople/SalespersonProfilePage";
import { loadSalesperson, salespersonRouteWords } from "../features/salespeople/salespersonRoute";
import { RouteError, RouteMissing } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/salespeople/$id")({
  staticData: salespersonRouteWords,
  loader: loadSalesperson,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  notFoundComponent: RouteMissing,
  component: SalespersonRoute,
});

function SalespersonRoute() {
  const { id } = Route.useParams();
  return <SalespersonProfilePage rawId={id} />;
}
