import { createFileRoute } from "@tanstack/react-router";
import { BusinessIntelligencePage } from "../features/analytics/BusinessIntelligencePage";
import { biSearchSchema } from "../features/analytics/biSearch";

export const Route = createFileRoute("/admin-business-intelligence")({
  validateSearch: biSearchSchema,
  component: BusinessIntelligencePage,
});
