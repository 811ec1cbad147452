import { z } from "zod";
import { BROWSE_PAGE_SIZE, type PAYMENT_MODELS, RATING_FILTERS, SALESPERSON_STATUSES } from "../constants";
import { idSchema, line, optionalFilter, pagingFields } from "./common";

const ratingValues = RATING_FILTERS.map((r) => r.value) as [string, ...string[]];

export const browseSalespeopleInput = z.strictObject({
  specialty: optionalFilter(line().min(1).max(60)),
  rating: optionalFilter(
    z.preprocess(
      (v) => (typeof v === "string" ? v.replace(/\+$/, "").replace(/\.0$/, "") : v),
      z.enum(ratingValues, { error: "rating must be 5, 4+ or 3+" }),
    ),
  ),
  status: optionalFilter(z.enum(SALESPERSON_STATUSES, { error: "Unknown status" })),
  search: optionalFilter(line().min(1).max(100)),
  dealership: optionalFilter(line().min(1).max(160)),
  city: optionalFilter(line().min(1).max(80)),
  yearsOfExperience: optionalFilter(
    z.coerce
      .number({ error: "yearsOfExperience must be a number" })
      .int("yearsOfExperience must be a whole number")
      .min(0)
      .max(50),
  ),
  /** Minimum pressure-level average (5 = perfect balance): who does not push. */
  minPressure: optionalFilter(z.coerce.number({ error: "minPressure must be a number" }).min(1).max(5)),
  sort: optionalFilter(z.enum(["rating", "pressure"], { error: "sort must be rating or pressure" })),
  ...pagingFields(BROWSE_PAGE_SIZE),
});
export type BrowseSalespeopleInput = z.input<typeof browseSalespeopleInput>;
export type BrowseSalespeopleQuery = z.output<typeof browseSalespeopleInput>;

export const salespersonIdInput = z.strictObject({
  id: idSchema,
});

export type SalespersonCard = {
  id: number;
  name: string;
  email: string;
  phoneNumber: string | null;
  dealershipId: number | null;
  dealership: string | null;
  profileImageUrl: string | null;
  bio: string | null;
  status: (typeof SALESPERSON_STATUSES)[number];
  specialties: string[];
  averageRating: number;
  totalReviews: number;
  /** Average pressure-level score over published reviews (5 = perfect balance); null without reviews. */
  pressureAverage: number | null;
  yearsOfExperience: number;
  city: string;
  state: string;
  /** IANA zone of the salesperson (their dealership's): slots are shown in it. */
  timeZone: string;
  paymentModel: (typeof PAYMENT_MODELS)[number];
  /** Set once the dealership's manager confirmed the salesperson: the card then says 'Verified by {dealership}'. */
  verifiedAt: Date | null;
};

/**
 * A page of browse results. `total` counts the matches exactly up to BROWSE_TOTAL_LIMIT; when more match,
 * `total` is BROWSE_TOTAL_LIMIT and `totalExact` is false ("more than 1,000").
 */
export type BrowseResult = { items: SalespersonCard[]; total: number; totalExact: boolean };

export type RatingListItem = {
  id: number;
  overallRating: number;
  helpfulnessRating: number;
  pressureLevelRating: number;
  communicationRating: number;
  comment: string | null;
  createdAt: Date;
  customerName: string;
};

export type DealershipSummary = {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  phoneNumber: string | null;
  website: string | null;
  timeZone: string;
  latitude: number;
  longitude: number;
};

export type SalespersonDetail = SalespersonCard & {
  dealershipInfo: DealershipSummary | null;
  ratings: RatingListItem[];
  categoryAverages: { helpfulness: number; pressureLevel: number; communication: number } | null;
};

export type SalespersonRatingsSummary = {
  averageRating: number;
  totalReviews: number;
  ratings: RatingListItem[];
};
