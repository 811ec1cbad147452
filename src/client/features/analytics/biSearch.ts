// Business intelligence keeps its tab, period and (for administrators) dealership in the URL, so a reload or a
// shared link opens the same view. Bad values fall back quietly. This is a route's validateSearch, which loads
// with every page: it uses ui/searchParams.ts, not zod, and nothing from the analytics feature itself.
import { ANALYTICS_PERIODS } from "../../../shared/analytics";
import { ID_MAX } from "../../../shared/constants";
import { enumParam, intParam, type SearchOf, searchParams } from "../../ui/searchParams";

/** The page's tabs in display order. */
export const BI_TABS = ["summary", "revenue", "performance", "market", "predictions"] as const;
export type BiTab = (typeof BI_TABS)[number];

const biSearchShape = {
  tab: enumParam(BI_TABS),
  period: enumParam(ANALYTICS_PERIODS),
  /** Administrators: one dealership instead of the platform. */
  dealershipId: intParam(1, ID_MAX),
};

export const biSearchSchema = searchParams(biSearchShape);

export type BiSearch = SearchOf<typeof biSearchShape>;
