import { Badge, Card, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useId } from "react";
import { LuBuilding2, LuCalendarClock } from "react-icons/lu";
import type { BillingOverview, SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import { longDate } from "./billing";
import { DetailLine, SeatsLine } from "./CurrentPlanCard";

type CoveredDealership = NonNullable<BillingOverview["dealership"]>;

/**
 * What becomes of the dealership's own plan: set to end (the group's plan sync has done it), or about to be (the
 * sync runs just after the group's plan switches on, and again until the payment provider answers).
 */
function ownPlanText(own: SubscriptionSummary): string {
  const ends = own.status === "trialing" && own.trialEnd ? own.trialEnd : own.currentPeriodEnd;
  const on = ends ? ` on ${longDate.format(ends)}` : " with the period already paid";
  return own.cancelAtPeriodEnd
    ? `Your dealership's own ${own.planName} plan ends${on} and will not renew: you are not charged for it again.`
    : `Your dealership's own ${own.planName} plan is being set to end${on}, with the period already paid: it will not renew.`;
}

/**
 * A dealership whose dealer group's plan covers it: that plan, its seats here, and what becomes of the
 * dealership's own plan (it ends with the period already paid, and cannot be resumed while the group's plan
 * covers it). The group's owners manage the plan on the group page, so nothing here changes it.
 */
export function CoveredPlanCard({ dealership }: { dealership: CoveredDealership }) {
  const titleId = useId();
  const own = dealership.current?.active ? dealership.current : null;
  return (
    <Card.Root
      as="section"
      aria-labelledby={titleId}
      layerStyle="sectionCard"
      borderColor="blue.200"
      borderWidth="2px"
    >
      <Card.Body p={{ base: "5", md: "6" }} gap="4">
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted" id={titleId}>
            Current plan
          </Text>
          <HStack gap="2" wrap="wrap">
            <Heading as="h3" size="xl" color="ink">
              {dealership.planName}
            </Heading>
            <Badge colorPalette="blue" variant="subtle" borderRadius="full" px="2.5">
              Through your dealer group
            </Badge>
          </HStack>
        </Stack>
        <Stack gap="2">
          <DetailLine icon={<LuBuilding2 />}>
            Your dealer group's plan covers this dealership. The group's owners manage it and its billing.
          </DetailLine>
          <SeatsLine usage={dealership} />
          {own ? <DetailLine icon={<LuCalendarClock />}>{ownPlanText(own)}</DetailLine> : null}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
