// What the manager dashboard reads, declared once for its routes and its panels.
import type { SessionUser } from "../../../shared/schemas/auth";
import { trpcUtils } from "../../trpc";
import { feedbackQueries } from "../feedback";
import { misconductQueries } from "../misconduct";
import type { ManagerTab } from "./managerSearch";

export const managerQueries = {
  overview: () => trpcUtils.manager.overview.queryOptions(),
  performance: () => trpcUtils.manager.performance.queryOptions(),
  pendingVerifications: () => trpcUtils.manager.pendingVerifications.queryOptions(),
  invitations: () => trpcUtils.manager.invitations.queryOptions(),
};

/** What the dashboard shows as it opens on `tab`: nothing for a visitor who manages no dealership. */
export function managerDashboardQueries(me: SessionUser | null, tab: ManagerTab | undefined) {
  if (me?.managedDealershipId == null) return [];
  return [
    managerQueries.overview(),
    ...(tab === "performance" ? [managerQueries.performance()] : []),
    ...(tab === "team" ? [managerQueries.pendingVerifications(), managerQueries.invitations()] : []),
    ...(tab === "incidents" ? [misconductQueries.cases()] : []),
    ...(tab === "feedback" ? feedbackQueries.tab() : []),
  ];
}
