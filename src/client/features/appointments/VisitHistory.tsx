// A visit's status history under its card, for its buyer and its staff: who changed it, when, from what to what,
// and the buyer's dispute of a no-show. The buyer's "I was there" opens a short statement form; on a dispute the
// dealership's manager rejected, "Ask KnowBefore to review" takes it to administrators, whose verdict is final.
import { Badge, Box, Button, HStack, List, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuChevronDown, LuChevronUp, LuHand, LuHistory, LuScale } from "react-icons/lu";
import type { AppointmentView } from "../../../shared/schemas/appointments";
import type { DisputeView, TrailEvent } from "../../../shared/schemas/visits";
import { DISPUTE_APPEAL_DAYS, DISPUTE_WINDOW_DAYS } from "../../../shared/visits";
import { trpc } from "../../trpc";
import { closeWithSuccess, type DialogControl } from "../../ui/dialog";
import { mediumDate, shortDateTime } from "../../ui/format";
import { QueryState } from "../../ui/QueryState";
import { TextDialog } from "../../ui/TextDialog";
import type { AppointmentSide } from "./AppointmentVisits";
import { appointmentStatusStyle } from "./format";

const ACTORS: Record<TrailEvent["actorRole"], string> = {
  customer: "Buyer",
  salesperson: "Salesperson",
  manager: "Dealership manager",
  admin: "Administrator",
  system: "KnowBefore, automatically",
};

const DISPUTE_TEXT: Record<DisputeView["status"], { label: string; palette: string }> = {
  open: { label: "Disputed: with the dealership's manager", palette: "orange" },
  escalated: { label: "Disputed: with administrators", palette: "orange" },
  upheld: { label: "Dispute upheld", palette: "green" },
  rejected: { label: "Dispute rejected", palette: "red" },
};

function statusLabel(status: string) {
  return appointmentStatusStyle(status).label;
}

function TrailLine({ event }: { event: TrailEvent }) {
  const who = event.actorName
    ? `${event.actorName} (${ACTORS[event.actorRole].toLowerCase()})`
    : ACTORS[event.actorRole];
  return (
    <List.Item>
      <Stack gap="0" fontSize="sm">
        <Text color="ink">
          {event.from ? `${statusLabel(event.from)} → ${statusLabel(event.to)}` : "Booked"}
          <Text as="span" color="fg.muted">
            {" "}
            · {who}
          </Text>
        </Text>
        <Text color="fg.muted" fontSize="xs">
          <time dateTime={new Date(event.at).toISOString()}>{shortDateTime.format(new Date(event.at))}</time>
          {event.note ? ` · ${event.note}` : ""}
        </Text>
      </Stack>
    </List.Item>
  );
}

/** Where a dispute stands, in the words its buyer and staff read. */
function disputeText(dispute: DisputeView) {
  if (dispute.status !== "escalated") return DISPUTE_TEXT[dispute.status];
  return dispute.escalationReason === "appeal"
    ? { label: "Disputed: KnowBefore is reviewing the rejection", palette: "purple" }
    : DISPUTE_TEXT.escalated;
}

function DisputeLine({ dispute }: { dispute: DisputeView }) {
  const text = disputeText(dispute);
  // A verdict of administrators (after escalation or a buyer's request to review) is final.
  const final =
    dispute.escalationReason !== null && (dispute.status === "upheld" || dispute.status === "rejected");
  return (
    <Stack gap="1" fontSize="sm" p="3" bg="bg.subtle" borderRadius="md">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={text.palette} variant="subtle" borderRadius="full">
          {text.label}
        </Badge>
        <Text color="fg.muted" fontSize="xs">
          opened {shortDateTime.format(new Date(dispute.openedAt))}
        </Text>
      </HStack>
      {dispute.statement ? <Text color="fg">“{dispute.statement}”</Text> : null}
      {dispute.managerNote ? (
        <Text color="fg.muted">The dealership's manager rejected it: {dispute.managerNote}</Text>
      ) : null}
      {dispute.appealNote ? (
        <Text color="fg.muted">Asked KnowBefore to review: “{dispute.appealNote}”</Text>
      ) : null}
      {dispute.resolutionNote ? <Text color="fg.muted">Decision note: {dispute.resolutionNote}</Text> : null}
      {final ? (
        <Text color="fg.muted" fontSize="xs">
          Decided by KnowBefore's administrators. This decision is final.
        </Text>
      ) : null}
    </Stack>
  );
}

