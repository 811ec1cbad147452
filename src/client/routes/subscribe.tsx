import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { CHECKOUT_PLAN_IDS } from "../features/subscriptions/plans";
import { SubscribePage } from "../features/subscriptions/SubscribePage";

export const Route = createFileRoute("/subscribe")({
  validateSearch: z.object({ plan: z.enum(CHECKOUT_PLAN_IDS).optional().catch(undefined) }),
  component: SubscribeRoute,
});

function SubscribeRoute() {
  const { plan } = Route.useSearch();
  return <SubscribePage planId={plan} />;
}
