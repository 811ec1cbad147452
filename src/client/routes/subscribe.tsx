import { createFileRoute } from "@tanstack/react-router";
import { PLAN_IDS } from "../../shared/planIds";
import { subscriptionQueries } from "../features/subscriptions/queries";
import { SubscribePage } from "../features/subscriptions/SubscribePage";
import { RouteError } from "../ui/RouteError";
import { enumParam, searchParams } from "../ui/searchParams";

export const Route = createFileRoute("/subscribe")({
  validateSearch: searchParams({ plan: enumParam(PLAN_IDS) }),
  // Whether payments are configured decides the checkout a signed-in visitor sees.
  loader: ({ context: { me, queryClient } }) =>
    me ? queryClient.ensureQueryData(subscriptionQueries.config()) : undefined,
  errorComponent: RouteError,
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { plan } = Route.useSearch();
  return <SubscribePage planId={plan} />;
}
