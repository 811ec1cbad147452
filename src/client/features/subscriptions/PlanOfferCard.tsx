import { Box, Button, Card, List, SimpleGrid, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuArrowRight, LuCheck } from "react-icons/lu";
import { PLANS, type Plan, type PlanId, priceLine } from "../../../shared/plans";

/** The way into checkout for a plan; also what a plan offer does unless told otherwise. */
export function ChoosePlanLink({ plan }: { plan: Plan }) {
  return (
    <Button asChild variant="outline" alignSelf="flex-start">
      <Link to="/subscribe" search={{ plan: plan.id }}>
        Choose {plan.name} <LuArrowRight />
      </Link>
    </Button>
  );
}

/** What a plan (or the free tier) includes, one ticked line each. */
export function PlanFeatures({ features, label }: { features: readonly string[]; label: string }) {
  return (
    <List.Root gap="1.5" variant="plain" flex="1" aria-label={label}>
      {features.map((feature) => (
        <List.Item key={feature} fontSize="sm" alignItems="flex-start">
          <List.Indicator asChild color="green.600" mt="0.5">
            <LuCheck />
          </List.Indicator>
          {feature}
        </List.Item>
      ))}
    </List.Root>
  );
}

/**
 * A plan on offer beside the current one or to start from: its title (the caller decides whether it is a
 * heading), price, summary, what it includes and what to do about it.
 */
function PlanOfferCard({ plan, title, children }: { plan: Plan; title: ReactNode; children: ReactNode }) {
  const line = priceLine(plan);
  return (
    <Card.Root layerStyle="sectionCard" data-plan={plan.id}>
      <Card.Body p={{ base: "5", md: "6" }} gap="3">
        {title}
        <Box>
          <Text as="span" fontSize="2xl" fontWeight="bold" color="ink">
            {line.price}
          </Text>{" "}
          <Text as="span" color="fg.muted" fontSize="sm">
            {line.period}
          </Text>
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {plan.summary}
        </Text>
        <PlanFeatures features={plan.features} label={`${plan.name} includes`} />
        {children}
      </Card.Body>
    </Card.Root>
  );
}

/** Plans on offer side by side (two columns from tablet width up), each titled and acted on as the caller says. */
export function PlanOffers({
  plans,
  title,
  action = (plan) => <ChoosePlanLink plan={plan} />,
}: {
  plans: readonly PlanId[];
  title: (plan: Plan) => ReactNode;
  action?: (plan: Plan) => ReactNode;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {plans.map((id) => (
        <PlanOfferCard key={id} plan={PLANS[id]} title={title(PLANS[id])}>
          {action(PLANS[id])}
        </PlanOfferCard>
      ))}
    </SimpleGrid>
  );
}
