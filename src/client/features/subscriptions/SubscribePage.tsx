import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Center,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link, useNavigate } from "@tanstack/react-router";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { LuArrowLeft, LuGift, LuLock } from "react-icons/lu";
import {
  ANNUAL_MONTHS_CHARGED,
  type BillingInterval,
  chargeCents,
  FREE_TRIAL_DAYS,
  formatCents,
  PLAN_IDS,
  PLANS,
  type Plan,
  type PlanId,
} from "../../../shared/plans";
import type { CheckoutStart } from "../../../shared/schemas/subscriptions";
import { apiErrorMessage, trpc } from "../../trpc";
import { ChoiceCards } from "../../ui/ChoiceCards";
import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { actionsLedBy } from "../../ui/pageActions";
import { type SessionUser, useSession } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { periodWord, seatsProblem } from "./billing";
import { PlanOfferCard } from "./PlanOfferCard";
import { SeatsField } from "./SeatsField";

// Stripe's code loads only when a checkout reaches the payment step, never with the rest of the site.
const PaymentStep = lazy(() => import("./PaymentStep"));

const DESCRIPTION =
  "Subscribe to a KnowBefore plan for salespeople or dealerships: see what is charged, then pay securely by card.";
const INIT_FAILED = "Failed to initialize subscription. Please try again.";

/** What one period of the plan costs, and what that means per month on annual billing. */
function PriceLine({ plan, interval, seats }: { plan: Plan; interval: BillingInterval; seats: number }) {
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
          {formatCents(plan.unitAmountCents)} per month for this dealership
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

function PlanSummary({
  plan,
  interval = "month",
  seats = plan.minQuantity,
}: {
  plan: Plan;
  interval?: BillingInterval;
  seats?: number;
}) {
  return (
    <Card.Root as="section" aria-label="Plan" borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Body gap="3" p="6">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text as="h2" fontWeight="semibold" fontSize="lg" color="ink">
            {plan.name}
          </Text>
          <Badge colorPalette="blue" variant="subtle" borderRadius="full">
            For {plan.audience === "dealership" ? "dealerships" : "salespeople"}
          </Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {plan.summary}
        </Text>
        <PriceLine plan={plan} interval={interval} seats={seats} />
        <Text fontSize="sm" color="fg.muted">
          Cancel any time; your plan stays active until the end of the billing period.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** Signed in without a plan in the address: the five plans to start from. */
function PlanChooser() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        return (
          <PlanOfferCard
            key={id}
            plan={plan}
            title={
              <Text as="h2" fontWeight="semibold" color="ink">
                {plan.name}
              </Text>
            }
          />
        );
      })}
    </SimpleGrid>
  );
}

function NotConfigured({ plan }: { plan: Plan }) {
  return (
    <Stack gap="5" maxW="2xl">
      <Alert.Root status="warning" borderRadius="xl" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Payments are not configured on this server</Alert.Title>
          <Alert.Description>
            This server has no card payment provider set up, so nothing can be charged and no subscription can
            be started here. Nothing was charged.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <PlanSummary plan={plan} />
    </Stack>
  );
}

