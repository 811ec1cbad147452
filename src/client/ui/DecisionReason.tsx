import { Text, type TextProps } from "@chakra-ui/react";

/** The reason given with a decision (a transfer, an application) ("Reason: …"), or nothing when none was given. */
export function DecisionReason({ reason, ...text }: { reason: string | null } & TextProps) {
  if (!reason) return null;
  return (
    <Text whiteSpace="pre-line" {...text}>
      <Text as="span" fontWeight="medium">
        Reason:
      </Text>{" "}
      {reason}
    </Text>
  );
}
