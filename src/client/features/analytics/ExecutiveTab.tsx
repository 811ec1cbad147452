// Executive Summary: the period's key figures against the previous equal period, highlights, insights,
// alerts with the thresholds behind them, and bookings and ratings over time.

import { Alert, Badge, Box, List, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import {
  LuBadgeDollarSign,
  LuBuilding2,
  LuCalendarCheck,
  LuCalendarRange,
  LuLightbulb,
  LuRepeat,
  LuSmile,
  LuStar,
  LuUsers,
  LuUserX,
} from "react-icons/lu";
import type { AlertType, ExecutiveSummary, PerformanceHighlight } from "../../../shared/schemas/analytics";
import { SectionCard } from "../../ui/SectionCard";
import { ActivityChart, RatingTrendChart } from "./charts";
import { DemoDataNote } from "./DemoDataNote";
import {
  count,
  DASH,
  money,
  percent,
  previousPeriodLabel,
  signedPercent,
  signedStars,
  stars,
} from "./format";
import { ChangeBadge, type Metric, MetricGrid } from "./MetricTile";
import { analyticsQueries } from "./queries";
import { CardRow, KEEP_PREVIOUS, type ScopedTabProps, TabQuery } from "./TabQuery";

/** A growth rate beside a figure; none when the previous period had nothing to grow from. */
function growthChange(rate: number | null): Metric["change"] {
  return rate === null ? null : { text: signedPercent(rate), direction: rate };
}

function growthHelp(rate: number | null, data: ExecutiveSummary): string {
  const previous = previousPeriodLabel(data.window.period);
  return rate === null ? `Nothing in ${previous} to compare with` : `vs ${previous}`;
}

function metrics(data: ExecutiveSummary): Metric[] {
  const k = data.keyMetrics;
  const vs = `vs ${previousPeriodLabel(data.window.period)}`;
  const revenueReported = k.totalRevenue !== null;
  return [
    {
      label: "Total revenue",
      value: revenueReported ? money(k.totalRevenue) : "Not reported",
      change: growthChange(k.revenueGrowthRate),
      help: revenueReported ? growthHelp(k.revenueGrowthRate, data) : "See the note above",
      icon: LuBadgeDollarSign,
      palette: "green",
    },
    {
      label: "Monthly recurring revenue",
      value: k.monthlyRecurringRevenue === null ? "Not reported" : money(k.monthlyRecurringRevenue),
      help: k.monthlyRecurringRevenue === null ? "See the note above" : "From active subscriptions",
      icon: LuRepeat,
      palette: "teal",
    },
    {
      label: "Dealerships",
      value: count(k.totalDealerships),
      help: data.scope.kind === "platform" ? "On the platform" : "In this view",
      icon: LuBuilding2,
      palette: "blue",
    },
    {
      label: "Salespeople",
      value: count(k.totalSalespeople),
      help: data.scope.kind === "platform" ? "On the platform" : "At this dealership",
      icon: LuUsers,
      palette: "purple",
    },
    {
      label: "Bookings",
      value: count(k.bookings),
      change: growthChange(k.bookingsGrowthRate),
      help: growthHelp(k.bookingsGrowthRate, data),
      icon: LuCalendarRange,
      palette: "blue",
    },
    {
      label: "Completion rate",
      value: percent(k.completionRate),
      help: "Of visits that came due",
      icon: LuCalendarCheck,
      palette: "green",
    },
    {
      label: "No-show rate",
      value: percent(k.noShowRate),
      help: "Of visits that came due",
      icon: LuUserX,
      palette: "orange",
    },
    {
      label: "Average rating",
      value: k.averageRating === null ? DASH : `${stars(k.averageRating)} ★`,
      help:
        data.scope.kind === "platform"
          ? "Every published review on the platform"
          : `Platform average ${k.platformAverageRating === null ? DASH : `${stars(k.platformAverageRating)} ★`}`,
      icon: LuStar,
      palette: "yellow",
    },
    {
      label: "Satisfaction trend",
      value: signedStars(k.customerSatisfactionTrend),
      change:
        k.customerSatisfactionTrend === null
          ? null
          : {
              text:
                k.customerSatisfactionTrend === 0
                  ? "No change"
                  : k.customerSatisfactionTrend > 0
                    ? "Up"
                    : "Down",
              direction: k.customerSatisfactionTrend,
            },
      help: `Average rating ${vs}`,
      icon: LuSmile,
      palette: "pink",
    },
  ];
}

const ALERT_STATUS: Record<AlertType, { status: "error" | "warning" | "info"; label: string }> = {
  critical: { status: "error", label: "Critical" },
  warning: { status: "warning", label: "Warning" },
  info: { status: "info", label: "Info" },
};

function Alerts({ alerts }: { alerts: ExecutiveSummary["alerts"] }) {
  return (
    <SectionCard title="Alerts" size="sm" headingSize="md" gap="3">
      {alerts.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          Nothing crossed an alert threshold in this period.
        </Text>
      ) : (
        <Stack gap="2.5" as="ul" listStyleType="none">
          {alerts.map((alert) => {
            const style = ALERT_STATUS[alert.type] ?? ALERT_STATUS.info;
            return (
              <Alert.Root as="li" key={alert.message} status={style.status} borderRadius="lg" size="sm">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>
                    <Text as="span" srOnly>
                      {style.label}:{" "}
                    </Text>
                    {alert.message}
                  </Alert.Title>
                  <Alert.Description fontSize="xs">Threshold: {alert.threshold}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            );
          })}
        </Stack>
      )}
    </SectionCard>
  );
}

