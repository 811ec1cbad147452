// What each signed-in page loads before it shows, for the routes and their aliases (/manager/dashboard and
// /manager-dashboard share one loader). A loader asks only for what the visitor may read: it checks the
// session first, so a signed-out visitor or the wrong role never sets off a call that answers 401 or 403 (the
// page then shows its sign-in prompt or "Access Denied" as before). Route definitions load with every page,
// so this file imports types and light modules only.

import { redirect } from "@tanstack/react-router";
import { DEFAULT_ANALYTICS_PERIOD } from "../shared/analytics";
import { ErrorKind } from "../shared/errors";
import { clearAdminSession } from "./adminSession";
import type { AdminTab } from "./features/admin/adminSearch";
import type { BiSearch } from "./features/analytics/biSearch";
import type { ComplianceTab } from "./features/compliance/complianceSearch";
import { feedbackInput, feedInput } from "./features/feedback/feedbackQuery";
import type { ManagerTab } from "./features/manager/managerSearch";
import { normaliseTrackingCode, TRACKING_CODE_MIN } from "./features/misconduct/trackingCode";
import { DEFAULT_PERIOD, type SalespersonDashboardSearch } from "./features/portal/dashboardSearch";
import type { SecurityTab } from "./features/security/securitySearch";
import type { RouteLoaderContext } from "./routerContext";
import { failedWith } from "./trpc";

type LoaderArgs<Deps = object> = { context: RouteLoaderContext; deps: Deps };

/** Runs the loads together; the route waits for all of them and fails if one fails. */
async function all(loads: Promise<unknown>[]): Promise<void> {
  await Promise.all(loads);
}

function managesOrAdministers({ me }: RouteLoaderContext): boolean {
  return me !== null && (me.role === "admin" || me.managedDealershipId != null);
}

/** A Feedback tab as it opens: the period's insights and the first page of the comments. */
function loadFeedback({ queryClient, trpcUtils: t }: RouteLoaderContext) {
  const input = feedbackInput();
  return all([
    queryClient.ensureQueryData(t.analytics.feedbackInsights.queryOptions(input)),
    queryClient.ensureQueryData(t.analytics.feedbackComments.queryOptions(feedInput(input))),
  ]);
}

/** /appointments: a customer's own bookings. */
export function loadAppointments({ context }: LoaderArgs) {
  const { me, queryClient, trpcUtils: t } = context;
  if (me?.role !== "customer") return;
  return all([queryClient.ensureQueryData(t.appointments.mine.queryOptions())]);
}

/** /api-keys: the keys the manager's dealership (or, for an administrator, everyone) holds, and the scopes. */
export function loadApiKeys({ context }: LoaderArgs) {
  const { queryClient, trpcUtils: t } = context;
  if (!managesOrAdministers(context)) return;
  return all([
    queryClient.ensureQueryData(t.apiKeys.scopes.queryOptions()),
    queryClient.ensureQueryData(t.apiKeys.list.queryOptions()),
  ]);
}

/** /crm: the providers one can connect, and the dealership's integrations (every dealership's for admins). */
export function loadCrm({ context }: LoaderArgs) {
  const { queryClient, trpcUtils: t } = context;
  if (!managesOrAdministers(context)) return;
  return all([
    queryClient.ensureQueryData(t.crm.providers.queryOptions()),
    queryClient.ensureQueryData(t.crm.integrations.queryOptions({})),
  ]);
}

/** /dealer-subscription: the signed-in account's own plan (the plans on offer are fixed). */
export function loadDealerSubscription({ context }: LoaderArgs) {
  const { me, queryClient, trpcUtils: t } = context;
  if (!me) return;
  return all([queryClient.ensureQueryData(t.subscriptions.overview.queryOptions())]);
}

/** /subscribe: whether payments are configured, which decides the checkout a signed-in visitor sees. */
export function loadSubscribe({ context }: LoaderArgs) {
  const { me, queryClient, trpcUtils: t } = context;
  if (!me) return;
  return all([queryClient.ensureQueryData(t.subscriptions.config.queryOptions())]);
}

