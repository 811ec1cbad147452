// What the salesperson dashboard reads, declared once for its routes and its panels.
import type { SessionUser } from "../../../shared/schemas/auth";
import { trpcUtils } from "../../trpc";
import { feedbackQueries } from "../feedback";
import { messageQueries } from "../messages";
import { subscriptionQueries } from "../subscriptions";
import { DEFAULT_PERIOD, type SalespersonDashboardSearch } from "./dashboardSearch";

export const portalQueries = {
  me: () => trpcUtils.portal.me.queryOptions(),
  overview: (period: SalespersonDashboardSearch["period"]) =>
    trpcUtils.portal.overview.queryOptions({ period: period ?? DEFAULT_PERIOD }),
  workingHours: (salespersonId: number) =>
    trpcUtils.availability.workingHours.queryOptions({ id: salespersonId }),
};

/** The salesperson's own profile, and what the dashboard's open tab (and period) shows. */
export function salespersonDashboardQueries(
  me: SessionUser | null,
  { tab = "overview", period }: Pick<SalespersonDashboardSearch, "tab" | "period">,
) {
  if (me?.salespersonId == null) return [];
  return [
    portalQueries.me(),
    ...(tab === "overview" ? [portalQueries.overview(period)] : []),
    ...(tab === "messages" ? [messageQueries.conversations()] : []),
    ...(tab === "subscription" ? [subscriptionQueries.overview()] : []),
    ...(tab === "feedback" ? feedbackQueries.tab() : []),
    ...(tab === "availability" ? [portalQueries.workingHours(me.salespersonId)] : []),
  ];
}
