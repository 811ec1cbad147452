// The payment step of checkout: Stripe's Payment Element for the subscription's first invoice (or, during a
// free trial, the card that keeps the plan afterwards). Loaded on demand so Stripe.js stays out of other pages.
import { Alert, Box, Button, Center, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { LuLock, LuRefreshCw } from "react-icons/lu";
import { type BillingInterval, formatCents } from "../../../shared/plans";
import { showToast } from "../../ui/toaster";
import { longDate, periodWord } from "./billing";

export type PaymentStepProps = {
  publishableKey: string;
  clientSecret: string;
  /** "payment": pay the first invoice; "setup": save a card for after the free trial. */
  intent: "payment" | "setup";
  subscriptionId: string;
  planName: string;
  amountCents: number;
  interval: BillingInterval;
  trialEnd: Date | null;
};

const LOAD_FAILED = "The secure payment form could not load. Check your connection and try again.";

function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  return (
    <Alert.Root status="error" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Content gap="2" alignItems="flex-start">
        <Alert.Title>{LOAD_FAILED}</Alert.Title>
        <Alert.Description>Nothing was charged.</Alert.Description>
        {onRetry ? (
          <Button size="sm" variant="outline" onClick={onRetry}>
            <LuRefreshCw /> Try again
          </Button>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}

function returnUrl(subscriptionId: string): string {
  return `${window.location.origin}/subscription-success?subscription=${encodeURIComponent(subscriptionId)}`;
}

function PaymentForm({ intent, subscriptionId, amountCents, interval }: PaymentStepProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [elementFailed, setElementFailed] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setSubmitting(true);
    const confirmParams = { return_url: returnUrl(subscriptionId) };
    // On success the browser leaves for the return page; only a failure comes back here.
    const { error } =
      intent === "payment"
        ? await stripe.confirmPayment({ elements, confirmParams })
        : await stripe.confirmSetup({ elements, confirmParams });
    setSubmitting(false);
    if (error) {
      showToast({
        title: "Payment Failed",
        description: error.message ?? "The payment could not be completed. Nothing was charged.",
        variant: "destructive",
      });
    }
  };

  if (elementFailed) return <LoadFailed />;

  return (
    <form onSubmit={submit} aria-label={intent === "payment" ? "Card payment" : "Card for after the trial"}>
      <Stack gap="5">
        <Box minH="12">
          <PaymentElement
            options={{ layout: "tabs" }}
            onReady={() => setReady(true)}
            onLoadError={() => setElementFailed(true)}
          />
          {ready ? null : (
            <Center py="6">
              <Spinner color="blue.solid" aria-label="Loading the secure payment form" />
            </Center>
          )}
        </Box>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          alignSelf={{ base: "stretch", sm: "flex-start" }}
          disabled={!stripe || !elements || !ready}
          loading={submitting}
          loadingText={intent === "payment" ? "Paying…" : "Saving card…"}
        >
          <LuLock />{" "}
          {intent === "payment"
            ? `Pay ${formatCents(amountCents)}`
            : `Save card for ${formatCents(amountCents)} per ${periodWord(interval)}`}
        </Button>
      </Stack>
    </form>
  );
}

/** Loads Stripe.js (once, retried on request), then mounts the Payment Element for this checkout. */
export default function PaymentStep(props: PaymentStepProps) {
  const { publishableKey, clientSecret, intent, subscriptionId, planName, amountCents, interval, trialEnd } =
    props;
  const [attempt, setAttempt] = useState(0);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setFailed(false);
    void attempt;
    loadStripe(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setFailed(true);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey, attempt]);

  return (
    <Stack gap="4">
      <Stack gap="1">
        <Text as="h2" fontWeight="semibold" fontSize="lg" color="ink">
          Payment details
        </Text>
        {intent === "payment" ? (
          <Text fontSize="sm" color="fg.muted">
            {planName}: {formatCents(amountCents)} now, then every {periodWord(interval)} until you cancel.
            Your card details go straight to our payment provider.
          </Text>
        ) : (
          <Stack gap="2" fontSize="sm" color="fg.muted">
            <Text color="green.fg" fontWeight="medium">
              Your free trial of {planName} has started
              {trialEnd ? ` and runs until ${longDate.format(trialEnd)}` : ""}. Nothing is charged today.
            </Text>
            <Text>
              Add a card to keep the plan after the trial: {formatCents(amountCents)} per{" "}
              {periodWord(interval)} from {trialEnd ? longDate.format(trialEnd) : "the end of the trial"}.
              Without a card the plan ends with the trial.
            </Text>
          </Stack>
        )}
      </Stack>
      {failed ? (
        <LoadFailed onRetry={() => setAttempt((n) => n + 1)} />
      ) : stripe ? (
        <Elements
          stripe={stripe}
          options={{
            clientSecret,
            appearance: { theme: "stripe", variables: { colorPrimary: "#2563eb", borderRadius: "8px" } },
          }}
        >
          <PaymentForm {...props} />
        </Elements>
      ) : (
        <Center py="8">
          <Spinner color="blue.solid" aria-label="Loading the secure payment form" />
        </Center>
      )}
      {intent === "setup" ? (
        <HStack>
          <Button asChild variant="ghost" size="sm">
            <Link to="/subscription-success" search={{ subscription: subscriptionId }}>
              Skip for now
            </Link>
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
