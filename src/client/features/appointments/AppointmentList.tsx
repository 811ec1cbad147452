// One list of appointments for both sides of a visit: the customer's /appointments and the salesperson
// dashboard's Appointments tab. Upcoming and past visits, each with what that side may do to it.
import {
  Box,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuInfo } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { appointmentWhen } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { useDialogSubject } from "../../ui/useDialogSubject";
import {
  type Actions,
  type AppointmentSide,
  CancelledLine,
  CustomerVisit,
  type Outcome,
  SalespersonVisit,
} from "./AppointmentVisits";
import { splitAppointments } from "./appointmentLists";
import { CancelAppointmentDialog } from "./CancelAppointmentDialog";
import { OutcomeDialog } from "./OutcomeDialog";
import { RescheduleAppointmentDialog } from "./RescheduleAppointmentDialog";
import { useInvalidateAppointments } from "./useAppointmentCaches";

type Section = { description: string; empty: ReactNode };

/** The side-specific words and layout; everything else is shared. */
const SIDES: Record<
  AppointmentSide,
  {
    headingAs: "h2" | "h3";
    otherName: (a: AppointmentView) => string;
    lockedHint: (a: AppointmentView) => string;
    upcoming: Section;
    past: Section;
  }
> = {
  customer: {
    headingAs: "h2",
    otherName: (a) => a.salespersonName,
    lockedHint: (a) =>
      `Changes close ${CANCELLATION_WINDOW_HOURS} hours before the start. Contact ${a.salespersonName} if your plans change.`,
    upcoming: {
      description: `Cancel or reschedule up to ${CANCELLATION_WINDOW_HOURS} hours before the start.`,
      empty: (
        <Text>
          Nothing booked right now.{" "}
          <ChakraLink asChild color="blue.fg" fontWeight="medium">
            <Link to="/">Find a salesperson</Link>
          </ChakraLink>{" "}
          to schedule your next visit.
        </Text>
      ),
    },
    past: {
      description: "Completed, cancelled and earlier visits.",
      empty: "Completed and cancelled visits will show up here.",
    },
  },
  salesperson: {
    headingAs: "h3",
    otherName: (a) => a.customerName,
    lockedHint: () =>
      `Cancelling closes ${CANCELLATION_WINDOW_HOURS} hours before the start. Call the customer if plans change.`,
    upcoming: {
      description: `Cancel up to ${CANCELLATION_WINDOW_HOURS} hours before the start.`,
      empty: "Nothing booked ahead right now.",
    },
    past: {
      description: "Mark visits that have happened as completed or no-show.",
      empty: "Completed, cancelled and earlier visits will show up here.",
    },
  },
};

const SECTION_KINDS = ["upcoming", "past"] as const;

