import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionSuccessPage } from "../features/subscriptions/SubscribePage";

export const Route = createFileRoute("/subscription-success")({
  component: SubscriptionSuccessPage,
});
