// Market Analysis: the platform's reach (dealerships, salespeople, customers, penetration), the first 8 states
// by salespeople, and reviews and unique customers over the last 6 months.
import { Text } from "@chakra-ui/react";
import { LuBuilding2, LuTarget, LuUserRound, LuUsers } from "react-icons/lu";
import type { MarketAnalytics } from "../../../shared/schemas/analytics";
import { trpc } from "../../trpc";
import { Tooltip } from "../../ui/tooltip";
import { GrowthTrendsChart } from "./charts";
import { count, DASH, percent, stars } from "./format";
import { type Metric, MetricGrid } from "./MetricTile";
import { StatesChart } from "./StatesChart";
import { countColumn, monthColumn, percentColumn, TableCard, type TableColumn } from "./TableCard";
import { CardRow, KEEP_PREVIOUS, type ScopedTabProps, TabQuery } from "./TabQuery";

const HIDDEN_RATING = "Hidden where fewer than 3 dealerships share the state";

type StateRow = MarketAnalytics["geographicDistribution"][number];
const STATE_COLUMNS: TableColumn<StateRow>[] = [
  { header: "State", csv: (r) => r.state },
  countColumn("Dealerships", (r) => r.dealership_count),
  countColumn("Salespeople", (r) => r.salesperson_count),
  percentColumn("Share %", (r) => r.salespeopleShare),
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
  monthColumn(),
  countColumn("Reviews", (r) => r.ratings_count),
  countColumn("Unique customers", (r) => r.unique_customers),
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

export function MarketTab({ period, dealershipId, onAsOf }: ScopedTabProps) {
  const query = trpc.analytics.market.useQuery({ period, dealershipId }, KEEP_PREVIOUS);
  return (
    <TabQuery query={query} subject="market analysis" tiles={4} onAsOf={onAsOf}>
      {(data) => (
        <>
          <MetricGrid label="Market totals" metrics={metrics(data)} columns={{ base: 2, md: 4 }} />
          <CardRow>
            <StatesChart states={data.geographicDistribution} />
            <TableCard
              title="States"
              description="The first 8 states by salespeople on the platform."
              columns={STATE_COLUMNS}
              rows={data.geographicDistribution}
              fileSuffix={period}
              minW="sm"
              footnote={
                data.geographicDistribution.some((s) => s.avg_rating === null)
                  ? `* ${HIDDEN_RATING}, so no single dealership's rating can be read from it.`
                  : null
              }
            />
          </CardRow>
          <CardRow>
            <GrowthTrendsChart trends={data.growthTrends} />
            <TableCard
              title="Growth by month"
              description="Reviews written and unique customers with a visit, each of the last 6 months."
              columns={TREND_COLUMNS}
              rows={data.growthTrends}
              fileSuffix="last-6-months"
              minW="xs"
            />
          </CardRow>
        </>
      )}
    </TabQuery>
  );
}
