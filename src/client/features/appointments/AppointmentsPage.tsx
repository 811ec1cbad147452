import { Box, Button, Container, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { LuCalendarClock, LuCalendarPlus, LuCalendarX, LuLock } from "react-icons/lu";
import { AppShell } from "../../ui/layout/AppShell";
import { NoticePage } from "../../ui/NoticePage";
import { Notice, panelNotice } from "../../ui/QueryState";
import { dashboardPathFor, type SessionUser, useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { AppointmentList, AppointmentListSkeleton } from "./AppointmentList";
import { appointmentQueries } from "./queries";

function AuthenticationRequired() {
  return (
    <NoticePage
      icon={LuLock}
      title="Authentication Required"
      description="Please sign in to view your appointments."
    >
      <Button asChild colorPalette="blue">
        <Link to="/login">Sign In</Link>
      </Button>
    </NoticePage>
  );
}

function CustomerAppointments() {
  const mine = useSuspenseQuery({ ...appointmentQueries.mine() });
  return (
    <AppointmentList
      side="customer"
      query={mine}
      empty={
        <Notice
          icon={LuCalendarX}
          title="No appointments yet"
          titleAs="h2"
          description="Browse verified salespeople, compare their reviews, and book a car viewing, test drive or financing discussion at a time that suits you."
          descriptionMaxW="sm"
          {...panelNotice(false)}
          py="14"
        >
          <Button asChild colorPalette="blue">
            <Link to="/">Browse salespeople</Link>
          </Button>
        </Notice>
      }
    />
  );
}

function NotACustomer({ user }: { user: SessionUser }) {
  return (
    <Notice
      icon={LuCalendarClock}
      title="This page lists a customer's bookings"
      titleAs="h2"
      description={`You're signed in with a ${user.role} account. The appointments customers book with you are in your dashboard.`}
      descriptionMaxW="sm"
      {...panelNotice(false)}
      py="14"
    >
      <Button asChild colorPalette="blue">
        <Link to={dashboardPathFor(user)}>Go to dashboard</Link>
      </Button>
    </Notice>
  );
}

/** /appointments: the signed-in customer's upcoming and past visits, with cancel and reschedule. */
export function AppointmentsPage() {
  const { user, isLoading } = useSession();
  const signedOut = !user && !isLoading;
  useDocumentTitle(signedOut ? "Authentication Required" : "My Appointments");
  if (signedOut) return <AuthenticationRequired />;
  return (
    <AppShell>
      <Container maxW="4xl" py={{ base: "6", md: "10" }}>
        <Stack gap="6">
          <Flex
            justify="space-between"
            align={{ base: "flex-start", sm: "flex-end" }}
            gap="4"
            direction={{ base: "column", sm: "row" }}
          >
            <Box>
              <Heading as="h1" size="2xl" color="ink" letterSpacing="-0.02em">
                My Appointments
              </Heading>
              <Text color="fg.muted">Times are shown in each dealership's local time.</Text>
            </Box>
            {user?.role === "customer" ? (
              <Button asChild colorPalette="blue" size="sm">
                <Link to="/">
                  <LuCalendarPlus /> Book an appointment
                </Link>
              </Button>
            ) : null}
          </Flex>
          {!user ? (
            <AppointmentListSkeleton />
          ) : user.role === "customer" ? (
            <CustomerAppointments />
          ) : (
            <NotACustomer user={user} />
          )}
        </Stack>
      </Container>
    </AppShell>
  );
}
