import { createFileRoute } from "@tanstack/react-router";
import { DealerSubscriptionPage } from "../features/subscriptions/DealerSubscriptionPage";
import { loadDealerSubscription } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/dealer-subscription")({
  loader: loadDealerSubscription,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: DealerSubscriptionPage,
});
