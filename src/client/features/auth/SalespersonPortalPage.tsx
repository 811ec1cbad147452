import { Separator, Stack, Tabs, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuChartLine, LuShieldCheck, LuUsers } from "react-icons/lu";
import { ErrorKind } from "../../../shared/errorCodes";
import { apiErrorCode, trpc } from "../../trpc";
import { TextLink } from "../../ui/links";
import { showToast } from "../../ui/toaster";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { type AuthHighlight, AuthLayout } from "./AuthLayout";
import { LinkConfirmPanel } from "./LinkConfirmPanel";
import { PasskeySignIn } from "./PasskeySignIn";
import { ProviderSecondFactor, ProviderSignIn, useProviderReturn } from "./ProviderSignIn";
import { SalespersonRegisterForm } from "./SalespersonRegisterForm";
import { SignInIntro } from "./SignInIntro";
import { mailDelayed, SignInLinkStep } from "./SignInLinkStep";
import { showsLink, useLoginLink } from "./useLoginLink";

const SALESPERSON_HIGHLIGHTS: readonly AuthHighlight[] = [
  {
    icon: LuShieldCheck,
    title: "A profile buyers trust",
    text: "Your dealership verifies you, and every review comes from a completed appointment.",
  },
  {
    icon: LuUsers,
    title: "Customers who arrive ready",
    text: "Buyers book a time with you after reading your profile and specialties.",
  },
  {
    icon: LuChartLine,
    title: "See how you're doing",
    text: "Follow your ratings for helpfulness, communication and low pressure over time.",
  },
];

const EMAIL_INPUT_ID = "salesperson-login-email";

type PortalTab = "login" | "register";

/** /salesperson-login and /salesperson/login: the salesperson portal with Login and Register tabs. */
export function SalespersonPortalPage() {
  useDocumentTitle("Salesperson portal");
  const link = useLoginLink();
  const back = useProviderReturn();
  const [tab, setTab] = useState<PortalTab>("login");
  const [email, setEmail] = useState("");
  const requestLogin = trpc.auth.requestSalespersonLogin.useMutation({
    onError: (error) => {
      // A delayed e-mail is said on the page, above the form (SignInLinkStep).
      if (mailDelayed(error)) return;
      if (apiErrorCode(error) === ErrorKind.NOT_FOUND) {
        showToast({
          title: "Salesperson Not Found",
          description: "No salesperson account found with this email address",
          variant: "destructive",
        });
        return;
      }
      showToast({
        title: "Login Failed",
        description:
          apiErrorCode(error) === ErrorKind.TOO_MANY_REQUESTS
            ? error.message
            : "Failed to send login link. Please try again.",
        variant: "destructive",
      });
    },
  });

  if (back.challenge || showsLink(link)) {
    return (
      <AuthLayout
        pitchTitle="Welcome back."
        pitchText="One click and you're back to your appointments, reviews and profile."
        highlights={SALESPERSON_HIGHLIGHTS}
      >
        {back.challenge ? (
          <ProviderSecondFactor challenge={back.challenge} onCancel={back.clear} />
        ) : (
          <LinkConfirmPanel link={link} emailInputId={EMAIL_INPUT_ID} />
        )}
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      pitchTitle="Grow your reputation on KnowBefore."
      pitchText="Build a verified profile, collect reviews from real buyers and meet customers who already know your name."
      highlights={SALESPERSON_HIGHLIGHTS}
    >
      <Stack gap="6">
        <SignInIntro linkStatus={link.status} providerError={back.error} title="Salesperson portal">
          Sign in with a link sent to your work email, or create your professional profile.
        </SignInIntro>
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as PortalTab)} variant="enclosed" fitted>
          <Tabs.List>
            <Tabs.Trigger value="login">Login</Tabs.Trigger>
            <Tabs.Trigger value="register">Register</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="login" pt="6">
            <SignInLinkStep
              request={requestLogin}
              inputId={EMAIL_INPUT_ID}
              email={email}
              onEmailChange={setEmail}
            />
            {requestLogin.isSuccess ? null : (
              <Stack mt="4" gap="3">
                <PasskeySignIn />
                <ProviderSignIn page="/salesperson-login" />
              </Stack>
            )}
          </Tabs.Content>
          <Tabs.Content value="register" pt="6">
            <SalespersonRegisterForm
              onRegistered={(registeredEmail) => {
                setEmail(registeredEmail);
                requestLogin.reset();
                setTab("login");
              }}
            />
          </Tabs.Content>
        </Tabs.Root>
        <Separator />
        <Text fontSize="sm" color="fg.muted">
          Shopping for a car?{" "}
          <TextLink to="/login" color="blue.700" fontWeight="semibold">
            Customer sign-in
          </TextLink>
        </Text>
      </Stack>
    </AuthLayout>
  );
}
