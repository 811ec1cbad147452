import { createFileRoute } from "@tanstack/react-router";
import { BusinessIntelligencePage } from "../features/analytics/BusinessIntelligencePage";
import { biSearchSchema } from "../features/analytics/biSearch";
import { loadBusinessIntelligence } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/business-intelligence")({
  validateSearch: biSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab, period: search.period, dealershipId: search.dealershipId }),
  loader: loadBusinessIntelligence,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: BusinessIntelligencePage,
});
