// One review on a salesperson's profile: its scores, its text, the salesperson's reply (and the form to write
// one), and flagging it.
import { Box, Button, Flex, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuFlag, LuMessageSquareReply } from "react-icons/lu";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { trpc } from "../../trpc";
import { formatCalendarDate, mediumDate } from "../../ui/format";
import { OverallScore } from "../../ui/Rating";
import { PublicReplyForm } from "./PublicReplyForm";
import { ReviewReply } from "./ReviewReply";
import type { Review } from "./types";
import { VerificationBadge } from "./VerificationBadge";

function CategoryScore({ label, score, note }: { label: string; score: number; note: string | null }) {
  return (
    <Stack gap="1" p="3" bg="gray.50" borderRadius="md" minW="0">
      <HStack justify="space-between" gap="2">
        <Text
          fontSize="xs"
          fontWeight="semibold"
          color="fg.muted"
          textTransform="uppercase"
          letterSpacing="0.04em"
        >
          {label}
        </Text>
        <Text fontSize="sm" fontWeight="semibold" color="ink">
          {score}/5
        </Text>
      </HStack>
      {note ? (
        <Text fontSize="sm" color="fg">
          {note}
        </Text>
      ) : null}
    </Stack>
  );
}

export function ReviewItem({
  review,
  salesperson,
  canReply,
  canFlag,
  onFlag,
}: {
  review: Review;
  salesperson: SalespersonDetail;
  canReply: boolean;
  canFlag: boolean;
  onFlag: (review: Review) => void;
}) {
  const [replying, setReplying] = useState(false);
  const utils = trpc.useUtils();
  const created = new Date(review.createdAt);
  return (
    <Box
      as="li"
      py="5"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: "0", pt: "0" }}
      aria-label={`Review by ${review.customerName}`}
    >
      <Stack gap="3">
        <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
          <Stack gap="1">
            <OverallScore value={review.overallRating} gap="2.5" />
            <HStack gap="2" fontSize="sm" color="fg.muted" flexWrap="wrap">
              <Text fontWeight="medium" color="fg">
                {review.customerName}
              </Text>
              <VerificationBadge verification={review.verification} visitEvidence={review.visitEvidence} />
            </HStack>
          </Stack>
          <Stack gap="0" align={{ base: "flex-start", sm: "flex-end" }} fontSize="sm" color="fg.muted">
            <time dateTime={created.toISOString()}>{mediumDate.format(created)}</time>
            {review.visitDate ? (
              <Text fontSize="xs">Visited {formatCalendarDate(review.visitDate, "medium")}</Text>
            ) : null}
          </Stack>
        </Flex>
        <Text color={review.comment ? "fg" : "fg.subtle"} whiteSpace="pre-line">
          {review.comment ?? "No written comment."}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: review.knowledgeRating === null ? 3 : 4 }} gap="2">
          <CategoryScore
            label="Helpfulness"
            score={review.helpfulnessRating}
            note={review.helpfulnessComment}
          />
          <CategoryScore
            label="Pressure level"
            score={review.pressureLevelRating}
            note={review.pressureComment}
          />
          <CategoryScore
            label="Communication"
            score={review.communicationRating}
            note={review.communicationComment}
          />
          {review.knowledgeRating === null ? null : (
            <CategoryScore label="Product knowledge" score={review.knowledgeRating} note={null} />
          )}
        </SimpleGrid>
        {review.reply ? <ReviewReply reply={review.reply} salespersonName={salesperson.name} /> : null}
        {replying ? (
          <PublicReplyForm
            ratingId={review.id}
            label="Your public reply"
            placeholder="Thank the buyer or add context. Everyone can read your reply, and you can reply once."
            postedDescription="Your reply now shows under the review."
            refresh={() => utils.reviews.list.invalidate({ salespersonId: salesperson.id })}
            onDone={() => setReplying(false)}
          />
        ) : null}
        {(canReply && !review.reply && !replying) || canFlag ? (
          <HStack gap="2" flexWrap="wrap">
            {canReply && !review.reply && !replying ? (
              <Button size="xs" variant="outline" onClick={() => setReplying(true)}>
                <LuMessageSquareReply /> Reply publicly
              </Button>
            ) : null}
            {canFlag ? (
              <Button size="xs" variant="ghost" color="fg.muted" onClick={() => onFlag(review)}>
                <LuFlag /> Flag for moderation
              </Button>
            ) : null}
          </HStack>
        ) : null}
      </Stack>
    </Box>
  );
}
