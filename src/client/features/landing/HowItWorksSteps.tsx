import { PageSection } from "../../ui/SectionHeading";
import { NumberedSteps } from "../../ui/Showcase";

const STEPS = [
  {
    title: "Browse and Research",
    text: "Search salespeople near you, compare ratings and specialties, and read reviews from verified buyers.",
  },
  {
    title: "Connect and Purchase",
    text: "Call or book an appointment with the salesperson you chose, then visit knowing exactly who you'll meet.",
  },
  {
    title: "Rate and Review",
    text: "After your appointment, rate the experience so the next buyer knows before they go.",
  },
] as const;

export function HowItWorksSteps() {
  return (
    <PageSection
      headingId="how-title"
      eyebrow="How it works"
      title="Three steps to a better car purchase"
      bg="brand.subtle"
    >
      <NumberedSteps steps={STEPS} large />
    </PageSection>
  );
}
