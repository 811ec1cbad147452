import { Box, Container, type ContainerProps } from "@chakra-ui/react";

/**
 * A full-width white band under the app's top bar, its content in the page's width: a dashboard's header,
 * or (`sticky`) its row of tabs, which stays in view below the top bar.
 */
export function PageBand({
  sticky = false,
  stickyTop = "16",
  children,
  ...container
}: {
  sticky?: boolean /** "0" on a page without the app's top bar. */;
  stickyTop?: "0" | "16";
} & ContainerProps) {
  return (
    <Box
      bg="white"
      borderBottomWidth="1px"
      borderColor="border.muted"
      position={sticky ? "sticky" : undefined}
      top={sticky ? stickyTop : undefined}
      zIndex={sticky ? "docked" : undefined}
    >
      <Container maxW="7xl" {...container}>
        {children}
      </Container>
    </Box>
  );
}
