import { Alert, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { INVALID_LINK_MESSAGE, type LinkRedemptionState } from "./useLoginLinkRedemption";

/** What the visitor sees while a sign-in link is being checked, or after it failed. */
export function LinkRedemptionNotice({ state }: { state: LinkRedemptionState }) {
  if (state === "redeeming") {
    return (
      <Stack align="center" py="16" gap="4" role="status" aria-live="polite">
        <Spinner size="lg" color="blue.600" />
        <Text fontWeight="medium">Signing you in…</Text>
      </Stack>
    );
  }
  if (state === "failed") {
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
