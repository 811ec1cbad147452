import {
  Box,
  Flex,
  Grid,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Stack,
  Stat,
  Text,
} from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LuArrowRight, LuSearch, LuSearchX } from "react-icons/lu";
import { TRANSFER_STATUSES } from "../../../shared/constants";
import {
  type AdminTransfer,
  TRANSFER_DENY_REASON_REQUIRED,
  type TransferListFilter,
} from "../../../shared/schemas/transfers";
import { apiErrorMessage, trpc } from "../../trpc";
import { DecideButtons } from "../../ui/DecideButtons";
import { useDebouncedSearch } from "../../ui/filters";
import { mediumDate } from "../../ui/format";
import { Pager } from "../../ui/Pager";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice, QueryState, SkeletonRows } from "../../ui/QueryState";
import { showToast } from "../../ui/toaster";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { DecisionDialog } from "./DecisionDialog";
import { TransferStatusBadge } from "./TransferStatusBadge";
import { dealershipLabel, TRANSFER_STATUS_STYLE } from "./transferLabels";

const PAGE_SIZE = 20;

const FILTERS: { value: "" | TransferListFilter; label: string }[] = [
  { value: "", label: "All requests" },
  { value: "open", label: "Open (any review)" },
  ...TRANSFER_STATUSES.map((status) => ({ value: status, label: TRANSFER_STATUS_STYLE[status].label })),
];

type Decision = { transfer: AdminTransfer; decision: "approve" | "deny" };

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
      borderWidth="1px"
      borderColor={waiting ? "blue.200" : "border.muted"}
      borderRadius="lg"
      bg="bg.panel"
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
          {transfer.decisionReason ? (
            <Text fontSize="sm" whiteSpace="pre-line">
              <Text as="span" fontWeight="medium">
                Reason:
              </Text>{" "}
              {transfer.decisionReason}
            </Text>
          ) : null}
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
  const { text, setText, search } = useDebouncedSearch();
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter or search starts from page 1.
  useEffect(() => setPage(1), [status, search]);

  const utils = trpc.useUtils();
  const list = trpc.transfers.list.useQuery(
    { status: status || undefined, search: search || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: keepPreviousData, refetchOnMount: "always" },
  );
  const dialog = useDialogSubject<Decision>();
  const decide = trpc.transfers.adminDecide.useMutation({
    onSuccess: async (result) => {
      dialog.setOpen(false);
      const approved = result.status === "approved";
      showToast({
        title: approved ? "Transfer Approved" : "Transfer Denied",
        description: approved
          ? `${result.salespersonName} moved to ${result.toDealership ? result.toDealership.name : "independent work"}. Everyone involved was notified.`
          : `${result.salespersonName} stays where they are and was told why.`,
        variant: "success",
      });
      await utils.transfers.list.invalidate();
    },
    onError: async (failure) => {
      showToast({
        title: "Decision Failed",
        description: apiErrorMessage(failure, "Failed to save the decision. Please try again."),
        variant: "destructive",
      });
      await utils.transfers.list.invalidate();
    },
  });
  const subject = dialog.subject;
  const denying = subject?.decision === "deny";

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

      <Flex gap="3" direction={{ base: "column", md: "row" }} align={{ base: "stretch", md: "flex-end" }}>
        <InputGroup startElement={<LuSearch aria-hidden />} flex="1" maxW={{ md: "md" }}>
          <Input
            type="search"
            aria-label="Search transfer requests"
            placeholder="Search by salesperson or dealership"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            bg="bg.panel"
          />
        </InputGroup>
        <Box minW={{ md: "56" }}>
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label="Filter by status"
              value={status}
              onChange={(e) => setStatus(e.currentTarget.value as "" | TransferListFilter)}
              bg="bg.panel"
            >
              {FILTERS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        {list.data ? (
          <Text fontSize="sm" color="fg.muted" ms={{ md: "auto" }} aria-live="polite">
            {list.data.total} {list.data.total === 1 ? "request" : "requests"}
          </Text>
        ) : null}
      </Flex>

      <QueryState
        query={list}
        keepDataOnError
        loading={<SkeletonRows label="Loading transfer requests" h="24" count={4} gap="3" />}
        error={{ title: "We couldn't load the transfer requests", titleAs: "h3" }}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Notice
            icon={LuSearchX}
            title={search || status ? "No matching transfer requests" : "No transfer requests yet"}
            description={
              search || status
                ? "Try another search or status."
                : "When a salesperson asks to move, their request appears here."
            }
            {...panelNotice()}
          />
        }
      >
        {(data) => (
          <Stack gap="3">
            <Stack as="ul" listStyleType="none" gap="3" opacity={list.isPlaceholderData ? 0.6 : 1}>
              {data.items.map((transfer) => (
                <TransferRow key={transfer.id} transfer={transfer} onDecide={dialog.show} />
              ))}
            </Stack>
            {data.total > data.pageSize ? (
              <Pager
                count={data.total}
                pageSize={data.pageSize}
                page={data.page}
                onPageChange={setPage}
                siblingCount={1}
                pt="2"
                labels={{
                  previous: "Previous page of transfer requests",
                  next: "Next page of transfer requests",
                  page: (n) => `Page ${n} of transfer requests`,
                }}
              />
            ) : null}
          </Stack>
        )}
      </QueryState>

      <DecisionDialog
        open={dialog.open}
        onOpenChange={dialog.setOpen}
        title={denying ? "Deny transfer" : "Approve transfer"}
        subtitle={
          denying
            ? "The salesperson stays where they are. They and the receiving manager read your reason."
            : "The salesperson moves now with all their reviews and history; everyone involved is notified."
        }
        summary={
          subject
            ? `${subject.transfer.salespersonName}: ${dealershipLabel(subject.transfer.fromDealership)} → ${dealershipLabel(subject.transfer.toDealership)}`
            : undefined
        }
        reasonLabel="Reason"
        reasonHint={
          denying
            ? "Required. Shown to the salesperson."
            : "Shown to the salesperson and kept in the audit trail."
        }
        requiredMessage={denying ? TRANSFER_DENY_REASON_REQUIRED : undefined}
        confirmLabel={denying ? "Deny transfer" : "Approve transfer"}
        pendingLabel={denying ? "Denying..." : "Approving..."}
        palette={denying ? "red" : "green"}
        pending={decide.isPending}
        onDecide={(reason) =>
          subject && decide.mutate({ id: subject.transfer.id, decision: subject.decision, reason })
        }
      />
    </Stack>
  );
}
