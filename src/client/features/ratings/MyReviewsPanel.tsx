import {
  Badge,
  Box,
  Button,
  Card,
  Link as ChakraLink,
  EmptyState,
  Flex,
  HStack,
  Icon,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import {
  LuEyeOff,
  LuMessageSquareReply,
  LuPencil,
  LuRefreshCw,
  LuStar,
  LuTriangleAlert,
} from "react-icons/lu";
import { formatRating } from "../../../shared/constants";
import { RATING_EDIT_DAYS } from "../../../shared/reviews";
import { trpc } from "../../trpc";
import { StarRow } from "../../ui/Rating";
import { RateSalespersonDialog } from "../reviews/RateSalespersonDialog";
import { calendarDate, reviewDate } from "../reviews/ReviewsSection";
import type { MyReview } from "../reviews/types";

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
            <HStack gap="2">
              <StarRow value={review.overallRating} label={`Overall ${review.overallRating} out of 5`} />
              <Text fontSize="sm" fontWeight="semibold">
                {formatRating(review.overallRating)}
              </Text>
            </HStack>
          </Stack>
          <Stack gap="1" align={{ base: "flex-start", sm: "flex-end" }}>
            <Text fontSize="sm" color="fg.muted">
              Written {reviewDate.format(created)}
              {review.visitDate ? ` · visited ${calendarDate(review.visitDate)}` : ""}
            </Text>
            {review.removed ? (
              <Badge colorPalette="red" variant="subtle" borderRadius="full">
                <LuEyeOff aria-hidden /> Removed by moderation
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
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
          <Score label="Helpfulness" value={review.helpfulnessRating} />
          <Score label="Pressure level" value={review.pressureLevelRating} />
          <Score label="Communication" value={review.communicationRating} />
        </SimpleGrid>
        {review.reply ? (
          <Box borderStartWidth="3px" borderColor="blue.500" bg="blue.50/60" borderRadius="md" px="3" py="2">
            <HStack gap="1.5" fontSize="sm" fontWeight="semibold" color="ink">
              <LuMessageSquareReply aria-hidden />{" "}
              <Text>Reply from {review.salespersonName.split(" ")[0]}</Text>
            </HStack>
            <Text fontSize="sm" mt="1" whiteSpace="pre-line">
              {review.reply.body}
            </Text>
          </Box>
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
  const mine = trpc.reviews.mine.useQuery(undefined, { refetchOnMount: "always" });
  const [editing, setEditing] = useState<MyReview | null>(null);
  const [editOpen, setEditOpen] = useState(false);

  if (mine.isPending) {
    return (
      <Stack gap="4" aria-busy="true" aria-label="Loading your reviews">
        <Skeleton h="40" borderRadius="xl" />
        <Skeleton h="40" borderRadius="xl" />
      </Stack>
    );
  }
  if (mine.isError) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white">
        <EmptyState.Content>
          <EmptyState.Indicator color="red.500">
            <LuTriangleAlert />
          </EmptyState.Indicator>
          <EmptyState.Title>We couldn't load your reviews</EmptyState.Title>
          <Button variant="outline" onClick={() => void mine.refetch()}>
            <LuRefreshCw /> Try again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }
  if (mine.data.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white" py="14">
        <EmptyState.Content maxW="md">
          <EmptyState.Indicator color="yellow.500">
            <LuStar />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="2">
            <EmptyState.Title>Your reviews will appear here</EmptyState.Title>
            <EmptyState.Description>
              After a completed appointment you can rate the salesperson on helpfulness, sales pressure and
              communication. Every review you leave is listed here.
            </EmptyState.Description>
          </Stack>
          <Button asChild variant="outline">
            <Link to="/appointments">View my appointments</Link>
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  return (
    <Stack gap="4">
      <HStack gap="2" color="fg.muted" fontSize="sm">
        <Icon>
          <LuStar />
        </Icon>
        <Text>
          {mine.data.length} {mine.data.length === 1 ? "review" : "reviews"} written. Reviews can be edited
          for {RATING_EDIT_DAYS} days.
        </Text>
      </HStack>
      <Stack as="ul" listStyleType="none" gap="4">
        {mine.data.map((review) => (
          <MyReviewCard
            key={review.id}
            review={review}
            onEdit={() => {
              setEditing(review);
              setEditOpen(true);
            }}
          />
        ))}
      </Stack>
      {editing ? (
        <RateSalespersonDialog
          open={editOpen}
          onOpenChange={setEditOpen}
          salesperson={{ id: editing.salespersonId, name: editing.salespersonName }}
          review={editing}
        />
      ) : null}
    </Stack>
  );
}
