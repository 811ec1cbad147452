import { Badge, Box, Card, Heading, HStack, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { useSession } from "../../ui/session";
import { type Plan, PlanCard } from "../marketing";

const DEALER_PLANS: readonly Plan[] = [
  {
    name: "Basic",
    price: "$89",
    period: "/month",
    summary: "For a single dealership with up to 10 salespeople.",
    features: ["Verified profiles for your team", "Manager dashboard", "Customer feedback per salesperson"],
    action: { label: "Choose Basic", to: "/subscribe", search: { plan: "dealer-basic" } },
  },
  {
    name: "Professional",
    price: "$89",
    period: "/salesperson/month",
    summary: "Minimum 10 salespeople, starting at $890 per month.",
    features: ["Everything in Basic", "Performance leaderboard", "Compliance reports and incident tracking"],
    action: { label: "Choose Professional", to: "/subscribe", search: { plan: "dealer-professional" } },
    highlighted: true,
    badge: "Best value",
  },
  {
    name: "Enterprise",
    price: "$845",
    period: "/dealership/month",
    summary: "For groups of 5 or more dealerships, from $4,225 per month with a 5% group discount.",
    features: ["Everything in Professional", "CRM integrations", "Dedicated account manager"],
    action: { label: "Choose Enterprise", to: "/subscribe", search: { plan: "dealer-enterprise" } },
  },
];

const TEAM_SIZES = [10, 15, 20, 25] as const;
const PROFESSIONAL_RATE = 89;
const money = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 0,
});

export function DealerSubscriptionPage() {
  const { user } = useSession();
  return (
    <PageFrame>
      <InfoPage
        documentTitle="Dealership Plans"
        eyebrow="Dealership plans"
        title="Plans for dealerships"
        lead="Give your whole sales team verified profiles and see how customers rate each of them. Every plan is month-to-month."
        pointsHeading="Why dealerships subscribe"
        points={[
          "Buyers arrive having already chosen your salesperson",
          "Spot coaching needs from feedback before it becomes a public complaint",
          "Salespeople verified by you, so buyers trust your profiles",
          "Onboarding within 48 hours, with email and priority phone support",
        ]}
      >
        {user ? (
          <Card.Root borderRadius="xl" borderColor="border.muted" bg="gray.50" boxShadow="none">
            <Card.Body p="5">
              <HStack justify="space-between" flexWrap="wrap" gap="3">
                <Stack gap="0">
                  <Text fontSize="sm" color="fg.muted">
                    Current plan
                  </Text>
                  <Text fontWeight="semibold" fontSize="lg" color="ink">
                    Free
                  </Text>
                </Stack>
                <Badge colorPalette="gray" variant="subtle" borderRadius="full">
                  No paid subscription
                </Badge>
              </HStack>
            </Card.Body>
          </Card.Root>
        ) : null}
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
          {DEALER_PLANS.map((plan) => (
            <PlanCard key={plan.name} plan={plan} />
          ))}
        </SimpleGrid>
        <Stack gap="4" as="section" aria-labelledby="calculator-title">
          <Heading as="h2" id="calculator-title" size="lg" color="ink">
            What Professional costs for your team
          </Heading>
          <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" maxW="xl">
            <Table.Root size="md">
              <Table.Header>
                <Table.Row bg="gray.50">
                  <Table.ColumnHeader>Salespeople</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Per month</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {TEAM_SIZES.map((size) => (
                  <Table.Row key={size}>
                    <Table.Cell>{size}</Table.Cell>
                    <Table.Cell textAlign="end">{money.format(size * PROFESSIONAL_RATE)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      </InfoPage>
    </PageFrame>
  );
}
