// A dealer group's one subscription, for its owners (docs/product/subscriptions.md#dealer-groups): the plan, its
// status, what it covers and charges, and subscribing or managing it. Anyone else sees nothing of it.
import { Button, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { formatCents, PLANS, type PlanId } from "../../../shared/plans";
import type { GroupBilling } from "../../../shared/schemas/subscriptions";
import { CurrentPlanCard, subscriptionQueries } from "../subscriptions";
import { dealerships, groupOffers, people } from "./groupOffers";

/** No group plan giving access: what each plan would cover and charge, and the way to checkout. */
function GroupOffers({ group, payments }: { group: GroupBilling; payments: boolean }) {
  return (
    <Card.Root as="section" aria-labelledby="group-plan-title" layerStyle="sectionCard">
      <Card.Body gap="4" p="6">
        <Text as="h2" id="group-plan-title" fontWeight="semibold" fontSize="lg" color="ink">
          {group.groupName}'s plan
        </Text>
        <Text fontSize="sm" color="fg.muted">
          One subscription can cover all {dealerships(group.dealerships)} of the group (
          {people(group.salespeople)} now). Without it, each dealership keeps its own plan or the free
          allowance.
        </Text>
        {group.dealerships === 0 ? (
          <Text fontSize="sm">
            The group has no dealerships yet, so there is nothing for a plan to cover.
          </Text>
        ) : (
          <Stack gap="3">
            {groupOffers(group).map(({ plan, amountCents, what }) => (
              <HStack key={plan.id} justify="space-between" gap="3" wrap="wrap">
                <Stack gap="0">
                  <Text fontWeight="medium">{plan.name}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatCents(amountCents)} per month: {what}
                  </Text>
                </Stack>
                {payments ? (
                  <Button asChild size="sm" colorPalette="blue">
                    <Link to="/subscribe" search={{ plan: plan.id as PlanId }}>
                      Subscribe the group
                    </Link>
                  </Button>
                ) : null}
              </HStack>
            ))}
            {payments ? null : (
              <Text fontSize="sm" color="fg.muted">
                Payments are not configured on this server, so no plan can be bought here.
              </Text>
            )}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/**
 * The caller's dealer group's plan: with one that gives access, the current-plan card (cancel, resume, change
 * plan) and what it covers; without, what each group plan would cover and charge. Only a group's owners buy and
 * see it: for anyone else it renders nothing.
 */
export function GroupPlanCard() {
  const { data } = useSuspenseQuery(subscriptionQueries.overview());
  const group = data.group;
  if (!group) return null;
  const current = group.current;
  if (!current?.active) return <GroupOffers group={group} payments={data.payments.enabled} />;
  const perSeat = PLANS[current.plan].unit === "seat";
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {group.groupName}'s one subscription covers all {dealerships(group.dealerships)} of the group
        {perSeat
          ? `: ${current.seats} seats shared by their ${people(group.salespeople)}.`
          : ", one unit each; the count follows as dealerships join or leave the group."}
      </Text>
      <CurrentPlanCard
        audience="dealership"
        subscription={current}
        paymentsEnabled={data.payments.enabled}
        seats={{ seatsUsed: group.salespeople, salespersonLimit: perSeat ? current.seats : null }}
      />
    </Stack>
  );
}
