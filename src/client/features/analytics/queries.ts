// What the business intelligence page reads, declared once for its routes and its tabs.
import { type AnalyticsPeriod, DEFAULT_ANALYTICS_PERIOD } from "../../../shared/analytics";
import type { SessionUser } from "../../../shared/schemas/auth";
import { trpcUtils } from "../../trpc";
import { managerQueries } from "../manager";
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

/** A manager's own dealership (its name heads the page) and the summary's figures. */
export function businessIntelligenceQueries(
  me: SessionUser | null,
  search: Pick<BiSearch, "tab" | "period" | "dealershipId">,
) {
  const isAdmin = me?.role === "admin";
  if (!isAdmin && me?.managedDealershipId == null) return [];
  const { tab, period, dealershipId } = biScope(isAdmin, search);
  return [
    ...(isAdmin ? [] : [managerQueries.overview()]),
    ...(tab === "summary" ? [analyticsQueries.executiveSummary({ period, dealershipId })] : []),
  ];
}
