import { Badge, Card, HStack, Stack, Text } from "@chakra-ui/react";
import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { actionsLedBy } from "../../ui/pageActions";
import { useSession } from "../../ui/session";
import { CHECKOUT_PLANS, type CheckoutPlanId } from "./plans";

function PlanSummary({ planId }: { planId: CheckoutPlanId }) {
  const plan = CHECKOUT_PLANS[planId];
  return (
    <Card.Root borderRadius="xl" borderColor="border.muted" maxW="md">
      <Card.Body gap="2" p="6">
        <HStack justify="space-between">
          <Text fontWeight="semibold" fontSize="lg" color="ink">
            {plan.name}
          </Text>
          <Badge colorPalette="blue" variant="subtle" borderRadius="full" textTransform="capitalize">
            {plan.audience}
          </Badge>
        </HStack>
        <HStack align="baseline" gap="1">
          <Text fontSize="3xl" fontWeight="bold" color="ink">
            {plan.price}
          </Text>
          <Text color="fg.muted">{plan.period}</Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Month-to-month. Cancel any time; your plan stays active until the end of the billing period.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** /subscribe?plan=…: checkout. Signed-out visitors get the pitch; card payment arrives with the payments release. */
export function SubscribePage({ planId }: { planId: CheckoutPlanId | undefined }) {
  const { user } = useSession();
  const plan = planId ? CHECKOUT_PLANS[planId] : undefined;

  if (!user) {
    return (
      <PageFrame>
        <InfoPage
          eyebrow="Subscribe"
          title={plan ? `Subscribe to ${plan.name}` : "Choose a KnowBefore plan"}
          lead="Paid plans give salespeople a verified profile with analytics and give dealerships tools to manage their team. Sign in first so the subscription is linked to your account."
          actions={actionsLedBy(
            { label: "Sign In to Subscribe", to: "/" },
            { label: "Compare plans", to: "/pricing" },
          )}
        >
          {planId ? <PlanSummary planId={planId} /> : null}
        </InfoPage>
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <InfoPage
        eyebrow="Checkout"
        title={plan ? `Subscribe to ${plan.name}` : "Choose a plan to subscribe"}
        lead={
          plan
            ? "Review your plan below. Secure card payment is being switched on during the beta; until then our team will set up your subscription for you."
            : "Pick a plan from the plans page to start checkout."
        }
        actions={
          plan
            ? actionsLedBy(
                { label: "Contact sales to subscribe", to: "/contact" },
                { label: "Compare plans", to: "/dealer-subscription" },
              )
            : actionsLedBy({ label: "See plans", to: "/dealer-subscription" })
        }
      >
        {planId ? (
          <Stack gap="4">
            <PlanSummary planId={planId} />
          </Stack>
        ) : null}
      </InfoPage>
    </PageFrame>
  );
}

export function SubscriptionSuccessPage() {
  return (
    <PageFrame>
      <InfoPage
        eyebrow="Subscription"
        title="Thanks for subscribing"
        lead="Your payment was submitted. Your plan switches on as soon as our payment provider confirms it, which usually takes less than a minute."
        actions={actionsLedBy(
          { label: "Go to home", to: "/" },
          { label: "View plans", to: "/dealer-subscription" },
        )}
      />
    </PageFrame>
  );
}
