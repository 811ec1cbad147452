import { Button, Flex, HStack, Icon, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { LuArrowRight, LuBuilding2, LuSparkles } from "react-icons/lu";
import { FREE_TIERS } from "../../../../shared/plans";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { trpc } from "../../../trpc";
import { PanelHeader } from "../../../ui/PanelHeader";
import { LoadError } from "../../../ui/QueryState";
import {
  ChangePlanDialog,
  ChoosePlanLink,
  CurrentPlanCard,
  InvoicesList,
  PlanFeatures,
  PlanOffers,
} from "../../subscriptions";

const UPGRADES = ["salesperson", "salesperson-professional"] as const;

/** Subscription tab: the salesperson's own plan (Free without one), its invoices, and the plans to move to. */
export function SubscriptionPanel({ salesperson }: { salesperson: SalespersonDetail }) {
  const dealershipPays = salesperson.paymentModel === "dealership" && salesperson.dealership;
  const overview = trpc.subscriptions.overview.useQuery();
  const current = overview.data?.salesperson?.current ?? null;
  const activeSubscription = current?.active ? current : null;
  const activePlan = activeSubscription?.plan ?? null;
  const [changing, setChanging] = useState(false);
  return (
    <Stack gap="5">
      <PanelHeader title="Subscription" description="Your plan, your invoices, and what upgrading adds." />
      {overview.isPending ? (
        <Skeleton height="48" borderRadius="xl" />
      ) : overview.isError ? (
        <LoadError title="We couldn't load your subscription" onRetry={() => void overview.refetch()} />
      ) : (
        <>
          <CurrentPlanCard
            audience="salesperson"
            subscription={current}
            paymentsEnabled={overview.data.payments.enabled}
            headingAs="h3"
          >
            {dealershipPays ? (
              <HStack
                gap="2"
                fontSize="sm"
                color="fg.muted"
                bg="gray.50"
                borderRadius="lg"
                px="3"
                py="2"
                alignSelf="flex-start"
              >
                <Icon boxSize="4" color="blue.600" aria-hidden flexShrink={0}>
                  <LuBuilding2 />
                </Icon>
                <Text>
                  Billing: {salesperson.dealership} pays for your seat when it is on a dealership plan.
                </Text>
              </HStack>
            ) : null}
            <PlanFeatures features={FREE_TIERS.salesperson.features} label="Free includes" />
          </CurrentPlanCard>
          {current ? <InvoicesList payments={current.payments} /> : null}
        </>
      )}
      <PlanOffers
        plans={UPGRADES.filter((id) => id !== activePlan)}
        title={(plan) => (
          <HStack gap="2" color="blue.700">
            <LuSparkles aria-hidden />
            <Text fontWeight="semibold">{plan.name}</Text>
          </HStack>
        )}
        action={(plan) =>
          activeSubscription ? (
            // Already subscribed: another plan is a change of this subscription, prorated.
            <Button
              variant="outline"
              alignSelf="flex-start"
              onClick={() => setChanging(true)}
              disabled={!overview.data?.payments.enabled}
            >
              Switch to {plan.name} <LuArrowRight />
            </Button>
          ) : (
            <ChoosePlanLink plan={plan} />
          )
        }
      />
      {activeSubscription ? (
        <ChangePlanDialog
          open={changing}
          onOpenChange={setChanging}
          subscription={activeSubscription}
          seatsUsed={0}
        />
      ) : null}
      <Flex
        justify="space-between"
        align={{ base: "flex-start", sm: "center" }}
        direction={{ base: "column", sm: "row" }}
        gap="3"
        layerStyle="panel"
        p={{ base: "4", md: "5" }}
      >
        <Stack gap="0.5">
          <Text fontWeight="semibold" color="ink">
            Compare every plan
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Salesperson and dealership plans, the pricing calculator and what each includes.
          </Text>
        </Stack>
        <Button asChild colorPalette="blue">
          <Link to="/dealer-subscription">
            View plans <LuArrowRight />
          </Link>
        </Button>
      </Flex>
    </Stack>
  );
}
