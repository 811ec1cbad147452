import { Alert, SimpleGrid, Skeleton, Stack } from "@chakra-ui/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import {
  LuCalendarCheck,
  LuCalendarClock,
  LuEye,
  LuMessageCircleReply,
  LuMessageSquareText,
  LuStar,
  LuUserX,
} from "react-icons/lu";
import type { AnalyticsPeriod } from "../../../../shared/analytics";
import type { SalespersonOverview } from "../../../../shared/schemas/portal";
import type { SalespersonDetail } from "../../../../shared/schemas/salespeople";
import { trpc } from "../../../trpc";
import { PanelHeader } from "../../../ui/PanelHeader";
import { PERIOD_SPANS, PeriodControl } from "../../../ui/PeriodControl";
import { QueryState } from "../../../ui/QueryState";
import { ratingText } from "../../../ui/Rating";
import { type StatFigure, StatTile } from "../../../ui/StatTile";
import { formatPercent } from "../format";
import { portalQueries } from "../queries";
import { GrowthInsights } from "./GrowthInsights";

// recharts is most of the dashboard's code: it loads with the first chart, not with every dashboard tab.
const charts = () => import("./OverviewCharts");
const AppointmentsChart = lazy(() => charts().then((m) => ({ default: m.AppointmentsChart })));
const RatingsChart = lazy(() => charts().then((m) => ({ default: m.RatingsChart })));
const ProfileViewsChart = lazy(() => charts().then((m) => ({ default: m.ProfileViewsChart })));

type StatCard = StatFigure & { value: string; help: string };

function statCards(overview: SalespersonOverview): StatCard[] {
  const t = overview.totals;
  const span = PERIOD_SPANS[overview.period];
  const closed = t.completed + t.noShow;
  return [
    {
      label: "Upcoming",
      value: String(t.upcoming),
      help: "Appointments booked ahead",
      icon: LuCalendarClock,
      palette: "blue",
    },
    {
      label: "Completion rate",
      value: formatPercent(t.completionRate),
      help: `${t.completed} completed of ${closed} closed`,
      icon: LuCalendarCheck,
      palette: "green",
    },
    {
      label: "No-show rate",
      value: formatPercent(t.noShowRate),
      help: `${t.noShow} no-show${t.noShow === 1 ? "" : "s"} in ${span}`,
      icon: LuUserX,
      palette: "orange",
    },
    {
      label: "Average rating",
      value: ratingText(t.averageRating, t.reviews),
      help: t.reviews > 0 ? "Across all your reviews" : "No reviews yet",
      icon: LuStar,
      palette: "yellow",
    },
    {
      label: "Reviews",
      value: String(t.reviews),
      help: `${t.reviewsInPeriod} new in ${span}`,
      icon: LuMessageSquareText,
      palette: "purple",
    },
    {
      label: "Profile views",
      value: String(t.profileViews),
      help: `In the last ${span}`,
      icon: LuEye,
      palette: "teal",
    },
    {
      label: "Reply time",
      value: t.responseTimeMinutes === null ? "—" : formatMinutes(t.responseTimeMinutes),
      help:
        t.unansweredConversations > 0
          ? `${t.unansweredConversations} waiting for an answer`
          : "Average time to answer a buyer",
      icon: LuMessageCircleReply,
      palette: t.unansweredConversations > 0 ? "orange" : "cyan",
    },
  ];
}

function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = minutes / 60;
  return hours < 48 ? `${hours.toFixed(hours < 10 ? 1 : 0)} h` : `${Math.round(hours / 24)} days`;
}

/** The portal's figures read larger on a phone than the manager's, and their tiles size to their words. */
const PORTAL_VALUE = { fontSize: { base: "2xl", md: "3xl" } } as const;

function VerificationBanner({ salesperson }: { salesperson: SalespersonDetail }) {
  if (salesperson.verifiedAt || !salesperson.dealership) return null;
  return (
    <Alert.Root status="info" borderRadius="xl" borderWidth="1px" borderColor="blue.200">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Waiting for {salesperson.dealership} to verify you</Alert.Title>
        <Alert.Description>
          Your profile is live, and buyers can book you. Once your manager confirms you, your profile shows
          “Verified by {salesperson.dealership}”.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function ChartSkeleton() {
  return <Skeleton height="80" borderRadius="xl" />;
}

function OverviewSkeleton() {
  return (
    <Stack gap="5" role="status" aria-busy="true" aria-label="Loading your figures">
      <SimpleGrid columns={{ base: 2, md: 4, xl: 7 }} gap="3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} height="28" borderRadius="xl" />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartSkeleton />
        <ChartSkeleton />
      </SimpleGrid>
    </Stack>
  );
}

/** Overview tab: headline figures, charts over the chosen period, and growth insights. */
export function OverviewPanel({
  salesperson,
  period,
  onPeriodChange,
}: {
  salesperson: SalespersonDetail;
  period: AnalyticsPeriod;
  onPeriodChange: (period: AnalyticsPeriod) => void;
}) {
  const overview = useQuery({
    ...portalQueries.overview(period),
    placeholderData: keepPreviousData,
  });
  const insights = trpc.portal.insights.useQuery();

  return (
    <Stack gap="5">
      <VerificationBanner salesperson={salesperson} />
      <PanelHeader
        title="Performance overview"
        description={`Figures for the last ${PERIOD_SPANS[period]}, in your local time.`}
        align="center"
      >
        <PeriodControl value={period} onChange={onPeriodChange} aria-label="Period" />
      </PanelHeader>
      <QueryState
        query={overview}
        loading={<OverviewSkeleton />}
        error={{
          title: "We couldn't load your figures",
          description: "Check your connection and try again.",
        }}
      >
        {(data) => (
          <Stack gap="4" opacity={overview.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
            <SimpleGrid as="section" aria-label="Key figures" columns={{ base: 2, md: 4, xl: 7 }} gap="3">
              {statCards(data).map((stat) => (
                <StatTile key={stat.label} stat={stat} minW="auto" valueProps={PORTAL_VALUE} />
              ))}
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
              {[AppointmentsChart, RatingsChart, ProfileViewsChart].map((Chart, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of charts.
                <Suspense key={index} fallback={<ChartSkeleton />}>
                  <Chart overview={data} />
                </Suspense>
              ))}
              <GrowthInsights
                insights={insights.data}
                isPending={insights.isPending}
                isError={insights.isError}
              />
            </SimpleGrid>
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
