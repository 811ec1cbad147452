// The browse filters live in the URL of `/`, so a filtered view can be shared or bookmarked. Anything
// malformed in the URL is dropped rather than breaking the page.
// These parsers are part of the `/` route's validateSearch, which loads with every page: they use the small
// parsers of ui/searchParams.ts instead of zod (see there).
import { BROWSE_PAGE_SIZE, BROWSE_SORTS, SALESPERSON_STATUSES } from "../../../shared/constants";
import type { BrowseSalespeopleInput } from "../../../shared/schemas/salespeople";
import { enumParam, intParam, numberChoiceParam, type SearchOf, textParam } from "../../ui/searchParams";

export const REVIEW_FILTERS = ["verified-purchases"] as const;

export const browseSearchShape = {
  search: textParam(100, { coerce: true }),
  specialty: textParam(60),
  // The router parses "5" in a URL as the number 5, so numeric filters are stored as numbers.
  rating: numberChoiceParam([5, 4, 3] as const),
  status: enumParam(SALESPERSON_STATUSES),
  dealership: textParam(160),
  city: textParam(80),
  yearsOfExperience: intParam(0, 50),
  /** Minimum pressure-level average: 4 = '4+ (relaxed)', 3 = '3+'. */
  minPressure: numberChoiceParam([4, 3] as const),
  /** Browse order: top rated (default) or least pushy first. */
  sort: enumParam(BROWSE_SORTS),
  /** A verified certification's whole name, any case. */
  certification: textParam(120, { coerce: true }),
  /** Only salespeople with a review a confirmed purchase backs. */
  reviews: enumParam(REVIEW_FILTERS),
  /** Near a ZIP code's centre, or a point (the browser's position, asked for on a click), within `radius` miles. */
  zip: textParam(5, { coerce: true }),
  lat: textParam(12, { coerce: true }),
  lng: textParam(12, { coerce: true }),
  radius: numberChoiceParam([10, 25, 50, 100] as const),
  /** Free today, this weekend or on a date (YYYY-MM-DD). */
  available: (value: unknown) =>
    typeof value === "string" && /^(today|weekend|\d{4}-\d{2}-\d{2})$/.test(value) ? value : undefined,
  page: intParam(1, 10_000),
};

export type BrowseSearch = SearchOf<typeof browseSearchShape>;
export type BrowseFilterKey = Exclude<keyof BrowseSearch, "page">;

const BROWSE_FILTER_KEYS: readonly BrowseFilterKey[] = [
  "search",
  "specialty",
  "rating",
  "status",
  "dealership",
  "city",
  "yearsOfExperience",
  "minPressure",
  "certification",
  "reviews",
  "zip",
  "lat",
  "available",
];

export const RESULTS_PER_PAGE = BROWSE_PAGE_SIZE.default;

export function activeFilterCount(search: BrowseSearch): number {
  return BROWSE_FILTER_KEYS.filter((key) => search[key] !== undefined).length;
}

/** URL state to the `salespeople.list` input: filters left out mean 'all'. */
export function toBrowseInput(search: BrowseSearch): BrowseSalespeopleInput {
  const page = search.page ?? 1;
  const input: BrowseSalespeopleInput = { limit: RESULTS_PER_PAGE, offset: (page - 1) * RESULTS_PER_PAGE };
  if (search.search) input.search = search.search;
  if (search.specialty) input.specialty = search.specialty;
  if (search.rating !== undefined) input.rating = String(search.rating);
  if (search.status) input.status = search.status;
  if (search.dealership) input.dealership = search.dealership;
  if (search.city) input.city = search.city;
  if (search.yearsOfExperience !== undefined) input.yearsOfExperience = search.yearsOfExperience;
  if (search.minPressure !== undefined) input.minPressure = search.minPressure;
  // Near a ZIP code or a point; sorting by distance and a radius only mean something near one.
  const near = search.zip
    ? { zip: search.zip }
    : search.lat && search.lng
      ? { lat: search.lat, lng: search.lng }
      : null;
  if (near) Object.assign(input, near, search.radius ? { radius: search.radius } : {});
  if (search.sort && (near || search.sort !== "distance")) input.sort = search.sort;
  if (search.certification) input.certification = search.certification;
  if (search.available) input.available = search.available;
  if (search.reviews === "verified-purchases") input.verifiedPurchases = true;
  return input;
}