function DisputeDialog({
  appointment,
  open,
  onOpenChange,
}: { appointment: AppointmentView } & DialogControl) {
  const [statement, setStatement] = useState("");
  const dispute = trpc.appointments.dispute.useMutation({
    onSuccess: () =>
      closeWithSuccess(() => onOpenChange(false), {
        title: "Dispute sent",
        description: "The dealership reviews it; you can write your review now.",
      }),
  });
  return (
    <TextDialog
      open={open}
      onOpenChange={onOpenChange}
      title="I was there"
      subtitle={`Your ${appointment.appointmentType} with ${appointment.salespersonName} was marked as a no-show. Tell the dealership what happened; its manager, or our administrators, decide.`}
      label="Dispute the no-show"
      confirmLabel="Send dispute"
      pendingLabel="Sending..."
      pending={dispute.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        dispute.mutate({ id: appointment.id, statement });
      }}
      field={{
        label: "What happened",
        required: true,
        maxLength: 1000,
        rows: 4,
        placeholder: "I arrived at 10:30 and test drove the hybrid with Sam.",
        error: dispute.error?.message,
        hint: `You can dispute a no-show within ${DISPUTE_WINDOW_DAYS} days of it being marked.`,
      }}
      value={statement}
      onValueChange={setStatement}
    />
  );
}

function AppealDialog({
  appointment,
  appealUntil,
  open,
  onOpenChange,
}: { appointment: AppointmentView; appealUntil: Date } & DialogControl) {
  const [note, setNote] = useState("");
  const escalate = trpc.appointments.escalateDispute.useMutation({
    onSuccess: () =>
      closeWithSuccess(
        () => {
          setNote("");
          onOpenChange(false);
        },
        {
          title: "Sent to KnowBefore",
          description: "Our administrators review the dispute; their decision is final.",
        },
      ),
  });
  return (
    <TextDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Ask KnowBefore to review"
      subtitle={`The dealership rejected your dispute of the ${appointment.appointmentType} with ${appointment.salespersonName}. KnowBefore's administrators look at it again; their decision is final.`}
      label="Ask KnowBefore to review the rejection"
      confirmLabel="Ask for review"
      pendingLabel="Sending..."
      pending={escalate.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        escalate.mutate({ id: appointment.id, note: note.trim() || undefined });
      }}
      field={{
        label: "Anything to add (optional)",
        maxLength: 1000,
        rows: 3,
        error: escalate.error?.message,
        hint: `You can ask within ${DISPUTE_APPEAL_DAYS} days of the rejection (until ${mediumDate.format(new Date(appealUntil))}).`,
      }}
      value={note}
      onValueChange={setNote}
    />
  );
}

/** The "Status history" toggle and, open, the visit's trail and dispute. */
export function VisitHistory({ appointment, side }: { appointment: AppointmentView; side: AppointmentSide }) {
  const [open, setOpen] = useState(false);
  const [disputing, setDisputing] = useState(false);
  // A no-show the buyer may still dispute is shown open, so "I was there" is in view.
  const mayDispute = side === "customer" && appointment.status === "no-show";
  const record = trpc.appointments.record.useQuery({ id: appointment.id }, { enabled: open || mayDispute });
  const canDispute = mayDispute && !!record.data?.disputeUntil;
  const [appealing, setAppealing] = useState(false);
  const appealUntil = side === "customer" ? (record.data?.appealUntil ?? null) : null;
  return (
    <Stack gap="2" pt="2" borderTopWidth="1px" borderColor="border.muted">
      <HStack justify="space-between" gap="2" wrap="wrap">
        <Button
          size="xs"
          variant="ghost"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
          aria-label={`Status history of the ${appointment.appointmentType} with ${side === "customer" ? appointment.salespersonName : appointment.customerName}`}
        >
          <LuHistory /> Status history {open ? <LuChevronUp /> : <LuChevronDown />}
        </Button>
        {canDispute ? (
          <Button size="sm" variant="outline" colorPalette="orange" onClick={() => setDisputing(true)}>
            <LuHand /> I was there
          </Button>
        ) : null}
        {appealUntil ? (
          <Button size="sm" variant="outline" colorPalette="purple" onClick={() => setAppealing(true)}>
            <LuScale /> Ask KnowBefore to review
          </Button>
        ) : null}
      </HStack>
      {open ? (
        <QueryState
          query={record}
          loading={<Text fontSize="sm">Loading history…</Text>}
          error={{ title: "We couldn't load this visit's history", description: "Try again in a moment." }}
        >
          {(data) => (
            <Stack gap="2">
              {data.trail.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  No changes recorded for this visit.
                </Text>
              ) : (
                <List.Root as="ol" gap="2" ps="4">
                  {data.trail.map((event) => (
                    <TrailLine key={event.id} event={event} />
                  ))}
                </List.Root>
              )}
              {data.dispute ? <DisputeLine dispute={data.dispute} /> : null}
            </Stack>
          )}
        </QueryState>
      ) : !open && record.data?.dispute && side === "customer" ? (
        <Box>
          <DisputeLine dispute={record.data.dispute} />
        </Box>
      ) : null}
      {mayDispute ? (
        <DisputeDialog appointment={appointment} open={disputing} onOpenChange={setDisputing} />
      ) : null}
      {appealUntil ? (
        <AppealDialog
          appointment={appointment}
          appealUntil={appealUntil}
          open={appealing}
          onOpenChange={setAppealing}
        />
      ) : null}
    </Stack>
  );
}
