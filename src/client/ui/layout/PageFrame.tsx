import { Box, Container, type ContainerProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useSession } from "../session";
import { AppShell } from "./AppShell";
import { PublicLayout } from "./PublicLayout";

/** For pages open to everyone (e.g. a salesperson profile): the app shell when signed in, else the public frame. */
export function PageFrame({ children }: { children: ReactNode }) {
  const { user } = useSession();
  return user ? <AppShell>{children}</AppShell> : <PublicLayout>{children}</PublicLayout>;
}

/** The grey band under a page's header, its content in a centred column `maxW` wide. */
function GreyBand({
  maxW,
  py,
  children,
}: {
  maxW: ContainerProps["maxW"];
  py: ContainerProps["py"];
  children: ReactNode;
}) {
  return (
    <Box bg="gray.50" flex="1">
      <Container maxW={maxW} py={py}>
        {children}
      </Container>
    </Box>
  );
}

/** A page open to everyone on the grey band: its content in a centred column, `6xl` wide unless `maxW` says. */
export function GreyPage({
  maxW = "6xl",
  py = { base: "6", md: "10" },
  children,
}: {
  maxW?: ContainerProps["maxW"];
  py?: ContainerProps["py"];
  children: ReactNode;
}) {
  return (
    <PageFrame>
      <GreyBand maxW={maxW} py={py}>
        {children}
      </GreyBand>
    </PageFrame>
  );
}

/**
 * A public page that is one panel on the grey band (signing in, confirming an e-mailed link): always the public
 * frame, and a centred column `maxW` wide for the panel.
 */
export function PanelPage({ maxW, children }: { maxW: ContainerProps["maxW"]; children: ReactNode }) {
  return (
    <PublicLayout>
      <GreyBand maxW={maxW} py={{ base: "8", md: "16" }}>
        {children}
      </GreyBand>
    </PublicLayout>
  );
}
