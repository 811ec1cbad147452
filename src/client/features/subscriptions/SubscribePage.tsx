import { Alert, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ComponentProps, ReactNode } from "react";
import { groupMayBuy, PLAN_IDS, PLANS, type Plan, type PlanId } from "../../../shared/plans";
import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { actionsLedBy } from "../../ui/pageActions";
import { type SessionUser, useSession } from "../../ui/session";
import { OWNERS_MANAGE_PLAN, planIsTheOwners } from "./billing";
import { CheckoutForm, PlanSummary } from "./CheckoutForm";
import { PlanOffers } from "./PlanOfferCard";
import { subscriptionQueries } from "./queries";

const DESCRIPTION =
  "Subscribe to a KnowBefore plan for salespeople or dealerships: see what is charged, then pay securely by card.";

function PlanChooser() {
  return (
    <PlanOffers
      plans={PLAN_IDS}
      title={(plan) => (
        <Text as="h2" fontWeight="semibold" color="ink">
          {plan.name}
        </Text>
      )}
    />
  );
}

/** Why this plan can't be bought here, above the plan it is about and what to do instead. */
function PlanNotice({
  plan,
  status,
  title,
  children,
  actions,
}: {
  plan: Plan;
  status: "warning" | "info";
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack gap="5" maxW="2xl">
      <Alert.Root status={status} borderRadius="xl" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>{children}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <PlanSummary plan={plan} />
      {actions ? (
        <HStack gap="3" wrap="wrap">
          {actions}
        </HStack>
      ) : null}
    </Stack>
  );
}

function ComparePlans() {
  return (
    <Button asChild variant="outline">
      <Link to="/dealer-subscription">Compare plans</Link>
    </Button>
  );
}

function NotConfigured({ plan }: { plan: Plan }) {
  return (
    <PlanNotice plan={plan} status="warning" title="Payments are not configured on this server">
      This server has no card payment provider set up, so nothing can be charged and no subscription can be
      started here. Nothing was charged.
    </PlanNotice>
  );
}

/** A dealership's manager or staff: its plan is its owners' to buy. */
function OwnersOnly({ plan }: { plan: Plan }) {
  return (
    <PlanNotice plan={plan} status="info" title={OWNERS_MANAGE_PLAN} actions={<ComparePlans />}>
      Ask one of your dealership's owners to choose this plan; nothing was charged.
    </PlanNotice>
  );
}

/** Who may buy the plan: salesperson plans for salespeople, dealership plans for the dealership's manager. */
function WrongAccount({ plan, user }: { plan: Plan; user: SessionUser }) {
  const forSalespeople = plan.audience === "salesperson";
  return (
    <PlanNotice
      plan={plan}
      status="info"
      title={forSalespeople ? "Salesperson plans are for salespeople" : "Dealership plans are for managers"}
      actions={
        <>
          {forSalespeople ? (
            <Button asChild colorPalette="blue">
              <Link to="/salesperson-login">Go to the salesperson portal</Link>
            </Button>
          ) : (
            <Button asChild colorPalette="blue">
              <Link to="/contact">Contact sales</Link>
            </Button>
          )}
          <ComparePlans />
        </>
      }
    >
      {forSalespeople
        ? `You're signed in as ${user.email}, which has no salesperson profile. Sign in with your salesperson account to subscribe.`
        : `You're signed in as ${user.email}, which doesn't manage a dealership. The dealership's manager subscribes for the whole team.`}
    </PlanNotice>
  );
}

function Checkout({ plan, user }: { plan: Plan; user: SessionUser }) {
  const { data: config } = useSuspenseQuery(subscriptionQueries.config());
  if (!config.enabled || !config.publishableKey) return <NotConfigured plan={plan} />;
  const eligible =
    plan.audience === "salesperson" ? user.salespersonId !== null : user.managedDealershipId !== null;
  if (plan.audience !== "salesperson" && planIsTheOwners(user)) return <OwnersOnly plan={plan} />;
  if (!eligible) return <WrongAccount plan={plan} user={user} />;
  if (user.groupRole === "group_owner" && groupMayBuy(plan))
    return <GroupOwnerCheckout plan={plan} publishableKey={config.publishableKey} />;
  return <CheckoutForm key={plan.id} plan={plan} publishableKey={config.publishableKey} />;
}

/** A dealer group's owner: the checkout offers the whole group, with the dealerships the server counts. */
function GroupOwnerCheckout({ plan, publishableKey }: { plan: Plan; publishableKey: string }) {
  const { data } = useSuspenseQuery(subscriptionQueries.overview());
  return <CheckoutForm key={plan.id} plan={plan} publishableKey={publishableKey} group={data.group} />;
}

/** The page around the plan, with the same browser-tab title and description signed in or out. */
function SubscribeFrame(page: Omit<ComponentProps<typeof InfoPage>, "documentTitle" | "description">) {
  return (
    <PageFrame>
      <InfoPage documentTitle="Subscribe" description={DESCRIPTION} {...page} />
    </PageFrame>
  );
}

/** /subscribe?plan=…: the pitch for signed-out visitors; for signed-in ones the plan, then payment. */
export function SubscribePage({ planId }: { planId: PlanId | undefined }) {
  const { user } = useSession();
  const plan = planId ? PLANS[planId] : undefined;

  if (!user) {
    return (
      <SubscribeFrame
        eyebrow="Subscribe"
        title={plan ? `Subscribe to ${plan.name}` : "Choose a KnowBefore plan"}
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
      </SubscribeFrame>
    );
  }

  return (
    <SubscribeFrame
      eyebrow="Checkout"
      title={plan ? `Subscribe to ${plan.name}` : "Choose a plan to subscribe"}
      lead={
        plan
          ? "Choose how you'd like to be billed, then pay securely by card. You see exactly what is charged before you pay."
          : "Pick the plan for you or your dealership to start checkout."
      }
    >
      {plan ? <Checkout plan={plan} user={user} /> : <PlanChooser />}
    </SubscribeFrame>
  );
}
