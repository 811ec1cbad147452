import { Flex, Heading, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** A dashboard tab's heading and one-line description, with the tab's main action (or figures) beside it. */
export function PanelHeader({
  title,
  description,
  align = "flex-end",
  children,
}: {
  title: string;
  description: ReactNode;
  /** How the action lines up with the text from tablets up. */
  align?: "flex-end" | "center";
  children?: ReactNode;
}) {
  return (
    <Flex
      justify="space-between"
      align={{ base: "flex-start", md: align }}
      direction={{ base: "column", md: "row" }}
      gap="3"
    >
      <Stack gap="0.5">
        <Heading as="h2" size="lg" color="ink">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Stack>
      {children}
    </Flex>
  );
}
