import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { FaqPage } from "../features/documents/FaqPage";
import { documentQueries } from "../features/documents/queries";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/faq/dealership")({
  ...documentRoute("dealership-faq"),
  loader: ({ context }) => context.queryClient.ensureQueryData(documentQueries.get("dealership-faq")),
  errorComponent: RouteError,
  component: () => <FaqPage slug="dealership-faq" />,
});
