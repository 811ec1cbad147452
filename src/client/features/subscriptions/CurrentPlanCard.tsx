import { Badge, Button, Card, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useId, useState } from "react";
import { LuArrowLeftRight, LuCalendarClock, LuCircleX, LuRotateCcw, LuUsers } from "react-icons/lu";
import {
  FREE_DEALERSHIP_SALESPERSON_LIMIT,
  formatCents,
  PLANS,
  type PlanAudience,
} from "../../../shared/plans";
import type { SubscriptionSummary } from "../../../shared/schemas/subscriptions";
import { trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { showFailure } from "../../ui/failureToast";
import { showToast } from "../../ui/toaster";
import { longDate, periodWord, subscriptionBadge } from "./billing";
import { ChangePlanDialog } from "./ChangePlanDialog";

/** How many salespeople the dealership has and how many its plan allows (null: no limit). */
export type SeatUsage = { seatsUsed: number; salespersonLimit: number | null };

type HeadingTag = "h2" | "h3";

export function DetailLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2" fontSize="sm" color="fg.muted" align="flex-start">
      <Text as="span" display="inline-flex" mt="0.5" color="blue.600" aria-hidden>
        {icon}
      </Text>
      <Text>{children}</Text>
    </HStack>
  );
}

export function SeatsLine({ usage }: { usage: SeatUsage }) {
  const { seatsUsed, salespersonLimit } = usage;
  const people = (n: number) => (n === 1 ? "1 salesperson" : `${n} salespeople`);
  return (
    <DetailLine icon={<LuUsers />}>
      {salespersonLimit === null
        ? `${people(seatsUsed)} on your team, no limit on this plan`
        : `${seatsUsed} of ${salespersonLimit} salespeople used`}
    </DetailLine>
  );
}

/** When the plan next renews, ends its trial, or stops. */
function renewalText(subscription: SubscriptionSummary): string | null {
  const end = subscription.currentPeriodEnd;
  if (subscription.cancelAtPeriodEnd) {
    const stops = subscription.status === "trialing" ? (subscription.trialEnd ?? end) : end;
    return stops
      ? `Cancels on ${longDate.format(stops)}. Your plan stays on until then.`
      : "Cancels at period end.";
  }
  if (subscription.status === "trialing" && subscription.trialEnd) {
    return `Free trial until ${longDate.format(subscription.trialEnd)}. After it the plan costs ${formatCents(subscription.amountCents)} per ${periodWord(subscription.interval)} and needs a card on file; without one it ends with the trial.`;
  }
  return end ? `Renews on ${longDate.format(end)}` : null;
}

/** A subscription that gives no access any more, or a checkout that was never paid: said plainly. */
function InactiveNote({ subscription }: { subscription: SubscriptionSummary }) {
  const unpaid = subscription.status === "incomplete" || subscription.status === "incomplete_expired";
  return (
    <Stack
      gap="2"
      bg="bg.subtle"
      borderRadius="lg"
      px="4"
      py="3"
      fontSize="sm"
      align="flex-start"
      borderWidth="1px"
      borderColor="border.muted"
    >
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold" color="ink">
          {subscription.planName}
        </Text>
        <Badge colorPalette="red" variant="subtle" borderRadius="full">
          Inactive
        </Badge>
      </HStack>
      <Text color="fg.muted">
        {unpaid
          ? "Checkout for this plan was not completed, so nothing was charged."
          : subscription.canceledAt
            ? `This subscription ended on ${longDate.format(subscription.canceledAt)}.`
            : `This subscription is ${subscription.status.replaceAll("_", " ")}.`}
      </Text>
      <Button asChild size="sm" variant="outline">
        <Link to="/subscribe" search={{ plan: subscription.plan }}>
          {unpaid ? "Finish checkout" : `Subscribe to ${subscription.planName} again`}
        </Link>
      </Button>
    </Stack>
  );
}

/**
 * The plan a salesperson or a dealership is on now: name, status badge, price, renewal (or the date it
 * cancels), seats for a dealership, and cancel at period end / resume / change plan. Without a subscription
 * that gives access it is the Free plan; `children` say what Free includes.
 */
