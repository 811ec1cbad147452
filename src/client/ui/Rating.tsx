import { HStack, Icon, Text } from "@chakra-ui/react";
import { formatRating, type RatingBand, ratingBand } from "../../shared/constants";
import { LuStar } from "./icons";

/** What every screen says of someone with no reviews, instead of a rating of 0. */
export const NOT_YET_RATED = "Not yet rated";

/**
 * A salesperson's (or a team's) average as every screen writes it: one decimal, or "Not yet rated" when there
 * is no review to average (`reviews` 0, or no average at all).
 */
export function ratingText(average: number | null | undefined, reviews?: number): string {
  return average == null || reviews === 0 ? NOT_YET_RATED : formatRating(average);
}

/** "★ 4.7 (32 reviews)": the rating to one decimal with its review count; "★ Not yet rated" without reviews. */
export function RatingSummary({
  average,
  reviews,
  size = "sm",
}: {
  average: number;
  reviews: number;
  size?: "sm" | "md" | "lg";
}) {
  const iconSize = size === "lg" ? "5" : size === "md" ? "4.5" : "4";
  const rated = reviews > 0;
  return (
    <HStack
      gap="1.5"
      aria-label={rated ? `Rated ${formatRating(average)} out of 5 from ${reviews} reviews` : NOT_YET_RATED}
    >
      <Icon color={rated ? "yellow.500" : "gray.300"} boxSize={iconSize}>
        <LuStar fill="currentColor" />
      </Icon>
      <Text fontWeight={rated ? "semibold" : "medium"} color={rated ? undefined : "fg.muted"} fontSize={size}>
        {ratingText(average, reviews)}
      </Text>
      {rated ? (
        <Text color="fg.muted" fontSize={size === "lg" ? "md" : "sm"}>
          ({reviews} {reviews === 1 ? "review" : "reviews"})
        </Text>
      ) : null}
    </HStack>
  );
}

/** Five stars filled to the nearest whole score, for a single review (1 to 5). */
export function StarRow({ value, label }: { value: number; label?: string }) {
  const rounded = Math.round(value);
  return (
    <HStack gap="0.5" role="img" aria-label={label ?? `${value} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} boxSize="4" color={n <= rounded ? "yellow.500" : "gray.300"}>
          <LuStar fill="currentColor" />
        </Icon>
      ))}
    </HStack>
  );
}

/** A single review's overall score: its stars and the number beside them. */
export function OverallScore({ value, gap = "2" }: { value: number; gap?: "2" | "2.5" | "3" }) {
  return (
    <HStack gap={gap}>
      <StarRow value={value} label={`Overall ${value} out of 5`} />
      <Text fontWeight="semibold" fontSize="sm">
        {formatRating(value)}
      </Text>
    </HStack>
  );
}

const BAND_LABEL: Record<RatingBand, string> = {
  top: "Top performer",
  average: "Average",
  "needs-improvement": "Needs improvement",
};

const BAND_PALETTE: Record<RatingBand, "green" | "yellow" | "red"> = {
  top: "green",
  average: "yellow",
  "needs-improvement": "red",
};

/** Rating bands (docs/product/reviews.md#rating-bands); someone with no reviews yet has no band rather than a poor one. */
export function ratingBandInfo(average: number, totalReviews: number): { label: string; palette: string } {
  if (totalReviews === 0) return { label: NOT_YET_RATED, palette: "gray" };
  const band = ratingBand(average);
  return { label: BAND_LABEL[band], palette: BAND_PALETTE[band] };
}
