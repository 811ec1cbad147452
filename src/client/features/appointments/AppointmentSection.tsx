// One section of an appointment list (upcoming or past) for either side of a visit, with each side's words:
// its heading, what it says when empty, and each visit's card with what that side may do to it.
import { Box, Card, Link as ChakraLink, Flex, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuInfo } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { appointmentWhen } from "../../ui/format";
import {
  type Actions,
  type AppointmentSide,
  CancelledLine,
  CustomerVisit,
  SalespersonVisit,
} from "./AppointmentVisits";
import { CustomerEvidence, StaffEvidence } from "./VisitEvidence";
import { VisitHistory } from "./VisitHistory";

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
      description: `Cancel up to ${CANCELLATION_WINDOW_HOURS} hours before the start; mark the outcome once it has started.`,
      empty: "Nothing booked ahead right now.",
    },
    past: {
      description: "Mark visits that have happened as completed or no-show.",
      empty: "Completed, cancelled and earlier visits will show up here.",
    },
  },
};

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
        {side === "customer" ? (
          <CustomerEvidence appointment={appointment} />
        ) : (
          <StaffEvidence appointment={appointment} onNoShow={(a) => actions.onOutcome(a, "no-show")} />
        )}
        <VisitHistory appointment={appointment} side={side} />
      </Card.Body>
    </Card.Root>
  );
}

export function AppointmentSection({
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
