import { z } from "zod";
import {
  BROWSE_PAGE_SIZE,
  BROWSE_SORTS,
  LOCATION_PRECISIONS,
  PAYMENT_MODELS,
  RATING_FILTERS,
  SALESPERSON_STATUSES,
} from "../constants";
import { REVIEW_VERIFICATIONS } from "../purchases";
import { NEXT_OPEN_DAYS } from "../slots";
import { isIsoDate } from "../time";
import { VISIT_EVIDENCE } from "../visits";
import { verifiedCertification } from "./certifications";
import { ianaZone, idSchema, line, optionalFilter, pagingFields, stars } from "./common";
import { dealershipHours } from "./dealershipHours";

/**
 * A browse cursor: the order it pages (`r` rating, `p` low pressure, `d` distance, which starts with the last
 * card's distance in metres), then the last card's sort value, reviews and id; or, soonest first (`s`), the last
 * card's next open time (milliseconds since 1970, `x` for none) and id. Opaque to clients, who pass back what an
 * answer gave.
 */
export const BROWSE_CURSOR_PATTERN =
  /^(([rp]|d\d{1,8}(\.\d{1,17})?(e-\d{1,3})?_)\d(\.\d{1,2})?_\d{1,9}|s(\d{1,15}|x))_\d{1,10}$/;

/** The radii a distance search offers, in miles. */
export const BROWSE_RADII = [10, 25, 50, 100] as const;
/** The radius of a distance search that names none. */
export const DEFAULT_BROWSE_RADIUS = 25;

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
  sort: optionalFilter(
    z
      .enum(BROWSE_SORTS, { error: "sort must be rating, pressure, distance or soonest" })
      .describe(
        "rating (the default), pressure (least pushy first), distance (nearest first; needs a location) or soonest (the next open time first)",
      ),
  ),
  /** Who has an open time then, by the slot rules booking keeps, in the dealership's time zone. */
  available: optionalFilter(
    z
      .string()
      .refine(
        (v) => v === "today" || v === "weekend" || isIsoDate(v),
        "available must be today, weekend or a date (YYYY-MM-DD)",
      )
      .describe(
        `Only salespeople with an open time today, this weekend (the coming Saturday and Sunday) or on a date (YYYY-MM-DD, today or one of the next ${NEXT_OPEN_DAYS} days), each by their dealership's clock`,
      ),
  ),
  /** Where to measure from: a US ZIP code's centre, or a point (lat and lng, e.g. the browser's position). */
  zip: optionalFilter(
    z
      .string()
      .regex(/^\d{5}$/, "zip must be a five-digit US ZIP code")
      .describe("Search near this US ZIP code's centre; not with lat and lng"),
  ),
  lat: optionalFilter(
    z.coerce
      .number({ error: "lat must be a number" })
      .min(-90, "lat must be between -90 and 90")
      .max(90, "lat must be between -90 and 90")
      .describe("Latitude of the point to search near (with lng)"),
  ),
  lng: optionalFilter(
    z.coerce
      .number({ error: "lng must be a number" })
      .min(-180, "lng must be between -180 and 180")
      .max(180, "lng must be between -180 and 180")
      .describe("Longitude of the point to search near (with lat)"),
  ),
  radius: optionalFilter(
    z.coerce
      .number({ error: "radius must be 10, 25, 50 or 100" })
      .refine((v) => (BROWSE_RADII as readonly number[]).includes(v), "radius must be 10, 25, 50 or 100")
      .describe("Miles from the location (10, 25, 50 or 100; 25 when a location is given without one)"),
  ),
  /** A verified certification's name, matched whole and case-insensitively. */
  certification: optionalFilter(line().min(1).max(120)),
  /** Only salespeople with at least one review a confirmed purchase backs ("true"; a query string is text). */
  verifiedPurchases: optionalFilter(
    z
      .union([z.boolean(), z.enum(["true", "false"], { error: "verifiedPurchases must be true or false" })])
      .transform((v) => v === true || v === "true"),
  ),
  /**
   * Where the page starts: the `nextCursor` of the page before, for paging through every match however deep
   * (an `offset` walks every match before it). Not with `offset` or `page`.
   */
  after: optionalFilter(
    z.string().regex(BROWSE_CURSOR_PATTERN, "after must be the nextCursor of an earlier browse answer"),
  ),
  ...pagingFields(BROWSE_PAGE_SIZE),
});
export type BrowseSalespeopleInput = z.input<typeof browseSalespeopleInput>;
export type BrowseSalespeopleQuery = z.output<typeof browseSalespeopleInput>;

export const salespersonIdInput = z.strictObject({
  id: idSchema,
});

export const salespersonCard = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phoneNumber: z.string().nullable(),
    dealershipId: z.number().int().nullable().describe("Null for an independent salesperson"),
    dealership: z.string().nullable().describe("The dealership's name; null for an independent salesperson"),
    profileImageUrl: z.string().nullable(),
    bio: z.string().nullable(),
    status: z.enum(SALESPERSON_STATUSES),
    specialties: z.array(z.string()),
    averageRating: z.number().describe("Average overall rating of published reviews"),
    totalReviews: z.number().int(),
    pressureAverage: z
      .number()
      .nullable()
      .describe(
        "Average pressure-level score over published reviews (5 = no pressure); null without reviews",
      ),
    yearsOfExperience: z.number().int(),
    city: z.string(),
    state: z.string(),
    timeZone: ianaZone().describe("IANA zone of the salesperson (their dealership's): slots are shown in it"),
    paymentModel: z.enum(PAYMENT_MODELS),
    verifiedAt: z
      .date()
      .nullable()
      .describe(
        "When the dealership's manager confirmed the salesperson (the card then says 'Verified by {dealership}'); null while unverified",
      ),
    verifiedBy: z
      .string()
      .nullable()
      .describe(
        "The name of the dealership whose manager verified the salesperson, shown as 'Verified by {verifiedBy}'; null while unverified and for an independent salesperson",
      ),
    dealershipSlug: z
      .string()
      .nullable()
      .describe(
        "Where the dealership's page is (/dealerships/{dealershipSlug}); null for an independent salesperson",
      ),
  })
  .describe("A salesperson as the browse page shows them");
