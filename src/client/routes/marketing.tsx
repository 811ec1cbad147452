import { createFileRoute } from "@tanstack/react-router";
import { MarketingOverviewPage } from "../features/marketing/MarketingOverviewPage";

export const Route = createFileRoute("/marketing")({
  component: MarketingOverviewPage,
});
