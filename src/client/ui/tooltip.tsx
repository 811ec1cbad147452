// Tooltip snippet with the product's timing (docs/product/interface.md#tooltips): opens after 700 ms, and opens at once when
// another tooltip closed less than 300 ms ago (the 'skip delay', so scanning a toolbar isn't slow).
import { Tooltip as ChakraTooltip, Portal } from "@chakra-ui/react";
import { tooltipSlotRecipe } from "@chakra-ui/react/theme";
import { type ReactNode, useState } from "react";

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
/** Long enough to move the pointer onto the tooltip (WCAG 1.4.13: hoverable), short enough to feel immediate. */
export const TOOLTIP_CLOSE_DELAY_MS = 150;

let lastClosedAt = Number.NEGATIVE_INFINITY;

/** The open delay for a tooltip about to open: none if another one closed within the skip delay. */
export function tooltipOpenDelay(now = Date.now()): number {
  return now - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_OPEN_DELAY_MS;
}

type TooltipProps = {
  content: ReactNode;
  children: ReactNode;
  disabled?: boolean;
  /** Class of the portal, e.g. the colour mode of the page it belongs to. */
  portalClassName?: string;
};

export function Tooltip({ content, children, disabled, portalClassName }: TooltipProps) {
  const [openDelay, setOpenDelay] = useState(TOOLTIP_OPEN_DELAY_MS);
  if (disabled) return <>{children}</>;
  return (
    <ChakraTooltip.Root
      recipe={tooltipSlotRecipe}
      openDelay={openDelay}
      closeDelay={TOOLTIP_CLOSE_DELAY_MS}
      interactive
      onOpenChange={(details) => {
        if (!details.open) lastClosedAt = Date.now();
      }}
    >
      <ChakraTooltip.Trigger asChild onPointerEnter={() => setOpenDelay(tooltipOpenDelay())}>
        {children}
      </ChakraTooltip.Trigger>
      <Portal>
        <ChakraTooltip.Positioner className={portalClassName}>
          <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
        </ChakraTooltip.Positioner>
      </Portal>
    </ChakraTooltip.Root>
  );
}
