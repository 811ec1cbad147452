import { createFileRoute } from "@tanstack/react-router";
import { SubscriptionSuccessPage } from "../features/subscriptions/SubscriptionSuccessPage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { searchParams, textParam } from "../ui/searchParams";

// Our subscription id plus what Stripe appends to the return URL; the server checks each value.
const checkoutReturnSearch = searchParams({
  subscription: textParam(64),
  payment_intent: textParam(255),
  payment_intent_client_secret: textParam(255),
  setup_intent: textParam(255),
  setup_intent_client_secret: textParam(255),
  redirect_status: textParam(40),
});

export const Route = createFileRoute("/subscription-success")({
  validateSearch: checkoutReturnSearch,
  loaderDeps: ({ search }) => ({
    subscription: search.subscription,
    payment_intent: search.payment_intent,
    setup_intent: search.setup_intent,
    redirect_status: search.redirect_status,
  }),
  loader: lazyLoader("loadCheckoutStatus"),
  errorComponent: RouteError,
  component: SubscriptionSuccessRoute,
});

function SubscriptionSuccessRoute() {
  return <SubscriptionSuccessPage search={Route.useSearch()} />;
}
