// Performance: the first 10 dealerships by average rating (platform), or one dealership with its rank and the
// market's averages beside its own. Conversion is completed over booked appointments of the period.
import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { LuPercent, LuStar, LuTrophy } from "react-icons/lu";
import { TOP_PERFORMERS } from "../../../shared/analytics";
import type { DealershipPerformance, DealershipPerformanceRow } from "../../../shared/schemas/analytics";
import { trpc } from "../../trpc";
import { PerformanceChart } from "./charts";
import { count, DASH, percent, signedPercent, stars } from "./format";
import { ChangeBadge, type Metric, MetricGrid } from "./MetricTile";
import { countColumn, percentColumn, TableCard, type TableColumn } from "./TableCard";
import { KEEP_PREVIOUS, type ScopedTabProps, TabQuery } from "./TabQuery";

const topPerformers = (r: DealershipPerformanceRow) =>
  r.topPerformers.map((p) => `${p.name} (${p.average_rating.toFixed(2)})`).join("; ");

const COLUMNS: TableColumn<DealershipPerformanceRow>[] = [
  { header: "Dealership", csv: (r) => r.name },
  { header: "City", csv: (r) => `${r.city}, ${r.state}` },
  { header: "Avg. rating", csv: (r) => r.averageRating, cell: (r) => stars(r.averageRating), numeric: true },
  countColumn("Salespeople", (r) => r.totalSalespeople),
  countColumn("Ratings", (r) => r.totalRatings),
  countColumn("Booked", (r) => r.bookedAppointments),
  countColumn("Completed", (r) => r.completedAppointments),
  percentColumn("Conversion %", (r) => r.conversionRate),
  {
    header: "Monthly growth %",
    csv: (r) => r.monthlyGrowth,
    cell: (r) =>
      r.monthlyGrowth === null ? (
        DASH
      ) : (
        <ChangeBadge text={signedPercent(r.monthlyGrowth)} direction={r.monthlyGrowth} />
      ),
    numeric: true,
  },
  {
    header: "Top performers",
    csv: topPerformers,
    cell: (r) =>
      r.topPerformers.length === 0 ? (
        <Text as="span" color="fg.muted">
          None rated yet
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" minW="44">
          {r.topPerformers.map((p) => (
            <HStack as="li" key={p.name} gap="1.5" fontSize="xs">
              <Text as="span" color="ink" truncate>
                {p.name}
              </Text>
              <Text as="span" color="fg.muted" flexShrink={0}>
                {p.average_rating.toFixed(2)} ★
              </Text>
            </HStack>
          ))}
        </Stack>
      ),
  },
];

function Comparison({ data }: { data: DealershipPerformance }) {
  const own = data.dealerships[0];
  const ranked: Metric = {
    label: "Rank by rating",
    value: data.rank ? `#${data.rank.position}` : DASH,
    help: data.rank ? `of ${data.rank.of} dealerships by rating` : "Not ranked: no ratings in this period",
    icon: LuTrophy,
    palette: "yellow",
  };
  const rating: Metric = {
    label: "Your average rating",
    value: own?.averageRating == null ? DASH : `${stars(own.averageRating)} ★`,
    help: `Market average ${data.market.averageRating === null ? DASH : `${stars(data.market.averageRating)} ★`}`,
    icon: LuStar,
    palette: "orange",
  };
  const conversion: Metric = {
    label: "Your conversion",
    value: percent(own?.conversionRate ?? null),
    help: `Market conversion ${percent(data.market.conversionRate)}`,
    icon: LuPercent,
    palette: "teal",
  };
  return (
    <MetricGrid
      label="Your dealership against the market"
      metrics={[ranked, rating, conversion]}
      columns={{ base: 1, sm: 3 }}
    />
  );
}

/** One dealership's row, then the market's averages as a row of their own to compare with. */
function withMarketAverage(data: DealershipPerformance): DealershipPerformanceRow[] {
  return [
    ...data.dealerships,
    {
      dealershipId: 0,
      name: "Market average",
      city: "",
      state: "",
      averageRating: data.market.averageRating,
      conversionRate: data.market.conversionRate,
      totalSalespeople: 0,
      totalRatings: 0,
      bookedAppointments: 0,
      completedAppointments: 0,
      monthlyGrowth: null,
      topPerformers: [],
    },
  ];
}

export function PerformanceTab({ period, dealershipId, onAsOf }: ScopedTabProps) {
  const query = trpc.analytics.dealerships.useQuery({ period, dealershipId }, KEEP_PREVIOUS);
  return (
    <TabQuery query={query} subject="dealership performance" tiles={0} onAsOf={onAsOf}>
      {(data) => {
        const dealershipView = data.scope.kind === "dealership";
        return (
          <>
            {dealershipView ? <Comparison data={data} /> : null}
            <TableCard
              title={dealershipView ? "Your dealership" : "Dealership performance"}
              description={
                dealershipView
                  ? `Ratings, bookings and conversion in this period, with its ${TOP_PERFORMERS} best-rated salespeople.`
                  : `The first 10 of ${count(data.market.dealerships)} dealerships by average rating in this period, with each one's ${TOP_PERFORMERS} best-rated salespeople.`
              }
              columns={COLUMNS}
              rows={data.dealerships}
              rowKey={(r) => r.dealershipId}
              fileSuffix={period}
              minW="5xl"
              footnote={
                <Box>
                  Conversion: completed over booked appointments of the period. Monthly growth: bookings of
                  the last 30 days against the 30 before.
                </Box>
              }
            />
            <PerformanceChart rows={dealershipView ? withMarketAverage(data) : data.dealerships} />
          </>
        );
      }}
    </TabQuery>
  );
}
