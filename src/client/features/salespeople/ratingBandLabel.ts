import { type RatingBand, ratingBand } from "../../../shared/constants";

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

/** SPEC.md section 9 bands; someone with no reviews yet has no band rather than a poor one. */
export function ratingBandInfo(average: number, totalReviews: number): { label: string; palette: string } {
  if (totalReviews === 0) return { label: "Not yet rated", palette: "gray" };
  const band = ratingBand(average);
  return { label: BAND_LABEL[band], palette: BAND_PALETTE[band] };
}
