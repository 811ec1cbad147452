// One list of appointments for both sides of a visit: the customer's /appointments and the salesperson
// dashboard's Appointments tab. Upcoming and past visits, each with what that side may do to it.
import {
  Badge,
  Box,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  Heading,
  HStack,
  Icon,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import type { ComponentProps, ReactNode } from "react";
import { LuCheck, LuClock, LuInfo, LuMail, LuPhone, LuStickyNote, LuUserX, LuX } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { CANCELLATION_WINDOW_HOURS } from "../../../shared/slots";
import { apiErrorCause, trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DateTile } from "../../ui/DateTile";
import { appointmentWhen } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { showToast } from "../../ui/toaster";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { AppointmentSummary } from "./AppointmentSummary";
import { splitAppointments } from "./appointmentLists";
import { CancelAppointmentDialog } from "./CancelAppointmentDialog";
import { appointmentStatusStyle } from "./format";
import { RescheduleAppointmentDialog } from "./RescheduleAppointmentDialog";
import { useInvalidateAppointments } from "./useAppointmentCaches";

/** Whose list it is: the buyer who booked, or the salesperson who was booked. */
export type AppointmentSide = "customer" | "salesperson";
type Outcome = "completed" | "no-show";

type Actions = {
  onCancel: (appointment: AppointmentView) => void;
  onReschedule: (appointment: AppointmentView) => void;
  onOutcome: (appointment: AppointmentView, outcome: Outcome) => void;
};

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

function cancelledByText(appointment: AppointmentView, side: AppointmentSide): string {
  if (appointment.cancelledBy === side) return "Cancelled by you";
  return side === "customer" ? "Cancelled by the salesperson" : "Cancelled by the customer";
}

function StatusPill({ status, overdue }: { status: string; overdue: boolean }) {
  const style = overdue ? { label: "Awaiting outcome", palette: "purple" } : appointmentStatusStyle(status);
  return (
    <Badge colorPalette={style.palette} variant="subtle" borderRadius="full" px="2.5" size="md">
      {style.label}
    </Badge>
  );
}

function CancelledLine({
  appointment,
  side,
  ...props
}: { appointment: AppointmentView; side: AppointmentSide } & ComponentProps<typeof Text>) {
  if (appointment.status !== "cancelled") return null;
  return (
    <Text fontSize="sm" color="fg.muted" {...props}>
      {cancelledByText(appointment, side)}
      {appointment.cancellationReason ? ` · “${appointment.cancellationReason}”` : ""}
    </Text>
  );
}

function ContactLine({ appointment }: { appointment: AppointmentView }) {
  const contacts = [
    { icon: LuPhone, href: `tel:${appointment.customerPhone}`, text: appointment.customerPhone },
    ...(appointment.customerEmail
      ? [{ icon: LuMail, href: `mailto:${appointment.customerEmail}`, text: appointment.customerEmail }]
      : []),
  ];
  return (
    <Flex gap={{ base: "1", sm: "4" }} direction={{ base: "column", sm: "row" }} fontSize="sm" wrap="wrap">
      {contacts.map((contact) => (
        <HStack key={contact.href} gap="1.5" minW="0">
          <Icon boxSize="3.5" color="fg.muted" aria-hidden>
            <contact.icon />
          </Icon>
          <ChakraLink href={contact.href} color="blue.700" truncate>
            {contact.text}
          </ChakraLink>
        </HStack>
      ))}
    </Flex>
  );
}

/** What a card's body gets: the visit, whether it is still ahead, and whether it can still change. */
type VisitProps = {
  appointment: AppointmentView;
  upcoming: boolean;
  locked: boolean;
  hintId: string;
  actions: Actions;
};

/** The customer's card: the visit as AppointmentSummary shows it, status and actions beside it. */
function CustomerVisit({ appointment, upcoming, locked, hintId, actions }: VisitProps) {
  const scheduled = appointment.status === "scheduled";
  const lockProps = { disabled: locked, "aria-describedby": locked ? hintId : undefined };
  return (
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
        <StatusPill status={appointment.status} overdue={false} />
        {scheduled && upcoming ? (
          <HStack gap="2">
            <Button
              size="sm"
              variant="outline"
              onClick={() => actions.onReschedule(appointment)}
              {...lockProps}
            >
              Reschedule
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={() => actions.onCancel(appointment)}
              {...lockProps}
            >
              Cancel
            </Button>
          </HStack>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** The salesperson's card: who is coming, when and how to reach them; outcome and cancel buttons below. */
function SalespersonVisit({ appointment, upcoming, locked, hintId, actions }: VisitProps) {
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  const scheduled = appointment.status === "scheduled";
  const wide = { flex: { base: "1", sm: "none" } } as const;
  return (
    <>
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
            <StatusPill status={appointment.status} overdue={scheduled && !upcoming} />
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
          <CancelledLine appointment={appointment} side="salesperson" />
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
            {...wide}
            onClick={() => actions.onOutcome(appointment, "completed")}
          >
            <LuCheck /> Complete
          </Button>
          {upcoming ? (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              {...wide}
              onClick={() => actions.onCancel(appointment)}
              disabled={locked}
              aria-describedby={locked ? hintId : undefined}
            >
              <LuX /> Cancel
            </Button>
          ) : (
            // Whether a customer failed to turn up is only known once the start has passed.
            <Button
              size="sm"
              variant="outline"
              colorPalette="orange"
              {...wide}
              onClick={() => actions.onOutcome(appointment, "no-show")}
            >
              <LuUserX /> No-show
            </Button>
          )}
        </Flex>
      ) : null}
    </>
  );
}

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
      borderRadius="xl"
      borderColor={scheduled && !upcoming && side === "salesperson" ? "purple.200" : "border.muted"}
      boxShadow="xs"
      bg="bg.panel"
    >
      <Card.Body p={{ base: "4", md: "5" }} gap="3">
        <Visit
          appointment={appointment}
          upcoming={upcoming}
          locked={locked}
          hintId={hintId}
          actions={actions}
        />
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
  empty,
  actions,
}: {
  side: AppointmentSide;
  kind: "upcoming" | "past";
  appointments: AppointmentView[];
  empty: ReactNode;
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
          {empty}
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

const OUTCOME_TEXT: Record<Outcome, { title: string; confirm: string; done: string }> = {
  completed: {
    title: "Mark as completed?",
    confirm: "Mark completed",
    done: "marked as completed. The customer can now rate the visit.",
  },
  "no-show": {
    title: "Mark as no-show?",
    confirm: "Mark no-show",
    done: "marked as a no-show.",
  },
};

/** Complete or No-show, after the spec's confirmation; the outcome can't be undone. */
function OutcomeDialog({
  pending,
  open,
  onOpenChange,
  afterChange,
}: {
  pending: { appointment: AppointmentView; outcome: Outcome } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  afterChange: () => Promise<unknown>;
}) {
  const updateStatus = trpc.appointments.updateStatus.useMutation({
    onSuccess: async (updated) => {
      const text = OUTCOME_TEXT[updated.status as Outcome] ?? OUTCOME_TEXT.completed;
      showToast({
        title: "Appointment Updated",
        description: `${updated.customerName}'s ${updated.appointmentType} was ${text.done}`,
        variant: "success",
      });
      onOpenChange(false);
      await afterChange();
    },
    onError: (error) => {
      const explained = apiErrorCause(error) === "NOT_SCHEDULED";
      showToast({
        title: "Update Failed",
        description: explained ? error.message : "Failed to update appointment",
        variant: "destructive",
      });
      if (explained) {
        onOpenChange(false);
        void afterChange();
      }
    },
  });
  const text = pending ? OUTCOME_TEXT[pending.outcome] : null;
  const when = pending
    ? appointmentWhen(pending.appointment.scheduledDateTime, pending.appointment.timeZone)
    : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={text?.title ?? ""}
      description={
        pending && when
          ? `${pending.appointment.customerName}'s ${pending.appointment.appointmentType} on ${when.date} at ${when.time} ${when.zoneAbbr}. This can't be undone.`
          : ""
      }
      confirmLabel={text?.confirm ?? "Confirm"}
      pendingLabel="Saving..."
      palette={pending?.outcome === "no-show" ? "orange" : "green"}
      isPending={updateStatus.isPending}
      onConfirm={() => {
        if (pending) updateStatus.mutate({ id: pending.appointment.id, status: pending.outcome });
      }}
    />
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
        const { upcoming, past, awaitingOutcome } = splitAppointments(all);
        return (
          <Stack gap={side === "customer" ? "8" : "6"}>
            {header?.({ awaitingOutcome })}
            {all.length === 0 ? (
              empty
            ) : (
              <>
                <AppointmentSection
                  side={side}
                  kind="upcoming"
                  appointments={upcoming}
                  empty={SIDES[side].upcoming.empty}
                  actions={actions}
                />
                <AppointmentSection
                  side={side}
                  kind="past"
                  appointments={past}
                  empty={SIDES[side].past.empty}
                  actions={actions}
                />
              </>
            )}
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
