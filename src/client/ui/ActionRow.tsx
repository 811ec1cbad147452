import { Flex, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";

/**
 * One item of a list that waits for an answer (an invitation, a registration to confirm): what it is on the
 * left, its buttons on the right, stacked on a phone. Goes inside a `<Stack as="ul" listStyleType="none">`.
 */
export function ActionRow({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <Flex
      as="li"
      gap="3"
      justify="space-between"
      align={{ base: "stretch", sm: "center" }}
      direction={{ base: "column", sm: "row" }}
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      p="3"
    >
      <Stack gap="0.5" minW="0">
        {children}
      </Stack>
      {actions}
    </Flex>
  );
}
