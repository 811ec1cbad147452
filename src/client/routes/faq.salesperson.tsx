import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../features/documents/FaqPage";

export const Route = createFileRoute("/faq/salesperson")({
  component: () => <FaqPage slug="salesperson-faq" />,
});
