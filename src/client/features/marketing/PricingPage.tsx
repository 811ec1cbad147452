import { Accordion, Box, Button, Group, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { accordionSlotRecipe } from "@chakra-ui/react/theme";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  annualSavingsCents,
  cardPrice,
  FREE_TIERS,
  FREE_TRIAL_DAYS,
  formatCents,
  PLANS,
  type PlanId,
} from "../../../shared/plans";
import { useColorMode } from "../../ui/color-mode";
import { CallToAction, InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { actionsLedBy, CONTACT_SALES, GET_STARTED, LIST_YOUR_DEALERSHIP } from "../../ui/pageActions";
import { onDarkOutline } from "../../ui/Showcase";
import { Tooltip } from "../../ui/tooltip";
import { type Plan, PlanCard } from "./PlanCard";

type Billing = "monthly" | "annual";

/** The salesperson's and the dealership's plan on this page: each card reads its plan from PLANS. */
const PROFESSIONAL: PlanId = "salesperson-professional";
const DEALERSHIP: PlanId = "dealer-basic";

function plansFor(billing: Billing): Plan[] {
  const interval = billing === "monthly" ? "month" : "year";
  const card = (id: PlanId) => {
    const plan = PLANS[id];
    const { price, period } = cardPrice(plan, interval);
    return {
      name: plan.name,
      price,
      period,
      ...(interval === "year"
        ? { note: `Save ${formatCents(annualSavingsCents(plan))} a year: two months free` }
        : {}),
      features: plan.features,
      planId: id,
    };
  };
  return [
    {
      name: FREE_TIERS.customer.name,
      price: "Free",
      period: "forever",
      summary: "For car buyers researching their next purchase.",
      features: FREE_TIERS.customer.features,
      action: { label: "Get Started Free", to: "/login" },
    },
    {
      ...card(PROFESSIONAL),
      summary: "For salespeople building a reputation that travels with them.",
      action: { label: "Start Free Trial", to: "/salesperson/login" },
      highlighted: true,
      badge: `${FREE_TRIAL_DAYS}-day free trial`,
    },
    {
      ...card(DEALERSHIP),
      summary: PLANS[DEALERSHIP].summary,
      action: CONTACT_SALES,
    },
  ];
}

const yearly = (id: PlanId) =>
  `${PLANS[id].name} is ${formatCents(cardPrice(PLANS[id], "year").cents)} per year (saving ${formatCents(annualSavingsCents(PLANS[id]))})`;

const FAQ = [
  {
    q: "Is there a free trial?",
    a: `Yes. Paid plans start with a ${FREE_TRIAL_DAYS}-day free trial, and you don't need a credit card to begin.`,
  },
  {
    q: "Can I pay annually?",
    a: `Annual billing gives you two months free: ${yearly(PROFESSIONAL)} and ${yearly(DEALERSHIP)}.`,
  },
  {
    q: "Can I cancel any time?",
    a: "Yes. Plans are month-to-month, and after cancelling your plan stays active until the end of the billing period.",
  },
  {
    q: "What happens when I change plans?",
    a: "Professional plan changes apply immediately with proration. Dealership changes may need a short consultation with our team.",
  },
  {
    q: "Do car buyers ever pay?",
    a: "No. Searching, reading reviews, booking and reviewing are free for customers, forever.",
  },
  {
    q: "What kind of support do I get?",
    a: "Everyone can write to us through the contact page, which gives our reply times; messages sent signed in to an account on a paid plan are answered sooner.",
  },
] as const;

const BILLING_HINTS: Record<Billing, string> = {
  monthly: "Pay month to month and cancel any time.",
  annual: "Pay once a year and get two months free.",
};

function BillingSwitch({ billing, onChange }: { billing: Billing; onChange: (b: Billing) => void }) {
  const { colorMode } = useColorMode();
  return (
    <Stack gap="2" align="center">
      <Group attached role="group" aria-label="Billing period">
        {(["monthly", "annual"] as const).map((value) => (
          <Tooltip key={value} content={BILLING_HINTS[value]} portalClassName={colorMode}>
            <Button
              size="sm"
              variant={billing === value ? "solid" : "outline"}
              colorPalette="blue"
              aria-pressed={billing === value}
              onClick={() => onChange(value)}
              minW="28"
            >
              {value === "monthly" ? "Monthly" : "Annual"}
            </Button>
          </Tooltip>
        ))}
      </Group>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {billing === "annual" ? "Annual billing: two months free." : "Billed monthly. Cancel any time."}
      </Text>
    </Stack>
  );
}

export function PricingPage() {
  const [billing, setBilling] = useState<Billing>("monthly");
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="Pricing"
        description={`KnowBefore pricing: free for car buyers, ${cardPrice(PLANS[PROFESSIONAL]).price} a month for sales professionals and ${cardPrice(PLANS[DEALERSHIP]).price} a month for dealerships, with a ${FREE_TRIAL_DAYS}-day free trial and no credit card.`}
        eyebrow="Pricing"
        title="Simple plans for buyers, salespeople and dealerships"
        lead={`Buyers always use KnowBefore for free. Professionals and dealerships start with a ${FREE_TRIAL_DAYS}-day free trial, no credit card needed, and can cancel any time.`}
      >
        <Stack gap="8" as="section" aria-labelledby="plans-title">
          <Heading as="h2" id="plans-title" srOnly>
            Plans
          </Heading>
          <BillingSwitch billing={billing} onChange={setBilling} />
          <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="stretch">
            {plansFor(billing).map((plan) => (
              <PlanCard key={plan.name} plan={plan} />
            ))}
          </SimpleGrid>
        </Stack>
        <Box
          as="section"
          aria-labelledby="enterprise-title"
          bg="night"
          color="white"
          borderRadius="2xl"
          p={{ base: "6", md: "10" }}
        >
          <Stack gap="3" maxW="2xl">
            <Heading as="h2" id="enterprise-title" size="xl">
              Enterprise and dealer groups
            </Heading>
            <Text color="blue.100">
              Running several rooftops? A dealer group buys one subscription that covers all its dealerships.
              Enterprise is priced per dealership ({cardPrice(PLANS["dealer-enterprise"]).price} a month
              each), with no limit on salespeople at each one, CRM integrations and compliance tools, and the
              count follows as dealerships join or leave the group. A group can instead share{" "}
              {PLANS["dealer-professional"].name} seats ({cardPrice(PLANS["dealer-professional"]).price} per
              salesperson a month) across its dealerships.
            </Text>
            <HStack gap="3" flexWrap="wrap" pt="2">
              <Button asChild bg="white" color="blue.800" _hover={{ bg: "blue.50" }}>
                <Link to="/contact">Contact Sales</Link>
              </Button>
              <Button asChild {...onDarkOutline}>
                <Link to="/dealer-subscription">Compare dealership plans</Link>
              </Button>
            </HStack>
          </Stack>
        </Box>
        <Stack gap="4" as="section" aria-labelledby="pricing-faq">
          <Heading as="h2" id="pricing-faq" size="xl" color="ink">
            Frequently asked questions
          </Heading>
          <Accordion.Root recipe={accordionSlotRecipe} collapsible variant="enclosed" borderRadius="xl">
            {FAQ.map((item, index) => (
              <Accordion.Item key={item.q} value={`pricing-faq-${index}`}>
                <Accordion.ItemTrigger fontWeight="semibold" justifyContent="space-between">
                  {item.q}
                  <Accordion.ItemIndicator />
                </Accordion.ItemTrigger>
                <Accordion.ItemContent>
                  <Accordion.ItemBody color="fg.muted">{item.a}</Accordion.ItemBody>
                </Accordion.ItemContent>
              </Accordion.Item>
            ))}
          </Accordion.Root>
        </Stack>
        <CallToAction
          id="pricing-cta"
          title="Start free today"
          actions={actionsLedBy(GET_STARTED, LIST_YOUR_DEALERSHIP, {
            label: "Talk to Sales",
            to: "/contact",
          })}
        >
          Buyers can start browsing straight away. Professionals get {FREE_TRIAL_DAYS} days of the full plan
          before paying anything.
        </CallToAction>
      </InfoPage>
    </PublicLayout>
  );
}
