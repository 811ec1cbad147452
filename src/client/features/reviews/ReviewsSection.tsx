import {
  Badge,
  Card,
  chakra,
  Flex,
  Heading,
  HStack,
  NativeSelect,
  Progress,
  Skeleton,
  Stack,
  Text,
} from "@chakra-ui/react";
import { progressSlotRecipe } from "@chakra-ui/react/theme";
import { keepPreviousData } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { formatRating } from "../../../shared/constants";
import { AVERAGE_WINDOW_MONTHS } from "../../../shared/purchases";
import { REVIEW_SORTS, type ReviewSort } from "../../../shared/reviews";
import type { SalespersonDetail } from "../../../shared/schemas/salespeople";
import { trpc } from "../../trpc";
import { Pager } from "../../ui/Pager";
import { InlineLoadError } from "../../ui/QueryState";
import { ratingBandInfo, StarRow } from "../../ui/Rating";
import type { SessionUser } from "../../ui/session";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { FlagReviewDialog } from "./FlagReviewDialog";
import { PRESSURE_SCALE } from "./RatingFields";
import { ReviewItem } from "./ReviewItem";
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
        recipe={progressSlotRecipe}
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
function ReviewsSkeleton() {
  return (
    <Stack gap="6" role="status" aria-busy="true" aria-label="Loading reviews">
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
}: {
  salesperson: SalespersonDetail;
  viewer: SessionUser | null;
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
              <Text fontSize="xs" color="fg.muted" textAlign={{ md: "center" }} data-testid="average-window">
                Average of reviews from the last {AVERAGE_WINDOW_MONTHS} months
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
              {averages?.knowledge != null ? (
                <CategoryBar label="Product knowledge" value={averages.knowledge} />
              ) : null}
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
            // While another page loads, the one shown is the last page's, dimmed and marked as updating.
            aria-busy={list.isPlaceholderData}
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
