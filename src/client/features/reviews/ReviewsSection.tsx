import {
  Badge,
  Box,
  Button,
  Card,
  chakra,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { LuBadgeCheck, LuFlag, LuMessageSquareReply, LuStar } from "react-icons/lu";
import { formatRating } from "../../../shared/constants";
import { REVIEW_SORTS, type ReviewSort } from "../../../shared/reviews";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { apiErrorMessage, trpc } from "../../trpc";
import { TextareaField } from "../../ui/form";
import { formatCalendarDate, mediumDate } from "../../ui/format";
import { Pager } from "../../ui/Pager";
import { InlineLoadError } from "../../ui/QueryState";
import { OverallScore, ratingBandInfo, StarRow } from "../../ui/Rating";
import type { SessionUser } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { FlagReviewDialog } from "./FlagReviewDialog";
import { PRESSURE_SCALE } from "./RatingFields";
import { ReviewReply } from "./ReviewReply";
import type { Review } from "./types";

const REVIEWS_PER_PAGE = 5;

const SORT_LABELS: Record<ReviewSort, string> = {
  newest: "Newest first",
  highest: "Highest rated",
  lowest: "Lowest rated",
};

function CategoryBar({ label, value, hint }: { label: string; value: number | null; hint?: string }) {
  const shown = value ?? 0;
  return (
    <Stack gap="1.5">
      <HStack justify="space-between" fontSize="sm">
        <Text fontWeight="medium">{label}</Text>
        <Text color="fg.muted">{value === null ? "–" : `${formatRating(value)} / 5`}</Text>
      </HStack>
      <Progress.Root
        value={(shown / 5) * 100}
        size="sm"
        colorPalette="blue"
        aria-label={`${label}: ${formatRating(shown)} out of 5`}
      >
        <Progress.Track borderRadius="full">
          <Progress.Range borderRadius="full" />
        </Progress.Track>
      </Progress.Root>
      {hint ? (
        <Text fontSize="xs" color="fg.subtle">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

/** One category score of a review, with the reviewer's note on it when there is one. */
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

function ReplyForm({
  review,
  salespersonId,
  onDone,
}: {
  review: Review;
  salespersonId: number;
  onDone: () => void;
}) {
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const utils = trpc.useUtils();
  const reply = trpc.reviews.reply.useMutation({
    onSuccess: async () => {
      showToast({
        title: "Reply posted",
        description: "Your reply now shows under the review.",
        variant: "success",
      });
      onDone();
      await utils.reviews.list.invalidate({ salespersonId });
    },
    onError: (e) => {
      showToast({
        title: "Reply not posted",
        description: apiErrorMessage(e, "Please try again later."),
        variant: "destructive",
      });
      void utils.reviews.list.invalidate({ salespersonId });
    },
  });
  return (
    <chakra.form
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        if (!body.trim()) {
          setError("Write a reply first");
          return;
        }
        reply.mutate({ ratingId: review.id, body: body.trim() });
      }}
      noValidate
      p="3"
      borderWidth="1px"
      borderColor="blue.200"
      borderRadius="lg"
      bg="blue.50/50"
    >
      <TextareaField
        label="Your public reply"
        labelSize="sm"
        error={error}
        rows={3}
        maxLength={2000}
        bg="bg.panel"
        placeholder="Thank the buyer or add context. Everyone can read your reply, and you can reply once."
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          setError(null);
        }}
      />
      <HStack justify="flex-end" mt="3" gap="2">
        <Button size="sm" variant="ghost" onClick={onDone} disabled={reply.isPending}>
          Cancel
        </Button>
        <Button
          size="sm"
          type="submit"
          colorPalette="blue"
          loading={reply.isPending}
          loadingText="Posting..."
        >
          Post reply
        </Button>
      </HStack>
    </chakra.form>
  );
}

function ReviewItem({
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
              {review.verifiedVisit ? (
                <Badge colorPalette="green" variant="subtle" borderRadius="full" size="sm">
                  <LuBadgeCheck aria-hidden /> Verified visit
                </Badge>
              ) : null}
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
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="2">
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
        </SimpleGrid>
        {review.reply ? <ReviewReply reply={review.reply} salespersonName={salesperson.name} /> : null}
        {replying ? (
          <ReplyForm review={review} salespersonId={salesperson.id} onDone={() => setReplying(false)} />
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

function ReviewsSkeleton() {
  return (
    <Stack gap="6" aria-busy="true" aria-label="Loading reviews">
      {[0, 1].map((n) => (
        <Stack key={n} gap="2">
          <Skeleton h="4" w="32" />
          <Skeleton h="4" w="full" />
          <Skeleton h="4" w="70%" />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * The profile's reviews (id 'reviews'): averages per category, the rating band, sorting and pages, each review
 * with its four scores and the salesperson's reply. The salesperson replies once per review; they and their
 * manager can flag a review for an administrator.
 */
export function ReviewsSection({
  salesperson,
  viewer,
  onRate,
}: {
  salesperson: SalespersonDetail;
  viewer: SessionUser | null;
  /** Opens the rating dialog (customers only). */
  onRate?: () => void;
}) {
  const [sort, setSort] = useState<ReviewSort>("newest");
  const [page, setPage] = useState(1);
  const flagging = useDialogSubject<Review>();
  const sortId = useId();
  const top = useRef<HTMLDivElement>(null);
  const list = trpc.reviews.list.useQuery(
    { salespersonId: salesperson.id, sort, limit: REVIEWS_PER_PAGE, offset: (page - 1) * REVIEWS_PER_PAGE },
    { placeholderData: keepPreviousData },
  );
  const total = list.data?.total ?? salesperson.totalReviews;
  const averages = list.data?.averages;
  // The headline average is the salesperson's own aggregate, so it always matches the profile header.
  const overall = salesperson.averageRating;
  const band = ratingBandInfo(overall, total);
  const isOwner = viewer?.salespersonId != null && viewer.salespersonId === salesperson.id;
  const isManager =
    viewer?.managedDealershipId != null && viewer.managedDealershipId === salesperson.dealershipId;

  const goToPage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <Card.Root id="reviews" borderRadius="xl" borderColor="border.muted" boxShadow="xs" scrollMarginTop="24">
      <Card.Header p={{ base: "5", md: "6" }} pb="0">
        <Flex justify="space-between" align="center" wrap="wrap" gap="3">
          <HStack gap="3" flexWrap="wrap">
            <Heading as="h2" size="lg" color="ink">
              Reviews
            </Heading>
            <Badge colorPalette={band.palette} variant="subtle" borderRadius="full">
              {band.label}
            </Badge>
          </HStack>
          {onRate ? (
            <Button size="sm" variant="outline" onClick={onRate}>
              <LuStar /> Write a review
            </Button>
          ) : null}
        </Flex>
      </Card.Header>
      <Card.Body p={{ base: "5", md: "6" }} pt={{ base: "4", md: "5" }} gap="6">
        {total > 0 ? (
          <Flex
            gap={{ base: "5", md: "8" }}
            direction={{ base: "column", md: "row" }}
            bg="gray.50"
            p={{ base: "4", md: "5" }}
            borderRadius="lg"
          >
            <Stack gap="1" align={{ base: "flex-start", md: "center" }} justify="center" minW="36">
              <Text
                fontSize="4xl"
                fontWeight="bold"
                color="ink"
                lineHeight="1"
                aria-label={`Average rating ${formatRating(overall)} out of 5`}
                data-testid="review-average"
              >
                {formatRating(overall)}
              </Text>
              <StarRow value={overall} label={`${formatRating(overall)} out of 5 stars`} />
              <Text fontSize="sm" color="fg.muted">
                {total} verified {total === 1 ? "review" : "reviews"}
              </Text>
            </Stack>
            <Stack gap="3" flex="1" justify="center">
              <CategoryBar label="Helpfulness" value={averages?.helpfulness ?? null} />
              <CategoryBar
                label="Pressure level"
                value={averages?.pressureLevel ?? null}
                hint={`${PRESSURE_SCALE.low} · ${PRESSURE_SCALE.high}`}
              />
              <CategoryBar label="Communication" value={averages?.communication ?? null} />
            </Stack>
          </Flex>
        ) : null}

        {total > 1 ? (
          <HStack ref={top} justify="space-between" gap="3" scrollMarginTop="28" flexWrap="wrap">
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {list.isFetching && list.isPlaceholderData
                ? "Loading…"
                : `Showing ${(page - 1) * REVIEWS_PER_PAGE + 1}–${Math.min(page * REVIEWS_PER_PAGE, total)} of ${total}`}
            </Text>
            <HStack gap="2">
              <chakra.label htmlFor={sortId} fontSize="sm" color="fg.muted" whiteSpace="nowrap">
                Sort by
              </chakra.label>
              <NativeSelect.Root size="sm" width="40">
                <NativeSelect.Field
                  id={sortId}
                  value={sort}
                  onChange={(e) => {
                    setSort(e.currentTarget.value as ReviewSort);
                    setPage(1);
                  }}
                >
                  {REVIEW_SORTS.map((value) => (
                    <option key={value} value={value}>
                      {SORT_LABELS[value]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </HStack>
          </HStack>
        ) : null}

        {list.isPending ? (
          <ReviewsSkeleton />
        ) : list.isError && !list.data ? (
          <InlineLoadError
            message="We couldn't load the reviews."
            onRetry={() => void list.refetch()}
            align="center"
            py="6"
          />
        ) : (list.data?.items.length ?? 0) > 0 ? (
          <Stack
            as="ul"
            listStyleType="none"
            gap="0"
            aria-label="Reviews"
            opacity={list.isPlaceholderData ? 0.6 : 1}
            transition="opacity 150ms"
          >
            {list.data?.items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                salesperson={salesperson}
                canReply={isOwner}
                canFlag={isOwner || isManager}
                onFlag={flagging.show}
              />
            ))}
          </Stack>
        ) : (
          <Stack align="center" textAlign="center" py="8" gap="2" color="fg.muted">
            <Text fontWeight="medium" color="fg">
              No reviews yet
            </Text>
            <Text fontSize="sm" maxW="md">
              Reviews appear here after customers complete an appointment and rate their visit.
            </Text>
            {onRate ? (
              <Button size="sm" colorPalette="blue" mt="2" onClick={onRate}>
                <LuStar /> Rate {salesperson.name}
              </Button>
            ) : null}
          </Stack>
        )}

        {total > REVIEWS_PER_PAGE ? (
          <Pager
            count={total}
            pageSize={REVIEWS_PER_PAGE}
            page={page}
            onPageChange={goToPage}
            siblingCount={1}
            labels={{ previous: "Previous reviews", next: "More reviews", page: (n) => `Reviews page ${n}` }}
          />
        ) : null}
      </Card.Body>
      {flagging.subject ? (
        <FlagReviewDialog open={flagging.open} onOpenChange={flagging.setOpen} review={flagging.subject} />
      ) : null}
    </Card.Root>
  );
}
