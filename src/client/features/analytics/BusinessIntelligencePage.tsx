// /business-intelligence and /admin-business-intelligence: business intelligence for a dealership's manager
// (their own dealership against the market) and for administrators (the platform, or one dealership they
// pick). The server scopes every call the same way; this only chooses what to show.

import { Box, Button, Flex, Heading, HStack, Skeleton, Stack, Tabs, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useSearch } from "@tanstack/react-router";
import { type ReactNode, useCallback, useId, useState } from "react";
import type { IconType } from "react-icons";
import {
  LuBuilding2,
  LuChartLine,
  LuChartNoAxesCombined,
  LuDollarSign,
  LuLayoutDashboard,
  LuLogIn,
  LuMap,
  LuTrophy,
} from "react-icons/lu";
import { type AnalyticsPeriod, DEFAULT_ANALYTICS_PERIOD } from "../../../shared/analytics";
import { DealershipPicker, GateNotice, ManagerOrAdminGate, useDealershipChoices } from "../../ui/AccessGate";
import { PageHeader } from "../../ui/layout/PageHeader";
import { TabbedWorkspace } from "../../ui/layout/TabbedWorkspace";
import { PeriodControl } from "../../ui/PeriodControl";
import { useDocumentTitle } from "../../ui/useDocumentTitle";
import { managerQueries } from "../manager";
import { BI_TABS, type BiTab, biSearchSchema } from "./biSearch";
import { ExecutiveTab } from "./ExecutiveTab";
import { asOfLabel, periodLabel } from "./format";
import { MarketTab } from "./MarketTab";
import { PerformanceTab } from "./PerformanceTab";
import { PredictionsTab } from "./PredictionsTab";
import { biScope } from "./queries";
import { RevenueForManagers, RevenueTab } from "./RevenueTab";

const PAGE_TITLE = "Business Intelligence";
const DESCRIPTION =
  "Business intelligence for dealership managers and KnowBefore administrators: revenue, dealership performance, market trends and forecasts.";

const TAB_LABELS: Record<BiTab, { label: string; icon: IconType }> = {
  summary: { label: "Executive Summary", icon: LuLayoutDashboard },
  revenue: { label: "Revenue Analytics", icon: LuDollarSign },
  performance: { label: "Performance", icon: LuTrophy },
  market: { label: "Market Analysis", icon: LuMap },
  predictions: { label: "Predictions", icon: LuChartLine },
};

// Who may use it -----------------------------------------------------------------------------------------------

function SignInPrompt({ adminRoute }: { adminRoute: boolean }) {
  useDocumentTitle(PAGE_TITLE, DESCRIPTION);
  const admin = (
    <Button key="admin" asChild colorPalette="blue" variant={adminRoute ? "solid" : "outline"}>
      <Link to="/admin/login">{adminRoute ? <LuLogIn /> : null} Administrator sign-in</Link>
    </Button>
  );
  const manager = (
    <Button key="manager" asChild colorPalette="blue" variant={adminRoute ? "outline" : "solid"}>
      <Link to="/salesperson-login">
        {adminRoute ? null : <LuLogIn />} {adminRoute ? "Dealership manager sign-in" : "Sign In"}
      </Link>
    </Button>
  );
  return (
    <GateNotice
      icon={LuLogIn}
      iconColor="blue.600"
      title="Sign in to see business intelligence"
      description={
        adminRoute
          ? "Platform business intelligence is for KnowBefore's administrators: sign in through the admin console. Dealership managers sign in through the salesperson portal to see their own dealership."
          : "Dealership managers sign in through the salesperson portal to see their dealership's figures; administrators sign in through the admin console to see the whole platform."
      }
    >
      {adminRoute ? [admin, manager] : [manager, admin]}
    </GateNotice>
  );
}

// The header ---------------------------------------------------------------------------------------------------

function PeriodSelector({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (p: AnalyticsPeriod) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap="1.5">
      <Text id={labelId} fontSize="sm" fontWeight="medium" color="fg">
        Period
      </Text>
      <PeriodControl value={value} onChange={onChange} aria-labelledby={labelId} />
    </Stack>
  );
}

