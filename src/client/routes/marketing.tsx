import { createFileRoute } from "@tanstack/react-router";
import { siteQueries } from "../features/landing/queries";
import { MarketingOverviewPage } from "../features/marketing/MarketingOverviewPage";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/marketing")({
  // The live figures are extra: they start loading with the page but never hold it up or take it down.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(siteQueries.stats());
  },
  errorComponent: RouteError,
  component: MarketingOverviewPage,
});
