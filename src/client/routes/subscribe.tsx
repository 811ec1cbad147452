import { createFileRoute } from "@tanstack/react-router";
import { PLAN_IDS } from "../../shared/plans";
import { SubscribePage } from "../features/subscriptions/SubscribePage";
import { loadSubscribe } from "../routeLoaders";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";
import { enumParam, searchParams } from "../ui/searchParams";

export const Route = createFileRoute("/subscribe")({
  validateSearch: searchParams({ plan: enumParam(PLAN_IDS) }),
  loader: loadSubscribe,
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { plan } = Route.useSearch();
  return <SubscribePage planId={plan} />;
}
