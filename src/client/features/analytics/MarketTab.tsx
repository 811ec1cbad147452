// Market Analysis: the platform's reach (dealerships, salespeople, customers, penetration), the first 8 states
// by salespeople, and reviews and unique customers over the last 6 months.
import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { useEffect } from "react";
import { LuBuilding2, LuTarget, LuUserRound, LuUsers } from "react-icons/lu";
import type { AnalyticsPeriod } from "../../../shared/analytics";
import type { MarketAnalytics } from "../../../shared/schemas/analytics";
import { trpc } from "../../trpc";
import { QueryState } from "../../ui/QueryState";
import { Tooltip } from "../../ui/tooltip";
import { GrowthTrendsChart, StatesChart } from "./charts";
import { count, DASH, monthLabel, percent, stars } from "./format";
import { type Metric, MetricTile } from "./MetricTile";
import { TableCard, type TableColumn } from "./TableCard";
import { TabSkeleton } from "./TabSkeleton";

const HIDDEN_RATING = "Hidden where fewer than 3 dealerships share the state";

type StateRow = MarketAnalytics["geographicDistribution"][number];
const STATE_COLUMNS: TableColumn<StateRow>[] = [
  { header: "State", csv: (r) => r.state },
  {
    header: "Dealerships",
    csv: (r) => r.dealership_count,
    cell: (r) => count(r.dealership_count),
    numeric: true,
  },
  {
    header: "Salespeople",
    csv: (r) => r.salesperson_count,
    cell: (r) => count(r.salesperson_count),
    numeric: true,
  },
  {
    header: "Share %",
    csv: (r) => r.salespeopleShare,
    cell: (r) => percent(r.salespeopleShare),
    numeric: true,
  },
  {
    header: "Avg. rating",
    csv: (r) => r.avg_rating,
    cell: (r) =>
      r.avg_rating === null ? (
        <Tooltip content={HIDDEN_RATING}>
          <Text as="span" tabIndex={0} aria-label={`Not shown: ${HIDDEN_RATING.toLowerCase()}`} cursor="help">
            {DASH}*
          </Text>
        </Tooltip>
      ) : (
        stars(r.avg_rating)
      ),
    numeric: true,
  },
];

type TrendRow = MarketAnalytics["growthTrends"][number];
const TREND_COLUMNS: TableColumn<TrendRow>[] = [
  { header: "Month", csv: (r) => r.month, cell: (r) => monthLabel(r.month, true) },
  { header: "Reviews", csv: (r) => r.ratings_count, cell: (r) => count(r.ratings_count), numeric: true },
  {
    header: "Unique customers",
    csv: (r) => r.unique_customers,
    cell: (r) => count(r.unique_customers),
    numeric: true,
  },
];

function metrics(data: MarketAnalytics): Metric[] {
  return [
    {
      label: "Dealerships",
      value: count(data.totalDealerships),
      icon: LuBuilding2,
      palette: "blue",
      help: "On the platform",
    },
    {
      label: "Salespeople",
      value: count(data.totalSalespeople),
      icon: LuUsers,
      palette: "purple",
      help: "On the platform",
    },
    {
      label: "Customers",
      value: count(data.totalCustomers),
      icon: LuUserRound,
      palette: "teal",
      help: "Customer accounts",
    },
    {
      label: "Market penetration",
      value: percent(data.marketPenetration),
      icon: LuTarget,
      palette: "green",
      help: "Customers with a visit in the period",
    },
  ];
}

export function MarketTab({
  period,
  dealershipId,
  onAsOf,
}: {
  period: AnalyticsPeriod;
  dealershipId: number | undefined;
  onAsOf: (at: Date) => void;
}) {
  const query = trpc.analytics.market.useQuery(
    { period, dealershipId },
    { placeholderData: keepPreviousData },
  );
  const asOf = query.data?.window.asOf;
  useEffect(() => {
    if (asOf) onAsOf(asOf);
  }, [asOf, onAsOf]);

  return (
    <QueryState
      query={query}
      loading={<TabSkeleton label="Loading market analysis" tiles={4} />}
      error={{
        title: "We couldn't load market analysis",
        description: "Check your connection and try again.",
      }}
    >
      {(data) => {
        const hidden = data.geographicDistribution.some((s) => s.avg_rating === null);
        return (
          <Stack gap="5" opacity={query.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
            <SimpleGrid as="section" aria-label="Market totals" columns={{ base: 2, md: 4 }} gap="3">
              {metrics(data).map((m) => (
                <MetricTile key={m.label} metric={m} />
              ))}
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
              <StatesChart states={data.geographicDistribution} />
              <TableCard
                title="States"
                description="The first 8 states by salespeople on the platform."
                columns={STATE_COLUMNS}
                rows={data.geographicDistribution}
                rowKey={(r) => r.state}
                fileSuffix={period}
                minW="sm"
                footnote={
                  hidden ? `* ${HIDDEN_RATING}, so no single dealership's rating can be read from it.` : null
                }
              />
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
              <GrowthTrendsChart trends={data.growthTrends} />
              <TableCard
                title="Growth by month"
                description="Reviews written and unique customers with a visit, each of the last 6 months."
                columns={TREND_COLUMNS}
                rows={data.growthTrends}
                rowKey={(r) => r.month}
                fileSuffix="last-6-months"
                minW="xs"
              />
            </SimpleGrid>
          </Stack>
        );
      }}
    </QueryState>
  );
}
