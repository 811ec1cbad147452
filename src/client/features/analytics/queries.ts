// What the business intelligence page reads, declared once for its routes and its tabs.
import { type AnalyticsPeriod, DEFAULT_ANALYTICS_PERIOD } from "../../../shared/analytics";
import { trpcUtils } from "../../trpc";
import type { BiSearch } from "./biSearch";

/** The tab, period and dealership the page shows (only an administrator picks a dealership). */
export function biScope(isAdmin: boolean, search: Pick<BiSearch, "tab" | "period" | "dealershipId">) {
  return {
    tab: search.tab ?? "summary",
    period: search.period ?? DEFAULT_ANALYTICS_PERIOD,
    dealershipId: isAdmin ? search.dealershipId : undefined,
  };
}

export const analyticsQueries = {
  executiveSummary: (input: { period: AnalyticsPeriod; dealershipId: number | undefined }) =>
    trpcUtils.analytics.executiveSummary.queryOptions(input),
};
