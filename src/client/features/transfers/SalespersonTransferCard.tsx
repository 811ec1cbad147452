import {
  Box,
  Button,
  Combobox,
  Field,
  Flex,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Text,
  useFilter,
  useListCollection,
} from "@chakra-ui/react";
import { comboboxSlotRecipe } from "@chakra-ui/react/theme";
import { type FormEvent, useState } from "react";
import { LuArrowLeftRight, LuBuilding2, LuUndo2, LuUserRound } from "react-icons/lu";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { TRANSFER_NOTE_MAX, type TransferRequestView } from "../../../shared/schemas/transfers";
import { trpc } from "../../trpc";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { DecisionReason } from "../../ui/DecisionReason";
import { showFailure } from "../../ui/failureToast";
import { TextareaField } from "../../ui/form";
import { mediumDate } from "../../ui/format";
import { mutationOutcome } from "../../ui/mutationOutcome";
import { InlineLoadError } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { showToast } from "../../ui/toaster";
import { TransferStatusBadge } from "./TransferStatusBadge";
import { destinationLabel, isOpenTransfer, transferStatusStyle } from "./transferLabels";

const INDEPENDENT = "independent";

type Destination = { value: string; label: string; detail: string };

type Placement = Pick<SalespersonDetail, "dealershipId" | "dealership">;

/** After a request changes: the salesperson's own list, and their profile (an approval may have moved them). */
function useTransferRefresh() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.transfers.mine.invalidate(), utils.portal.me.invalidate()]);
}

function DestinationPicker({
  destinations,
  value,
  onChange,
  error,
}: {
  destinations: Destination[];
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  const { contains } = useFilter({ sensitivity: "base" });
  const { collection, filter } = useListCollection({
    initialItems: destinations,
    filter: (itemText, query) => contains(itemText, query),
    itemToString: (item) => `${item.label} ${item.detail}`,
    itemToValue: (item) => item.value,
  });
  return (
    <Field.Root required invalid={!!error}>
      <Combobox.Root
        recipe={comboboxSlotRecipe}
        collection={collection}
        value={value ? [value] : []}
        onValueChange={(e) => onChange(e.value[0] ?? "")}
        onInputValueChange={(e) => filter(e.inputValue)}
        openOnClick
        inputBehavior="autohighlight"
        selectionBehavior="replace"
        width="full"
      >
        <Combobox.Label>
          Move to <Field.RequiredIndicator />
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder="Search dealerships by name or city" />
          <Combobox.IndicatorGroup>
            <Combobox.ClearTrigger aria-label="Clear the choice" />
            <Combobox.Trigger aria-label="Show all dealerships" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="72" overflowY="auto">
              <Combobox.Empty>No dealership matches that search</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.value}>
                  <HStack gap="2.5" minW="0">
                    <Box color={item.value === INDEPENDENT ? "purple.600" : "blue.600"} flexShrink={0}>
                      {item.value === INDEPENDENT ? <LuUserRound aria-hidden /> : <LuBuilding2 aria-hidden />}
                    </Box>
                    <Stack gap="0" minW="0">
                      <Combobox.ItemText>{item.label}</Combobox.ItemText>
                      <Text fontSize="xs" color="fg.muted" truncate>
                        {item.detail}
                      </Text>
                    </Stack>
                  </HStack>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>Pick the dealership you want to join, or go independent.</Field.HelperText>
      )}
    </Field.Root>
  );
}

