import { createFileRoute } from "@tanstack/react-router";
import { DealerSubscriptionPage } from "../features/subscriptions/DealerSubscriptionPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/dealer-subscription")({
  loader: lazyLoader("loadDealerSubscription"),
  errorComponent: RouteError,
  component: DealerSubscriptionPage,
});
