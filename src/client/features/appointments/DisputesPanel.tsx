// Buyers' disputes of no-shows, for whoever decides them: a dealership's manager (their own dealership's, while
// open) or administrators (escalated ones: independent salespeople's, those the only manager marked or is the
// salesperson of, those left open too long, and rejections the buyer asked KnowBefore to review). Uphold or
// reject, with a note; each card says why administrators have it.
import { Badge, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuCheck, LuScale, LuX } from "react-icons/lu";
import type { DisputeListItem } from "../../../shared/schemas/visits";
import { DISPUTE_APPEAL_DAYS, DISPUTE_ESCALATION_DAYS } from "../../../shared/visits";
import { trpc } from "../../trpc";
import { DecisionCard } from "../../ui/DecisionCard";
import { mediumDate } from "../../ui/format";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice, QueryState } from "../../ui/QueryState";
import { TextDialog } from "../../ui/TextDialog";
import { showToast } from "../../ui/toaster";

type Decider = "manager" | "admin";
type Decision = { dispute: DisputeListItem; decision: "uphold" | "reject" };

const STATUS: Record<DisputeListItem["status"], { label: string; palette: string }> = {
  open: { label: "Waiting for the manager", palette: "orange" },
  escalated: { label: "With administrators", palette: "purple" },
  upheld: { label: "Upheld", palette: "green" },
  rejected: { label: "Rejected", palette: "red" },
};

/** Why administrators decide a dispute, as its card says it. */
const ESCALATION: Record<NonNullable<DisputeListItem["escalationReason"]>, string> = {
  independent: "The salesperson works independently",
  no_other_manager: "The dealership's only manager marked the no-show or is the salesperson",
  overdue: `The manager left it open ${DISPUTE_ESCALATION_DAYS} days`,
  appeal: "The buyer asked KnowBefore to review the manager's rejection",
};

