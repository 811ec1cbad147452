import { Box, Heading, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import {
  ANNUAL_MONTHS_CHARGED,
  chargeCents,
  DEALER_PLAN_PAGE,
  formatCents,
  PLANS,
} from "../../../shared/plans";
import type { BillingOverview } from "../../../shared/schemas/subscriptions";
import { trpc } from "../../trpc";
import { InfoPage, PointsGrid } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { LIST_YOUR_DEALERSHIP } from "../../ui/pageActions";
import { type SessionUser, useSession } from "../../ui/session";
import { type Plan, PlanCard } from "../marketing";
import { CurrentPlanCard } from "./CurrentPlanCard";
import { InvoicesList } from "./InvoicesList";

const { basic, professional, enterprise, calculatorTeamSizes, enterpriseGroup } = DEALER_PLAN_PAGE;

/** What checkout charges for a plan per month, said beside the page's own figure (see src/shared/plans.ts). */
const chargedNote = (id: "dealer-basic" | "dealer-professional" | "dealer-enterprise") =>
  `Checkout charges ${formatCents(chargeCents(PLANS[id], "month"))} per month${PLANS[id].unit === "dealership" ? " per dealership" : ""}`;

const DEALER_PLANS: readonly Plan[] = [
  {
    name: "Basic",
    price: formatCents(basic.monthlyCents),
    period: "/month",
    note: chargedNote("dealer-basic"),
    summary: `For a single dealership with up to ${basic.maxSalespeople} salespeople.`,
    features: ["Verified profiles for your team", "Manager dashboard", "Customer feedback per salesperson"],
    action: { label: "Choose Basic", to: "/subscribe", search: { plan: "dealer-basic" } },
  },
  {
    name: "Professional",
    price: formatCents(professional.perSalespersonCents),
    period: "/salesperson/month",
    note: chargedNote("dealer-professional"),
    summary: `Minimum ${professional.minSalespeople} salespeople, starting at ${formatCents(
      professional.perSalespersonCents * professional.minSalespeople,
    )} per month.`,
    features: ["Everything in Basic", "Performance leaderboard", "Compliance reports and incident tracking"],
    action: { label: "Choose Professional", to: "/subscribe", search: { plan: "dealer-professional" } },
    highlighted: true,
    badge: "Best value",
  },
  {
    name: "Enterprise",
    price: formatCents(enterprise.perDealershipCents),
    period: "/dealership/month",
    note: chargedNote("dealer-enterprise"),
    summary: `For groups of ${enterprise.minDealerships} or more dealerships, from ${formatCents(
      enterprise.perDealershipCents * enterprise.minDealerships,
    )} per month with a ${enterprise.groupDiscountPercent}% group discount.`,
    features: ["Everything in Professional", "CRM integrations", "Dedicated account manager"],
    action: { label: "Choose Enterprise", to: "/subscribe", search: { plan: "dealer-enterprise" } },
  },
];

const GROUP_SIZES = [enterprise.minDealerships, 10, 15, 20] as const;

const BENEFITS = [
  "Buyers arrive having already chosen your salesperson",
  "Spot coaching needs from feedback before it becomes a public complaint",
  "Salespeople verified by you, so buyers trust your profiles",
  "Priority support: shorter reply times for your manager and your salespeople",
  "Month-to-month: cancel any time and keep your plan to the end of the period",
  `Annual billing charges ${ANNUAL_MONTHS_CHARGED} months for 12: two months free`,
];

function TableFrame({ children }: { children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" maxW="2xl">
      <Table.ScrollArea>
        <Table.Root size="md">{children}</Table.Root>
      </Table.ScrollArea>
    </Box>
  );
}

function Calculator() {
  return (
    <Stack gap="4" as="section" aria-labelledby="calculator-title">
      <Stack gap="1">
        <Heading as="h2" id="calculator-title" size="lg" color="ink">
          What Professional costs for your team
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {formatCents(professional.perSalespersonCents)} per salesperson per month, at least{" "}
          {professional.minSalespeople} salespeople.
        </Text>
      </Stack>
      <TableFrame>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Salespeople</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Per month</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Per year, billed annually</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {calculatorTeamSizes.map((size) => (
            <Table.Row key={size}>
              <Table.Cell>{size}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(size * professional.perSalespersonCents)}</Table.Cell>
              <Table.Cell textAlign="end">
                {formatCents(size * professional.perSalespersonCents * ANNUAL_MONTHS_CHARGED)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableFrame>
    </Stack>
  );
}

function EnterpriseGroups() {
  const groupPrice = (dealerships: number) =>
    enterpriseGroup.baseCents + (dealerships - 1) * enterpriseGroup.perAdditionalDealershipCents;
  return (
    <Stack gap="4" as="section" aria-labelledby="groups-title">
      <Stack gap="1">
        <Heading as="h2" id="groups-title" size="lg" color="ink">
          Enterprise pricing for dealer groups
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {formatCents(enterpriseGroup.baseCents)} base for the group's first dealership, plus{" "}
          {formatCents(enterpriseGroup.perAdditionalDealershipCents)} for each additional dealership. Talk to
          our team about moving a group between plans.
        </Text>
      </Stack>
      <TableFrame>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Dealerships in the group</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Group price</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {GROUP_SIZES.map((size) => (
            <Table.Row key={size}>
              <Table.Cell>{size}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(groupPrice(size))}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableFrame>
    </Stack>
  );
}

function Benefits() {
  return <PointsGrid heading="Why dealerships subscribe" points={BENEFITS} />;
}

/** The signed-in account's own plan: the dealership's for a manager, their own for a salesperson, else Free. */
function OwnPlan({ overview }: { overview: BillingOverview }) {
  const enabled = overview.payments.enabled;
  if (overview.dealership) {
    const { current } = overview.dealership;
    return (
      <Stack gap="4">
        <CurrentPlanCard
          audience="dealership"
          subscription={current}
          paymentsEnabled={enabled}
          seats={overview.dealership}
          headingAs="h3"
        >
          <Text fontSize="sm" color="fg.muted">
            Without a paid plan your dealership can list up to{" "}
            {overview.dealership.salespersonLimit ?? "any number of"} salespeople. Choose a plan below to grow
            your team.
          </Text>
        </CurrentPlanCard>
        {current ? <InvoicesList payments={current.payments} /> : null}
      </Stack>
    );
  }
  const current = overview.salesperson?.current ?? null;
  return (
    <Stack gap="4">
      <CurrentPlanCard audience="salesperson" subscription={current} paymentsEnabled={enabled} headingAs="h3">
        <Text fontSize="sm" color="fg.muted">
          {overview.salesperson
            ? "Your profile, bookings and reviews are free. Upgrade from your dashboard's Subscription tab."
            : "Finding, booking and reviewing salespeople is free for car buyers. Paid plans are for salespeople and dealerships."}
        </Text>
      </CurrentPlanCard>
      {current ? <InvoicesList payments={current.payments} /> : null}
    </Stack>
  );
}

function YourSubscription() {
  const [overview] = trpc.subscriptions.overview.useSuspenseQuery();
  return (
    <Stack gap="4" as="section" aria-labelledby="your-plan-title">
      <Heading as="h2" id="your-plan-title" size="lg" color="ink">
        Your subscription
      </Heading>
      <OwnPlan overview={overview} />
    </Stack>
  );
}

function PlanCards({ user }: { user: SessionUser | null }) {
  return (
    <Stack gap="4" as="section" aria-labelledby="plans-title">
      <Heading as="h2" id="plans-title" size="lg" color="ink">
        {user ? "Dealership plans" : "Choose a plan"}
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        {DEALER_PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={plan} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /dealer-subscription: your plan (signed in), the three dealership plans, the calculator and benefits. */
export function DealerSubscriptionPage() {
  const { user } = useSession();
  return (
    <PageFrame>
      <InfoPage
        documentTitle="Dealership Plans"
        description="KnowBefore plans for dealerships: your current plan and invoices, the three dealership plans, a team pricing calculator and enterprise group pricing."
        eyebrow="Dealership plans"
        title="Plans for dealerships"
        lead="Give your whole sales team verified profiles and see how customers rate each of them. Every plan is month-to-month."
        actions={user ? undefined : [LIST_YOUR_DEALERSHIP]}
      >
        {user ? <YourSubscription /> : null}
        <PlanCards user={user} />
        <Calculator />
        <EnterpriseGroups />
        <Benefits />
      </InfoPage>
    </PageFrame>
  );
}
