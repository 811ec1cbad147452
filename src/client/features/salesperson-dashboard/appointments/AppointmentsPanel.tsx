import {
  Badge,
  Box,
  Button,
  Card,
  EmptyState,
  Flex,
  Heading,
  HStack,
  Icon,
  Link,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { useState } from "react";
import {
  LuCalendarX,
  LuCheck,
  LuClock,
  LuInfo,
  LuMail,
  LuPhone,
  LuRefreshCw,
  LuStickyNote,
  LuTriangleAlert,
  LuUserX,
  LuX,
} from "react-icons/lu";
import type { AppointmentView } from "../../../../shared/schemas/appointments";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { CANCELLATION_WINDOW_HOURS } from "../../../../shared/slots";
import { trpc } from "../../../trpc";
import { DateTile } from "../../../ui/DateTile";
import { showToast } from "../../../ui/toaster";
import {
  apiErrorCause,
  appointmentStatusStyle,
  appointmentWhen,
  timesInLabel,
} from "../../appointments/format";
import { ConfirmDialog } from "../ConfirmDialog";
import { useDashboardRefresh } from "../useDashboardRefresh";
import { isFullView, splitSalespersonAppointments } from "./appointmentLists";
import { SalespersonCancelDialog } from "./SalespersonCancelDialog";

type Outcome = "completed" | "no-show";
type Actions = {
  onOutcome: (appointment: AppointmentView, outcome: Outcome) => void;
  onCancel: (appointment: AppointmentView) => void;
};

function StatusPill({ appointment, overdue }: { appointment: AppointmentView; overdue: boolean }) {
  if (overdue) {
    return (
      <Badge colorPalette="purple" variant="subtle" borderRadius="full" px="2.5" size="md">
        Awaiting outcome
      </Badge>
    );
  }
  const style = appointmentStatusStyle(appointment.status);
  return (
    <Badge colorPalette={style.palette} variant="subtle" borderRadius="full" px="2.5" size="md">
      {style.label}
    </Badge>
  );
}

function ContactLine({ appointment }: { appointment: AppointmentView }) {
  return (
    <Flex gap={{ base: "1", sm: "4" }} direction={{ base: "column", sm: "row" }} fontSize="sm" wrap="wrap">
      <HStack gap="1.5" minW="0">
        <Icon boxSize="3.5" color="fg.muted" aria-hidden>
          <LuPhone />
        </Icon>
        <Link href={`tel:${appointment.customerPhone}`} color="blue.700">
          {appointment.customerPhone}
        </Link>
      </HStack>
      {appointment.customerEmail ? (
        <HStack gap="1.5" minW="0">
          <Icon boxSize="3.5" color="fg.muted" aria-hidden>
            <LuMail />
          </Icon>
          <Link href={`mailto:${appointment.customerEmail}`} color="blue.700" truncate>
            {appointment.customerEmail}
          </Link>
        </HStack>
      ) : null}
    </Flex>
  );
}

function AppointmentItem({
  appointment,
  upcoming,
  onOutcome,
  onCancel,
}: { appointment: AppointmentView; upcoming: boolean } & Actions) {
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  const scheduled = appointment.status === "scheduled";
  const overdue = scheduled && !upcoming;
  const cancelLocked = scheduled && upcoming && !appointment.canCancel;
  const hintId = `salesperson-appointment-${appointment.id}-hint`;
  return (
    <Card.Root
      as="article"
      aria-label={`${appointment.appointmentType} with ${appointment.customerName} on ${when.date}`}
      borderRadius="xl"
      borderColor={overdue ? "purple.200" : "border.muted"}
      boxShadow="xs"
      bg="white"
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="3">
        <Flex gap="4" align="flex-start">
          <DateTile month={when.month} day={when.day} muted={!upcoming} />
          <Stack gap="1.5" minW="0" flex="1">
            <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
              <Box minW="0">
                <Text fontWeight="semibold" color="ink" lineHeight="short">
                  {appointment.customerName}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {appointment.appointmentType}
                </Text>
              </Box>
              <StatusPill appointment={appointment} overdue={overdue} />
            </Flex>
            <HStack gap="1.5" fontSize="sm" color="fg" align="flex-start">
              <Icon boxSize="3.5" mt="0.5" color="fg.muted" flexShrink={0} aria-hidden>
                <LuClock />
              </Icon>
              <time dateTime={appointment.scheduledDateTime}>
                {when.date} ·{" "}
                <Box as="span" whiteSpace="nowrap">
                  {when.time} {when.zoneAbbr}
                </Box>
              </time>
            </HStack>
            <ContactLine appointment={appointment} />
            {appointment.notes ? (
              <HStack gap="1.5" fontSize="sm" color="fg.muted" align="flex-start">
                <Icon boxSize="3.5" mt="0.5" flexShrink={0} aria-hidden>
                  <LuStickyNote />
                </Icon>
                <Text>{appointment.notes}</Text>
              </HStack>
            ) : null}
            {appointment.status === "cancelled" ? (
              <Text fontSize="sm" color="fg.muted">
                {appointment.cancelledBy === "salesperson" ? "Cancelled by you" : "Cancelled by the customer"}
                {appointment.cancellationReason ? ` · “${appointment.cancellationReason}”` : ""}
              </Text>
            ) : null}
          </Stack>
        </Flex>
        {scheduled ? (
          <Flex
            gap="2"
            wrap="wrap"
            justify={{ base: "stretch", sm: "flex-end" }}
            pt="3"
            borderTopWidth="1px"
            borderColor="border.muted"
          >
            <Button
              size="sm"
              colorPalette="green"
              flex={{ base: "1", sm: "none" }}
              onClick={() => onOutcome(appointment, "completed")}
            >
              <LuCheck /> Complete
            </Button>
            {upcoming ? null : (
              // Whether a customer failed to turn up is only known once the start has passed.
              <Button
                size="sm"
                variant="outline"
                colorPalette="orange"
                flex={{ base: "1", sm: "none" }}
                onClick={() => onOutcome(appointment, "no-show")}
              >
                <LuUserX /> No-show
              </Button>
            )}
            {upcoming ? (
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                flex={{ base: "1", sm: "none" }}
                onClick={() => onCancel(appointment)}
                disabled={cancelLocked}
                aria-describedby={cancelLocked ? hintId : undefined}
              >
                <LuX /> Cancel
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {cancelLocked ? (
          <HStack
            id={hintId}
            gap="2"
            fontSize="sm"
            color="fg.muted"
            bg="gray.50"
            borderRadius="md"
            px="3"
            py="2"
          >
            <LuInfo aria-hidden />
            <Text>
              Cancelling closes {CANCELLATION_WINDOW_HOURS} hours before the start. Call the customer if plans
              change.
            </Text>
          </HStack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function AppointmentSection({
  title,
  description,
  emptyText,
  appointments,
  upcoming,
  ...actions
}: {
  title: string;
  description: string;
  emptyText: string;
  appointments: AppointmentView[];
  upcoming: boolean;
} & Actions) {
  const headingId = `salesperson-appointments-${title.toLowerCase()}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Flex justify="space-between" align="baseline" gap="1" direction={{ base: "column", sm: "row" }}>
        <Heading as="h3" id={headingId} size="md" color="ink">
          {title}{" "}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({appointments.length})
          </Text>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Flex>
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
          bg="white"
        >
          {emptyText}
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

const OUTCOME_TEXT: Record<Outcome, { title: string; confirm: string; pending: string; done: string }> = {
  completed: {
    title: "Mark as completed?",
    confirm: "Mark completed",
    pending: "Saving...",
    done: "marked as completed. The customer can now rate the visit.",
  },
  "no-show": {
    title: "Mark as no-show?",
    confirm: "Mark no-show",
    pending: "Saving...",
    done: "marked as a no-show.",
  },
};

/** Appointments tab: upcoming and past visits; Complete, No-show and Cancel with the spec's dialogs. */
export function AppointmentsPanel({ salesperson }: { salesperson: SalespersonDetail }) {
  const list = trpc.appointments.forSalesperson.useQuery(
    { id: salesperson.id },
    { refetchOnMount: "always" },
  );
  const refresh = useDashboardRefresh();
  const [pendingOutcome, setPendingOutcome] = useState<{
    appointment: AppointmentView;
    outcome: Outcome;
  } | null>(null);
  const [outcomeOpen, setOutcomeOpen] = useState(false);
  const [cancelling, setCancelling] = useState<AppointmentView | null>(null);
  const [cancelOpen, setCancelOpen] = useState(false);

  const updateStatus = trpc.appointments.updateStatus.useMutation({
    onSuccess: async (updated) => {
      const text = OUTCOME_TEXT[updated.status as Outcome] ?? OUTCOME_TEXT.completed;
      showToast({
        title: "Appointment Updated",
        description: `${updated.customerName}'s ${updated.appointmentType} was ${text.done}`,
        variant: "success",
      });
      setOutcomeOpen(false);
      await refresh.afterAppointmentChange();
    },
    onError: (error) => {
      const explained = apiErrorCause(error) === "NOT_SCHEDULED";
      showToast({
        title: "Update Failed",
        description: explained ? error.message : "Failed to update appointment",
        variant: "destructive",
      });
      if (explained) {
        setOutcomeOpen(false);
        void refresh.afterAppointmentChange();
      }
    },
  });

  const actions: Actions = {
    onOutcome: (appointment, outcome) => {
      setPendingOutcome({ appointment, outcome });
      setOutcomeOpen(true);
    },
    onCancel: (appointment) => {
      setCancelling(appointment);
      setCancelOpen(true);
    },
  };

  if (list.isPending) {
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading appointments">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height="28" borderRadius="xl" />
        ))}
      </Stack>
    );
  }
  if (list.isError) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white">
        <EmptyState.Content>
          <EmptyState.Indicator color="red.500">
            <LuTriangleAlert />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1">
            <EmptyState.Title>We couldn't load your appointments</EmptyState.Title>
            <EmptyState.Description>Check your connection and try again.</EmptyState.Description>
          </Stack>
          <Button variant="outline" onClick={() => void list.refetch()}>
            <LuRefreshCw /> Try again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  const mine = (
    list.data as (AppointmentView | { id: number; scheduledDateTime: string; status: string })[]
  ).filter(isFullView);
  const { upcoming, past, awaitingOutcome } = splitSalespersonAppointments(mine);
  const outcome = pendingOutcome ? OUTCOME_TEXT[pendingOutcome.outcome] : null;
  const outcomeWhen = pendingOutcome
    ? appointmentWhen(pendingOutcome.appointment.scheduledDateTime, pendingOutcome.appointment.timeZone)
    : null;

  return (
    <Stack gap="6">
      <Flex
        justify="space-between"
        align={{ base: "flex-start", md: "flex-end" }}
        direction={{ base: "column", md: "row" }}
        gap="2"
      >
        <Stack gap="0.5">
          <Heading as="h2" size="lg" color="ink">
            Appointments
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {timesInLabel(salesperson.timeZone)}. Bookings from the last 90 days and everything ahead.
          </Text>
        </Stack>
        {awaitingOutcome > 0 ? (
          <Badge colorPalette="purple" variant="subtle" size="lg" borderRadius="full" px="3">
            {awaitingOutcome} awaiting an outcome
          </Badge>
        ) : null}
      </Flex>
      {mine.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="xl" bg="white" py="12">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuCalendarX />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title as="h3">No appointments yet</EmptyState.Title>
              <EmptyState.Description maxW="sm">
                When buyers book a car viewing, test drive or financing discussion with you, it shows up here.
                A complete profile and photo help them choose you.
              </EmptyState.Description>
            </Stack>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <>
          <AppointmentSection
            title="Upcoming"
            description={`Cancel up to ${CANCELLATION_WINDOW_HOURS} hours before the start.`}
            emptyText="Nothing booked ahead right now."
            appointments={upcoming}
            upcoming
            {...actions}
          />
          <AppointmentSection
            title="Past"
            description="Mark visits that have happened as completed or no-show."
            emptyText="Completed, cancelled and earlier visits will show up here."
            appointments={past}
            upcoming={false}
            {...actions}
          />
        </>
      )}
      <ConfirmDialog
        open={outcomeOpen}
        onOpenChange={setOutcomeOpen}
        title={outcome?.title ?? ""}
        description={
          pendingOutcome && outcomeWhen
            ? `${pendingOutcome.appointment.customerName}'s ${pendingOutcome.appointment.appointmentType} on ${outcomeWhen.date} at ${outcomeWhen.time} ${outcomeWhen.zoneAbbr}. This can't be undone.`
            : ""
        }
        confirmLabel={outcome?.confirm ?? "Confirm"}
        pendingLabel={outcome?.pending ?? "Saving..."}
        palette={pendingOutcome?.outcome === "no-show" ? "orange" : "green"}
        isPending={updateStatus.isPending}
        onConfirm={() => {
          if (pendingOutcome)
            updateStatus.mutate({ id: pendingOutcome.appointment.id, status: pendingOutcome.outcome });
        }}
      />
      <SalespersonCancelDialog appointment={cancelling} open={cancelOpen} onOpenChange={setCancelOpen} />
    </Stack>
  );
}
