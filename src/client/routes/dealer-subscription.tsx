import { createFileRoute } from "@tanstack/react-router";
import { DealerSubscriptionPage } from "../features/subscriptions/DealerSubscriptionPage";

export const Route = createFileRoute("/dealer-subscription")({
  component: DealerSubscriptionPage,
});
