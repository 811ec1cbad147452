import { Box, Container, type ContainerProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PublicLayout } from "./PublicLayout";

/**
 * A public page that is one panel on a grey band (signing in, confirming an e-mailed link): the site's frame,
 * the band, and a centred column `maxW` wide for the panel.
 */
export function PanelPage({ maxW, children }: { maxW: ContainerProps["maxW"]; children: ReactNode }) {
  return (
    <PublicLayout>
      <Box flex="1" bg="gray.50" py={{ base: "8", md: "16" }}>
        <Container maxW={maxW}>{children}</Container>
      </Box>
    </PublicLayout>
  );
}
