// A popover that drops from a button in a bar or a card (the top bar's notifications, a card's favourite heart).
import { Popover, Portal } from "@chakra-ui/react";
import { popoverSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";

/**
 * A popover under its `trigger`, aligned to the trigger's right edge and drawn in a portal: `content` styles the
 * panel, `children` fill it (with `MenuPopover.Body` and the other parts); the rest (`open`, `onOpenChange`) goes
 * to the popover's root, which gives the parts their recipe.
 */
function MenuPopoverRoot({
  trigger,
  content,
  children,
  ...root
}: Omit<Popover.RootProps, "children" | "recipe" | "positioning"> & {
  trigger: ReactNode;
  content?: Popover.ContentProps;
  children: ReactNode;
}) {
  return (
    <Popover.Root recipe={popoverSlotRecipe} positioning={{ placement: "bottom-end" }} {...root}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content {...content}>{children}</Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

export const MenuPopover = Object.assign(MenuPopoverRoot, {
  Arrow: Popover.Arrow,
  Header: Popover.Header,
  Title: Popover.Title,
  Body: Popover.Body,
});
