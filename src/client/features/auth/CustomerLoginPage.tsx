import { Separator, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuBadgeCheck, LuCalendarCheck, LuShieldCheck } from "react-icons/lu";
import { trpc } from "../../trpc";
import { showFailure } from "../../ui/failureToast";
import { TextLink } from "../../ui/links";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { type AuthHighlight, AuthLayout } from "./AuthLayout";
import { LinkConfirmPanel } from "./LinkConfirmPanel";
import { PasskeySignIn } from "./PasskeySignIn";
import { ProviderSecondFactor, ProviderSignIn, useProviderReturn } from "./ProviderSignIn";
import { SignInIntro } from "./SignInIntro";
import { mailDelayed, SignInLinkStep } from "./SignInLinkStep";
import { showsLink, useLoginLink } from "./useLoginLink";

const CUSTOMER_HIGHLIGHTS: readonly AuthHighlight[] = [
  {
    icon: LuBadgeCheck,
    title: "Verified salespeople",
    text: "Every profile is confirmed by the dealership the salesperson works for.",
  },
  {
    icon: LuShieldCheck,
    title: "Reviews from real visits",
    text: "Only buyers with a completed appointment can rate a salesperson.",
  },
  {
    icon: LuCalendarCheck,
    title: "Book before you go",
    text: "Pick a time that suits you and arrive to a salesperson who expects you.",
  },
];

const EMAIL_INPUT_ID = "customer-login-email";

/** /login: customers sign in with a link sent by e-mail; `?token=` on this page asks to confirm such a link. */
export function CustomerLoginPage() {
  useDocumentTitle("Sign in");
  const link = useLoginLink();
  const back = useProviderReturn();
  const [email, setEmail] = useState("");
  const requestLogin = trpc.auth.requestLogin.useMutation({
    // A delayed e-mail is said on the page, above the form (SignInLinkStep).
    onError: (error) => {
      if (!mailDelayed(error)) showFailure("Error", error, "Failed to send login link");
    },
  });

  // The e-mail form, and once the link is sent, what to do next: alone or under the page's introduction.
  const linkStep = (
    <SignInLinkStep request={requestLogin} inputId={EMAIL_INPUT_ID} email={email} onEmailChange={setEmail} />
  );

  return (
    <AuthLayout
      pitchTitle="Know your salesperson before you visit the dealership."
      pitchText="Sign in to browse verified salespeople, read visit-verified reviews and book a time that works for you."
      highlights={CUSTOMER_HIGHLIGHTS}
    >
      {showsLink(link) ? (
        <LinkConfirmPanel link={link} emailInputId={EMAIL_INPUT_ID} />
      ) : back.challenge ? (
        <ProviderSecondFactor challenge={back.challenge} onCancel={back.clear} />
      ) : requestLogin.isSuccess ? (
        linkStep
      ) : (
        <Stack gap="8">
          <SignInIntro linkStatus={link.status} providerError={back.error} title="Sign in to KnowBefore">
            No password needed. Enter your email and we'll send you a secure link that signs you in. New here?
            The same link creates your free customer account.
          </SignInIntro>
          {linkStep}
          <Stack gap="3">
            <PasskeySignIn />
            <ProviderSignIn page="/login" />
          </Stack>
          <Separator />
          <Text fontSize="sm" color="fg.muted">
            Are you a car salesperson?{" "}
            <TextLink to="/salesperson-login" color="blue.700" fontWeight="semibold">
              Go to the salesperson portal
            </TextLink>
          </Text>
        </Stack>
      )}
    </AuthLayout>
  );
}
