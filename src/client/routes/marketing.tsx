import { createFileRoute } from "@tanstack/react-router";
import { MarketingOverviewPage } from "../features/marketing/MarketingOverviewPage";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/marketing")({
  // The live figures are extra: they start loading with the page but never hold it up or take it down.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(context.trpcUtils.site.stats.queryOptions());
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: MarketingOverviewPage,
});
