import { Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LinkRedemptionNotice } from "./LinkRedemptionNotice";
import { ProviderSignInError } from "./ProviderSignIn";
import type { LoginLinkStatus } from "./useLoginLink";

/**
 * The top of a sign-in page's form: how a sign-in link or a Google or Microsoft return went, then the page's
 * heading and what to do.
 */
export function SignInIntro({
  linkStatus,
  providerError,
  title,
  children,
}: {
  linkStatus: LoginLinkStatus;
  providerError: string | null;
  title: string;
  children: ReactNode;
}) {
  return (
    <>
      <LinkRedemptionNotice status={linkStatus} />
      <ProviderSignInError message={providerError} />
      <Stack gap="2">
        <Heading as="h1" size="2xl" color="ink" letterSpacing="-0.02em">
          {title}
        </Heading>
        <Text color="fg.muted">{children}</Text>
      </Stack>
    </>
  );
}
