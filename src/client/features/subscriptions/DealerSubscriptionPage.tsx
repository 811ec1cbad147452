import { Box, Heading, SimpleGrid, Stack, Table, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import {
  ANNUAL_MONTHS_CHARGED,
  annualSavingsCents,
  cardPrice,
  chargeCents,
  formatCents,
  PLANS,
  type PlanId,
} from "../../../shared/plans";
import type { BillingOverview } from "../../../shared/schemas/subscriptions";
import { InfoPage, PointsGrid } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { LIST_YOUR_DEALERSHIP } from "../../ui/pageActions";
import { type SessionUser, useSession } from "../../ui/session";
import { type Plan, PlanCard } from "../marketing";
import { OWNERS_MANAGE_PLAN, planIsTheOwners } from "./billing";
import { CoveredPlanCard } from "./CoveredPlanCard";
import { CurrentPlanCard } from "./CurrentPlanCard";
import { InvoicesList } from "./InvoicesList";
import { subscriptionQueries } from "./queries";

type DealerPlanId = Extract<PlanId, `dealer-${string}`>;

/** A dealership plan's card: price, summary and what it includes, all read from PLANS. */
function dealerCard(id: DealerPlanId, label: string, extra: Partial<Plan> = {}): Plan {
  const plan = PLANS[id];
  const { price, period } = cardPrice(plan);
  return {
    name: plan.name,
    price,
    period,
    note:
      plan.unit === "seat"
        ? `From ${formatCents(chargeCents(plan, "month"))} per month for ${plan.minQuantity} salespeople`
        : `${formatCents(chargeCents(plan, "year"))} a year billed annually`,
    summary: plan.summary,
    features: plan.features,
    action: { label: `Choose ${label}`, to: "/subscribe", search: { plan: id } },
    planId: id,
    ...extra,
  };
}

const DEALER_PLANS: readonly Plan[] = [
  dealerCard("dealer-basic", "Basic"),
  dealerCard("dealer-professional", "Professional", { highlighted: true, badge: "Best value" }),
  dealerCard("dealer-enterprise", "Enterprise"),
];

/** Team sizes the calculator prices (from Dealer Professional's minimum). */
const seatPlan = PLANS["dealer-professional"];
const TEAM_SIZES = [0, 5, 10, 15].map((more) => seatPlan.minQuantity + more);

const BENEFITS = [
  "Buyers arrive having already chosen your salesperson",
  "Spot coaching needs from feedback before it becomes a public complaint",
  "Salespeople verified by you, so buyers trust your profiles",
  "Priority support: shorter reply times for your manager and your salespeople",
  "Month-to-month: cancel any time and keep your plan to the end of the period",
  `Annual billing charges ${ANNUAL_MONTHS_CHARGED} months for 12: two months free`,
];

/** A table that may scroll sideways on a phone: its scrolling region takes the keyboard's focus, and says so. */
function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderColor="border.muted" borderRadius="xl" overflow="hidden" maxW="2xl">
      <Table.ScrollArea tabIndex={0} role="region" aria-label={`${label} (scrolls sideways)`}>
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
          What {seatPlan.name} costs for your team
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {formatCents(seatPlan.unitAmountCents)} per salesperson per month, at least {seatPlan.minQuantity}{" "}
          salespeople.
        </Text>
      </Stack>
      <TableFrame label={`What ${seatPlan.name} costs by team size`}>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Salespeople</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Per month</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Per year, billed annually</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {TEAM_SIZES.map((size) => (
            <Table.Row key={size} data-seats={size}>
              <Table.Cell>{size}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(chargeCents(seatPlan, "month", size))}</Table.Cell>
              <Table.Cell textAlign="end">{formatCents(chargeCents(seatPlan, "year", size))}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </TableFrame>
    </Stack>
  );
}

/** Dealer groups: one subscription for the whole group, priced from the plan declaration only. */
function EnterpriseGroups() {
  const enterprise = PLANS["dealer-enterprise"];
  const professional = PLANS["dealer-professional"];
  return (
    <Stack gap="2" as="section" aria-labelledby="groups-title" maxW="2xl">
      <Heading as="h2" id="groups-title" size="lg" color="ink">
        Dealer groups
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        A dealer group's owner buys one subscription that covers every dealership of the group. On{" "}
        {enterprise.name} it is {formatCents(chargeCents(enterprise, "month"))} per dealership per month, or{" "}
        {formatCents(chargeCents(enterprise, "year"))} a year billed annually (saving{" "}
        {formatCents(annualSavingsCents(enterprise))}), and the number of dealerships billed follows the group
        as dealerships join or leave it. On {professional.name}, the group's seats are shared by the
        salespeople of all its dealerships. A dealership its group's plan covers needs no plan of its own.
      </Text>
    </Stack>
  );
}

function Benefits() {
  return <PointsGrid heading="Why dealerships subscribe" points={BENEFITS} />;
}

/** The signed-in account's own plan: the dealership's for a manager, their own for a salesperson, else Free. */
function OwnPlan({ overview }: { overview: BillingOverview }) {
  const enabled = overview.payments.enabled;
  if (overview.dealership?.coveredByGroup) {
    const { current } = overview.dealership;
    return (
      <Stack gap="4">
        <CoveredPlanCard dealership={overview.dealership} />
        {current ? <InvoicesList payments={current.payments} /> : null}
      </Stack>
    );
  }
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

/** The signed-in account's plan (or who manages it), then the three plans with what this account may do about them. */
function YourSubscription({ user }: { user: SessionUser }) {
  const { data: overview } = useSuspenseQuery(subscriptionQueries.overview());
  const notTheOwners = planIsTheOwners(user) && !overview.salesperson;
  return (
    <>
      {notTheOwners ? (
        <Stack gap="2" as="section" aria-labelledby="your-plan-title">
          <Heading as="h2" id="your-plan-title" size="lg" color="ink">
            Your dealership's plan
          </Heading>
          <Text color="fg.muted" fontSize="sm" role="status">
            {OWNERS_MANAGE_PLAN} Ask one of them to upgrade it or change it.
          </Text>
        </Stack>
      ) : (
        <Stack gap="4" as="section" aria-labelledby="your-plan-title">
          <Heading as="h2" id="your-plan-title" size="lg" color="ink">
            Your subscription
          </Heading>
          <OwnPlan overview={overview} />
        </Stack>
      )}
      <PlanCards user={user} covered={overview.dealership?.coveredByGroup ?? false} />
    </>
  );
}

/** Said on each plan card, in place of its action, to a dealership its dealer group's plan covers. */
const COVERED_BY_GROUP = "Your dealer group's plan covers your dealership: it needs no plan of its own.";

/** The three dealership plans; `covered`: the signed-in account's dealership is covered by its group's plan. */
function PlanCards({ user, covered = false }: { user: SessionUser | null; covered?: boolean }) {
  const note = covered ? COVERED_BY_GROUP : planIsTheOwners(user) ? OWNERS_MANAGE_PLAN : null;
  return (
    <Stack gap="4" as="section" aria-labelledby="plans-title">
      <Heading as="h2" id="plans-title" size="lg" color="ink">
        {user ? "Dealership plans" : "Choose a plan"}
      </Heading>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        {DEALER_PLANS.map((plan) => (
          <PlanCard key={plan.name} plan={note ? { ...plan, actionNote: note } : plan} />
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
        {user ? <YourSubscription user={user} /> : <PlanCards user={null} />}
        <Calculator />
        <EnterpriseGroups />
        <Benefits />
      </InfoPage>
    </PageFrame>
  );
}
