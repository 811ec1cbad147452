import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { TermsOfServicePage } from "../features/documents/LegalPages";
import { RouteError } from "../ui/RouteError";
import { RoutePending } from "../ui/RoutePending";

export const Route = createFileRoute("/terms-of-service")({
  ...documentRoute("terms-of-service"),
  pendingComponent: RoutePending,
  errorComponent: RouteError,
  component: TermsOfServicePage,
});