/** /manager-dashboard: the dealership's overview, and what the open tab lists. */
export function loadManagerDashboard({ context, deps }: LoaderArgs<{ tab: ManagerTab | undefined }>) {
  const { me, queryClient, trpcUtils: t } = context;
  if (me?.managedDealershipId == null) return;
  const loads: Promise<unknown>[] = [queryClient.ensureQueryData(t.manager.overview.queryOptions())];
  if (deps.tab === "performance")
    loads.push(queryClient.ensureQueryData(t.manager.performance.queryOptions()));
  if (deps.tab === "team") {
    loads.push(queryClient.ensureQueryData(t.manager.pendingVerifications.queryOptions()));
    loads.push(queryClient.ensureQueryData(t.manager.invitations.queryOptions()));
  }
  if (deps.tab === "incidents") loads.push(queryClient.ensureQueryData(t.misconduct.cases.queryOptions()));
  if (deps.tab === "feedback") loads.push(loadFeedback(context));
  return all(loads);
}

/** /salesperson-dashboard: the salesperson's own profile, and what the open tab (and period) shows. */
export function loadSalespersonDashboard({
  context,
  deps,
}: LoaderArgs<Pick<SalespersonDashboardSearch, "tab" | "period">>) {
  const { me, queryClient, trpcUtils: t } = context;
  if (me?.salespersonId == null) return;
  const loads: Promise<unknown>[] = [queryClient.ensureQueryData(t.portal.me.queryOptions())];
  const tab = deps.tab ?? "overview";
  if (tab === "overview") {
    loads.push(
      queryClient.ensureQueryData(t.portal.overview.queryOptions({ period: deps.period ?? DEFAULT_PERIOD })),
    );
  }
  if (tab === "messages") loads.push(queryClient.ensureQueryData(t.messages.conversations.queryOptions()));
  if (tab === "subscription")
    loads.push(queryClient.ensureQueryData(t.subscriptions.overview.queryOptions()));
  if (tab === "feedback") loads.push(loadFeedback(context));
  if (tab === "availability") {
    // The same input as the Working hours card reads with (portal/availability/WorkingHoursCard.tsx).
    loads.push(
      queryClient.ensureQueryData(t.availability.workingHours.queryOptions({ id: me.salespersonId })),
    );
  }
  return all(loads);
}

/** /salesperson/profile: the salesperson's own profile, to edit. */
export function loadSalespersonProfile({ context }: LoaderArgs) {
  const { me, queryClient, trpcUtils: t } = context;
  if (me?.salespersonId == null) return;
  return all([queryClient.ensureQueryData(t.portal.me.queryOptions())]);
}

/** /security: the open tab's figures (every signed-in account has them). */
export function loadSecurity({ context, deps }: LoaderArgs<{ tab: SecurityTab | undefined }>) {
  const { me, queryClient, trpcUtils: t } = context;
  if (!me) return;
  const tab = deps.tab ?? "overview";
  if (tab === "overview") {
    const loads: Promise<unknown>[] = [queryClient.ensureQueryData(t.security.overview.queryOptions())];
    if (me.role === "admin") loads.push(queryClient.ensureQueryData(t.security.settings.queryOptions()));
    return all(loads);
  }
  if (tab === "mfa") return all([queryClient.ensureQueryData(t.security.mfaStatus.queryOptions())]);
  if (tab === "sessions") return all([queryClient.ensureQueryData(t.security.sessions.queryOptions())]);
  if (tab === "passkeys") return all([queryClient.ensureQueryData(t.security.passkeys.queryOptions())]);
  if (tab === "linked") return all([queryClient.ensureQueryData(t.identity.linked.queryOptions())]);
  return;
}

/** /compliance: the open tab's records (every signed-in account has its own requests). */
export function loadCompliance({ context, deps }: LoaderArgs<{ tab: ComplianceTab | undefined }>) {
  const { me, queryClient, trpcUtils: t } = context;
  if (!me) return;
  const tab = deps.tab ?? "overview";
  const loads: Promise<unknown>[] = [];
  if (tab === "overview") {
    loads.push(
      me.role === "admin"
        ? queryClient.ensureQueryData(t.compliance.overview.queryOptions())
        : queryClient.ensureQueryData(t.compliance.requests.queryOptions({ scope: "mine", pageSize: 1 })),
    );
  }
  if (tab === "retention" && me.role === "admin") {
    loads.push(queryClient.ensureQueryData(t.compliance.retentionPolicies.queryOptions()));
  }
  return all(loads);
}

