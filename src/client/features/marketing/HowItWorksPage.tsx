import { Heading, Stack } from "@chakra-ui/react";
import { useId } from "react";
import { LuBadgeCheck, LuClock, LuLock, LuShieldCheck } from "react-icons/lu";
import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, GET_STARTED } from "../../ui/pageActions";
import { NumberedSteps, type Step } from "../../ui/Showcase";
import { FeatureGroup } from "./FeatureList";

const BUYER_STEPS = [
  {
    title: "Research and browse",
    text: "Search verified salespeople near you and compare specialties, experience and ratings.",
  },
  { title: "Connect and schedule", text: "Call, or book an appointment at a time that suits you." },
  {
    title: "Visit and purchase",
    text: "Meet the salesperson you chose, who already knows what you're looking for.",
  },
  {
    title: "Rate and review",
    text: "After a completed appointment, rate your experience to help the next buyer.",
  },
] as const;

const SALESPERSON_STEPS = [
  {
    title: "Create your profile",
    text: "Register in the salesperson portal with your dealership, experience and specialties.",
  },
  {
    title: "Get verified",
    text: "Your dealership confirms you, and your profile goes live for buyers to find.",
  },
  {
    title: "Grow your reputation",
    text: "Meet customers who chose you and collect reviews that stay with you.",
  },
] as const;

function StepList({ title, steps }: { title: string; steps: readonly Step[] }) {
  const id = useId();
  return (
    <Stack gap="5" as="section" aria-labelledby={id}>
      <Heading as="h2" id={id} size="xl" color="ink">
        {title}
      </Heading>
      <NumberedSteps steps={steps} />
    </Stack>
  );
}

export function HowItWorksPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="How It Works"
        description="How KnowBefore works: research verified salespeople, book a visit, buy with confidence, then rate the experience. Plus how salespeople join and get verified."
        eyebrow="How it works"
        title="From first search to a review you can trust"
        lead="KnowBefore adds one step to buying a car: choosing who you'll deal with before you go. Here's how it works for buyers and for salespeople."
        actions={actionsLedBy(GET_STARTED, { label: "See all features", to: "/features" })}
      >
        <StepList title="For car buyers" steps={BUYER_STEPS} />
        <StepList title="For salespeople" steps={SALESPERSON_STEPS} />
        <FeatureGroup
          title="Trust and security"
          items={[
            {
              icon: LuBadgeCheck,
              title: "Dealership verification",
              text: "Salespeople are confirmed by the dealership they work for.",
            },
            {
              icon: LuShieldCheck,
              title: "Visit-verified reviews only",
              text: "A review requires a completed appointment with that salesperson; a confirmed sale adds a 'Verified purchase' badge.",
            },
            {
              icon: LuClock,
              title: "Time-limited verification",
              text: "Reviews must be left soon after the visit, while the experience is fresh.",
            },
            {
              icon: LuLock,
              title: "Passwordless sign-in",
              text: "One-time links that expire after 15 minutes; there's no password to steal.",
            },
          ]}
          columns={4}
        />
      </InfoPage>
    </PublicLayout>
  );
}
