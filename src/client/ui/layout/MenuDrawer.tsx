import { CloseButton, Drawer, type DrawerPositionerProps, Portal, Stack, Text } from "@chakra-ui/react";
import { drawerSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";

/** The menu that slides in from the side on small screens: a title, the navigation, and account actions. */
export function MenuDrawer({
  open,
  onOpenChange,
  trigger,
  subtitle,
  footer,
  children,
  finalFocusEl,
  positioner,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when it lives with the drawer. */
  trigger?: ReactNode;
  /** A line under "Menu" (e.g. who is signed in). */
  subtitle?: string;
  footer: ReactNode;
  children: ReactNode;
  finalFocusEl?: () => HTMLElement | null;
  positioner?: DrawerPositionerProps;
}) {
  return (
    <Drawer.Root
      recipe={drawerSlotRecipe}
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="end"
      size="xs"
      finalFocusEl={finalFocusEl}
    >
      {trigger ? <Drawer.Trigger asChild>{trigger}</Drawer.Trigger> : null}
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner {...positioner}>
          <Drawer.Content>
            <Drawer.Header>
              <Stack gap="0" pe="8" minW="0">
                <Drawer.Title>Menu</Drawer.Title>
                {subtitle ? (
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {subtitle}
                  </Text>
                ) : null}
              </Stack>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.Footer flexDirection="column" alignItems="stretch" gap="2">
              {footer}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
