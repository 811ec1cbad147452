// /list-your-dealership/confirm?token=…: the link from the confirmation e-mail. As with sign-in links, the
// token leaves the address bar at once, the page says what it confirms, and only the visitor's click uses it.
import { Alert, Button, Heading, Spinner, Stack, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LuArrowRight, LuBadgeCheck, LuMailCheck } from "react-icons/lu";
import type { ApplicationLink } from "../../../shared/schemas/onboarding";
import { trpc } from "../../trpc";
import { PanelPage } from "../../ui/layout/PageFrame";
import { IconCircle } from "../../ui/Showcase";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { useLinkToken } from "../auth";

type State =
  | { step: "checking" }
  | { step: "failed" }
  | { step: "missing" }
  | { step: "ready"; link: ApplicationLink }
  | { step: "confirming"; link: ApplicationLink }
  | { step: "confirmed"; dealershipName: string };

export function ConfirmApplicationPage() {
  useDocumentTitle("Confirm your application");
  const { token, stripToken } = useLinkToken();
  const describe = trpc.onboarding.describeConfirmation.useMutation();
  const confirm = trpc.onboarding.confirm.useMutation();
  /** The token in hand until it is used; each one is described once, even under StrictMode. */
  const held = useRef<string | null>(null);
  const [state, setState] = useState<State>({ step: token ? "checking" : "missing" });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per token by design.
  useEffect(() => {
    if (!token || held.current === token) return;
    held.current = token;
    setState({ step: "checking" });
    stripToken();
    describe.mutateAsync({ token }).then(
      (link) => setState({ step: "ready", link }),
      () => setState({ step: "failed" }),
    );
  }, [token]);

  const use = () => {
    const linkToken = held.current;
    if (!linkToken || state.step !== "ready") return;
    setState({ step: "confirming", link: state.link });
    confirm.mutateAsync({ token: linkToken }).then(
      (answer) => setState({ step: "confirmed", dealershipName: answer.dealershipName }),
      () => setState({ step: "failed" }),
    );
  };

  return (
    <PanelPage maxW="xl">
      <Stack
        layerStyle="panel"
        borderRadius="2xl"
        boxShadow="sm"
        p={{ base: "6", md: "10" }}
        gap="6"
        align="center"
        textAlign="center"
      >
        <Step state={state} onConfirm={use} />
      </Stack>
    </PanelPage>
  );
}

function Step({ state, onConfirm }: { state: State; onConfirm: () => void }) {
  if (state.step === "checking") {
    return (
      <Stack align="center" py="10" gap="4" role="status" aria-live="polite">
        <Spinner size="lg" color="blue.600" />
        <Text fontWeight="medium">Checking your confirmation link…</Text>
      </Stack>
    );
  }
  if (state.step === "failed" || state.step === "missing") {
    return (
      <>
        <Alert.Root status="error" borderRadius="lg" textAlign="start">
          <Alert.Indicator />
          <Alert.Description>
            {state.step === "missing"
              ? "This page opens from the link in your confirmation e-mail."
              : "This confirmation link is invalid or has expired. Please file the application again."}
          </Alert.Description>
        </Alert.Root>
        <Button asChild colorPalette="blue">
          <RouterLink to="/list-your-dealership">Go to the application form</RouterLink>
        </Button>
      </>
    );
  }
  if (state.step === "confirmed") {
    return (
      <>
        <IconCircle icon={LuBadgeCheck} bg="green.50" color="green.600" />
        <Heading as="h1" size="2xl" color="ink" letterSpacing="-0.02em">
          E-mail confirmed
        </Heading>
        <Text color="fg.muted">
          Thank you. The application for{" "}
          <Text as="strong" color="fg">
            {state.dealershipName}
          </Text>{" "}
          is in our review queue. We will e-mail you the decision; once approved, the same e-mail invites you
          as the dealership's manager.
        </Text>
        <Button asChild variant="outline">
          <RouterLink to="/">Back to KnowBefore</RouterLink>
        </Button>
      </>
    );
  }
  const { link } = state;
  return (
    <>
      <IconCircle icon={LuMailCheck} bg="blue.50" color="blue.600" />
      <Stack gap="2">
        <Heading as="h1" size="2xl" color="ink" letterSpacing="-0.02em">
          Confirm your application
        </Heading>
        <Text color="fg.muted">
          You're confirming{" "}
          <Text as="strong" color="fg" overflowWrap="anywhere">
            {link.applicantEmail}
          </Text>{" "}
          for the application to list{" "}
          <Text as="strong" color="fg">
            {link.dealershipName}
          </Text>
          .
        </Text>
      </Stack>
      <Button
        colorPalette="blue"
        size="lg"
        w="full"
        maxW="sm"
        loading={state.step === "confirming"}
        loadingText="Confirming…"
        onClick={onConfirm}
      >
        Confirm my e-mail <LuArrowRight />
      </Button>
    </>
  );
}