function RequestForm({ placement }: { placement: Placement }) {
  const options = trpc.salespeople.filterOptions.useQuery();
  const [destination, setDestination] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const request = trpc.transfers.request.useMutation({
    onSuccess: async (created) => {
      showToast({
        title: "Transfer Requested",
        description: created.toDealership
          ? `The manager of ${created.toDealership.name} will review your request.`
          : "An administrator will review your request to go independent.",
        variant: "success",
      });
      setDestination("");
      setNote("");
    },
    onError: (failure) =>
      showFailure("Transfer Request Failed", failure, "Failed to request the transfer. Please try again."),
  });

  if (options.isPending) return <Skeleton h="10" borderRadius="md" aria-label="Loading dealerships" />;
  if (options.isError)
    return (
      <InlineLoadError message="We couldn't load the dealerships." onRetry={() => void options.refetch()} />
    );

  const destinations: Destination[] = [
    ...(placement.dealershipId !== null
      ? [{ value: INDEPENDENT, label: "Go independent", detail: "Work with buyers without a dealership" }]
      : []),
    ...options.data.dealerships
      .filter((d) => d.id !== placement.dealershipId)
      .map((d) => ({ value: String(d.id), label: d.name, detail: `${d.city}, ${d.state}` })),
  ];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!destination) {
      setError("Choose a dealership or going independent");
      return;
    }
    setError(null);
    request.mutate({
      toDealershipId: destination === INDEPENDENT ? null : Number(destination),
      note: note.trim() || null,
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Request a transfer">
      <Stack gap="4">
        <DestinationPicker
          destinations={destinations}
          value={destination}
          onChange={(value) => {
            setDestination(value);
            if (value) setError(null);
          }}
          error={error}
        />
        <TextareaField
          label="Note"
          note="optional"
          hint={`For the manager and the administrator who review it. ${note.length} / ${TRANSFER_NOTE_MAX}`}
          rows={3}
          maxLength={TRANSFER_NOTE_MAX}
          placeholder="Why you want to move, and when you could start."
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Flex justify="flex-end">
          <Button type="submit" colorPalette="blue" loading={request.isPending} loadingText="Sending...">
            <LuArrowLeftRight /> Request transfer
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function OpenRequest({ transfer }: { transfer: TransferRequestView }) {
  const [confirming, setConfirming] = useState(false);
  const refresh = useTransferRefresh();
  const withdraw = trpc.transfers.withdraw.useMutation(
    mutationOutcome({
      close: () => setConfirming(false),
      closeOnFailure: true,
      success: () => ({
        title: "Request Withdrawn",
        description: "Your transfer request was withdrawn. You can make a new one at any time.",
      }),
      failure: { title: "Withdrawal Failed", fallback: "Failed to withdraw the request. Please try again." },
      refresh,
    }),
  );
  const style = transferStatusStyle(transfer.status);
  return (
    <Stack gap="3" p="4" layerStyle="request" bg="bg.subtle" role="group" aria-label="Open transfer request">
      <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap="0.5">
          <Text fontWeight="semibold" color="ink">
            {destinationLabel(transfer)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {transfer.toDealership ? `${transfer.toDealership.city}, ${transfer.toDealership.state} · ` : ""}
            Requested {mediumDate.format(new Date(transfer.createdAt))}
          </Text>
        </Stack>
        <TransferStatusBadge status={transfer.status} />
      </Flex>
      <Text fontSize="sm">{style.meaning}</Text>
      {transfer.note ? (
        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
          Your note: {transfer.note}
        </Text>
      ) : null}
      <Flex justify="flex-end">
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
          <LuUndo2 /> Withdraw
        </Button>
      </Flex>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw this transfer request?"
        description={`Your request to ${destinationLabel(transfer).toLowerCase()} will be withdrawn and no one will review it. You stay where you are.`}
        confirmLabel="Withdraw request"
        pendingLabel="Withdrawing..."
        isPending={withdraw.isPending}
        onConfirm={() => withdraw.mutate({ id: transfer.id })}
      />
    </Stack>
  );
}

function PastRequests({ transfers }: { transfers: TransferRequestView[] }) {
  return (
    <Stack gap="2" as="section" aria-labelledby="past-transfers-heading">
      <Text id="past-transfers-heading" fontSize="sm" fontWeight="semibold" color="ink">
        Past requests
      </Text>
      <Stack as="ul" listStyleType="none" gap="2">
        {transfers.map((transfer) => (
          <Box
            as="li"
            key={transfer.id}
            p="3"
            borderWidth="1px"
            borderColor="border.muted"
            borderRadius="md"
            fontSize="sm"
          >
            <Flex gap="2" justify="space-between" align="center" wrap="wrap">
              <Text fontWeight="medium">{destinationLabel(transfer)}</Text>
              <TransferStatusBadge status={transfer.status} size="sm" />
            </Flex>
            <Text color="fg.muted" fontSize="xs" mt="0.5">
              Requested {mediumDate.format(new Date(transfer.createdAt))}
              {transfer.status !== "withdrawn"
                ? ` · decided ${mediumDate.format(new Date(transfer.adminDecidedAt ?? transfer.managerDecidedAt ?? transfer.updatedAt))}`
                : ` · withdrawn ${mediumDate.format(new Date(transfer.updatedAt))}`}
            </Text>
            <DecisionReason reason={transfer.decisionReason} mt="1.5" />
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The salesperson's dashboard: ask to move to another dealership or to go independent, follow the open
 * request (and withdraw it), and read earlier decisions with their reasons.
 */
export function SalespersonTransferCard({ salesperson }: { salesperson: Placement }) {
  const mine = trpc.transfers.mine.useQuery();
  const open = mine.data?.find(isOpenTransfer) ?? null;
  const past = (mine.data ?? []).filter((t) => !isOpenTransfer(t)).slice(0, 5);
  return (
    <SectionCard
      title="Dealership transfer"
      description={
        salesperson.dealership
          ? `You work at ${salesperson.dealership}. Ask to move to another dealership or to go independent; your reviews and history move with you.`
          : "You work independently. Ask to join a dealership; your reviews and history come with you."
      }
    >
      {mine.isPending ? (
        <Stack gap="3" role="status" aria-busy="true" aria-label="Loading transfer requests">
          <Skeleton h="10" borderRadius="md" />
          <Skeleton h="20" borderRadius="md" />
        </Stack>
      ) : mine.isError ? (
        <InlineLoadError
          message="We couldn't load your transfer requests."
          onRetry={() => void mine.refetch()}
        />
      ) : (
        <Stack gap="5">
          {open ? <OpenRequest transfer={open} /> : <RequestForm placement={salesperson} />}
          {past.length > 0 ? <PastRequests transfers={past} /> : null}
        </Stack>
      )}
    </SectionCard>
  );
}
