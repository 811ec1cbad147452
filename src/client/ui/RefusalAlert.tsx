// A refusal the server worded so that it says what to do, shown where it happened (a row, a dialog).
import { Alert } from "@chakra-ui/react";

export function RefusalAlert({ message }: { message: string }) {
  return (
    <Alert.Root status="error" borderRadius="md" size="sm" role="alert">
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}
