// Predictions: the next 3 months of bookings (and, for the platform, revenue) from a least-squares line
// through the last complete months, with the fit and its uncertainty stated beside the chart.
import { SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { LuChartLine } from "react-icons/lu";
import type { Forecast } from "../../../shared/schemas/analytics";
import { trpc } from "../../trpc";
import { Notice, panelNotice } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { ForecastChart } from "./charts";
import { count, DASH, money, monthLabel } from "./format";
import { monthColumn, TableCard, type TableColumn } from "./TableCard";
import { CardRow, TabQuery } from "./TabQuery";

type Unit = "bookings" | "cents";

function formatValue(value: number, unit: Unit): string {
  return unit === "cents" ? money(value) : count(Math.round(value));
}

function FitDetails({ title, forecast, unit }: { title: string; forecast: Forecast; unit: Unit }) {
  const size = Math.abs(forecast.slope);
  const direction = forecast.slope > 0 ? "+" : forecast.slope < 0 ? "−" : "±";
  const items = [
    {
      label: "Slope per month",
      value: unit === "cents" ? `${direction}${money(size)}` : `${direction}${size.toFixed(1)} bookings`,
    },
    {
      label: "R²",
      value: forecast.rSquared === null ? `${DASH} (flat history)` : forecast.rSquared.toFixed(2),
    },
    { label: "Standard error", value: formatValue(forecast.standardError, unit) },
  ];
  const first = forecast.history[0];
  const last = forecast.history[forecast.history.length - 1];
  return (
    <SectionCard title={`${title}: the fit`} size="md" gap="4">
      <SimpleGrid as="dl" columns={3} gap="3">
        {items.map((item) => (
          <Stack key={item.label} gap="0.5" minW="0">
            <Text as="dt" fontSize="xs" color="fg.muted">
              {item.label}
            </Text>
            <Text
              as="dd"
              fontSize={{ base: "md", md: "lg" }}
              fontWeight="semibold"
              color="ink"
              fontVariantNumeric="tabular-nums"
            >
              {item.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        Least-squares line through the last {forecast.history.length} complete months
        {first && last ? ` (${monthLabel(first.month)} to ${monthLabel(last.month)})` : ""}; the shaded band
        is the 95% prediction interval, where a month's actual figure should fall 19 times in 20 if the trend
        holds. R² says how much of the month-to-month change the line explains (1 is all of it); the standard
        error is the typical distance of a month from the line.
      </Text>
    </SectionCard>
  );
}

type ForecastPoint = Forecast["forecast"][number];

function forecastColumns(unit: Unit): TableColumn<ForecastPoint>[] {
  // The file holds dollars (not cents) under a header that says so.
  const figure = (header: string, value: (r: ForecastPoint) => number): TableColumn<ForecastPoint> => ({
    header,
    csvHeader: unit === "cents" ? `${header} (USD)` : header,
    csv: (r) => (unit === "cents" ? value(r) / 100 : value(r)),
    cell: (r) => formatValue(value(r), unit),
    numeric: true,
  });
  return [
    monthColumn(),
    figure("Forecast", (r) => r.value),
    figure("Low (95%)", (r) => r.low),
    figure("High (95%)", (r) => r.high),
  ];
}

function ForecastSection({ title, forecast, unit }: { title: string; forecast: Forecast; unit: Unit }) {
  if (forecast.note)
    return (
      <Notice
        icon={LuChartLine}
        title={`${title}: no forecast yet`}
        titleAs="h3"
        description={forecast.note}
        contentMaxW="lg"
        {...panelNotice()}
      />
    );
  return (
    <Stack gap="4">
      <ForecastChart title={title} forecast={forecast} unit={unit} />
      <CardRow alignItems="stretch">
        <TableCard
          title={`${title}: next ${forecast.forecast.length} months`}
          columns={forecastColumns(unit)}
          rows={forecast.forecast}
          minW="sm"
        />
        <FitDetails title={title} forecast={forecast} unit={unit} />
      </CardRow>
    </Stack>
  );
}

export function PredictionsTab({
  dealershipId,
  onAsOf,
}: {
  dealershipId: number | undefined;
  onAsOf: (at: Date) => void;
}) {
  const query = trpc.analytics.predictions.useQuery({ dealershipId });
  return (
    <TabQuery query={query} subject="predictions" tiles={0} onAsOf={onAsOf} gap="6">
      {(data) => (
        <>
          <Text fontSize="sm" color="fg.muted">
            Forecasts use complete months only, whatever the period chosen above; the current month is the
            first forecast.
          </Text>
          <ForecastSection title="Bookings forecast" forecast={data.bookings} unit="bookings" />
          {data.revenue ? (
            <ForecastSection title="Revenue forecast" forecast={data.revenue} unit="cents" />
          ) : null}
        </>
      )}
    </TabQuery>
  );
}
