import { createFileRoute } from "@tanstack/react-router";
import { BusinessIntelligencePage } from "../features/analytics/BusinessIntelligencePage";
import { ensureAll } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { businessIntelligenceQueries } from "./-pageQueries";
import { businessIntelligenceRoute } from "./-searchRoutes";

export const Route = createFileRoute("/admin-business-intelligence")({
  ...businessIntelligenceRoute,
  loader: ({ context: { me, queryClient }, deps }) =>
    ensureAll(queryClient, businessIntelligenceQueries(me, deps)),
  errorComponent: RouteError,
  component: BusinessIntelligencePage,
});
