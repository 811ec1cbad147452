import { Badge, Box, HStack, Skeleton, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Navigate } from "@tanstack/react-router";
import type { IconType } from "react-icons";
import {
  LuChartLine,
  LuFileText,
  LuLayoutDashboard,
  LuMapPin,
  LuMessageSquareQuote,
  LuScale,
  LuShieldAlert,
  LuUsers,
} from "react-icons/lu";
import type { ManagerOverview } from "../../../shared/schemas/manager";
import { AccessDenied, SessionLoading } from "../../ui/AccessGate";
import { AppShell } from "../../ui/layout/AppShell";
import { PageHeader } from "../../ui/layout/PageHeader";
import { TabbedWorkspace, useSearchTab } from "../../ui/layout/TabbedWorkspace";
import { useSession } from "../../ui/session";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { DisputesPanel } from "../appointments";
import { FeedbackPanel } from "../feedback";
import { DealershipSwitcher } from "../groups";
import { MisconductCasesPanel } from "../misconduct";
import { LocationPanel } from "./LocationPanel";
import { MonthlyReportPanel } from "./MonthlyReportPanel";
import { MANAGER_TABS, type ManagerTab, managerDashboardSearchSchema } from "./managerSearch";
import { OverviewPanel } from "./OverviewPanel";
import { PerformancePanel } from "./PerformancePanel";
import { managerQueries } from "./queries";
import { TeamPanel } from "./TeamPanel";

const TAB_LABELS: Record<ManagerTab, { label: string; icon: IconType }> = {
  overview: { label: "Overview", icon: LuLayoutDashboard },
  team: { label: "Sales Team", icon: LuUsers },
  performance: { label: "Performance", icon: LuChartLine },
  feedback: { label: "Feedback", icon: LuMessageSquareQuote },
  location: { label: "Dealership", icon: LuMapPin },
  reports: { label: "Reports", icon: LuFileText },
  incidents: { label: "Incidents", icon: LuShieldAlert },
  disputes: { label: "Disputes", icon: LuScale },
};

function DashboardHeader({ overview }: { overview: ManagerOverview | undefined }) {
  return (
    <PageHeader
      eyebrow="Manager dashboard"
      title={overview?.dealership.name ?? "Manager dashboard"}
      titleHidden={!overview}
      actions={<DealershipSwitcher />}
    >
      {overview ? (
        <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text>
            {overview.dealership.city}, {overview.dealership.state}
          </Text>
          <Badge
            colorPalette={overview.plan.limitReached ? "red" : "blue"}
            variant="subtle"
            borderRadius="full"
          >
            {overview.plan.name} plan · {overview.plan.used}
            {overview.plan.salespersonLimit === null ? "" : `/${overview.plan.salespersonLimit}`} salespeople
          </Badge>
        </HStack>
      ) : (
        <>
          <Skeleton height="8" width="72" />
          <Skeleton height="4" width="40" />
        </>
      )}
    </PageHeader>
  );
}

function Dashboard({ tab, onTabChange }: { tab: ManagerTab; onTabChange: (tab: ManagerTab) => void }) {
  const { data: overview } = useSuspenseQuery(managerQueries.overview());
  useDocumentTitle(`${TAB_LABELS[tab].label} · Manager dashboard`);

  return (
    <TabbedWorkspace
      header={<DashboardHeader overview={overview} />}
      tabs={MANAGER_TABS}
      labels={TAB_LABELS}
      active={tab}
      tabGap="2"
      onTabChange={onTabChange}
      panels={{
        overview: <OverviewPanel overview={overview} onManageTeam={() => onTabChange("team")} />,
        team: <TeamPanel overview={overview} />,
        performance: <PerformancePanel />,
        feedback: <FeedbackPanel who="manager" />,
        location: <LocationPanel overview={overview} />,
        reports: <MonthlyReportPanel />,
        incidents: (
          <Box maxW="5xl">
            <MisconductCasesPanel />
          </Box>
        ),
        disputes: <DisputesPanel who="manager" />,
      }}
    />
  );
}

/**
 * /manager-dashboard and /manager/dashboard: the manager of a dealership (the account its managerId names)
 * runs the team here; everyone else sees 'Access Denied'. The server scopes every call to that dealership.
 */
export function ManagerDashboardPage() {
  const { user, isLoading } = useSession();
  const [tab, openTab] = useSearchTab(managerDashboardSearchSchema, MANAGER_TABS);
  if (isLoading) return <SessionLoading />;
  // Staff handle the dealership's bookings, on a page of their own.
  if (user?.managedDealershipId == null && user?.dealershipRole === "staff")
    return <Navigate to="/bookings" replace />;
  if (user?.managedDealershipId == null)
    return (
      <AccessDenied description="The manager dashboard is only available to dealership managers. Ask your dealership to set you up as its manager if you need access." />
    );
  return (
    <AppShell>
      <Dashboard tab={tab} onTabChange={openTab} />
    </AppShell>
  );
}
