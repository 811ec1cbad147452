import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { TermsOfServicePage } from "../features/documents/LegalPages";
import { documentQueries } from "../features/documents/queries";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/terms-of-service")({
  ...documentRoute("terms-of-service"),
  loader: ({ context }) => context.queryClient.ensureQueryData(documentQueries.get("terms-of-service")),
  errorComponent: RouteError,
  component: TermsOfServicePage,
});