export type SalespersonCard = z.output<typeof salespersonCard>;

/** A card as a browse page lists it: with its distance when the browse was near a place. */
export const browseCard = salespersonCard
  .extend({
    distanceMiles: z
      .number()
      .optional()
      .describe(
        "Miles from the location searched near, in a straight line to the salesperson's dealership, to one decimal; only when a location was given",
      ),
  })
  .describe("A salesperson as the browse page shows them, with their distance when searched near a place");
export type BrowseCard = z.output<typeof browseCard>;

/**
 * A page of browse results. `total` counts the matches exactly up to BROWSE_TOTAL_LIMIT; when more match,
 * `total` is BROWSE_TOTAL_LIMIT and `totalExact` is false ("more than 1,000").
 */
export const browseResult = z
  .object({
    items: z.array(browseCard),
    total: z
      .number()
      .int()
      .describe("Matches counted exactly up to 1,000; past that 1,000, with totalExact false"),
    totalExact: z.boolean().describe("False when more than `total` salespeople match"),
    nextCursor: z
      .string()
      .nullable()
      .describe("Give as `after` for the page after this one; null when this page is not full (the last)"),
  })
  .describe("A page of browse results");
export type BrowseResult = z.output<typeof browseResult>;

export const ratingListItem = z.object({
  id: z.number().int(),
  overallRating: stars(),
  helpfulnessRating: stars(),
  pressureLevelRating: stars().describe("Stars, 1 to 5; 5 means no sales pressure"),
  communicationRating: stars(),
  comment: z.string().nullable(),
  createdAt: z.date(),
  customerName: z.string().describe("The reviewer's first name and last initial, or 'Verified customer'"),
  verification: z
    .enum(REVIEW_VERIFICATIONS)
    .describe(
      "The review's badge: purchase ('Verified purchase', a confirmed purchase backs it), visit (a verified visit, named by visitEvidence) or unconfirmed (the visit closed by itself, or only the buyer confirmed it)",
    ),
  visitEvidence: z
    .enum(VISIT_EVIDENCE)
    .nullable()
    .describe(
      "What the reviewed visit rests on: checked_in, salesperson, dispute_upheld, buyer_confirmed or auto; null when the visit is gone",
    ),
});
export type RatingListItem = z.output<typeof ratingListItem>;

/** What everyone may read about a dealership: the fields every other view of one starts from. */
export const publicDealership = z
  .object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    phoneNumber: z.string().nullable(),
    website: z.string().nullable(),
    logoUrl: z.string().nullable(),
  })
  .describe("What everyone may read about a dealership");
export type PublicDealership = z.output<typeof publicDealership>;

/** A dealership with where it is: its time zone and map position. */
export const dealershipSummary = publicDealership.omit({ logoUrl: true }).extend({
  timeZone: ianaZone(),
  latitude: z.number(),
  longitude: z.number(),
});
export type DealershipSummary = z.output<typeof dealershipSummary>;

/** Whether a map shows the street address or only the ZIP code's area ("Approximate location"). */
export const locationPrecision = z
  .enum(LOCATION_PRECISIONS)
  .describe("address: the street address was geocoded; zip: only the ZIP code's centre is known");

/** A dealership as a profile's card shows it: where it is, how precisely, and its opening hours. */
export const profileDealership = dealershipSummary.extend({
  slug: z.string().describe("Where the dealership's page is: /dealerships/{slug}"),
  locationPrecision,
  hours: dealershipHours
    .nullable()
    .describe("Opening hours by weekday; null when the manager has not stated them"),
});
export type ProfileDealership = z.output<typeof profileDealership>;

export const salespersonDetail = salespersonCard
  .extend({
    email: z
      .string()
      .nullable()
      .describe(
        "The work e-mail, only when the salesperson chose to show it on their profile (always to the salesperson themselves); null otherwise",
      ),
    showEmail: z
      .boolean()
      .describe("Whether the salesperson chose to show their work e-mail on their profile"),
    dealershipInfo: profileDealership.nullable().describe("Null for an independent salesperson"),
    certifications: z
      .array(verifiedCertification)
      .describe("Verified certifications only, newest first; unverified ones are never shown"),
    ratings: z.array(ratingListItem).describe("The latest published reviews, newest first"),
    categoryAverages: z
      .object({ helpfulness: z.number(), pressureLevel: z.number(), communication: z.number() })
      .nullable()
      .describe("Average stars of each review category; null without reviews"),
  })
  .describe("A salesperson's profile");
export type SalespersonDetail = z.output<typeof salespersonDetail>;

export const salespersonRatingsSummary = z.object({
  averageRating: z.number().describe("Average overall rating of published reviews"),
  totalReviews: z.number().int(),
  ratings: z.array(ratingListItem),
});
export type SalespersonRatingsSummary = z.output<typeof salespersonRatingsSummary>;

/** What the browse filters offer: every dealership and every city with someone to find. */
export const browseFilterOptions = z.object({
  dealerships: z.array(
    z.object({ id: z.number().int(), name: z.string(), city: z.string(), state: z.string() }),
  ),
  cities: z.array(z.object({ city: z.string(), state: z.string() })),
});
export type BrowseFilterOptions = z.output<typeof browseFilterOptions>;
