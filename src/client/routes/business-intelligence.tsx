import { createFileRoute } from "@tanstack/react-router";
import { BusinessIntelligencePage } from "../features/analytics/BusinessIntelligencePage";
import { biSearchSchema } from "../features/analytics/biSearch";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/business-intelligence")({
  validateSearch: biSearchSchema,
  loaderDeps: ({ search }) => ({ tab: search.tab, period: search.period, dealershipId: search.dealershipId }),
  loader: lazyLoader("loadBusinessIntelligence"),
  errorComponent: RouteError,
  component: BusinessIntelligencePage,
});
