// The flagged-reviews queue: reviews a salesperson or their manager flagged, oldest first. An administrator
// upholds the review (it stays, the flag closes) or removes it from public view and from the averages.

import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { LuCircleCheck, LuFlag, LuTrash2 } from "react-icons/lu";
import { ErrorKind } from "../../../../shared/errorCodes";
import { apiErrorCode, type RouterOutputs, trpc } from "../../../trpc";
import { DecisionCard } from "../../../ui/DecisionCard";
import type { DialogControl } from "../../../ui/dialog";
import { mediumDate } from "../../../ui/format";
import { capitalise } from "../../../ui/StatusBadge";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { QueueHeader } from "../consoleKit";
import { ConsoleList, useSearchPage } from "../consoleList";
import { HeldReviewsQueue } from "./HeldReviewsQueue";
import { type ReviewDecisionCopy, ReviewDecisionDialog, ReviewRating } from "./ReviewDecisionDialog";

type OpenFlag = RouterOutputs["reviews"]["openFlags"]["items"][number];
type Decision = "uphold" | "remove";
type OpenFlagDecision = { flag: OpenFlag; decision: Decision };

const PAGE_SIZE = 10;

const DECISIONS = {
  uphold: {
    title: "Uphold this review?",
    explain: "The review stays on the profile and the flag is closed.",
    confirm: "Uphold",
    pending: "Upholding...",
    palette: "green",
    toast: "Review upheld",
  },
  remove: {
    title: "Remove this review?",
    explain:
      "The review disappears from the public profile and no longer counts toward the salesperson's average rating.",
    confirm: "Remove review",
    pending: "Removing...",
    palette: "red",
    toast: "Review removed",
  },
} as const satisfies Record<Decision, ReviewDecisionCopy>;

function ResolveDialog({ flag, decision, open, onOpenChange }: OpenFlagDecision & DialogControl) {
  const utils = trpc.useUtils();
  const resolve = trpc.reviews.resolveFlag.useMutation();
  return (
    <ReviewDecisionDialog
      copy={DECISIONS[decision]}
      icon={decision === "remove" ? <LuTrash2 /> : <LuCircleCheck />}
      note={{ label: "Reason", required: true, hint: "Kept with the flag and in the audit trail." }}
      pending={resolve.isPending}
      send={(note) => resolve.mutateAsync({ flagId: flag.id, decision, note })}
      done={`The review of ${flag.salespersonName} was ${decision === "remove" ? "removed" : "kept"}.`}
      failure={{
        title: "Couldn't resolve the flag",
        after: async (error) => {
          if (apiErrorCode(error) === ErrorKind.NOT_FOUND) await utils.reviews.openFlags.invalidate();
        },
      }}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}

function FlagCard({ flag, onDecide }: { flag: OpenFlag; onDecide: (decision: Decision) => void }) {
  const flagger = flag.flaggedByName ?? flag.flaggedByEmail ?? "A former account";
  return (
    <DecisionCard
      label={`Flagged review of ${flag.salespersonName}`}
      title={flag.salespersonName}
      meta={`${flag.dealershipName ?? "Independent"} · review by ${flag.customerName} on ${mediumDate.format(new Date(flag.reviewedAt))}`}
      aside={<ReviewRating value={flag.overallRating} />}
      actions={[
        { label: "Uphold", icon: <LuCircleCheck />, palette: "green", onClick: () => onDecide("uphold") },
        { label: "Remove review", icon: <LuTrash2 />, palette: "red", onClick: () => onDecide("remove") },
      ]}
    >
      <Text
        whiteSpace="pre-line"
        color={flag.comment ? "fg" : "fg.muted"}
        fontStyle={flag.comment ? undefined : "italic"}
      >
        {flag.comment ? `“${flag.comment}”` : "No written comment."}
      </Text>
      <Stack gap="1" p="3" bg="orange.50" borderRadius="md" borderStartWidth="3px" borderColor="orange.400">
        <HStack gap="2" fontSize="sm" wrap="wrap">
          <Box color="orange.600">
            <LuFlag aria-hidden />
          </Box>
          <Text fontWeight="medium">
            Flagged by {flagger}
            {flag.flaggedByRole ? ` (${capitalise(flag.flaggedByRole)})` : ""}
          </Text>
          <Text color="fg.muted">{mediumDate.format(new Date(flag.createdAt))}</Text>
        </HStack>
        <Text fontSize="sm" whiteSpace="pre-line">
          {flag.reason}
        </Text>
      </Stack>
    </DecisionCard>
  );
}

/** Admin console tab: the queue of flagged reviews. */
export function FlaggedReviewsTab() {
  const state = useSearchPage();
  const { search, page } = state;
  const flags = trpc.reviews.openFlags.useQuery(
    { search: search || undefined, page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  const dialog = useDialogSubject<OpenFlagDecision>();

  return (
    <Stack gap="5">
      <HeldReviewsQueue />
      <QueueHeader
        title="Flagged reviews"
        description="Reviews a salesperson or their manager asked us to check. Uphold keeps the review; Remove takes it off the profile and out of the averages."
        open={flags.data?.total}
      />
      <ConsoleList
        query={flags}
        state={state}
        listing="flagged reviews"
        toolbar={{ placeholder: "Search review text, salesperson, reason or who flagged", noun: "open flag" }}
        loading={{ rows: 2, height: "40" }}
        empty={{
          icon: LuCircleCheck,
          iconColor: "green.500",
          title: ["Nothing to moderate", "No flags match your search"],
          description: ["Every flagged review has been handled.", "Try other words."],
        }}
        pager={{ pageSize: PAGE_SIZE, noun: "flag" }}
        pagerUnderPanel
      >
        {(flag) => (
          <FlagCard key={flag.id} flag={flag} onDecide={(decision) => dialog.show({ flag, decision })} />
        )}
      </ConsoleList>
      {dialog.subject ? (
        <ResolveDialog {...dialog.subject} open={dialog.open} onOpenChange={dialog.setOpen} />
      ) : null}
    </Stack>
  );
}
