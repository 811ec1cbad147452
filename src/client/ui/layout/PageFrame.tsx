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
      <Box bg="gray.50" flex="1">
        <Container maxW={maxW} py={py}>
          {children}
        </Container>
      </Box>
    </PageFrame>
  );
}
