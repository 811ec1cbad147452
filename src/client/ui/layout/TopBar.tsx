import { Box, type BoxProps, Container, type ContainerProps } from "@chakra-ui/react";
import { type ComponentType, createContext, type ReactNode } from "react";

/**
 * What the signed-in top bar shows beside the account, provided by the app (the notification bell, loaded
 * after the page), so the frame depends on no feature.
 */
export const TopBarExtra = createContext<ComponentType | null>(null);

/** The bar at the top of every page: the logo, navigation and account actions in one sticky row. */
export function TopBar({
  bar,
  container,
  children,
}: {
  /** The bar's own look (background, blur). */
  bar?: BoxProps;
  /** The row's padding and gaps. */
  container?: ContainerProps;
  children: ReactNode;
}) {
  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      borderBottomWidth="1px"
      borderColor="border.muted"
      {...bar}
    >
      <Container
        maxW="7xl"
        h="16"
        display="flex"
        alignItems="center"
        justifyContent="space-between"
        gap="4"
        {...container}
      >
        {children}
      </Container>
    </Box>
  );
}