function Header({
  isAdmin,
  scopeTitle,
  scopeDetail,
  period,
  onPeriodChange,
  asOf,
  picker,
}: {
  isAdmin: boolean;
  scopeTitle: string | null;
  scopeDetail: string;
  period: AnalyticsPeriod;
  onPeriodChange: (p: AnalyticsPeriod) => void;
  asOf: Date | null;
  picker: ReactNode;
}) {
  return (
    <PageHeader
      eyebrow={isAdmin ? "Platform administration" : "Enterprise"}
      title={PAGE_TITLE}
      wideFrom="lg"
      actionsAlign="end"
      gap="5"
      actions={
        <Flex gap="4" wrap="wrap" align="flex-end" flexShrink={0}>
          {picker}
          <PeriodSelector value={period} onChange={onPeriodChange} />
        </Flex>
      }
    >
      <HStack gap="2" color="ink" minW="0">
        <Box as="span" color="blue.600" flexShrink={0} aria-hidden>
          {isAdmin && scopeTitle === "All dealerships" ? <LuChartNoAxesCombined /> : <LuBuilding2 />}
        </Box>
        {scopeTitle ? (
          <Heading as="h2" size="md" color="ink" truncate>
            {scopeTitle}
          </Heading>
        ) : (
          <Skeleton height="5" width="48" />
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {scopeDetail}
      </Text>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {periodLabel(period)}
        {asOf ? ` · Figures as of ${asOfLabel(asOf)}` : ""}
      </Text>
    </PageHeader>
  );
}

// The page -----------------------------------------------------------------------------------------------------

function Workspace({ isAdmin }: { isAdmin: boolean }) {
  useDocumentTitle(PAGE_TITLE, DESCRIPTION);
  const search = biSearchSchema(useSearch({ strict: false }));
  const navigate = useNavigate();
  const { tab, period, dealershipId } = biScope(isAdmin, search);
  const [asOf, setAsOf] = useState<Date | null>(null);
  const onAsOf = useCallback((at: Date) => setAsOf(at), []);

  const dealerships = useDealershipChoices(isAdmin);
  const own = useQuery({ ...managerQueries.overview(), enabled: !isAdmin });

  const setSearch = (next: { tab?: BiTab; period?: AnalyticsPeriod; dealershipId?: number | undefined }) => {
    const merged = { tab, period, dealershipId, ...next };
    void navigate({
      to: ".",
      search: {
        tab: merged.tab === "summary" ? undefined : merged.tab,
        period: merged.period === DEFAULT_ANALYTICS_PERIOD ? undefined : merged.period,
        dealershipId: merged.dealershipId,
      },
      replace: true,
    });
  };

  let scopeTitle: string | null;
  let scopeDetail: string;
  if (isAdmin) {
    const picked = dealershipId === undefined ? null : dealerships?.find((d) => d.id === dealershipId);
    scopeTitle = dealershipId === undefined ? "All dealerships" : (picked?.name ?? null);
    scopeDetail =
      dealershipId === undefined
        ? "The whole platform: every dealership, salesperson and customer."
        : "One dealership's figures, compared with the market.";
  } else {
    const d = own.data?.dealership;
    scopeTitle = d?.name ?? (own.isError ? "Your dealership" : null);
    scopeDetail = d
      ? `${d.city}, ${d.state} · your dealership's figures, with market-wide averages to compare`
      : "Your dealership's figures, with market-wide averages to compare";
  }

  const picker = dealerships ? (
    <DealershipPicker
      dealerships={dealerships}
      value={dealershipId}
      onChange={(id) => setSearch({ dealershipId: id })}
      size="sm"
      minW={{ base: "full", sm: "64" }}
      w={{ base: "full", sm: "auto" }}
    />
  ) : null;

  return (
    <TabbedWorkspace
      header={
        <Header
          isAdmin={isAdmin}
          scopeTitle={scopeTitle}
          scopeDetail={scopeDetail}
          period={period}
          onPeriodChange={(p) => setSearch({ period: p })}
          asOf={asOf}
          picker={picker}
        />
      }
      tabs={BI_TABS}
      labels={TAB_LABELS}
      active={tab}
      onTabChange={(next) => setSearch({ tab: next })}
    >
      <Tabs.Content value="summary" p="0">
        <ExecutiveTab period={period} dealershipId={dealershipId} onAsOf={onAsOf} />
      </Tabs.Content>
      <Tabs.Content value="revenue" p="0">
        {isAdmin ? (
          <Stack gap="4">
            {dealershipId !== undefined ? (
              <Text fontSize="sm" color="fg.muted">
                Revenue analytics always cover the whole platform, whichever dealership is picked.
              </Text>
            ) : null}
            <RevenueTab period={period} onAsOf={onAsOf} />
          </Stack>
        ) : (
          <RevenueForManagers />
        )}
      </Tabs.Content>
      <Tabs.Content value="performance" p="0">
        <PerformanceTab period={period} dealershipId={dealershipId} onAsOf={onAsOf} />
      </Tabs.Content>
      <Tabs.Content value="market" p="0">
        <MarketTab period={period} dealershipId={dealershipId} onAsOf={onAsOf} />
      </Tabs.Content>
      <Tabs.Content value="predictions" p="0">
        <PredictionsTab dealershipId={dealershipId} onAsOf={onAsOf} />
      </Tabs.Content>
    </TabbedWorkspace>
  );
}

/**
 * Signed-out visitors are asked to sign in (administrators' login first on the admin route); customers and
 * salespeople who manage no dealership are told who it is for.
 */
export function BusinessIntelligencePage() {
  const adminRoute = useLocation({ select: (l) => l.pathname.startsWith("/admin") });
  return (
    <ManagerOrAdminGate
      signIn={<SignInPrompt adminRoute={adminRoute} />}
      deniedDescription="Business intelligence is for dealership managers, who see their own dealership against the market, and for KnowBefore's administrators, who see the whole platform."
      pageDescription={DESCRIPTION}
    >
      {(isAdmin) => <Workspace isAdmin={isAdmin} />}
    </ManagerOrAdminGate>
  );
}
