import { HStack, Icon, type StackProps, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

/** A short fact after its icon: a salesperson's town, years of experience, a pressure score. */
export function IconText({
  icon: FactIcon,
  iconSize = "3.5",
  iconColor,
  truncate = false,
  children,
  ...stack
}: {
  icon: IconType;
  iconSize?: "3.5" | "4";
  iconColor?: string;
  /** One line, cut with an ellipsis (a card's narrow column). */
  truncate?: boolean;
  children: ReactNode;
} & StackProps) {
  return (
    <HStack gap="1" {...stack}>
      <Icon boxSize={iconSize} color={iconColor}>
        <FactIcon />
      </Icon>
      <Text truncate={truncate}>{children}</Text>
    </HStack>
  );
}
