import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../features/documents/FaqPage";

export const Route = createFileRoute("/faq/customer")({
  component: () => <FaqPage slug="customer-faq" />,
});