function highlightTrend(h: PerformanceHighlight) {
  if (h.trend === null) return null;
  const isRating = /rating/i.test(h.metric);
  return <ChangeBadge text={isRating ? signedStars(h.trend) : signedPercent(h.trend)} direction={h.trend} />;
}

function Highlights({ highlights }: { highlights: PerformanceHighlight[] }) {
  return (
    <SectionCard title="Performance highlights" size="sm" headingSize="md" gap="3">
      {highlights.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No standouts yet: highlights need ratings or bookings in this period.
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" divideY="1px" divideColor="border.muted">
          {highlights.map((h) => (
            <Box as="li" key={`${h.metric}-${h.name}`} py="2.5">
              <Badge colorPalette="blue" variant="subtle" size="sm" mb="1">
                {h.metric}
              </Badge>
              <Text fontWeight="semibold" color="ink">
                {h.name}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {h.value}
                {h.trend !== null ? <> · </> : null}
                {highlightTrend(h)}
                {h.trend !== null ? <Text as="span"> vs previous period</Text> : null}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function Insights({ insights }: { insights: string[] }) {
  return (
    <SectionCard title="Strategic insights" size="sm" headingSize="md" gap="3">
      {insights.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No insights for this period.
        </Text>
      ) : (
        <List.Root gap="2.5" variant="plain">
          {insights.map((text) => (
            <List.Item key={text} fontSize="sm" alignItems="flex-start">
              <List.Indicator asChild color="yellow.600" mt="0.5">
                <LuLightbulb aria-hidden />
              </List.Indicator>
              {text}
            </List.Item>
          ))}
        </List.Root>
      )}
    </SectionCard>
  );
}

export function ExecutiveTab({ period, dealershipId, onAsOf }: ScopedTabProps) {
  const query = useQuery({
    ...analyticsQueries.executiveSummary({ period, dealershipId }),
    ...KEEP_PREVIOUS,
  });
  return (
    <TabQuery query={query} subject="the executive summary" onAsOf={onAsOf}>
      {(data) => (
        <>
          <DemoDataNote demoData={data.demoData} />
          {data.revenueNote ? (
            <Alert.Root status="info" borderRadius="xl" size="sm">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Revenue figures are not shown</Alert.Title>
                <Alert.Description>{data.revenueNote}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <MetricGrid label="Key metrics" metrics={metrics(data)} columns={{ base: 2, md: 3, xl: 5 }} />
          <CardRow alignItems="stretch">
            <ActivityChart trend={data.trend} period={data.window.period} />
            <RatingTrendChart trend={data.trend} period={data.window.period} />
          </CardRow>
          <CardRow columns={3}>
            <Highlights highlights={data.performanceHighlights} />
            <Insights insights={data.strategicInsights} />
            <Alerts alerts={data.alerts} />
          </CardRow>
        </>
      )}
    </TabQuery>
  );
}
