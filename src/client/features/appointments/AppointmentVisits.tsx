// The two cards of a visit: the customer sees it as AppointmentSummary shows it with status and actions
// beside it; the salesperson sees who is coming and how to reach them, with outcome and cancel buttons.
import { Badge, Box, Button, Link as ChakraLink, Flex, HStack, Icon, Stack, Text } from "@chakra-ui/react";
import { type ComponentProps, createContext, useContext } from "react";
import {
  LuBadgeCheck,
  LuBriefcase,
  LuCalendarPlus,
  LuCheck,
  LuClock,
  LuMail,
  LuPhone,
  LuStickyNote,
  LuUserX,
  LuX,
} from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import { DateTile } from "../../ui/DateTile";
import { downloadFrom, downloadOrSay } from "../../ui/download";
import { appointmentWhen } from "../../ui/format";
import { AppointmentSummary } from "./AppointmentSummary";
import { appointmentStatusStyle } from "./format";

/** Whose list it is: the buyer who booked, or the salesperson who was booked. */
export type AppointmentSide = "customer" | "salesperson";
export type Outcome = "completed" | "no-show";

/** Whether the salesperson's cards name the salesperson booked: a dealership's list spans its salespeople. */
export const NamesSalesperson = createContext(false);

export type Actions = {
  onCancel: (appointment: AppointmentView) => void;
  onReschedule: (appointment: AppointmentView) => void;
  onOutcome: (appointment: AppointmentView, outcome: Outcome) => void;
  /** The buyer's "I bought a car" on a completed visit. */
  onClaimPurchase?: (appointment: AppointmentView) => void;
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

export function CancelledLine({
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
  /** The id of the line saying why, once the visit is too close to change; undefined while it can. */
  lockedHint?: string;
  actions: Actions;
};

/** A small outline button that can't be pressed (and says why) once the visit is locked. */
function lockable(lockedHint: string | undefined) {
  return { size: "sm", variant: "outline", disabled: !!lockedHint, "aria-describedby": lockedHint } as const;
}

/** Saves the visit as an .ics file, which opens in (or imports into) the buyer's calendar app. */
function AddToCalendar({ appointment }: { appointment: AppointmentView }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      colorPalette="blue"
      onClick={() =>
        void downloadOrSay("We couldn't make the calendar file", () =>
          downloadFrom(
            `/api/visits/${appointment.id}/calendar`,
            `knowbefore-visit-${appointment.id}.ics`,
            "We couldn't make the calendar file",
          ),
        )
      }
    >
      <LuCalendarPlus /> Add to calendar
    </Button>
  );
}

/** The customer's card: the visit as AppointmentSummary shows it, status and actions beside it. */
export function CustomerVisit({ appointment, upcoming, lockedHint, actions }: VisitProps) {
  const scheduled = appointment.status === "scheduled";
  const change = lockable(lockedHint);
  return (
    <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ md: "center" }}>
      <Box flex="1" minW="0">
        <AppointmentSummary appointment={appointment} linkSalesperson muted={!upcoming} />
      </Box>
      <Flex
        gap="3"
        direction={{ base: "row", md: "column" }}
        wrap={{ base: "wrap", md: "nowrap" }}
        align={{ base: "center", md: "flex-end" }}
        justify={{ base: "space-between", md: "center" }}
        flexShrink={0}
        ps={{ base: "18", md: "0" }}
      >
        <HStack gap="2" wrap="wrap">
          <StatusPill status={appointment.status} overdue={false} />
          {scheduled && upcoming ? <AddToCalendar appointment={appointment} /> : null}
        </HStack>
        {scheduled && upcoming ? (
          <HStack gap="2">
            <Button {...change} onClick={() => actions.onReschedule(appointment)}>
              Reschedule
            </Button>
            <Button {...change} colorPalette="red" onClick={() => actions.onCancel(appointment)}>
              Cancel
            </Button>
          </HStack>
        ) : null}
        {appointment.status === "completed" && actions.onClaimPurchase ? (
          <Button size="sm" variant="outline" onClick={() => actions.onClaimPurchase?.(appointment)}>
            <LuBadgeCheck /> I bought a car
          </Button>
        ) : null}
      </Flex>
    </Flex>
  );
}

/** The salesperson's card: who is coming, when and how to reach them; outcome and cancel buttons below. */
export function SalespersonVisit({ appointment, upcoming, lockedHint, actions }: VisitProps) {
  const when = appointmentWhen(appointment.scheduledDateTime, appointment.timeZone);
  const scheduled = appointment.status === "scheduled";
  const wide = { size: "sm", variant: "outline", flex: { base: "1", sm: "none" } } as const;
  const namesSalesperson = useContext(NamesSalesperson);
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
          {namesSalesperson ? (
            <HStack gap="1.5" fontSize="sm" color="fg" align="flex-start">
              <Icon boxSize="3.5" mt="0.5" color="fg.muted" flexShrink={0} aria-hidden>
                <LuBriefcase />
              </Icon>
              <Text>With {appointment.salespersonName}</Text>
            </HStack>
          ) : null}
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
          {upcoming ? (
            <Button
              {...wide}
              {...lockable(lockedHint)}
              colorPalette="red"
              onClick={() => actions.onCancel(appointment)}
            >
              <LuX /> Cancel
            </Button>
          ) : (
            // Whether the customer came, or failed to, is only known once the start has passed (the server
            // refuses either outcome before then).
            <>
              <Button
                {...wide}
                variant="solid"
                colorPalette="green"
                onClick={() => actions.onOutcome(appointment, "completed")}
              >
                <LuCheck /> Complete
              </Button>
              <Button
                {...wide}
                colorPalette="orange"
                onClick={() => actions.onOutcome(appointment, "no-show")}
              >
                <LuUserX /> No-show
              </Button>
            </>
          )}
        </Flex>
      ) : null}
    </>
  );
}
