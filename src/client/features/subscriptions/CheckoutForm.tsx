// The checkout of one plan: billing period and seats, the price they come to, then Stripe's payment step.
// The plan's summary is shared with the page's other states (not configured, wrong account).
import { Badge, Box, Button, Card, Center, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { LuArrowLeft, LuGift, LuLock } from "react-icons/lu";
import {
  ANNUAL_MONTHS_CHARGED,
  type BillingInterval,
  chargeCents,
  FREE_TRIAL_DAYS,
  formatCents,
  groupMayBuy,
  type Plan,
} from "../../../shared/plans";
import type { CheckoutStart, GroupBilling } from "../../../shared/schemas/subscriptions";
import { apiErrorMessage, trpc } from "../../trpc";
import { ChoiceCards } from "../../ui/ChoiceCards";
import { FailureAlert } from "../../ui/FailureAlert";
import { periodWord } from "./billing";
import { SeatsField, useSeatEntry } from "./SeatsField";

// Stripe's code loads only when a checkout reaches the payment step, never with the rest of the site.
const PaymentStep = lazy(() => import("./PaymentStep"));

/** When the server gave no sentence of its own (no connection, an unexpected error); checkout charges nothing. */
const INIT_FAILED = "The payment could not be started. Nothing was charged; please try again.";

/** What one period of the plan costs, and what that means per month on annual billing. */
function PriceLine({
  plan,
  interval,
  seats,
  forGroup,
}: {
  plan: Plan;
  interval: BillingInterval;
  seats: number;
  forGroup: boolean;
}) {
  const amount = chargeCents(plan, interval, seats);
  return (
    <Stack gap="1">
      <HStack align="baseline" gap="1" wrap="wrap">
        <Text fontSize="3xl" fontWeight="bold" color="ink" letterSpacing="-0.02em">
          {formatCents(amount)}
        </Text>
        <Text color="fg.muted">per {periodWord(interval)}</Text>
      </HStack>
      {plan.unit === "seat" ? (
        <Text fontSize="sm" color="fg.muted">
          {seats} salespeople × {formatCents(plan.unitAmountCents)} per salesperson per month
          {interval === "year" ? ` × ${ANNUAL_MONTHS_CHARGED} months` : ""}
        </Text>
      ) : plan.unit === "dealership" ? (
        <Text fontSize="sm" color="fg.muted">
          {forGroup
            ? `${seats} dealerships of your group × ${formatCents(plan.unitAmountCents)} per dealership per month`
            : `${formatCents(plan.unitAmountCents)} per month for this dealership`}
          {interval === "year" ? ` × ${ANNUAL_MONTHS_CHARGED} months` : ""}
        </Text>
      ) : null}
      {interval === "year" ? (
        <Text fontSize="sm" color="green.fg" fontWeight="medium">
          {ANNUAL_MONTHS_CHARGED} months charged for 12: two months free (you save{" "}
          {formatCents(chargeCents(plan, "month", seats) * 12 - amount)})
        </Text>
      ) : null}
    </Stack>
  );
}

export function PlanSummary({
  plan,
  interval = "month",
  seats = plan.minQuantity,
  forGroup = false,
}: {
  plan: Plan;
  interval?: BillingInterval;
  seats?: number;
  /** Bought for a whole dealer group: Enterprise's seats are its dealerships. */
  forGroup?: boolean;
}) {
  return (
    <Card.Root as="section" aria-label="Plan" layerStyle="sectionCard">
      <Card.Body gap="3" p="6">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text as="h2" fontWeight="semibold" fontSize="lg" color="ink">
            {plan.name}
          </Text>
          <Badge colorPalette="blue" variant="subtle" borderRadius="full">
            For{" "}
            {forGroup ? "your dealer group" : plan.audience === "dealership" ? "dealerships" : "salespeople"}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {forGroup ? (plan.groupSummary ?? plan.summary) : plan.summary}
        </Text>
        <PriceLine plan={plan} interval={interval} seats={seats} forGroup={forGroup} />
        <Text fontSize="sm" color="fg.muted">
          Cancel any time; your plan stays active until the end of the billing period.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Signed in without a plan in the address: the five plans to start from. */

/** Shown while the payment step's code loads; the step itself then fills the same region. */
function PaymentStepLoading() {
  return (
    <Center py="10" aria-busy="true">
      <Spinner color="blue.solid" aria-label="Loading the secure payment form" />
    </Center>
  );
}

/** The seats a checkout starts from: a group's Professional covers the salespeople of all its dealerships. */
function firstSeats(plan: Plan, group: GroupBilling | null) {
  return group ? Math.max(plan.minQuantity, group.salespeople) : plan.minQuantity;
}

/**
 * The plan, billing period and seats, then "Continue to payment"; then Stripe's payment form. `group`: the
 * dealer group the caller owns, which may buy the plan for all its dealerships (the server counts them).
 */
export function CheckoutForm({
  plan,
  publishableKey,
  group = null,
}: {
  plan: Plan;
  publishableKey: string;
  group?: GroupBilling | null;
}) {
  const navigate = useNavigate();
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const offerGroup = group !== null && group.dealerships > 0 && groupMayBuy(plan);
  const [forGroup, setForGroup] = useState(offerGroup);
  const entry = useSeatEntry(plan, () => firstSeats(plan, forGroup ? group : null));
  const { problem } = entry;
  const seats = forGroup && plan.unit === "dealership" && group ? group.dealerships : entry.seats;
  const chooseOwner = (value: string) => {
    const next = value === "group";
    setForGroup(next);
    entry.setSeats(firstSeats(plan, next ? group : null));
  };
  // What went wrong, in the server's words (payments not answering, a plan already held) or the fallback.
  const [failure, setFailure] = useState<string | null>(null);
  const [start, setStart] = useState<CheckoutStart | null>(null);
  const create = trpc.subscriptions.create.useMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    entry.reveal(true);
    if (problem) return;
    setFailure(null);
    create.mutate(
      {
        planType: plan.id,
        interval,
        ...entry.request,
        ...(forGroup ? { entityType: "group" as const } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.intent === "none" || !answer.clientSecret) {
            void navigate({ to: "/subscription-success", search: { subscription: answer.subscriptionId } });
            return;
          }
          setStart(answer);
        },
        onError: (error) => setFailure(apiErrorMessage(error, INIT_FAILED)),
      },
    );
  };

  if (start?.clientSecret && start.intent !== "none") {
    return (
      <Stack gap="5" maxW="2xl">
        <PlanSummary plan={plan} interval={start.interval} seats={start.seats} forGroup={forGroup} />
        <Box
          as="section"
          role="region"
          aria-label="Payment details"
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="xl"
          bg="bg.panel"
          p={{ base: "4", md: "6" }}
        >
          <Suspense fallback={<PaymentStepLoading />}>
            <PaymentStep
              publishableKey={publishableKey}
              clientSecret={start.clientSecret}
              intent={start.intent}
              subscriptionId={start.subscriptionId}
              planName={plan.name}
              amountCents={start.amountCents}
              interval={start.interval}
              trialEnd={start.trialEnd}
            />
          </Suspense>
        </Box>
        {start.intent === "payment" ? (
          // Nothing is paid yet, so another period or seat count is a new checkout; a started trial is not.
          <Button variant="ghost" alignSelf="flex-start" size="sm" onClick={() => setStart(null)}>
            <LuArrowLeft /> Change billing options
          </Button>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxW="2xl">
      <PlanSummary plan={plan} interval={interval} seats={seats} forGroup={forGroup} />
      <Card.Root as="section" aria-label="Billing options" borderRadius="xl" borderColor="border.muted">
        <Card.Body p="6">
          <form onSubmit={submit} noValidate aria-label="Billing options">
            <Stack gap="5">
              {offerGroup && group ? (
                <ChoiceCards
                  label="Who the plan is for"
                  columns={2}
                  value={forGroup ? "group" : "dealership"}
                  onChange={chooseOwner}
                  choices={[
                    {
                      value: "group",
                      label: `The whole group (${group.dealerships} dealerships)`,
                      description: `One subscription covering every dealership of ${group.groupName}`,
                    },
                    {
                      value: "dealership",
                      label: "This dealership",
                      description: "Only the dealership you are working on",
                    },
                  ]}
                />
              ) : null}
              <ChoiceCards
                label="Billing period"
                columns={2}
                value={interval}
                onChange={(value) => setBillingInterval(value as BillingInterval)}
                choices={[
                  {
                    value: "month",
                    label: "Monthly",
                    description: `${formatCents(chargeCents(plan, "month", seats))} per month`,
                  },
                  {
                    value: "year",
                    label: "Annual",
                    description: `${formatCents(chargeCents(plan, "year", seats))} per year · two months free`,
                  },
                ]}
              />
              <SeatsField
                {...entry.field}
                hint={
                  forGroup && group
                    ? `At least ${firstSeats(plan, group)}: seats are shared by the ${group.salespeople} salespeople of all the group's dealerships.`
                    : `At least ${plan.minQuantity}: one seat for each salesperson on your team.`
                }
              />
              <HStack
                gap="3"
                align="flex-start"
                bg="green.subtle"
                color="green.fg"
                borderRadius="lg"
                px="4"
                py="3"
                fontSize="sm"
              >
                <Box as="span" mt="0.5" aria-hidden>
                  <LuGift />
                </Box>
                <Text>
                  The first subscription of each salesperson or dealership starts with a {FREE_TRIAL_DAYS}-day
                  free trial: nothing is charged today, and a card you add keeps the plan after the trial.
                </Text>
              </HStack>
              <FailureAlert message={failure} />
              <Button
                type="submit"
                colorPalette="blue"
                size="lg"
                alignSelf={{ base: "stretch", sm: "flex-start" }}
                loading={create.isPending}
                loadingText="Preparing payment…"
              >
                <LuLock /> Continue to payment
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
