// Reviews the gaming rules held (contact details, a burst from new accounts), above the flagged ones: an
// administrator reads the reason and publishes the review (it joins the profile and the averages) or rejects it.
import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { LuCircleCheck, LuCircleX, LuShieldAlert } from "react-icons/lu";
import { type RouterOutputs, trpc } from "../../../trpc";
import { DecisionCard } from "../../../ui/DecisionCard";
import type { DialogControl } from "../../../ui/dialog";
import { mediumDate } from "../../../ui/format";
import { useDialogSubject } from "../../../ui/useDialogSubject";
import { QueueHeader } from "../consoleKit";
import { type ReviewDecisionCopy, ReviewDecisionDialog, ReviewRating } from "./ReviewDecisionDialog";

type HeldReview = RouterOutputs["reviews"]["heldReviews"]["items"][number];
type Decision = "publish" | "reject";
type HeldDecision = { review: HeldReview; decision: Decision };

const DECISIONS = {
  publish: {
    title: "Publish this review?",
    explain: "It appears on the profile, counts toward the averages, and the salesperson is told.",
    confirm: "Publish",
    pending: "Saving...",
    palette: "green",
    toast: "Review published",
  },
  reject: {
    title: "Reject this review?",
    explain: "It stays off the profile and out of the averages; its writer sees it was not published.",
    confirm: "Reject review",
    pending: "Saving...",
    palette: "red",
    toast: "Review rejected",
  },
} as const satisfies Record<Decision, ReviewDecisionCopy>;

function DecideDialog({ review, decision, open, onOpenChange }: HeldDecision & DialogControl) {
  const utils = trpc.useUtils();
  const decide = trpc.reviews.decideHeld.useMutation();
  return (
    <ReviewDecisionDialog
      copy={DECISIONS[decision]}
      icon={decision === "publish" ? <LuCircleCheck /> : <LuCircleX />}
      note={{ label: "Note", hint: "Kept in the audit trail." }}
      pending={decide.isPending}
      send={(note) => decide.mutateAsync({ ratingId: review.id, decision, note: note || undefined })}
      done={`The review of ${review.salespersonName}.`}
      failure={{
        title: "Couldn't decide on the review",
        after: () => utils.reviews.heldReviews.invalidate(),
      }}
      open={open}
      onOpenChange={onOpenChange}
    />
  );
}

function HeldCard({ review, onDecide }: { review: HeldReview; onDecide: (decision: Decision) => void }) {
  const texts = [
    review.comment,
    review.helpfulnessComment,
    review.pressureComment,
    review.communicationComment,
  ];
  return (
    <DecisionCard
      label={`Held review of ${review.salespersonName}`}
      title={review.salespersonName}
      meta={`${review.dealershipName ?? "Independent"} · review by ${review.customerName} on ${mediumDate.format(new Date(review.createdAt))}${review.accountCreatedAt ? ` · account opened ${mediumDate.format(new Date(review.accountCreatedAt))}` : ""}`}
      aside={<ReviewRating value={review.overallRating} />}
      actions={[
        { label: "Publish", icon: <LuCircleCheck />, palette: "green", onClick: () => onDecide("publish") },
        { label: "Reject", icon: <LuCircleX />, palette: "red", onClick: () => onDecide("reject") },
      ]}
    >
      {texts.filter(Boolean).map((text) => (
        <Text key={text} whiteSpace="pre-line">
          “{text}”
        </Text>
      ))}
      <HStack gap="2" p="3" bg="orange.50" borderRadius="md" borderStartWidth="3px" borderColor="orange.400">
        <Box color="orange.600">
          <LuShieldAlert aria-hidden />
        </Box>
        <Text fontSize="sm" fontWeight="medium">
          Held: {review.heldReason ?? "no reason recorded"}
        </Text>
      </HStack>
    </DecisionCard>
  );
}

/** The held reviews, oldest first; shown only while there are some. */
export function HeldReviewsQueue() {
  const held = trpc.reviews.heldReviews.useQuery({ pageSize: 20 });
  const dialog = useDialogSubject<HeldDecision>();
  if (!held.data || held.data.total === 0) return null;
  return (
    <Stack gap="4">
      <QueueHeader
        title="Held reviews"
        description="Reviews our gaming rules held before publishing: contact details, or a burst of reviews from new accounts."
        open={held.data.total}
      />
      <Stack as="ul" listStyleType="none" gap="3" aria-label="Held reviews">
        {held.data.items.map((review) => (
          <HeldCard
            key={review.id}
            review={review}
            onDecide={(decision) => dialog.show({ review, decision })}
          />
        ))}
      </Stack>
      {dialog.subject ? (
        <DecideDialog {...dialog.subject} open={dialog.open} onOpenChange={dialog.setOpen} />
      ) : null}
    </Stack>
  );
}
