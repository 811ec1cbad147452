// What the pages whose search decides their data open with, for a route and its alias alike. Imported by their
// loaders only, so the router's code splitting keeps it, and the features' queries, out of the route
// definitions every page loads.
import type { QueryClient } from "@tanstack/react-query";
import { redirect } from "@tanstack/react-router";
import { ErrorKind } from "../../shared/errorCodes";
import type { SessionUser } from "../../shared/schemas/auth";
import { clearAdminSession } from "../adminSession";
import { adminQueries } from "../features/admin/queries";
import { analyticsQueries, biScope } from "../features/analytics/queries";
import { authQueries } from "../features/auth/queries";
import { feedbackQueries } from "../features/feedback/queries";
import type { ManagerTab } from "../features/manager/managerSearch";
import { managerQueries } from "../features/manager/queries";
import { messageQueries } from "../features/messages/queries";
import { misconductQueries } from "../features/misconduct/queries";
import type { SalespersonDashboardSearch } from "../features/portal/dashboardSearch";
import { portalQueries } from "../features/portal/queries";
import { subscriptionQueries } from "../features/subscriptions/queries";
import { failedWith } from "../trpc";

/** The manager dashboard as it opens on `tab`: nothing for a visitor who manages no dealership. */
export function managerDashboardQueries(me: SessionUser | null, tab: ManagerTab | undefined) {
  if (me?.managedDealershipId == null) return [];
  return [
    managerQueries.overview(),
    ...(tab === "performance" ? [managerQueries.performance()] : []),
    ...(tab === "team"
      ? [managerQueries.pendingVerifications(), managerQueries.invitations(), managerQueries.members()]
      : []),
    ...(tab === "incidents" ? [misconductQueries.cases()] : []),
    ...(tab === "feedback" ? feedbackQueries.tab() : []),
  ];
}

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

/** Business intelligence: a manager's own dealership (its name heads the page) and the summary's figures. */
export function businessIntelligenceQueries(me: SessionUser | null, search: Parameters<typeof biScope>[1]) {
  const isAdmin = me?.role === "admin";
  if (!isAdmin && me?.managedDealershipId == null) return [];
  const { tab, period, dealershipId } = biScope(isAdmin, search);
  return [
    ...(isAdmin ? [] : [managerQueries.overview()]),
    ...(tab === "summary" ? [analyticsQueries.executiveSummary({ period, dealershipId })] : []),
  ];
}

/** The console's check that the stored admin session still holds: a refused one is forgotten, and the
 * administrator signs in again. */
export function checkAdminSession(queryClient: QueryClient) {
  return queryClient.ensureQueryData(adminQueries.verify()).catch((error) => {
    if (!failedWith(error, ErrorKind.UNAUTHORIZED, ErrorKind.FORBIDDEN)) throw error;
    clearAdminSession();
    throw redirect({ to: "/admin/login", replace: true });
  });
}

/**
 * The salesperson sign-in page's: the registration form sits behind a tab, so its dealerships and cities start
 * loading with the page without holding up sign-in, or taking it down if they fail. A failure of the
 * providers only leaves their buttons out.
 */
export async function openSalespersonSignIn(queryClient: QueryClient) {
  void queryClient.prefetchQuery(authQueries.filterOptions());
  await queryClient.ensureQueryData(authQueries.providers()).catch(() => undefined);
}
