import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  Link as ChakraLink,
  Container,
  EmptyState,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  LuCalendarClock,
  LuCalendarPlus,
  LuCalendarX,
  LuInfo,
  LuLock,
  LuRefreshCw,
  LuTriangleAlert,
} from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { trpc } from "../../trpc";
import { AppShell } from "../../ui/layout/AppShell";
import { PublicLayout } from "../../ui/layout/PublicLayout";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { dashboardPathFor, type SessionUser, useSession } from "../auth/session";
import { AppointmentSummary } from "./AppointmentSummary";
import { CancelAppointmentDialog } from "./CancelAppointmentDialog";
import { appointmentStatusStyle, appointmentWhen } from "./format";
import { RescheduleAppointmentDialog } from "./RescheduleAppointmentDialog";

function AuthenticationRequired() {
  return (
    <PublicLayout>
      <Center flex="1" px="4" py="20" bg="bg.subtle">
        <EmptyState.Root maxW="md" bg="bg.panel" borderWidth="1px" borderRadius="2xl" boxShadow="sm">
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

function StatusPill({ status }: { status: string }) {
  const style = appointmentStatusStyle(status);
  return (
    <Badge colorPalette={style.palette} variant="subtle" borderRadius="full" px="2.5" size="md">
      {style.label}
    </Badge>
  );
}

type Actions = {
  onCancel: (appointment: AppointmentView) => void;
  onReschedule: (appointment: AppointmentView) => void;
};

function AppointmentItem({
  appointment,
  upcoming,
  onCancel,
  onReschedule,
}: { appointment: AppointmentView; upcoming: boolean } & Actions) {
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  const scheduled = appointment.status === "scheduled";
  const locked = scheduled && upcoming && !appointment.canCancel;
  const hintId = `appointment-${appointment.id}-locked`;
  return (
    <Card.Root
      as="article"
      aria-label={`${appointment.appointmentType} with ${appointment.salespersonName} on ${when.date}`}
      borderRadius="xl"
      borderColor="border.muted"
      boxShadow="xs"
      bg="bg.panel"
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="3">
        <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ md: "center" }}>
          <Box flex="1" minW="0">
            <AppointmentSummary appointment={appointment} linkSalesperson muted={!upcoming} />
          </Box>
          <Flex
            gap="3"
            direction={{ base: "row", md: "column" }}
            align={{ base: "center", md: "flex-end" }}
            justify={{ base: "space-between", md: "center" }}
            flexShrink={0}
            ps={{ base: "18", md: "0" }}
          >
            <StatusPill status={appointment.status} />
            {scheduled && upcoming ? (
              <HStack gap="2">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onReschedule(appointment)}
                  disabled={locked}
                  aria-describedby={locked ? hintId : undefined}
                >
                  Reschedule
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  onClick={() => onCancel(appointment)}
                  disabled={locked}
                  aria-describedby={locked ? hintId : undefined}
                >
                  Cancel
                </Button>
              </HStack>
            ) : null}
          </Flex>
        </Flex>
        {locked ? (
          <HStack
            id={hintId}
            gap="2"
            fontSize="sm"
            color="fg.muted"
            bg="bg.subtle"
            borderRadius="md"
            px="3"
            py="2"
          >
            <LuInfo aria-hidden />
            <Text>
              Changes close {CANCELLATION_WINDOW_HOURS} hours before the start. Contact{" "}
              {appointment.salespersonName} if your plans change.
            </Text>
          </HStack>
        ) : null}
        {appointment.status === "cancelled" ? (
          <Text fontSize="sm" color="fg.muted" ps={{ base: "0", sm: "18" }}>
            {appointment.cancelledBy === "salesperson" ? "Cancelled by the salesperson" : "Cancelled by you"}
            {appointment.cancellationReason ? ` · “${appointment.cancellationReason}”` : ""}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function AppointmentSection({
  title,
  description,
  appointments,
  upcoming,
  ...actions
}: {
  title: string;
  description: string;
  appointments: AppointmentView[];
  upcoming: boolean;
} & Actions) {
  const headingId = `appointments-${title.toLowerCase()}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <HStack justify="space-between" align="baseline" gap="3" flexWrap="wrap">
        <Heading as="h2" id={headingId} size="md" color="ink">
          {title}{" "}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({appointments.length})
          </Text>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </HStack>
      {appointments.length === 0 ? (
        <Box
          borderWidth="1px"
          borderStyle="dashed"
          borderColor="border.emphasized"
          borderRadius="xl"
          px="5"
          py="6"
          textAlign="center"
          color="fg.muted"
          fontSize="sm"
          bg="bg.panel"
        >
          {upcoming ? (
            <Text>
              Nothing booked right now.{" "}
              <ChakraLink asChild color="blue.fg" fontWeight="medium">
                <Link to="/">Find a salesperson</Link>
              </ChakraLink>{" "}
              to schedule your next visit.
            </Text>
          ) : (
            <Text>Completed and cancelled visits will show up here.</Text>
          )}
        </Box>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {appointments.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentItem appointment={appointment} upcoming={upcoming} {...actions} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="3" aria-busy="true" aria-label="Loading appointments">
      {[0, 1, 2].map((i) => (
        <Card.Root key={i} borderRadius="xl" borderColor="border.muted">
          <Card.Body p="5">
            <Flex gap="4">
              <Skeleton boxSize="14" borderRadius="lg" />
              <Stack flex="1" gap="2">
                <Skeleton height="4" width="50%" />
                <Skeleton height="3.5" width="70%" />
                <Skeleton height="3.5" width="35%" />
              </Stack>
            </Flex>
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}

/** Splits a customer's appointments: scheduled ones still ahead (soonest first), and everything else. */
function splitAppointments(all: AppointmentView[], now = Date.now()) {
  const upcoming = all
    .filter((a) => a.status === "scheduled" && Date.parse(a.scheduledDateTime) > now)
    .sort((a, b) => Date.parse(a.scheduledDateTime) - Date.parse(b.scheduledDateTime));
  const upcomingIds = new Set(upcoming.map((a) => a.id));
  const past = all
    .filter((a) => !upcomingIds.has(a.id))
    .sort((a, b) => Date.parse(b.scheduledDateTime) - Date.parse(a.scheduledDateTime));
  return { upcoming, past };
}

function CustomerAppointments() {
  const mine = trpc.appointments.mine.useQuery(undefined, { refetchOnMount: "always" });
  const [cancelling, setCancelling] = useState<AppointmentView | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [moving, setMoving] = useState<AppointmentView | null>(null);
  const [moveOpen, setMoveOpen] = useState(false);

  const actions: Actions = {
    onCancel: (appointment) => {
      setCancelling(appointment);
      setCancelOpen(true);
    },
    onReschedule: (appointment) => {
      setMoving(appointment);
      setMoveOpen(true);
    },
  };

  if (mine.isPending) return <ListSkeleton />;
  if (mine.isError) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="bg.panel">
        <EmptyState.Content>
          <EmptyState.Indicator color="fg.error">
            <LuTriangleAlert />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title>We couldn't load your appointments</EmptyState.Title>
            <EmptyState.Description>Check your connection and try again.</EmptyState.Description>
          </Stack>
          <Button variant="outline" onClick={() => void mine.refetch()}>
            <LuRefreshCw /> Try again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  if (mine.data.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="bg.panel" py="14">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuCalendarX />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title as="h2">No appointments yet</EmptyState.Title>
            <EmptyState.Description maxW="sm">
              Browse verified salespeople, compare their reviews, and book a car viewing, test drive or
              financing discussion at a time that suits you.
            </EmptyState.Description>
          </Stack>
          <Button asChild colorPalette="blue">
            <Link to="/">Browse salespeople</Link>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  const { upcoming, past } = splitAppointments(mine.data);
  return (
    <Stack gap="8">
      <AppointmentSection
        title="Upcoming"
        description={`Cancel or reschedule up to ${CANCELLATION_WINDOW_HOURS} hours before the start.`}
        appointments={upcoming}
        upcoming
        {...actions}
      />
      <AppointmentSection
        title="Past"
        description="Completed, cancelled and earlier visits."
        appointments={past}
        upcoming={false}
        {...actions}
      />
      <CancelAppointmentDialog appointment={cancelling} open={cancelOpen} onOpenChange={setCancelOpen} />
      <RescheduleAppointmentDialog appointment={moving} open={moveOpen} onOpenChange={setMoveOpen} />
    </Stack>
  );
}

function NotACustomer({ user }: { user: SessionUser }) {
  return (
    <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="bg.panel" py="14">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuCalendarClock />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title as="h2">This page lists a customer's bookings</EmptyState.Title>
          <EmptyState.Description maxW="sm">
            You're signed in with a {user.role} account. The appointments customers book with you are in your
            dashboard.
          </EmptyState.Description>
        </Stack>
        <Button asChild colorPalette="blue">
          <Link to={dashboardPathFor(user)}>Go to dashboard</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
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
            <ListSkeleton />
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
