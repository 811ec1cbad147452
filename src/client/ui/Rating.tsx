import { HStack, Icon, Text } from "@chakra-ui/react";
import { formatRating, type RatingBand, ratingBand } from "../../shared/constants";
import { LuStar } from "./icons";

/** "★ 4.7 (32 reviews)": the rating to one decimal with its review count. */
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
  return (
    <HStack gap="1.5" aria-label={`Rated ${formatRating(average)} out of 5 from ${reviews} reviews`}>
      <Icon color="yellow.500" boxSize={iconSize}>
        <LuStar fill="currentColor" />
      </Icon>
      <Text fontWeight="semibold" fontSize={size}>
        {formatRating(average)}
      </Text>
      <Text color="fg.muted" fontSize={size === "lg" ? "md" : "sm"}>
        ({reviews} {reviews === 1 ? "review" : "reviews"})
      </Text>
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
  if (totalReviews === 0) return { label: "Not yet rated", palette: "gray" };
  const band = ratingBand(average);
  return { label: BAND_LABEL[band], palette: BAND_PALETTE[band] };
}
