import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { AboutPage } from "../features/marketing/AboutPage";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

const aboutDocument = documentRoute("about-us", "Error Loading About Us");

export const Route = createFileRoute("/about")({
  staticData: aboutDocument.staticData,
  loader: async (args) => {
    // The live figures are extra: they start loading with the page but never hold it up or take it down.
    void args.context.queryClient.prefetchQuery(args.context.trpcUtils.site.stats.queryOptions());
    return aboutDocument.loader(args);
  },
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: AboutPage,
});
