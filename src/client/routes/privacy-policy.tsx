import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { PrivacyPolicyPage } from "../features/documents/LegalPages";
import { documentQueries } from "../features/documents/queries";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/privacy-policy")({
  ...documentRoute("privacy-policy"),
  loader: ({ context }) => context.queryClient.ensureQueryData(documentQueries.get("privacy-policy")),
  errorComponent: RouteError,
  component: PrivacyPolicyPage,
});