function DecideDialog({
  who,
  pending,
  onClose,
}: {
  who: Decider;
  pending: Decision | null;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const done = async () => {
    showToast({ title: "Dispute decided", description: "The buyer has been told.", variant: "success" });
    setNote("");
    onClose();
  };
  const asManager = trpc.disputes.managerDecide.useMutation({ onSuccess: done });
  const asAdmin = trpc.disputes.adminDecide.useMutation({ onSuccess: done });
  const mutation = who === "manager" ? asManager : asAdmin;
  const uphold = pending?.decision === "uphold";
  return (
    <TextDialog
      open={!!pending}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={uphold ? "Uphold the dispute" : "Reject the dispute"}
      subtitle={`${
        uphold
          ? "The visit becomes completed: the buyer can review it, and a review written meanwhile goes through the usual checks (held if it carries contact details or arrives in a burst from new accounts)."
          : "The visit stays a no-show, and a review written meanwhile is not published."
      }${who === "admin" ? " Your decision is final." : ""}`}
      label={uphold ? "Uphold dispute" : "Reject dispute"}
      confirmLabel={uphold ? "Uphold" : "Reject"}
      pendingLabel="Saving..."
      pending={mutation.isPending}
      onSubmit={(event) => {
        event.preventDefault();
        if (pending) mutation.mutate({ id: pending.dispute.id, decision: pending.decision, note });
      }}
      field={{
        label: "Note for the buyer",
        required: true,
        maxLength: 1000,
        rows: 3,
        error: mutation.error?.message,
        hint: "Kept in the audit trail.",
      }}
      value={note}
      onValueChange={setNote}
    />
  );
}

function DisputeCard({
  dispute,
  who,
  onDecide,
}: {
  dispute: DisputeListItem;
  who: Decider;
  onDecide: (d: Decision) => void;
}) {
  const decidable = who === "manager" ? dispute.status === "open" : dispute.status === "escalated";
  const status = STATUS[dispute.status];
  const visit = `${dispute.customerName}'s ${dispute.appointmentType}`;
  return (
    <DecisionCard
      label={`Dispute of ${visit} with ${dispute.salespersonName}`}
      title={`${visit} with ${dispute.salespersonName}`}
      meta={`Visit ${mediumDate.format(new Date(dispute.visitAt))}${dispute.dealershipName ? ` · ${dispute.dealershipName}` : " · independent"} · disputed ${mediumDate.format(new Date(dispute.openedAt))}`}
      aside={
        <Badge colorPalette={status.palette} variant="subtle" borderRadius="full">
          {status.label}
        </Badge>
      }
      actions={
        decidable
          ? [
              {
                label: "Reject",
                icon: <LuX />,
                palette: "red",
                ariaLabel: `Reject the dispute of ${visit}`,
                onClick: () => onDecide({ dispute, decision: "reject" }),
              },
              {
                label: "Uphold",
                icon: <LuCheck />,
                palette: "green",
                ariaLabel: `Uphold the dispute of ${visit}`,
                onClick: () => onDecide({ dispute, decision: "uphold" }),
              },
            ]
          : []
      }
    >
      <Stack gap="1">
        {dispute.escalationReason ? (
          <Text fontSize="sm" color="purple.fg">
            {ESCALATION[dispute.escalationReason]}.
          </Text>
        ) : null}
        {dispute.statement ? <Text fontSize="sm">“{dispute.statement}”</Text> : null}
        {dispute.managerNote ? (
          <Text fontSize="sm" color="fg.muted">
            Manager's rejection: {dispute.managerNote}
          </Text>
        ) : null}
        {dispute.appealNote ? (
          <Text fontSize="sm" color="fg.muted">
            The buyer adds: “{dispute.appealNote}”
          </Text>
        ) : null}
        {dispute.resolutionNote ? (
          <Text fontSize="sm" color="fg.muted">
            Decision note: {dispute.resolutionNote}
          </Text>
        ) : null}
      </Stack>
    </DecisionCard>
  );
}

/** The list of disputes with Uphold / Reject on those the caller may decide. */
export function DisputesPanel({ who }: { who: Decider }) {
  const [pending, setPending] = useState<Decision | null>(null);
  const managerList = trpc.disputes.forManager.useQuery({ pageSize: 50 }, { enabled: who === "manager" });
  const adminList = trpc.disputes.list.useQuery({ pageSize: 50 }, { enabled: who === "admin" });
  const query = who === "manager" ? managerList : adminList;
  return (
    <Stack gap="4" maxW="5xl">
      <PanelHeader
        title="Visit disputes"
        description={
          who === "manager"
            ? `Buyers who say they came to a visit marked no-show. Decide within ${DISPUTE_ESCALATION_DAYS} days, or the dispute goes to administrators. A no-show you marked yourself, or a visit of your own as a salesperson, goes to administrators at once; a buyer may ask them to review your rejection within ${DISPUTE_APPEAL_DAYS} days.`
            : `Disputes a dealership's manager left open ${DISPUTE_ESCALATION_DAYS} days, those about independent salespeople or where the only manager marked the no-show or is the salesperson, and rejections buyers asked KnowBefore to review. Your decision is final; a dispute of your own visit, or of a no-show you marked, is for another administrator.`
        }
      />
      <QueryState
        query={query}
        loading={<Text fontSize="sm">Loading disputes…</Text>}
        error={{ title: "We couldn't load the disputes", description: "Try again in a moment." }}
      >
        {(page) =>
          page.items.length === 0 ? (
            <Notice
              icon={LuScale}
              title="No disputes"
              titleAs="h3"
              description="When a buyer says they attended a visit marked no-show, it shows up here."
              {...panelNotice()}
            />
          ) : (
            <Stack as="ul" listStyleType="none" gap="3">
              {page.items.map((dispute) => (
                <DisputeCard key={dispute.id} dispute={dispute} who={who} onDecide={setPending} />
              ))}
            </Stack>
          )
        }
      </QueryState>
      <DecideDialog who={who} pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
