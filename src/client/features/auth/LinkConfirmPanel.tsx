// The link page's confirmation: whom a sign-in link signs in, and the one click that uses it.
import { Button, Heading, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { IconType } from "react-icons";
import { LuArrowRight, LuShieldCheck, LuUserRoundCheck } from "react-icons/lu";
import { LOGIN_LINK_TTL_MINUTES } from "../../../shared/constants";
import type { LinkDescription } from "../../../shared/schemas/auth";
import { IconCircle } from "../../ui/Showcase";
import { LinkRedemptionNotice } from "./LinkRedemptionNotice";
import { MfaCodeForm } from "./MfaCodeForm";
import type { LoginLink, MfaStep } from "./useLoginLink";

const HEADINGS: Record<LinkDescription["purpose"], string> = {
  customer: "Sign in to KnowBefore",
  salesperson: "Sign in to the salesperson portal",
};

/** "expires in 12 minutes", rounded, never more than a link's lifetime (clocks differ a little). */
function expiryText(expiresAt: Date, now: number): string {
  const left = expiresAt.getTime() - now;
  if (left <= 0) return "This link has expired. Use a different email to get a new one.";
  const minutes = Math.min(LOGIN_LINK_TTL_MINUTES, Math.max(1, Math.round(left / 60_000)));
  return `This link works once and expires in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
}

/** The current time, refreshed every `everyMs` so a countdown stays honest while the page is open. */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * A sign-in link on a sign-in page: a spinner while it is checked, then whom it signs in and one
 * "Sign in" button. Nothing signs in until that click. "Not you?" drops the link and returns to the
 * e-mail form, focusing `emailInputId`. Renders nothing when the page holds no link.
 */
export function LinkConfirmPanel({ link, emailInputId }: { link: LoginLink; emailInputId: string }) {
  if (link.status === "checking") return <LinkRedemptionNotice status="checking" />;
  const startAgain = () => {
    flushSync(link.dismiss);
    document.getElementById(emailInputId)?.focus();
  };
  if (link.status === "mfa") {
    return (
      <SecondFactor
        email={link.description.email}
        mfa={link.mfa}
        onSubmit={link.verifyCode}
        onCancel={startAgain}
      />
    );
  }
  if (link.status !== "ready" && link.status !== "redeeming") return null;
  return (
    <ConfirmLink
      description={link.description}
      pending={link.status === "redeeming"}
      onConfirm={link.redeem}
      onDismiss={startAgain}
    />
  );
}

/**
 * A step's icon, its heading and the sentence under it. The spinner the step replaces had the focus of
 * attention, so the heading takes it for screen readers. The invitation page's steps use it too.
 */
export function StepHeading({
  icon,
  title,
  children,
}: {
  icon: IconType;
  title: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <IconCircle icon={icon} bg="blue.50" color="blue.600" />
      <Stack gap="2" maxW="md" textAlign="center">
        <Heading ref={heading} tabIndex={-1} as="h1" size="2xl" {...HEADING_LOOK}>
          {title}
        </Heading>
        <Text color="fg.muted">{children}</Text>
      </Stack>
    </>
  );
}

const HEADING_LOOK = { color: "ink", letterSpacing: "-0.02em", _focus: { outline: "none" } } as const;

/** The address the link signs in, in bold, wrapping anywhere on a phone. */
export function SignInAddress({ email }: { email: string }) {
  return (
    <Text as="strong" fontWeight="semibold" color="fg" overflowWrap="anywhere">
      {email}
    </Text>
  );
}

/** The account has two-factor authentication: the link was good, now a code finishes the sign-in. */
function SecondFactor({
  email,
  mfa,
  onSubmit,
  onCancel,
}: {
  email: string;
  mfa: MfaStep;
  onSubmit: (code: string) => void;
  onCancel: () => void;
}) {
  return (
    <Stack gap="6" align="center" py={{ base: "2", md: "6" }}>
      <StepHeading icon={LuShieldCheck} title="Two-step verification">
        Your account uses two-factor authentication. One more step to finish signing in as{" "}
        <SignInAddress email={email} />.
      </StepHeading>
      <Stack w="full" maxW="sm">
        <MfaCodeForm
          pending={mfa.pending}
          error={mfa.error}
          onSubmit={onSubmit}
          onCancel={onCancel}
          cancelLabel="Start again with a different email"
        />
      </Stack>
    </Stack>
  );
}

function ConfirmLink({
  description,
  pending,
  onConfirm,
  onDismiss,
}: {
  description: LinkDescription;
  pending: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}) {
  const now = useNow(15_000);
  return (
    <Stack gap="6" textAlign="center" align="center" py={{ base: "2", md: "6" }}>
      <StepHeading icon={LuUserRoundCheck} title={HEADINGS[description.purpose]}>
        You're signing in as <SignInAddress email={description.email} />.
      </StepHeading>
      <Stack gap="3" align="center" w="full" maxW="sm">
        <Button
          colorPalette="blue"
          size="lg"
          w="full"
          loading={pending}
          loadingText="Signing you in…"
          onClick={onConfirm}
        >
          Sign in <LuArrowRight />
        </Button>
        <Text fontSize="sm" color="fg.muted" textWrap="balance">
          {expiryText(description.expiresAt, now)}
        </Text>
      </Stack>
      <Button variant="plain" size="sm" color="blue.700" disabled={pending} onClick={onDismiss}>
        Not you? Use a different email
      </Button>
    </Stack>
  );
}
