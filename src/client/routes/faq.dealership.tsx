import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../features/documents/FaqPage";
import { DEALERSHIP_FAQ } from "../features/documents/faqs";

export const Route = createFileRoute("/faq/dealership")({
  component: () => (
    <FaqPage
      title="Dealership FAQ"
      lead="Answers for dealership owners and managers bringing their team onto KnowBefore."
      entries={DEALERSHIP_FAQ}
      actions={[
        { label: "Contact Sales", to: "/contact", primary: true },
        { label: "Dealership plans", to: "/dealer-subscription" },
      ]}
    />
  ),
});
