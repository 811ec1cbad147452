import { Flex } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** Frame of every public page: sticky header, the page, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      <SiteHeader />
      <Flex as="main" id="main" direction="column" flex="1">
        {children}
      </Flex>
      <SiteFooter />
    </Flex>
  );
}
