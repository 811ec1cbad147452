import type { InfoAction } from "../../ui/InfoPage";
import {
  actionsLedBy,
  CONTACT_SALES,
  DEALERSHIP_PLANS,
  LIST_YOUR_DEALERSHIP,
  START_AS_CUSTOMER,
} from "../../ui/pageActions";
import { DocumentPage } from "./DocumentPage";

type FaqSlug = "customer-faq" | "salesperson-faq" | "dealership-faq";

const FAQS: Record<FaqSlug, { lead: string; description: string; actions: readonly InfoAction[] }> = {
  "customer-faq": {
    lead: "Answers for car buyers using KnowBefore to find, book and review salespeople.",
    description:
      "Customer FAQ: signing in, finding a salesperson, booking and cancelling appointments, and how reviews work on KnowBefore.",
    actions: actionsLedBy(START_AS_CUSTOMER),
  },
  "salesperson-faq": {
    lead: "Answers for sales professionals building their profile and reputation on KnowBefore.",
    description:
      "Salesperson FAQ: joining KnowBefore, verification, keeping your reviews when you move, availability and the Professional plan.",
    actions: actionsLedBy({ label: "Join as Salesperson", to: "/salesperson-login" }),
  },
  "dealership-faq": {
    lead: "Answers for dealership owners and managers bringing their team onto KnowBefore.",
    description:
      "Dealership FAQ: what the dealership plans include, how onboarding works, managing your team, reviews and annual billing.",
    actions: actionsLedBy(LIST_YOUR_DEALERSHIP, CONTACT_SALES, DEALERSHIP_PLANS),
  },
};

export function FaqPage({ slug }: { slug: FaqSlug }) {
  const faq = FAQS[slug];
  return (
    <DocumentPage
      slug={slug}
      variant="faq"
      eyebrow="Help centre"
      lead={faq.lead}
      description={faq.description}
      actions={faq.actions}
    />
  );
}
