import { Badge, Box, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { LuArrowLeftRight, LuInbox } from "react-icons/lu";
import { type IncomingTransfer, TRANSFER_DECLINE_REASON_REQUIRED } from "../../../shared/schemas/transfers";
import { trpc } from "../../trpc";
import { DecideButtons } from "../../ui/DecideButtons";
import { mediumDate, yearsLabel } from "../../ui/format";
import { decisionOutcome } from "../../ui/mutationOutcome";
import { ProfilePhoto } from "../../ui/ProfilePhoto";
import { Notice } from "../../ui/QueryState";
import { QueueCard } from "../../ui/QueueCard";
import { RatingSummary } from "../../ui/Rating";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { type DecisionTexts, type TransferDecision, TransferDecisionDialog } from "./DecisionDialog";
import { dealershipLabel } from "./transferLabels";

const DECISIONS = {
  decline: {
    title: "Decline transfer request",
    subtitle: "The salesperson stays where they are and reads your reason.",
    reasonLabel: "Reason",
    reasonHint: "Shown to the salesperson.",
    requiredMessage: TRANSFER_DECLINE_REASON_REQUIRED,
    confirmLabel: "Decline request",
    pendingLabel: "Declining...",
    palette: "red",
  },
  accept: {
    title: "Accept transfer request",
    subtitle: "An administrator approves the move before it happens.",
    reasonLabel: "Note for the administrator",
    reasonHint: "Kept in the audit trail.",
    confirmLabel: "Accept request",
    pendingLabel: "Accepting...",
    palette: "green",
  },
} satisfies Record<string, DecisionTexts>;

type Decision = TransferDecision<IncomingTransfer, keyof typeof DECISIONS>;

function IncomingRow({
  transfer,
  onDecide,
}: {
  transfer: IncomingTransfer;
  onDecide: (d: Decision) => void;
}) {
  return (
    <Box
      as="li"
      p={{ base: "4", md: "5" }}
      layerStyle="request"
      aria-label={`Transfer request from ${transfer.salespersonName}`}
    >
      <Flex gap="4" direction={{ base: "column", md: "row" }} align={{ md: "flex-start" }}>
        <HStack gap="3" align="flex-start" flex="1" minW="0">
          <ProfilePhoto
            src={transfer.profileImageUrl}
            name={transfer.salespersonName}
            boxSize="12"
            borderRadius="full"
            flexShrink={0}
          />
          <Stack gap="1" minW="0">
            <Text fontWeight="semibold" color="ink">
              {transfer.salespersonName}
            </Text>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-all">
              {transfer.salespersonEmail}
            </Text>
            <HStack gap="3" wrap="wrap" fontSize="sm">
              {transfer.totalReviews > 0 ? (
                <RatingSummary average={transfer.averageRating} reviews={transfer.totalReviews} />
              ) : (
                <Text color="fg.muted">No reviews yet</Text>
              )}
              <Text color="fg.muted">{yearsLabel(transfer.yearsOfExperience)}</Text>
            </HStack>
            <Text fontSize="sm">
              Now at <b>{dealershipLabel(transfer.fromDealership)}</b> · asked{" "}
              {mediumDate.format(new Date(transfer.createdAt))}
            </Text>
            {transfer.specialties.length > 0 ? (
              <HStack gap="1.5" wrap="wrap" pt="0.5">
                {transfer.specialties.map((s) => (
                  <Badge key={s} variant="outline" size="sm" borderRadius="full">
                    {s}
                  </Badge>
                ))}
              </HStack>
            ) : null}
            {transfer.note ? (
              <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line" pt="1">
                “{transfer.note}”
              </Text>
            ) : null}
          </Stack>
        </HStack>
        <DecideButtons
          flexShrink={0}
          no={{ label: "Decline", onClick: () => onDecide({ transfer, decision: "decline" }) }}
          yes={{ label: "Accept", onClick: () => onDecide({ transfer, decision: "accept" }) }}
        />
      </Flex>
    </Box>
  );
}

/**
 * The manager dashboard's incoming transfer requests: salespeople asking to join this dealership. Accepting
 * passes the request to an administrator; declining needs a reason, which the salesperson reads.
 */
export function ManagerTransfersPanel() {
  const incoming = trpc.transfers.incoming.useQuery();
  const utils = trpc.useUtils();
  const dialog = useDialogSubject<Decision>();
  const decide = trpc.transfers.managerDecide.useMutation(
    decisionOutcome(
      dialog,
      (result) =>
        result.status === "declined"
          ? { title: "Transfer Declined", description: `${result.salespersonName} was told why.` }
          : {
              title: "Transfer Accepted",
              description: `An administrator makes the final decision on ${result.salespersonName}'s move.`,
            },
      () => utils.transfers.incoming.invalidate(),
    ),
  );
  return (
    <>
      <QueueCard
        id="incoming-transfers-heading"
        icon={LuArrowLeftRight}
        iconColor="blue.600"
        title="Transfer requests"
        count={(items) => ({
          label: `${items.length} waiting`,
          palette: items.length > 0 ? "orange" : "gray",
        })}
        description="Salespeople asking to join your dealership. Accepted requests go to an administrator for approval; the salesperson brings their reviews and history."
        query={incoming}
        loading={{ label: "Loading transfer requests", h: "24" }}
        failure="We couldn't load the transfer requests."
        empty={
          <Notice
            icon={LuInbox}
            title="No transfer requests"
            description="When a salesperson asks to join your dealership, their request appears here."
            size="sm"
            py="8"
          />
        }
      >
        {(items) => (
          <Stack as="ul" listStyleType="none" gap="3">
            {items.map((transfer) => (
              <IncomingRow key={transfer.id} transfer={transfer} onDecide={dialog.show} />
            ))}
          </Stack>
        )}
      </QueueCard>
      <TransferDecisionDialog
        dialog={dialog}
        texts={DECISIONS}
        summary={(t) => `${t.salespersonName}, now at ${dealershipLabel(t.fromDealership, false)}`}
        pending={decide.isPending}
        onDecide={(answer) => decide.mutate(answer)}
      />
    </>
  );
}
