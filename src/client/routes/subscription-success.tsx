import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionSuccessPage } from "../features/subscriptions/SubscriptionSuccessPage";
import { searchParams, textParam } from "../ui/searchParams";

// Our subscription id plus what Stripe appends to the return URL; the server checks each value.
export const Route = createFileRoute("/subscription-success")({
  validateSearch: searchParams({
    subscription: textParam(64),
    payment_intent: textParam(255),
    payment_intent_client_secret: textParam(255),
    setup_intent: textParam(255),
    setup_intent_client_secret: textParam(255),
    redirect_status: textParam(40),
  }),
  component: SubscriptionSuccessRoute,
});

function SubscriptionSuccessRoute() {
  return <SubscriptionSuccessPage search={Route.useSearch()} />;
}
