// The customer dashboard keeps its tab and browse filters in the URL, so a filtered view can be shared
// or bookmarked. Anything malformed in the URL is dropped rather than breaking the page.
import { z } from "zod";
import { BROWSE_PAGE_SIZE, SALESPERSON_STATUSES } from "../../../shared/constants";
import type { BrowseSalespeopleInput } from "../../../shared/schemas/salespeople";

export const DASHBOARD_TABS = ["browse", "ratings", "favorites", "profile"] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);
// The router parses "5" in a URL as the number 5, so numeric filters are stored as numbers.
const ratingFilter = z.coerce
  .number()
  .pipe(z.union([z.literal(5), z.literal(4), z.literal(3)]))
  .optional()
  .catch(undefined);

export const dashboardSearchSchema = z.object({
  tab: z.enum(DASHBOARD_TABS).optional().catch(undefined),
  search: z.coerce.string().trim().min(1).max(100).optional().catch(undefined),
  specialty: text(60),
  rating: ratingFilter,
  status: z.enum(SALESPERSON_STATUSES).optional().catch(undefined),
  dealership: text(160),
  city: text(80),
  yearsOfExperience: z.coerce.number().int().min(0).max(50).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});

export type DashboardSearch = z.output<typeof dashboardSearchSchema>;
export type BrowseFilterKey =
  | "search"
  | "specialty"
  | "rating"
  | "status"
  | "dealership"
  | "city"
  | "yearsOfExperience";

export const BROWSE_FILTER_KEYS: readonly BrowseFilterKey[] = [
  "search",
  "specialty",
  "rating",
  "status",
  "dealership",
  "city",
  "yearsOfExperience",
];

export const RESULTS_PER_PAGE = BROWSE_PAGE_SIZE.default;

export function activeFilterCount(search: DashboardSearch): number {
  return BROWSE_FILTER_KEYS.filter((key) => search[key] !== undefined).length;
}

/** URL state to the `salespeople.list` input: filters left out mean 'all'. */
export function toBrowseInput(search: DashboardSearch): BrowseSalespeopleInput {
  const page = search.page ?? 1;
  const input: BrowseSalespeopleInput = { limit: RESULTS_PER_PAGE, offset: (page - 1) * RESULTS_PER_PAGE };
  if (search.search) input.search = search.search;
  if (search.specialty) input.specialty = search.specialty;
  if (search.rating !== undefined) input.rating = String(search.rating);
  if (search.status) input.status = search.status;
  if (search.dealership) input.dealership = search.dealership;
  if (search.city) input.city = search.city;
  if (search.yearsOfExperience !== undefined) input.yearsOfExperience = search.yearsOfExperience;
  return input;
}
