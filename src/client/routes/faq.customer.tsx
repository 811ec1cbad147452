import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../features/documents/FaqPage";
import { CUSTOMER_FAQ } from "../features/documents/faqs";

export const Route = createFileRoute("/faq/customer")({
  component: () => (
    <FaqPage
      title="Customer FAQ"
      lead="Answers for car buyers using KnowBefore to find, book and review salespeople."
      entries={CUSTOMER_FAQ}
      actions={[{ label: "Start as Customer", to: "/login", primary: true }]}
    />
  ),
});
