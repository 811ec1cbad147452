import { createFileRoute } from "@tanstack/react-router";
import { FaqPage } from "../features/documents/FaqPage";
import { SALESPERSON_FAQ } from "../features/documents/faqs";

export const Route = createFileRoute("/faq/salesperson")({
  component: () => (
    <FaqPage
      title="Salesperson FAQ"
      lead="Answers for sales professionals building their profile and reputation on KnowBefore."
      entries={SALESPERSON_FAQ}
      actions={[{ label: "Join as Salesperson", to: "/salesperson-login", primary: true }]}
    />
  ),
});
