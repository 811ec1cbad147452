// /compliance: data protection for every signed-in user. Everyone files and follows requests about their own
// data and reads the retention policies; managers also read their dealership's audit trail; administrators
// handle everyone's requests, edit retention, run the cleanup, generate reports and read the whole audit trail.
// A role sees only the tabs it can use; the server enforces the same.
import { Skeleton, Stack } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import type { IconType } from "react-icons";
import { LuDatabase, LuFileText, LuHistory, LuInbox, LuLayoutDashboard } from "react-icons/lu";
import { SignedInFrame } from "../../ui/layout/SignedInFrame";
import { TabbedWorkspace, useSearchTab } from "../../ui/layout/TabbedWorkspace";
import { type SessionUser, useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { COMPLIANCE_TABS, type ComplianceTab, complianceSearchSchema } from "./complianceSearch";
import { OverviewTab } from "./OverviewTab";
import { RequestsTab } from "./RequestsTab";
import { RetentionTab } from "./RetentionTab";

// Administrators' and managers' panels are their own chunks: most visitors never open them.
const ComplianceReportTab = lazy(() =>
  import("./ComplianceReportTab").then((m) => ({ default: m.ComplianceReportTab })),
);
const AuditTrailTab = lazy(() => import("../admin").then((m) => ({ default: m.AuditTrailTab })));

const PAGE_TITLE = "Compliance";
const DESCRIPTION =
  "Your data at KnowBefore: ask for a copy, a correction or its deletion, follow your requests, and see how long each kind of data is kept.";

const TAB_LABELS: Record<ComplianceTab, { label: string; icon: IconType }> = {
  overview: { label: "Overview", icon: LuLayoutDashboard },
  requests: { label: "GDPR Requests", icon: LuInbox },
  retention: { label: "Data Retention", icon: LuDatabase },
  reports: { label: "Reports", icon: LuFileText },
  audit: { label: "Audit Trail", icon: LuHistory },
};

/** The tabs a signed-in user can use. */
function tabsFor(user: SessionUser): readonly ComplianceTab[] {
  if (user.role === "admin") return COMPLIANCE_TABS;
  const manager = user.managedDealershipId != null;
  return COMPLIANCE_TABS.filter((t) => t !== "reports" && (t !== "audit" || manager));
}

function PanelLoading() {
  return (
    <Stack gap="3" role="status" aria-busy="true" aria-label="Loading">
      <Skeleton h="10" w="64" borderRadius="md" />
      <Skeleton h="40" borderRadius="xl" />
    </Stack>
  );
}

function Workspace({ user }: { user: SessionUser }) {
  useDocumentTitle(PAGE_TITLE, DESCRIPTION);
  const isAdmin = user.role === "admin";
  const tabs = tabsFor(user);
  const [tab, openTab] = useSearchTab(complianceSearchSchema, tabs);
  return (
    <TabbedWorkspace
      eyebrow={isAdmin ? "Platform administration" : "Privacy and your data"}
      title={PAGE_TITLE}
      lead={
        isAdmin
          ? "Everyone's data-protection requests, retention rules and cleanup, compliance reports and the audit trail."
          : `Ask for a copy of your data, a correction or its deletion, follow your requests, and see how long each kind of data is kept${tabs.includes("audit") ? ". Your dealership's audit trail is here too." : "."}`
      }
      tabs={tabs}
      labels={TAB_LABELS}
      active={tab}
      onTabChange={openTab}
      panels={{
        overview: <OverviewTab isAdmin={isAdmin} onNewRequest={() => openTab("requests")} />,
        requests: <RequestsTab isAdmin={isAdmin} />,
        retention: <RetentionTab isAdmin={isAdmin} />,
        reports: (
          <Suspense fallback={<PanelLoading />}>
            <ComplianceReportTab />
          </Suspense>
        ),
        audit: (
          <Suspense fallback={<PanelLoading />}>
            <AuditTrailTab scope={isAdmin ? "admin" : "manager"} />
          </Suspense>
        ),
      }}
    />
  );
}

/** Signed-out visitors are sent to sign in (docs/product/routes.md#route-states); every signed-in role gets the tabs it can use. */
export function CompliancePage() {
  const { user } = useSession();
  return <SignedInFrame>{user ? <Workspace user={user} /> : null}</SignedInFrame>;
}
