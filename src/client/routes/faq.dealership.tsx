import { createFileRoute } from "@tanstack/react-router";
import { documentRoute } from "../features/documents/documentRoute";
import { FaqPage } from "../features/documents/FaqPage";
import { RouteError } from "../ui/RouteError";

export const Route = createFileRoute("/faq/dealership")({
  ...documentRoute("dealership-faq"),
  errorComponent: RouteError,
  component: () => <FaqPage slug="dealership-faq" />,
});
