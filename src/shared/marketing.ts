// Headline figures for the public pages. Each figure is counted from the database; the marketing claim of docs/product/public-site.md#headline-figures
// ('1,200+', '4.8', '50+') is a floor the live figure is compared with, never a number to show instead of it.
import { formatRating, MARKETING_CLAIMS } from "./constants";
import type { SiteStats } from "./schemas/siteStats";

export type HeadlineFigure = {
  key: "verifiedSalespeople" | "averageRating" | "dealershipPartners";
  value: string;
  label: string;
  /** Where the figure came from, for a tooltip or a screen reader. */
  source: string;
  /** True when `value` is the live figure; false when it is the marketing wording shown while none is known. */
  live: boolean;
};

const FLOORS = { verifiedSalespeople: 1200, averageRating: 4.8, dealershipPartners: 50 } as const;

const count = (n: number) => n.toLocaleString("en-US");

/** "1,200+" when at least 1,200 are verified (the marketing floor holds), else the exact count. */
function countFigure(n: number, floor: number, claim: string): string {
  return n >= floor
    ? claim.replace(/[\d,]+/, count(Math.floor(n / (floor >= 100 ? 100 : 10)) * (floor >= 100 ? 100 : 10)))
    : count(n);
}

/**
 * The three headline figures. With live stats: each count rounded down to a round number with '+' when the
 * marketing floor holds (1,260 verified -> '1,200+'), the exact count when it does not (a smaller network never
 * claims more than it has), and the real one-decimal average. Without stats (the API could not answer), the
 * marketing wording, marked `live: false` so the page can say it is not a live count.
 */
export function headlineFigures(stats: SiteStats | null | undefined): HeadlineFigure[] {
  if (!stats) {
    return [
      {
        key: "verifiedSalespeople",
        value: MARKETING_CLAIMS.verifiedSalespeople,
        label: "Verified salespeople",
        source: "Marketing figure; live count unavailable",
        live: false,
      },
      {
        key: "averageRating",
        value: MARKETING_CLAIMS.averageRating,
        label: "Average rating",
        source: "Marketing figure; live average unavailable",
        live: false,
      },
      {
        key: "dealershipPartners",
        value: MARKETING_CLAIMS.dealershipPartners,
        label: "Dealership partners",
        source: "Marketing figure; live count unavailable",
        live: false,
      },
    ];
  }
  return [
    {
      key: "verifiedSalespeople",
      value: countFigure(
        stats.verifiedSalespeople,
        FLOORS.verifiedSalespeople,
        MARKETING_CLAIMS.verifiedSalespeople,
      ),
      label: "Verified salespeople",
      source: `${count(stats.verifiedSalespeople)} salespeople verified by their dealership`,
      live: true,
    },
    {
      key: "averageRating",
      value: stats.averageRating === null ? "New" : formatRating(stats.averageRating),
      label: "Average rating",
      source:
        stats.averageRating === null
          ? "No ratings yet"
          : `Mean of ${count(stats.ratingsCount)} visit-verified ratings, out of 5`,
      live: true,
    },
    {
      key: "dealershipPartners",
      value: countFigure(
        stats.dealershipPartners,
        FLOORS.dealershipPartners,
        MARKETING_CLAIMS.dealershipPartners,
      ),
      label: "Dealership partners",
      source: `${count(stats.dealershipPartners)} dealerships on KnowBefore`,
      live: true,
    },
  ];
}
