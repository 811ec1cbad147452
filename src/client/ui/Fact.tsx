import { Stack, Text, type TextProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * A key/value line of a card: a small muted label over its value. `term` makes the pair a <dt>/<dd> for use
 * inside a <dl>; the rest styles the value.
 */
export function Fact({
  label,
  children,
  term = false,
  ...value
}: { label: string; children: ReactNode; term?: boolean } & TextProps) {
  return (
    <Stack gap="0" minW="0">
      <Text as={term ? "dt" : undefined} fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text as={term ? "dd" : undefined} fontSize="sm" color="ink" overflowWrap="anywhere" {...value}>
        {children}
      </Text>
    </Stack>
  );
}
