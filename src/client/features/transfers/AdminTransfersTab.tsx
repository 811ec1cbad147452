import { Box, Grid, HStack, Stack, Stat, Text } from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { LuArrowRight, LuSearchX } from "react-icons/lu";
import { TRANSFER_STATUSES } from "../../../shared/constants";
import {
  type AdminTransfer,
  TRANSFER_DENY_REASON_REQUIRED,
  type TransferListFilter,
} from "../../../shared/schemas/transfers";
import { trpc } from "../../trpc";
import { DecideButtons } from "../../ui/DecideButtons";
import { mediumDate } from "../../ui/format";
import { LabelledSelect } from "../../ui/LabelledSelect";
import { PanelHeader } from "../../ui/PanelHeader";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { ConsoleList, useSearchPage } from "../admin/consoleList";
import { type DecisionTexts, type TransferDecision, TransferDecisionDialog } from "./DecisionDialog";
import { DecisionReason } from "./DecisionReason";
import { TransferStatusBadge } from "./TransferStatusBadge";
import { dealershipLabel, TRANSFER_STATUS_STYLE } from "./transferLabels";
import { transferOutcome } from "./transferOutcome";

const PAGE_SIZE = 20;

const FILTERS: { value: "" | TransferListFilter; label: string }[] = [
  { value: "", label: "All requests" },
  { value: "open", label: "Open (any review)" },
  ...TRANSFER_STATUSES.map((status) => ({ value: status, label: TRANSFER_STATUS_STYLE[status].label })),
];

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
      <Text
        fontSize="xs"
        color="fg.muted"
        textTransform="uppercase"
        fontWeight="semibold"
        letterSpacing="wide"
      >
        {label}
      </Text>
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
  const waiting = transfer.status === "awaiting_admin";
  const decidedAt = transfer.adminDecidedAt ?? transfer.managerDecidedAt;
  return (
    <Box
      as="li"
      p={{ base: "4", md: "5" }}
      layerStyle="request"
      borderColor={waiting ? "blue.200" : undefined}
      aria-label={`Transfer request of ${transfer.salespersonName}`}
    >
      <Grid
        templateColumns={{ base: "1fr", md: "minmax(0, 1.3fr) minmax(0, 2fr) 13.5rem" }}
        gap={{ base: "3", md: "5" }}
        alignItems="center"
      >
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" color="ink">
              {transfer.salespersonName}
            </Text>
            <TransferStatusBadge status={transfer.status} size="sm" />
          </HStack>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
            {transfer.salespersonEmail}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            Requested {mediumDate.format(new Date(transfer.createdAt))}
            {decidedAt ? ` · last decision ${mediumDate.format(new Date(decidedAt))}` : ""}
          </Text>
        </Stack>
        <Stack gap="2" minW="0">
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
        </Stack>
        {waiting ? (
          <DecideButtons
            no={{ label: "Deny", onClick: () => onDecide({ transfer, decision: "deny" }) }}
            yes={{ label: "Approve", onClick: () => onDecide({ transfer, decision: "approve" }) }}
          />
        ) : (
          <Text fontSize="xs" color="fg.muted" textAlign={{ md: "end" }}>
            {TRANSFER_STATUS_STYLE[transfer.status].meaning}
          </Text>
        )}
      </Grid>
    </Box>
  );
}

/**
 * The admin console's Transfers tab: every transfer request with the salesperson and both dealerships, the
 * count waiting for an administrator, and Approve / Deny (a reason is required to deny).
 */
export function AdminTransfersTab() {
  const [status, setStatus] = useState<"" | TransferListFilter>("");
  const state = useSearchPage(status);
  const { search, page } = state;
  const utils = trpc.useUtils();
  const list = trpc.transfers.list.useQuery(
    { status: status || undefined, search: search || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData, refetchOnMount: "always" },
  );
  const dialog = useDialogSubject<Decision>();
  const decide = trpc.transfers.adminDecide.useMutation(
    transferOutcome({
      close: () => dialog.setOpen(false),
      success: (result) =>
        result.status === "approved"
          ? {
              title: "Transfer Approved",
              description: `${result.salespersonName} moved to ${result.toDealership ? result.toDealership.name : "independent work"}. Everyone involved was notified.`,
            }
          : {
              title: "Transfer Denied",
              description: `${result.salespersonName} stays where they are and was told why.`,
            },
      failure: { title: "Decision Failed", fallback: "Failed to save the decision. Please try again." },
      refresh: () => utils.transfers.list.invalidate(),
    }),
  );

  return (
    <Stack gap="5">
      <PanelHeader
        title="Transfers"
        description="Salespeople moving between dealerships or going independent. Receiving managers accept first; you make the final decision."
      >
        <Stat.Root
          borderWidth="1px"
          borderColor="border.muted"
          borderRadius="lg"
          bg="bg.panel"
          px="4"
          py="2.5"
          minW="44"
          flex="none"
        >
          <Stat.Label>Pending transfers</Stat.Label>
          <Stat.ValueText color={list.data?.pending ? "blue.700" : "ink"}>
            {list.data ? list.data.pending : "—"}
          </Stat.ValueText>
        </Stat.Root>
      </PanelHeader>

      <ConsoleList
        query={list}
        state={state}
        listing="transfer requests"
        toolbar={{ placeholder: "Search by salesperson or dealership", noun: "request" }}
        filtered={status !== ""}
        filters={
          <Box minW={{ md: "56" }}>
            <LabelledSelect
              label="Filter by status"
              value={status}
              onChange={(value) => setStatus(value as "" | TransferListFilter)}
              options={FILTERS}
            />
          </Box>
        }
        loading={{ rows: 4, height: "24" }}
        empty={{
          icon: LuSearchX,
          title: ["No transfer requests yet", "No matching transfer requests"],
          description: [
            "When a salesperson asks to move, their request appears here.",
            "Try another search or status.",
          ],
        }}
        pager={{ pageSize: PAGE_SIZE, noun: "transfer request" }}
      >
        {(transfer) => <TransferRow key={transfer.id} transfer={transfer} onDecide={dialog.show} />}
      </ConsoleList>

      <TransferDecisionDialog
        dialog={dialog}
        texts={DECISIONS}
        summary={(t) =>
          `${t.salespersonName}: ${dealershipLabel(t.fromDealership)} → ${dealershipLabel(t.toDealership)}`
        }
        pending={decide.isPending}
        onDecide={(answer) => decide.mutate(answer)}
      />
    </Stack>
  );
}
