// One buyer's review in the feedback feed: the scores, the comment, whether it was answered, and the public
// reply (or the form to write it: the salesperson, or their dealership's manager, may reply once).
import { Badge, Box, Button, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuBadgeCheck, LuMessageSquareReply } from "react-icons/lu";
import type { FeedbackComment } from "../../../shared/schemas/analytics";
import { trpc } from "../../trpc";
import { mediumDate } from "../../ui/format";
import { OverallScore } from "../../ui/Rating";
// biome-ignore lint/style/noRestrictedImports: through the reviews index the dashboards' Feedback tab would download the rating dialog and the review lists
import { PublicReplyForm } from "../reviews/PublicReplyForm";
// biome-ignore lint/style/noRestrictedImports: the same
import { ReviewReply } from "../reviews/ReviewReply";

const SCORES = [
  ["helpfulnessRating", "Helpfulness"],
  ["knowledgeRating", "Knowledge"],
  ["pressureLevelRating", "Pressure"],
  ["communicationRating", "Communication"],
] as const;

export function ReplyStatus({ replied }: { replied: boolean }) {
  return (
    <Badge colorPalette={replied ? "green" : "orange"} variant="subtle" borderRadius="full">
      {replied ? "Replied" : "Unanswered"}
    </Badge>
  );
}

export function ReplyForm({ comment, onDone }: { comment: FeedbackComment; onDone: () => void }) {
  const utils = trpc.useUtils();
  return (
    <PublicReplyForm
      ratingId={comment.id}
      label={`Public reply to ${comment.customerName}`}
      placeholder="Thank the buyer or add context. Everyone can read the reply, and a review is answered once."
      postedDescription="It now shows under the review."
      // The feed, the latest comments and the reply counts all change with a reply.
      refresh={() =>
        Promise.all([
          utils.analytics.feedbackComments.invalidate(),
          utils.analytics.feedbackInsights.invalidate(),
        ])
      }
      onDone={onDone}
    />
  );
}

/** A review as the feed lists it; `showSalesperson` names who it is about (the manager's team view). */
export function FeedbackCommentCard({
  comment,
  showSalesperson,
}: {
  comment: FeedbackComment;
  showSalesperson: boolean;
}) {
  const [replying, setReplying] = useState(false);
  const created = new Date(comment.createdAt);
  return (
    <Box
      as="li"
      layerStyle="panel"
      p={{ base: "3.5", md: "4" }}
      minW="0"
      aria-label={`Review by ${comment.customerName}`}
    >
      <Stack gap="3">
        <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Stack gap="1" minW="0">
            <OverallScore value={comment.overallRating} />
            <HStack gap="2" fontSize="sm" color="fg.muted" flexWrap="wrap">
              <Text fontWeight="medium" color="fg">
                {comment.customerName}
              </Text>
              {showSalesperson ? <Text>about {comment.salespersonName}</Text> : null}
              {comment.verifiedPurchase ? (
                <Badge colorPalette="blue" variant="subtle" borderRadius="full">
                  <LuBadgeCheck aria-hidden /> Verified purchase
                </Badge>
              ) : null}
            </HStack>
          </Stack>
          <Stack gap="1" align={{ base: "flex-start", sm: "flex-end" }}>
            <Text asChild fontSize="sm" color="fg.muted">
              <time dateTime={created.toISOString()}>{mediumDate.format(created)}</time>
            </Text>
            <ReplyStatus replied={comment.reply !== null} />
          </Stack>
        </Flex>
        <Text color={comment.comment ? "fg" : "fg.subtle"} whiteSpace="pre-line" overflowWrap="anywhere">
          {comment.comment ?? "No written comment."}
        </Text>
        <HStack as="ul" listStyleType="none" gap="1.5" flexWrap="wrap" aria-label="Category scores">
          {SCORES.map(([key, label]) =>
            comment[key] === null ? null : (
              <Badge as="li" key={key} variant="outline" colorPalette="gray" fontWeight="normal">
                {label}{" "}
                <Text as="span" fontWeight="semibold">
                  {comment[key]}/5
                </Text>
              </Badge>
            ),
          )}
        </HStack>
        {comment.reply ? (
          <ReviewReply reply={comment.reply} salespersonName={comment.salespersonName} />
        ) : null}
        {replying ? <ReplyForm comment={comment} onDone={() => setReplying(false)} /> : null}
        {!comment.reply && !replying ? (
          <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setReplying(true)}>
            <LuMessageSquareReply /> Reply publicly
          </Button>
        ) : null}
      </Stack>
    </Box>
  );
}
