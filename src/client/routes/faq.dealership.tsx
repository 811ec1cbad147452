import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../features/documents/FaqPage";

export const Route = createFileRoute("/faq/dealership")({
  component: () => <FaqPage slug="dealership-faq" />,
});
