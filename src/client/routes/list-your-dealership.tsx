import { createFileRoute } from "@tanstack/react-router";
import { ListDealershipPage } from "../features/onboarding/ListDealershipPage";

export const Route = createFileRoute("/list-your-dealership")({
  component: ListDealershipPage,
});
