// Tooltip snippet with the spec's timing: opens after 700 ms, closes 300 ms after the pointer leaves.
import { Tooltip as ChakraTooltip, Portal } from "@chakra-ui/react";
import type { ReactNode } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_CLOSE_DELAY_MS = 300;

type TooltipProps = {
  content: ReactNode;
  children: ReactNode;
  disabled?: boolean;
};

export function Tooltip({ content, children, disabled }: TooltipProps) {
  if (disabled) return <>{children}</>;
  return (
    <ChakraTooltip.Root openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS}>
      <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