export function CurrentPlanCard({
  audience,
  subscription,
  paymentsEnabled,
  seats,
  headingAs = "h2",
  children,
}: {
  audience: PlanAudience;
  /** The owner's current subscription (the one giving access, else the latest), or none. */
  subscription: SubscriptionSummary | null;
  /** Whether this server takes payments: changes go through the payment provider. */
  paymentsEnabled: boolean;
  /** Dealerships: salespeople on the team and the plan's limit. */
  seats?: SeatUsage | null;
  headingAs?: HeadingTag;
  children?: ReactNode;
}) {
  const titleId = useId();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [changing, setChanging] = useState(false);
  const active = subscription?.active ? subscription : null;

  const onError = (error: unknown) =>
    showFailure("Subscription Error", error, "The change could not be made. Please try again.");
  const cancel = trpc.subscriptions.cancel.useMutation({
    onSuccess: async (updated) => {
      setConfirmingCancel(false);
      const until = updated.currentPeriodEnd ? ` until ${longDate.format(updated.currentPeriodEnd)}` : "";
      showToast({
        title: "Subscription cancelled",
        description: `${updated.planName} stays on${until}. You will not be charged again.`,
        variant: "success",
      });
    },
    onError,
  });
  const resume = trpc.subscriptions.resume.useMutation({
    onSuccess: async (updated) => {
      showToast({
        title: "Subscription resumed",
        description: `${updated.planName} renews as usual.`,
        variant: "success",
      });
    },
    onError,
  });

  const freeLimit =
    audience === "dealership" ? (seats?.salespersonLimit ?? FREE_DEALERSHIP_SALESPERSON_LIMIT) : null;
  const badge = active ? subscriptionBadge(active) : null;
  const renewal = active ? renewalText(active) : null;

  return (
    <Card.Root
      as="section"
      aria-labelledby={titleId}
      layerStyle="sectionCard"
      borderColor={active ? "blue.200" : undefined}
      borderWidth={active ? "2px" : "1px"}
    >
      <Card.Body p={{ base: "5", md: "6" }} gap="4">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0">
            <Text fontSize="sm" color="fg.muted" id={titleId}>
              Current plan
            </Text>
            <HStack gap="2" wrap="wrap">
              <Heading as={headingAs} size="xl" color="ink">
                {active ? active.planName : "Free"}
              </Heading>
              {badge ? (
                <Badge colorPalette={badge.palette} variant="solid" borderRadius="full" px="2.5">
                  {badge.label}
                </Badge>
              ) : (
                <Badge colorPalette="gray" variant="subtle" borderRadius="full" px="2.5">
                  No paid subscription
                </Badge>
              )}
            </HStack>
          </Stack>
          <Stack gap="0" textAlign={{ base: "start", sm: "end" }}>
            <Text fontSize="2xl" fontWeight="bold" color="ink">
              {active ? formatCents(active.amountCents) : "$0"}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {active
                ? `per ${periodWord(active.interval)}${PLANS[active.plan].unit === "seat" ? ` for ${active.seats} seats` : ""}`
                : "per month · no card needed"}
            </Text>
          </Stack>
        </Flex>

        <Stack gap="2">
          {renewal ? <DetailLine icon={<LuCalendarClock />}>{renewal}</DetailLine> : null}
          {active && audience === "dealership" && seats ? <SeatsLine usage={seats} /> : null}
          {!active && freeLimit !== null ? (
            <SeatsLine usage={{ seatsUsed: seats?.seatsUsed ?? 0, salespersonLimit: freeLimit }} />
          ) : null}
        </Stack>

        {!active && subscription ? <InactiveNote subscription={subscription} /> : null}
        {!active ? children : null}

        {active ? (
          <Stack gap="2">
            <HStack gap="2" wrap="wrap">
              <Button
                variant="outline"
                colorPalette="blue"
                size="sm"
                onClick={() => setChanging(true)}
                disabled={!paymentsEnabled}
              >
                <LuArrowLeftRight /> Change plan
              </Button>
              {active.cancelAtPeriodEnd ? (
                <Button
                  colorPalette="blue"
                  size="sm"
                  onClick={() => resume.mutate({ id: active.id })}
                  loading={resume.isPending}
                  loadingText="Resuming…"
                  disabled={!paymentsEnabled}
                >
                  <LuRotateCcw /> Resume
                </Button>
              ) : (
                <Button
                  variant="ghost"
                  colorPalette="red"
                  size="sm"
                  onClick={() => setConfirmingCancel(true)}
                  disabled={!paymentsEnabled}
                >
                  <LuCircleX /> Cancel at period end
                </Button>
              )}
            </HStack>
            {paymentsEnabled ? null : (
              <Text fontSize="sm" color="fg.muted">
                Payments are not configured on this server, so the plan cannot be changed here.
              </Text>
            )}
          </Stack>
        ) : null}
      </Card.Body>

      {active ? (
        <>
          <ConfirmDialog
            open={confirmingCancel}
            onOpenChange={setConfirmingCancel}
            title={`Cancel ${active.planName}?`}
            description={
              active.currentPeriodEnd
                ? `You will not be charged again. Your plan and everything it includes stay on until the end of the period you paid for, ${longDate.format(active.status === "trialing" && active.trialEnd ? active.trialEnd : active.currentPeriodEnd)}. You can resume any time before then.`
                : "You will not be charged again. Your plan stays on until the end of the current period, and you can resume any time before then."
            }
            confirmLabel="Cancel at period end"
            pendingLabel="Cancelling…"
            isPending={cancel.isPending}
            onConfirm={() => cancel.mutate({ id: active.id })}
          />
          <ChangePlanDialog
            open={changing}
            onOpenChange={setChanging}
            subscription={active}
            seatsUsed={seats?.seatsUsed ?? 0}
          />
        </>
      ) : null}
    </Card.Root>
  );
}
