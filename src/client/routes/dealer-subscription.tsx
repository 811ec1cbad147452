import { createFileRoute } from "@tanstack/react-router";
import { DealerSubscriptionPage } from "../features/subscriptions/DealerSubscriptionPage";
import { subscriptionQueries } from "../features/subscriptions/queries";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/dealer-subscription")({
  loader: ({ context: { me, queryClient } }) =>
    me ? queryClient.ensureQueryData(subscriptionQueries.overview()) : undefined,
  errorComponent: RouteError,
  component: DealerSubscriptionPage,
});