/** /business-intelligence: a manager's own dealership (its name heads the page) and the summary's figures. */
export function loadBusinessIntelligence({
  context,
  deps,
}: LoaderArgs<Pick<BiSearch, "tab" | "period" | "dealershipId">>) {
  const { queryClient, trpcUtils: t, me } = context;
  if (!managesOrAdministers(context)) return;
  const isAdmin = me?.role === "admin";
  const loads: Promise<unknown>[] = [];
  if (!isAdmin) loads.push(queryClient.ensureQueryData(t.manager.overview.queryOptions()));
  if ((deps.tab ?? "summary") === "summary") {
    const input = {
      period: deps.period ?? DEFAULT_ANALYTICS_PERIOD,
      dealershipId: isAdmin ? deps.dealershipId : undefined,
    };
    loads.push(queryClient.ensureQueryData(t.analytics.executiveSummary.queryOptions(input)));
  }
  return all(loads);
}

/**
 * /admin/dashboard: the console's check that the stored admin session is still good; a refused one is
 * forgotten and the administrator signs in again.
 */
export async function loadAdminDashboard({ context }: LoaderArgs<{ tab: AdminTab | undefined }>) {
  const { queryClient, trpcUtils: t } = context;
  try {
    await queryClient.ensureQueryData(t.admin.verify.queryOptions());
  } catch (error) {
    if (failedWith(error, ErrorKind.UNAUTHORIZED, ErrorKind.FORBIDDEN)) {
      clearAdminSession();
      throw redirect({ to: "/admin/login", replace: true });
    }
    throw error;
  }
}

/** What the checkout's status is asked with: our subscription id and what the payment provider appended. */
export function checkoutStatusInput(search: {
  subscription?: string | undefined;
  payment_intent?: string | undefined;
  setup_intent?: string | undefined;
  redirect_status?: string | undefined;
}) {
  return {
    ...(search.subscription ? { subscription: search.subscription } : {}),
    ...(search.payment_intent ? { payment_intent: search.payment_intent } : {}),
    ...(search.setup_intent ? { setup_intent: search.setup_intent } : {}),
    ...(search.redirect_status ? { redirect_status: search.redirect_status } : {}),
  };
}

/**
 * /subscription-success: the checkout's outcome. A refused or unknown checkout is an answer the page words
 * itself (with its own links on), so here a failure only means the page asks again.
 */
export function loadCheckoutStatus({ context, deps }: LoaderArgs<Parameters<typeof checkoutStatusInput>[0]>) {
  const { me, queryClient, trpcUtils: t } = context;
  if (!me) return;
  return queryClient
    .ensureQueryData(t.subscriptions.checkoutStatus.queryOptions(checkoutStatusInput(deps)))
    .then(
      () => undefined,
      () => undefined,
    );
}

/** /report-status?code=…: the report the code in the address tracks; a wrong code is the page's own answer. */
export function loadReportStatus({ context, deps }: LoaderArgs<{ code: string | undefined }>) {
  const { queryClient, trpcUtils: t } = context;
  const trackingCode = normaliseTrackingCode(deps.code ?? "");
  if (trackingCode.length < TRACKING_CODE_MIN) return;
  return queryClient.ensureQueryData(t.misconduct.status.queryOptions({ trackingCode })).then(
    () => undefined,
    () => undefined,
  );
}

/** /profile: the signed-in account, as the root route read it (the form edits it). */
export function loadProfile({ context }: LoaderArgs) {
  const { me, queryClient, trpcUtils: t } = context;
  if (!me) return;
  return all([queryClient.ensureQueryData(t.auth.me.queryOptions())]);
}

/**
 * /salesperson-login: the dealerships and cities its registration form offers. The form sits behind a tab,
 * so they start loading with the page without holding up sign-in, or taking it down if they fail.
 */
export function loadSalespersonPortal({ context }: LoaderArgs) {
  const { queryClient, trpcUtils: t } = context;
  void queryClient.prefetchQuery(t.salespeople.filterOptions.queryOptions());
  return loadSignIn({ context });
}

/**
 * /login (and the portal): which sign-in providers are on, so their buttons show with the page. A failure
 * only leaves the buttons out: the e-mailed link must always be there to use.
 */
export async function loadSignIn({ context }: Pick<LoaderArgs, "context">) {
  const { queryClient, trpcUtils: t } = context;
  await queryClient.ensureQueryData(t.identity.providers.queryOptions()).catch(() => undefined);
}

export { loadSalesperson } from "./features/salespeople/salespersonRoute";
