import { createFileRoute } from "@tanstack/react-router";
import { SalespersonProfilePage } from "../features/salespeople/SalespersonProfilePage";
import { salespersonRouteWords } from "../features/salespeople/salespersonRoute";
import { lazyLoader } from "../routerContext";
import { RouteError, RouteMissing } from "../ui/RouteError";

export const Route = createFileRoute("/salespeople/$id")({
  staticData: salespersonRouteWords,
  loader: lazyLoader("loadSalesperson"),
  errorComponent: RouteError,
  notFoundComponent: RouteMissing,
  component: SalespersonProfilePage,
});
