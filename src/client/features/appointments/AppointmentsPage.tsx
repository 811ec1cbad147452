import { Button, Center, EmptyState, Stack } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuLock } from "react-icons/lu";
import { InfoPage } from "../../ui/InfoPage";
import { AppShell } from "../../ui/layout/AppShell";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { useSession } from "../auth/session";

function AuthenticationRequired() {
  useDocumentTitle("Authentication Required");
  return (
    <PublicLayout>
      <Center flex="1" px="4" py="20" bg="gray.50">
        <EmptyState.Root maxW="md" bg="white" borderWidth="1px" borderRadius="2xl" boxShadow="sm">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuLock />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title as="h1">Authentication Required</EmptyState.Title>
              <EmptyState.Description>Please sign in to view your appointments.</EmptyState.Description>
            </Stack>
            <Button asChild colorPalette="blue">
              <Link to="/login">Sign In</Link>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Center>
    </PublicLayout>
  );
}

/** /appointments: the customer's booked visits. The list and cancel dialog land with the appointments release. */
export function AppointmentsPage() {
  const { user } = useSession();
  if (!user) return <AuthenticationRequired />;
  return (
    <AppShell>
      <InfoPage
        eyebrow="Your account"
        title="My Appointments"
        lead="Every visit you book with a salesperson is listed here with its date, time and type, and you can cancel a scheduled appointment up to 2 hours before it starts."
        notice="Your appointment list is being connected to online booking. Until it is, contact a salesperson from their profile to arrange a visit."
        actions={[{ label: "Browse salespeople", to: "/", primary: true }]}
        pointsHeading="What you'll see here"
        points={[
          "Upcoming and past appointments, newest first",
          "The salesperson, dealership and appointment type for each visit",
          "Cancel a scheduled visit up to 2 hours before it starts",
          "Rate the salesperson once an appointment is completed",
        ]}
      />
    </AppShell>
  );
}
