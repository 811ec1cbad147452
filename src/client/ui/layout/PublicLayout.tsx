import { Box, Flex } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { ColorModeScope } from "../color-mode";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** Frame of every public page: skip link, sticky header, the page, footer; drawn in the chosen theme. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <ColorModeScope display="flex" flexDirection="column" minH="100dvh">
      <SkipToContent />
      <SiteHeader />
      <Flex as="main" id="main" direction="column" flex="1" tabIndex={-1} outline="none">
        {children}
      </Flex>
      <SiteFooter />
    </ColorModeScope>
  );
}

/** The first stop for keyboard users: jumps past the navigation to the page itself. */
export function SkipToContent() {
  return (
    <Box
      asChild
      position="absolute"
      top="2"
      insetStart="2"
      zIndex="skipLink"
      px="4"
      py="2"
      bg="bg"
      color="fg"
      fontWeight="semibold"
      borderRadius="md"
      boxShadow="md"
      transform="translateY(-200%)"
      _focusVisible={{ transform: "translateY(0)", outline: "2px solid", outlineColor: "brand.focusRing" }}
    >
      <a href="#main">Skip to content</a>
    </Box>
  );
}
