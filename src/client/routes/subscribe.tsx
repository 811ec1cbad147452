import { createFileRoute } from "@tanstack/react-router";
import { CHECKOUT_PLAN_IDS } from "../features/subscriptions/plans";
import { SubscribePage } from "../features/subscriptions/SubscribePage";
import { enumParam, searchParams } from "../ui/searchParams";

export const Route = createFileRoute("/subscribe")({
  validateSearch: searchParams({ plan: enumParam(CHECKOUT_PLAN_IDS) }),
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { plan } = Route.useSearch();
  return <SubscribePage planId={plan} />;
}
