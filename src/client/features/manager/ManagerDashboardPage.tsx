import { Box, Button, Center, Container, EmptyState, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuShieldX } from "react-icons/lu";
import { InfoPage } from "../../ui/InfoPage";
import { AppShell } from "../../ui/layout/AppShell";
import { PageFrame } from "../../ui/layout/PageFrame";
import { actionsLedBy, DEALERSHIP_FAQ, DEALERSHIP_PLANS } from "../../ui/pageActions";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { MisconductCasesPanel } from "../reports";

function AccessDenied() {
  useDocumentTitle("Access Denied");
  return (
    <PageFrame>
      <Center flex="1" px="4" py="20">
        <EmptyState.Root maxW="md" bg="white" borderWidth="1px" borderRadius="2xl" boxShadow="sm">
          <EmptyState.Content>
            <EmptyState.Indicator color="red.500">
              <LuShieldX />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title as="h1">Access Denied</EmptyState.Title>
              <EmptyState.Description>
                The manager dashboard is only available to dealership managers. Ask your dealership to set you
                up as its manager if you need access.
              </EmptyState.Description>
            </Stack>
            <Button asChild colorPalette="blue">
              <Link to="/">Back to home</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Center>
    </PageFrame>
  );
}

/** /manager-dashboard and /manager/dashboard: managers only; the team tools arrive with the manager release. */
export function ManagerDashboardPage() {
  const { user } = useSession();
  if (user?.role !== "manager") return <AccessDenied />;
  return (
    <AppShell>
      <InfoPage
        eyebrow="Manager dashboard"
        title="Your dealership team"
        lead="Run your sales team from one place: see how each salesperson is rated, add and remove team members, and keep your dealership's details current."
        pointsHeading="Dashboard sections"
        points={[
          "Overview: team size, average rating, total reviews and your plan",
          "Sales Team: add salespeople and manage who is on your team",
          "Performance: top, average and developing performers with a leaderboard",
          "Location Info: address, phone, website and local team size",
        ]}
        actions={actionsLedBy(DEALERSHIP_PLANS, DEALERSHIP_FAQ)}
      />
      <Box bg="gray.50" borderTopWidth="1px" borderColor="border.muted">
        <Container maxW="5xl" py={{ base: "6", md: "10" }}>
          <MisconductCasesPanel />
        </Container>
      </Box>
    </AppShell>
  );
}
