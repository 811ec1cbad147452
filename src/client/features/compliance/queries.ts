// What the compliance page reads, declared once for its route and its tabs.
import type { SessionUser } from "../../../shared/schemas/auth";
import { trpcUtils } from "../../trpc";
import type { ComplianceTab } from "./complianceSearch";

export const complianceQueries = {
  overview: () => trpcUtils.compliance.overview.queryOptions(),
  /** Whether one's own latest request is open (the overview of an account that is not an administrator). */
  ownLatest: () => trpcUtils.compliance.requests.queryOptions({ scope: "mine", pageSize: 1 }),
  retentionPolicies: () => trpcUtils.compliance.retentionPolicies.queryOptions(),
};

/** The open tab's records (every signed-in account has its own requests and reads the retention policies). */
export function complianceTabQueries(me: SessionUser | null, tab: ComplianceTab = "overview") {
  if (!me) return [];
  const admin = me.role === "admin";
  if (tab === "overview") return [admin ? complianceQueries.overview() : complianceQueries.ownLatest()];
  return tab === "retention" ? [complianceQueries.retentionPolicies()] : [];
}
