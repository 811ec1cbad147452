import { Box, Grid, Stack, Text } from "@chakra-ui/react";
import { LuArrowRight, LuSearchX } from "react-icons/lu";
import { TRANSFER_STATUSES } from "../../../shared/constants";
import {
  type AdminTransfer,
  TRANSFER_DENY_REASON_REQUIRED,
  type TransferListFilter,
} from "../../../shared/schemas/transfers";
import { trpc } from "../../trpc";
import { DecisionReason } from "../../ui/DecisionReason";
import { mediumDate } from "../../ui/format";
import { decisionOutcome } from "../../ui/mutationOutcome";
import { useDialogSubject } from "../../ui/useDialogSubject";
import type { DecisionTexts, TransferDecision } from "./DecisionDialog";
import { RequestQueue, RequestRow, useStatusQueue } from "./RequestQueue";
import { TransferStatusBadge } from "./TransferStatusBadge";
import { dealershipLabel, TRANSFER_STATUS_STYLE } from "./transferLabels";

const FILTERS: { value: "" | TransferListFilter; label: string }[] = [
  { value: "", label: "All requests" },
  { value: "open", label: "Open (any review)" },
  ...TRANSFER_STATUSES.map((status) => ({ value: status, label: TRANSFER_STATUS_STYLE[status].label })),
];

const HEADER = {
  title: "Transfers",
  description:
    "Salespeople moving between dealerships or going independent. Receiving managers accept first; you make the final decision.",
  pendingLabel: "Pending transfers",
};

const DECISIONS = {
  deny: {
    title: "Deny transfer",
    subtitle: "The salesperson stays where they are. They and the receiving manager read your reason.",
    reasonLabel: "Reason",
    reasonHint: "Required. Shown to the salesperson.",
    requiredMessage: TRANSFER_DENY_REASON_REQUIRED,
    confirmLabel: "Deny transfer",
    pendingLabel: "Denying...",
    palette: "red",
  },
  approve: {
    title: "Approve transfer",
    subtitle: "The salesperson moves now with all their reviews and history; everyone involved is notified.",
    reasonLabel: "Reason",
    reasonHint: "Shown to the salesperson and kept in the audit trail.",
    confirmLabel: "Approve transfer",
    pendingLabel: "Approving...",
    palette: "green",
  },
} satisfies Record<string, DecisionTexts>;

type Decision = TransferDecision<AdminTransfer, keyof typeof DECISIONS>;

function Place({ label, dealership }: { label: string; dealership: AdminTransfer["fromDealership"] }) {
  return (
    <Stack gap="0" minW="0">
      <Text textStyle="overline">{label}</Text>
      <Text fontSize="sm" fontWeight="medium" color={dealership ? "ink" : "purple.700"}>
        {dealership ? dealership.name : "Independent"}
      </Text>
      {dealership ? (
        <Text fontSize="xs" color="fg.muted">
          {dealership.city}, {dealership.state}
        </Text>
      ) : null}
    </Stack>
  );
}

function TransferRow({ transfer, onDecide }: { transfer: AdminTransfer; onDecide: (d: Decision) => void }) {
  const decidedAt = transfer.adminDecidedAt ?? transfer.managerDecidedAt;
  return (
    <RequestRow
      label={`Transfer request of ${transfer.salespersonName}`}
      columns="minmax(0, 1.3fr) minmax(0, 2fr)"
      align="center"
      name={transfer.salespersonName}
      badge={<TransferStatusBadge status={transfer.status} size="sm" />}
      about={
        <>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {transfer.salespersonEmail}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Requested {mediumDate.format(new Date(transfer.createdAt))}
            {decidedAt ? ` · last decision ${mediumDate.format(new Date(decidedAt))}` : ""}
          </Text>
        </>
      }
      waiting={transfer.status === "awaiting_admin"}
      no={{ label: "Deny", onClick: () => onDecide({ transfer, decision: "deny" }) }}
      yes={{ label: "Approve", onClick: () => onDecide({ transfer, decision: "approve" }) }}
      outcome={TRANSFER_STATUS_STYLE[transfer.status].meaning}
    >
      <Grid templateColumns="minmax(0, 1fr) auto minmax(0, 1fr)" gap="3" alignItems="center">
        <Place label="From" dealership={transfer.fromDealership} />
        <Box color="fg.muted" aria-hidden>
          <LuArrowRight />
        </Box>
        <Place label="To" dealership={transfer.toDealership} />
      </Grid>
      {transfer.note ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          Note: {transfer.note}
        </Text>
      ) : null}
      <DecisionReason reason={transfer.decisionReason} fontSize="sm" />
    </RequestRow>
  );
}

/**
 * The admin console's Transfers tab: every transfer request with the salesperson and both dealerships, the
 * count waiting for an administrator, and Approve / Deny (a reason is required to deny).
 */
export function AdminTransfersTab() {
  const queue = useStatusQueue<TransferListFilter>();
  const utils = trpc.useUtils();
  const list = trpc.transfers.list.useQuery(queue.input, queue.options);
  const dialog = useDialogSubject<Decision>();
  const decide = trpc.transfers.adminDecide.useMutation(
    decisionOutcome(
      dialog,
      (result) =>
        result.status === "approved"
          ? {
              title: "Transfer Approved",
              description: `${result.salespersonName} moved to ${result.toDealership ? result.toDealership.name : "independent work"}. Everyone involved was notified.`,
            }
          : {
              title: "Transfer Denied",
              description: `${result.salespersonName} stays where they are and was told why.`,
            },
      () => utils.transfers.list.invalidate(),
    ),
  );

  return (
    <RequestQueue
      header={HEADER}
      query={list}
      queue={queue}
      statuses={FILTERS}
      listing="transfer requests"
      noun="transfer request"
      toolbar={{ placeholder: "Search by salesperson or dealership", noun: "request" }}
      rowHeight="24"
      empty={{ icon: LuSearchX, description: "When a salesperson asks to move, their request appears here." }}
      decision={{
        dialog,
        texts: DECISIONS,
        summary: (t) =>
          `${t.salespersonName}: ${dealershipLabel(t.fromDealership)} → ${dealershipLabel(t.toDealership)}`,
        mutation: decide,
      }}
    >
      {(transfer) => <TransferRow key={transfer.id} transfer={transfer} onDecide={dialog.show} />}
    </RequestQueue>
  );
}
