import { createFileRoute } from "@tanstack/react-router";
import { subscriptionQueries } from "../features/subscriptions/queries";
import { SubscriptionSuccessPage } from "../features/subscriptions/SubscriptionSuccessPage";
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
  // A refused or unknown checkout is an answer the page words itself: a failure here only means it asks again.
  loader: ({ context: { me, queryClient }, deps }) =>
    me
      ? queryClient.ensureQueryData(subscriptionQueries.checkoutStatus(deps)).catch(() => undefined)
      : undefined,
  errorComponent: RouteError,
  component: SubscriptionSuccessRoute,
});

function SubscriptionSuccessRoute() {
  return <SubscriptionSuccessPage search={Route.useSearch()} />;
}
