import { createFileRoute } from "@tanstack/react-router";
import { PLAN_IDS } from "../../shared/planIds";
import { SubscribePage } from "../features/subscriptions/SubscribePage";
import { lazyLoader } from "../routerContext";
import { RouteError } from "../ui/RouteError";
import { enumParam, searchParams } from "../ui/searchParams";

export const Route = createFileRoute("/subscribe")({
  validateSearch: searchParams({ plan: enumParam(PLAN_IDS) }),
  loader: lazyLoader("loadSubscribe"),
  errorComponent: RouteError,
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { plan } = Route.useSearch();
  return <SubscribePage planId={plan} />;
}
