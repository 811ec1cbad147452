import { Accordion, Box, Button, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { InfoPage } from "../../ui/InfoPage";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { type Plan, PlanCard } from "./PlanCard";

const PLANS: readonly Plan[] = [
  {
    name: "Customer",
    price: "Free",
    period: "forever",
    summary: "For car buyers researching their next purchase.",
    features: [
      "Search and filter verified salespeople",
      "Read purchase-verified reviews",
      "Book appointments",
      "Rate salespeople after your visit",
    ],
    action: { label: "Get Started Free", to: "/login" },
  },
  {
    name: "Professional",
    price: "$99",
    period: "/month",
    summary: "For salespeople building a reputation that travels with them.",
    features: [
      "Verified professional profile",
      "Performance analytics",
      "Availability and appointment management",
      "Priority phone support",
    ],
    action: { label: "Start Free Trial", to: "/salesperson/login" },
    highlighted: true,
    badge: "Most popular",
  },
  {
    name: "Dealership",
    price: "$899",
    period: "/month",
    summary: "For dealerships with up to 10 salespeople.",
    features: [
      "Team management dashboard",
      "Performance monitoring and leaderboard",
      "Compliance reports and incident tracking",
      "Onboarding within 48 hours",
    ],
    action: { label: "Contact Sales", to: "/contact" },
  },
];

const FAQ = [
  {
    q: "Is there a free trial?",
    a: "Yes. Paid plans start with a 30-day free trial, and you don't need a credit card to begin.",
  },
  {
    q: "Can I pay annually?",
    a: "Annual billing gives you two months free: Professional is $990 per year (saving $198) and Dealership is $8,990 per year (saving $1,798).",
  },
  {
    q: "Can I cancel any time?",
    a: "Yes. Plans are month-to-month, and after cancelling your plan stays active until the end of the billing period.",
  },
  {
    q: "What happens when I change plans?",
    a: "Professional plan changes apply immediately with proration. Dealership changes may need a short consultation with our team.",
  },
] as const;

export function PricingPage() {
  return (
    <PublicLayout>
      <InfoPage
        documentTitle="Pricing"
        eyebrow="Pricing"
        title="Simple plans for buyers, salespeople and dealerships"
        lead="Buyers always use KnowBefore for free. Professionals and dealerships pay month-to-month and can cancel any time."
      >
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="stretch">
          {PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </SimpleGrid>
        <Box bg="ink" color="white" borderRadius="2xl" p={{ base: "6", md: "10" }}>
          <Stack gap="3" maxW="2xl">
            <Heading as="h2" size="xl">
              Enterprise and dealer groups
            </Heading>
            <Text color="blue.100">
              Running several rooftops? Enterprise plans add group-level reporting, CRM integrations,
              compliance tools and a dedicated account manager. Talk to us about your group's size.
            </Text>
            <Box pt="2">
              <EnterpriseButtons />
            </Box>
          </Stack>
        </Box>
        <Stack gap="4" as="section" aria-labelledby="pricing-faq">
          <Heading as="h2" id="pricing-faq" size="xl" color="ink">
            Frequently asked questions
          </Heading>
          <Accordion.Root collapsible variant="enclosed" borderRadius="xl">
            {FAQ.map((item) => (
              <Accordion.Item key={item.q} value={item.q}>
                <Accordion.ItemTrigger fontWeight="semibold">
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
      </InfoPage>
    </PublicLayout>
  );
}

function EnterpriseButtons() {
  return (
    <HStack gap="3" flexWrap="wrap">
      <Button asChild bg="white" color="blue.800" _hover={{ bg: "blue.50" }}>
        <Link to="/contact">Contact Sales</Link>
      </Button>
      <Button
        asChild
        variant="outline"
        color="white"
        borderColor="whiteAlpha.500"
        _hover={{ bg: "whiteAlpha.200" }}
      >
        <Link to="/dealer-subscription">Compare dealership plans</Link>
      </Button>
    </HStack>
  );
}