function AppointmentItem({
  side,
  appointment,
  upcoming,
  actions,
}: {
  side: AppointmentSide;
  appointment: AppointmentView;
  upcoming: boolean;
  actions: Actions;
}) {
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  const scheduled = appointment.status === "scheduled";
  // Inside the cancellation window nothing can change any more; say why instead of failing on click.
  const locked = scheduled && upcoming && !appointment.canCancel;
  const hintId = `appointment-${appointment.id}-locked`;
  const Visit = side === "customer" ? CustomerVisit : SalespersonVisit;
  return (
    <Card.Root
      as="article"
      aria-label={`${appointment.appointmentType} with ${SIDES[side].otherName(appointment)} on ${when.date}`}
      layerStyle="panel"
      borderColor={scheduled && !upcoming && side === "salesperson" ? "purple.200" : "border.muted"}
      boxShadow="xs"
      bg="bg.panel"
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="3">
        <Visit
          appointment={appointment}
          upcoming={upcoming}
          lockedHint={locked ? hintId : undefined}
          actions={actions}
        />
        {locked ? (
          <HStack id={hintId} layerStyle="hint" gap="2" px="3" py="2">
            <LuInfo aria-hidden />
            <Text>{SIDES[side].lockedHint(appointment)}</Text>
          </HStack>
        ) : null}
        {side === "customer" ? (
          <CancelledLine appointment={appointment} side="customer" ps={{ base: "0", sm: "18" }} />
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

function AppointmentSection({
  side,
  kind,
  appointments,
  actions,
}: {
  side: AppointmentSide;
  kind: "upcoming" | "past";
  appointments: AppointmentView[];
  actions: Actions;
}) {
  const title = kind === "upcoming" ? "Upcoming" : "Past";
  const headingId = `appointments-${kind}`;
  return (
    <Stack as="section" aria-labelledby={headingId} gap="3">
      <Flex justify="space-between" align="baseline" gap="1" direction={{ base: "column", sm: "row" }}>
        <Heading as={SIDES[side].headingAs} id={headingId} size="md" color="ink">
          {title}{" "}
          <Text as="span" color="fg.muted" fontWeight="normal">
            ({appointments.length})
          </Text>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {SIDES[side][kind].description}
        </Text>
      </Flex>
      {appointments.length === 0 ? (
        <Box layerStyle="emptyNote" px="5" py="6">
          {SIDES[side][kind].empty}
        </Box>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3">
          {appointments.map((appointment) => (
            <li key={appointment.id}>
              <AppointmentItem
                side={side}
                appointment={appointment}
                upcoming={kind === "upcoming"}
                actions={actions}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Placeholder cards while appointments load. */
export function AppointmentListSkeleton() {
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

/**
 * Upcoming and past appointments of one side, loaded by `query`, with Cancel on both sides, Reschedule for
 * the customer, and Complete / No-show for the salesperson. `header` opens the loaded list; `empty` stands
 * in for it when there is no appointment at all. `afterChange` refreshes what a change touches.
 */
export function AppointmentList({
  side,
  query,
  header,
  empty,
  afterChange,
}: {
  side: AppointmentSide;
  query: {
    data: AppointmentView[] | undefined;
    isPending: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  header?: (summary: { awaitingOutcome: number }) => ReactNode;
  empty: ReactNode;
  afterChange?: () => Promise<unknown>;
}) {
  const invalidate = useInvalidateAppointments();
  const refresh = afterChange ?? invalidate;
  const cancelling = useDialogSubject<AppointmentView>();
  const moving = useDialogSubject<AppointmentView>();
  const closing = useDialogSubject<{ appointment: AppointmentView; outcome: Outcome }>();
  const actions: Actions = {
    onCancel: cancelling.show,
    onReschedule: moving.show,
    onOutcome: (appointment, outcome) => closing.show({ appointment, outcome }),
  };

  return (
    <QueryState
      query={query}
      loading={<AppointmentListSkeleton />}
      error={{
        title: "We couldn't load your appointments",
        description: "Check your connection and try again.",
      }}
    >
      {(all) => {
        const { awaitingOutcome, ...sections } = splitAppointments(all);
        return (
          <Stack gap={side === "customer" ? "8" : "6"}>
            {header?.({ awaitingOutcome })}
            {all.length === 0
              ? empty
              : SECTION_KINDS.map((kind) => (
                  <AppointmentSection
                    key={kind}
                    side={side}
                    kind={kind}
                    appointments={sections[kind]}
                    actions={actions}
                  />
                ))}
            <CancelAppointmentDialog
              side={side}
              appointment={cancelling.subject}
              open={cancelling.open}
              onOpenChange={cancelling.setOpen}
              afterChange={refresh}
            />
            {side === "customer" ? (
              <RescheduleAppointmentDialog
                appointment={moving.subject}
                open={moving.open}
                onOpenChange={moving.setOpen}
              />
            ) : (
              <OutcomeDialog
                pending={closing.subject}
                open={closing.open}
                onOpenChange={closing.setOpen}
                afterChange={refresh}
              />
            )}
          </Stack>
        );
      }}
    </QueryState>
  );
}
