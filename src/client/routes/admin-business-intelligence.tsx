import { createFileRoute } from "@tanstack/react-router";
import { BusinessIntelligencePage } from "../features/analytics/BusinessIntelligencePage";
import { RouteError } from "../ui/RouteError";
import { businessIntelligenceRoute } from "./-searchRoutes";

export const Route = createFileRoute("/admin-business-intelligence")({
  ...businessIntelligenceRoute,
  errorComponent: RouteError,
  component: BusinessIntelligencePage,
});