/** Who may buy the plan: salesperson plans for salespeople, dealership plans for the dealership's manager. */
function WrongAccount({ plan, user }: { plan: Plan; user: SessionUser }) {
  const forSalespeople = plan.audience === "salesperson";
  return (
    <Stack gap="5" maxW="2xl">
      <Alert.Root status="info" borderRadius="xl" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            {forSalespeople ? "Salesperson plans are for salespeople" : "Dealership plans are for managers"}
          </Alert.Title>
          <Alert.Description>
            {forSalespeople
              ? `You're signed in as ${user.email}, which has no salesperson profile. Sign in with your salesperson account to subscribe.`
              : `You're signed in as ${user.email}, which doesn't manage a dealership. The dealership's manager subscribes for the whole team.`}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <PlanSummary plan={plan} />
      <HStack gap="3" wrap="wrap">
        {forSalespeople ? (
          <Button asChild colorPalette="blue">
            <Link to="/salesperson-login">Go to the salesperson portal</Link>
          </Button>
        ) : (
          <Button asChild colorPalette="blue">
            <Link to="/contact">Contact sales</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/dealer-subscription">Compare plans</Link>
        </Button>
      </HStack>
    </Stack>
  );
}

/** Shown while the payment step's code loads; the step itself then fills the same region. */
function PaymentStepLoading() {
  return (
    <Center py="10" aria-busy="true">
      <Spinner color="blue.solid" aria-label="Loading the secure payment form" />
    </Center>
  );
}

/** The plan, billing period and seats, then "Continue to payment"; then Stripe's payment form. */
function CheckoutForm({ plan, publishableKey }: { plan: Plan; publishableKey: string }) {
  const navigate = useNavigate();
  const [interval, setBillingInterval] = useState<BillingInterval>("month");
  const [seatsText, setSeatsText] = useState(String(plan.minQuantity));
  const [showProblems, setShowProblems] = useState(false);
  const [initFailed, setInitFailed] = useState(false);
  const [start, setStart] = useState<CheckoutStart | null>(null);
  const create = trpc.subscriptions.create.useMutation();

  const bySeat = plan.unit === "seat";
  const problem = bySeat ? seatsProblem(seatsText, plan) : null;
  const seats = bySeat && !problem ? Number(seatsText) : plan.minQuantity;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (problem) return;
    setInitFailed(false);
    create.mutate(
      { planType: plan.id, interval, ...(bySeat ? { seats } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.intent === "none" || !answer.clientSecret) {
            void navigate({ to: "/subscription-success", search: { subscription: answer.subscriptionId } });
            return;
          }
          setStart(answer);
        },
        onError: (error) => {
          setInitFailed(true);
          showToast({
            title: "Subscription Error",
            description: apiErrorMessage(error, INIT_FAILED),
            variant: "destructive",
          });
        },
      },
    );
  };

  if (start?.clientSecret && start.intent !== "none") {
    return (
      <Stack gap="5" maxW="2xl">
        <PlanSummary plan={plan} interval={start.interval} seats={start.seats} />
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
      <PlanSummary plan={plan} interval={interval} seats={seats} />
      <Card.Root as="section" aria-label="Billing options" borderRadius="xl" borderColor="border.muted">
        <Card.Body p="6">
          <form onSubmit={submit} noValidate aria-label="Billing options">
            <Stack gap="5">
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
              {bySeat ? (
                <SeatsField
                  plan={plan}
                  value={seatsText}
                  onChange={setSeatsText}
                  error={showProblems ? problem : undefined}
                  hint={`At least ${plan.minQuantity}: one seat for each salesperson on your team.`}
                />
              ) : null}
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
              {initFailed ? (
                <Alert.Root status="error" borderRadius="lg">
                  <Alert.Indicator />
                  <Alert.Title>Unable to initialize payment. Please try again.</Alert.Title>
                </Alert.Root>
              ) : null}
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

function Checkout({ plan, user }: { plan: Plan; user: SessionUser }) {
  const [config] = trpc.subscriptions.config.useSuspenseQuery();
  if (!config.enabled || !config.publishableKey) return <NotConfigured plan={plan} />;
  const eligible =
    plan.audience === "salesperson" ? user.salespersonId !== null : user.managedDealershipId !== null;
  if (!eligible) return <WrongAccount plan={plan} user={user} />;
  return <CheckoutForm key={plan.id} plan={plan} publishableKey={config.publishableKey} />;
}

/** /subscribe?plan=…: the pitch for signed-out visitors; for signed-in ones the plan, then payment. */
export function SubscribePage({ planId }: { planId: PlanId | undefined }) {
  const { user } = useSession();
  const plan = planId ? PLANS[planId] : undefined;

  if (!user) {
    return (
      <PageFrame>
        <InfoPage
          eyebrow="Subscribe"
          title={plan ? `Subscribe to ${plan.name}` : "Choose a KnowBefore plan"}
          documentTitle="Subscribe"
          description={DESCRIPTION}
          lead="Paid plans give salespeople a verified profile with analytics and give dealerships tools to manage their team. Sign in first so the subscription is linked to your account."
          actions={actionsLedBy(
            { label: "Sign In to Subscribe", to: "/" },
            { label: "Compare plans", to: "/pricing" },
          )}
        >
          {plan ? (
            <Box maxW="md">
              <PlanSummary plan={plan} />
            </Box>
          ) : null}
        </InfoPage>
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <InfoPage
        eyebrow="Checkout"
        title={plan ? `Subscribe to ${plan.name}` : "Choose a plan to subscribe"}
        documentTitle="Subscribe"
        description={DESCRIPTION}
        lead={
          plan
            ? "Choose how you'd like to be billed, then pay securely by card. You see exactly what is charged before you pay."
            : "Pick the plan for you or your dealership to start checkout."
        }
      >
        {plan ? <Checkout plan={plan} user={user} /> : <PlanChooser />}
      </InfoPage>
    </PageFrame>
  );
}
