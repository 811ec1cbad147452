import {
  Badge,
  Button,
  Card,
  Link as ChakraLink,
  Flex,
  HStack,
  Icon,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { LuClock, LuEyeOff, LuPencil, LuStar } from "react-icons/lu";
import { RATING_EDIT_DAYS } from "../../../shared/reviews";
import { trpc } from "../../trpc";
import { formatCalendarDate, mediumDate } from "../../ui/format";
import { Notice, panelNotice, QueryState } from "../../ui/QueryState";
import { OverallScore } from "../../ui/Rating";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { RateSalespersonDialog } from "./RateSalespersonDialog";
import { ReviewReply } from "./ReviewReply";
import type { MyReview } from "./types";
import { VerificationBadge } from "./VerificationBadge";

/** "Editable until Jun 19" for a review written on Jun 12. */
function editableUntil(createdAt: Date): string {
  const until = new Date(createdAt.getTime() + RATING_EDIT_DAYS * 86_400_000);
  return new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric" }).format(until);
}

function Score({ label, value }: { label: string; value: number }) {
  return (
    <HStack justify="space-between" fontSize="sm" px="3" py="2" bg="gray.50" borderRadius="md">
      <Text color="fg.muted">{label}</Text>
      <Text fontWeight="semibold">{value}/5</Text>
    </HStack>
  );
}

function MyReviewCard({ review, onEdit }: { review: MyReview; onEdit: () => void }) {
  const created = new Date(review.createdAt);
  return (
    <Card.Root as="li" borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Body p={{ base: "4", md: "5" }} gap="3">
        <Flex justify="space-between" gap="3" align="flex-start" wrap="wrap">
          <Stack gap="1" minW="0">
            <ChakraLink asChild fontWeight="semibold" color="ink" fontSize="md">
              <Link to="/salesperson/$id" params={{ id: String(review.salespersonId) }} hash="reviews">
                {review.salespersonName}
              </Link>
            </ChakraLink>
            <HStack gap="2" flexWrap="wrap">
              <OverallScore value={review.overallRating} />
              <VerificationBadge verification={review.verification} visitEvidence={review.visitEvidence} />
            </HStack>
          </Stack>
          <Stack gap="1" align={{ base: "flex-start", sm: "flex-end" }}>
            <Text fontSize="sm" color="fg.muted">
              Written {mediumDate.format(created)}
              {review.visitDate ? ` · visited ${formatCalendarDate(review.visitDate, "medium")}` : ""}
            </Text>
            {review.moderationStatus === "held" ? (
              <Badge colorPalette="orange" variant="subtle" borderRadius="full">
                <LuClock aria-hidden /> Awaiting moderation
              </Badge>
            ) : null}
            {review.removed || review.moderationStatus === "rejected" ? (
              <Badge colorPalette="red" variant="subtle" borderRadius="full">
                <LuEyeOff aria-hidden />{" "}
                {review.removed ? "Removed by moderation" : "Not published by moderation"}
              </Badge>
            ) : review.editable ? (
              <Button
                size="xs"
                variant="outline"
                onClick={onEdit}
                aria-label={`Edit your review of ${review.salespersonName}`}
              >
                <LuPencil /> Edit
              </Button>
            ) : null}
          </Stack>
        </Flex>
        {review.comment ? <Text whiteSpace="pre-line">{review.comment}</Text> : null}
        <SimpleGrid columns={{ base: 1, sm: 2, md: review.knowledgeRating === null ? 3 : 4 }} gap="2">
          <Score label="Helpfulness" value={review.helpfulnessRating} />
          <Score label="Pressure level" value={review.pressureLevelRating} />
          <Score label="Communication" value={review.communicationRating} />
          {review.knowledgeRating === null ? null : (
            <Score label="Product knowledge" value={review.knowledgeRating} />
          )}
        </SimpleGrid>
        {review.reply ? (
          <ReviewReply reply={review.reply} salespersonName={review.salespersonName} compact />
        ) : null}
        {review.editable && !review.removed ? (
          <Text fontSize="xs" color="fg.subtle">
            You can edit this review until {editableUntil(created)}.
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

/** Ratings tab: the customer's own reviews, newest first, with Edit during the first 7 days. */
export function MyReviewsPanel() {
  const mine = trpc.reviews.mine.useQuery();
  const editing = useDialogSubject<MyReview>();

  return (
    <QueryState
      query={mine}
      loading={
        <Stack gap="4" role="status" aria-busy="true" aria-label="Loading your reviews">
          <Skeleton h="40" borderRadius="xl" />
          <Skeleton h="40" borderRadius="xl" />
        </Stack>
      }
      error={{ title: "We couldn't load your reviews" }}
      isEmpty={(reviews) => reviews.length === 0}
      empty={
        <Notice
          icon={LuStar}
          iconColor="yellow.500"
          title="Your reviews will appear here"
          description="After a completed appointment you can rate the salesperson on helpfulness, sales pressure and communication. Every review you leave is listed here."
          textGap="2"
          contentMaxW="md"
          {...panelNotice()}
          py="14"
        >
          <Button asChild variant="outline">
            <Link to="/appointments">View my appointments</Link>
          </Button>
        </Notice>
      }
    >
      {(reviews) => (
        <Stack gap="4">
          <HStack gap="2" color="fg.muted" fontSize="sm">
            <Icon>
              <LuStar />
            </Icon>
            <Text>
              {reviews.length} {reviews.length === 1 ? "review" : "reviews"} written. Reviews can be edited
              for {RATING_EDIT_DAYS} days.
            </Text>
          </HStack>
          <Stack as="ul" listStyleType="none" gap="4">
            {reviews.map((review) => (
              <MyReviewCard key={review.id} review={review} onEdit={() => editing.show(review)} />
            ))}
          </Stack>
          {editing.subject ? (
            <RateSalespersonDialog
              open={editing.open}
              onOpenChange={editing.setOpen}
              salesperson={{ id: editing.subject.salespersonId, name: editing.subject.salespersonName }}
              review={editing.subject}
            />
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}
