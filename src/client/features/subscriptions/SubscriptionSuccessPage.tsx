import { Button, Center, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { CheckoutOutcome } from "../../../shared/schemas/subscriptions";
import { apiErrorMessage } from "../../trpc";
import { InfoPage } from "../../ui/InfoPage";
import { PageFrame } from "../../ui/layout/PageFrame";
import { actionsLedBy } from "../../ui/pageActions";
import { type DashboardPath, dashboardPathFor, type SessionUser, useSession } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { useBillingRefresh } from "./billing";
import { subscriptionQueries } from "./queries";

/** What Stripe appends to the return URL, plus our own subscription id. */
export type CheckoutReturn = {
  subscription?: string;
  payment_intent?: string;
  payment_intent_client_secret?: string;
  setup_intent?: string;
  setup_intent_client_secret?: string;
  redirect_status?: string;
};

const DOCUMENT_TITLE = "Subscription status";
const DESCRIPTION =
  "What happened to your KnowBefore subscription payment: confirmed, processing, failed or not made.";
const POLL_MS = 2000;
const POLL_FOR_MS = 60_000;

const SEE_PLANS = { label: "View plans", to: "/dealer-subscription" } as const;

function SignInFirst() {
  return (
    <InfoPage
      eyebrow="Subscription"
      title="Sign in to see your subscription"
      documentTitle={DOCUMENT_TITLE}
      description={DESCRIPTION}
      lead="Sign in with the account you subscribed with to see whether your payment went through."
      actions={actionsLedBy(
        { label: "Sign In", to: "/login" },
        { label: "Salesperson and manager sign in", to: "/salesperson-login" },
      )}
    />
  );
}

function Checking() {
  return (
    <InfoPage
      eyebrow="Subscription"
      title="Checking your payment…"
      documentTitle={DOCUMENT_TITLE}
      description={DESCRIPTION}
      lead="One moment while we ask the payment provider what happened."
    >
      <Center py="6" aria-busy="true">
        <Spinner color="blue.solid" aria-label="Checking your payment" />
      </Center>
    </InfoPage>
  );
}

function Outcome({
  outcome,
  pollingStopped,
  onCheckAgain,
  checking,
  dashboardPath,
}: {
  outcome: CheckoutOutcome;
  pollingStopped: boolean;
  onCheckAgain: () => void;
  checking: boolean;
  dashboardPath: DashboardPath;
}) {
  const subscription = outcome.subscription;
  const retry = subscription
    ? { label: "Try again", to: "/subscribe" as const, search: { plan: subscription.plan } }
    : { label: "Try again", to: "/dealer-subscription" as const };
  const common = { eyebrow: "Subscription", documentTitle: DOCUMENT_TITLE, description: DESCRIPTION };

  switch (outcome.state) {
    case "confirmed": {
      const trial = subscription?.status === "trialing";
      return (
        <InfoPage
          {...common}
          title={trial ? "Your free trial has started" : "Payment Successful"}
          lead={
            trial || !subscription ? outcome.message : `You are now subscribed to ${subscription.planName}.`
          }
          actions={actionsLedBy(
            { label: "See your subscription", to: "/dealer-subscription" },
            { label: "Go to dashboard", to: dashboardPath },
          )}
        />
      );
    }
    case "processing":
      return (
        <InfoPage {...common} title="Payment processing" lead={outcome.message}>
          {pollingStopped ? (
            <Stack gap="3" align="flex-start" maxW="2xl">
              <Text color="fg.muted">
                This is taking longer than usual. Your plan switches on by itself once the payment provider
                confirms the payment; nothing more is needed from you.
              </Text>
              <Button variant="outline" onClick={onCheckAgain} loading={checking} loadingText="Checking…">
                Check again
              </Button>
            </Stack>
          ) : (
            <HStack gap="3" color="fg.muted" role="status">
              <Spinner size="sm" color="blue.solid" aria-hidden />
              <Text>Checking again every few seconds…</Text>
            </HStack>
          )}
        </InfoPage>
      );
    case "failed":
      return (
        <InfoPage
          {...common}
          title="Payment Failed"
          lead={outcome.message}
          actions={actionsLedBy(retry, SEE_PLANS)}
        />
      );
    default:
      return (
        <InfoPage
          {...common}
          title="No payment was made"
          lead={`${outcome.message} Nothing was charged.`}
          actions={
            subscription
              ? actionsLedBy(
                  { label: "Continue checkout", to: "/subscribe", search: { plan: subscription.plan } },
                  SEE_PLANS,
                )
              : actionsLedBy(SEE_PLANS, { label: "Back to home", to: "/" })
          }
        />
      );
  }
}

function CheckoutStatus({ search, user }: { search: CheckoutReturn; user: SessionUser }) {
  const [pollingSince, setPollingSince] = useState(() => Date.now());
  const [pollingStopped, setPollingStopped] = useState(false);
  const status = useQuery({
    ...subscriptionQueries.checkoutStatus(search),
    refetchInterval: (query) =>
      query.state.data?.state === "processing" && Date.now() - pollingSince < POLL_FOR_MS ? POLL_MS : false,
  });
  const refresh = useBillingRefresh();
  const announced = useRef(false);
  const outcome = status.data;

  useEffect(() => {
    if (outcome?.state !== "confirmed" || announced.current) return;
    announced.current = true;
    const subscription = outcome.subscription;
    if (subscription?.status === "trialing") {
      showToast({ title: "Free trial started", description: outcome.message, variant: "success" });
    } else {
      showToast({
        title: "Payment Successful",
        description: subscription ? `You are now subscribed to ${subscription.planName}.` : outcome.message,
        variant: "success",
      });
    }
    void refresh();
  }, [outcome, refresh]);

  // Polling ends after a minute; the page then says so instead of promising another check.
  const state = outcome?.state;
  useEffect(() => {
    if (state !== "processing") return;
    const timer = setTimeout(() => setPollingStopped(true), pollingSince + POLL_FOR_MS - Date.now());
    return () => clearTimeout(timer);
  }, [state, pollingSince]);

  if (status.isPending) return <Checking />;
  if (status.isError && !outcome) {
    return (
      <InfoPage
        eyebrow="Subscription"
        title="We couldn't check your payment"
        documentTitle={DOCUMENT_TITLE}
        description={DESCRIPTION}
        lead={apiErrorMessage(status.error, "The payment status could not be read. Please try again.")}
        actions={actionsLedBy(SEE_PLANS)}
      >
        <Button variant="outline" alignSelf="flex-start" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </InfoPage>
    );
  }
  return (
    <Outcome
      outcome={outcome!}
      dashboardPath={dashboardPathFor(user)}
      pollingStopped={pollingStopped}
      checking={status.isFetching}
      onCheckAgain={() => {
        setPollingStopped(false);
        setPollingSince(Date.now());
        void status.refetch();
      }}
    />
  );
}

/** /subscription-success: what really happened at checkout, read from the payment provider and our records. */
export function SubscriptionSuccessPage({ search }: { search: CheckoutReturn }) {
  const { user } = useSession();
  return <PageFrame>{user ? <CheckoutStatus search={search} user={user} /> : <SignInFirst />}</PageFrame>;
}
