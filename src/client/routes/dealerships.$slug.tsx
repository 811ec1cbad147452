import { createFileRoute } from "@tanstack/react-router";
import { DealershipPage } from "../features/dealerships/DealershipPage";
import { dealershipRouteWords } from "../features/dealerships/dealershipRoute";
import { dealershipQueries } from "../features/dealerships/queries";
import { RouteError, RouteMissing } from "../ui/RouteError";

export const Route = createFileRoute("/dealerships/$slug")({
  staticData: dealershipRouteWords,
  loader: ({ context, params }) => context.queryClient.ensureQueryData(dealershipQueries.bySlug(params.slug)),
  errorComponent: RouteError,
  notFoundComponent: RouteMissing,
  component: DealershipPage,
});
