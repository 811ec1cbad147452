import { Alert, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { INVALID_LINK_MESSAGE, type LoginLinkStatus } from "./useLoginLink";

/** What the visitor sees while a sign-in link is being checked, or after it failed. */
export function LinkRedemptionNotice({ status }: { status: LoginLinkStatus }) {
  if (status === "checking") {
    return (
      <Stack align="center" py="16" gap="4" role="status" aria-live="polite">
        <Spinner size="lg" color="blue.600" />
        <Text fontWeight="medium">Checking your sign-in link…</Text>
      </Stack>
    );
  }
  if (status === "failed") {
    return (
      <Alert.Root status="error" borderRadius="lg" mb="6">
        <Alert.Indicator />
        <HStack>
          <Alert.Description>{INVALID_LINK_MESSAGE}</Alert.Description>
        </HStack>
      </Alert.Root>
    );
  }
  return null;
}
