import { Alert } from "@chakra-ui/react";

/** Why the last attempt failed, announced as it appears; nothing while there is no failure. */
export function FailureAlert({ message, size }: { message: string | null | undefined; size?: "sm" }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" borderRadius="lg" size={size} role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
