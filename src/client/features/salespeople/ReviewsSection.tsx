import { Badge, Box, Card, Heading, HStack, Progress, SimpleGrid, Stack, Text, Wrap } from "@chakra-ui/react";
import { formatRating } from "../../../shared/constants";
import type { RatingListItem, SalespersonDetail } from "../../../shared/schemas/salespeople";
import { RatingSummary, StarRow } from "../../ui/Rating";

const reviewDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function CategoryBar({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Stack gap="1.5">
      <HStack justify="space-between" fontSize="sm">
        <Text fontWeight="medium">{label}</Text>
        <Text color="fg.muted">{formatRating(value)} / 5</Text>
      </HStack>
      <Progress.Root
        value={(value / 5) * 100}
        size="sm"
        colorPalette="blue"
        aria-label={`${label}: ${formatRating(value)} out of 5`}
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

function ReviewItem({ review }: { review: RatingListItem }) {
  return (
    <Box
      as="li"
      py="5"
      borderTopWidth="1px"
      borderColor="border.muted"
      _first={{ borderTopWidth: "0", pt: "0" }}
    >
      <Stack gap="2.5">
        <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
          <HStack gap="3">
            <StarRow value={review.overallRating} label={`Overall ${review.overallRating} out of 5`} />
            <Text fontWeight="semibold" fontSize="sm">
              {formatRating(review.overallRating)}
            </Text>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={new Date(review.createdAt).toISOString()}>
              {reviewDate.format(new Date(review.createdAt))}
            </time>
          </Text>
        </HStack>
        <Text color={review.comment ? "fg" : "fg.subtle"}>{review.comment ?? "No written comment."}</Text>
        <Wrap gap="2">
          <Badge variant="outline" borderRadius="full">
            Helpfulness {review.helpfulnessRating}/5
          </Badge>
          <Badge variant="outline" borderRadius="full">
            Low pressure {review.pressureLevelRating}/5
          </Badge>
          <Badge variant="outline" borderRadius="full">
            Communication {review.communicationRating}/5
          </Badge>
        </Wrap>
        <Text fontSize="sm" color="fg.muted">
          {review.customerName} · Verified purchase
        </Text>
      </Stack>
    </Box>
  );
}

export function ReviewsSection({ salesperson }: { salesperson: SalespersonDetail }) {
  const averages = salesperson.categoryAverages;
  return (
    <Card.Root id="reviews" borderRadius="xl" borderColor="border.muted" boxShadow="xs" scrollMarginTop="24">
      <Card.Header p={{ base: "5", md: "6" }} pb="0">
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Heading as="h2" size="lg" color="ink">
            Reviews
          </Heading>
          <RatingSummary average={salesperson.averageRating} reviews={salesperson.totalReviews} size="md" />
        </HStack>
      </Card.Header>
      <Card.Body p={{ base: "5", md: "6" }} gap="6">
        {averages && salesperson.totalReviews > 0 ? (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="5" bg="gray.50" p="4" borderRadius="lg">
            <CategoryBar label="Helpfulness" value={averages.helpfulness} />
            <CategoryBar label="Low pressure" value={averages.pressureLevel} hint="5 = perfect balance" />
            <CategoryBar label="Communication" value={averages.communication} />
          </SimpleGrid>
        ) : null}
        {salesperson.ratings.length > 0 ? (
          <Stack as="ul" listStyleType="none" gap="0">
            {salesperson.ratings.map((review) => (
              <ReviewItem key={review.id} review={review} />
            ))}
          </Stack>
        ) : (
          <Box textAlign="center" py="8" color="fg.muted">
            <Text fontWeight="medium" color="fg">
              No reviews yet
            </Text>
            <Text fontSize="sm">
              Reviews appear here after customers complete an appointment and rate their visit.
            </Text>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  );
}
