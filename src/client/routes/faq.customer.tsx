import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { FaqPage } from "../features/documents/FaqPage";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/faq/customer")({
  ...documentRoute("customer-faq"),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: () => <FaqPage slug="customer-faq" />,
});
