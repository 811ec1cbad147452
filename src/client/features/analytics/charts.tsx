// The business-intelligence charts, one per figure a tab draws. Each sits in a titled card with a one-line
// summary on its role="img" wrapper, so a screen reader hears what it shows.
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { AnalyticsPeriod } from "../../../shared/analytics";
import { PLAN_IDS, PLANS } from "../../../shared/plans";
import type {
  DealershipPerformanceRow,
  Forecast,
  MarketAnalytics,
  PaymentTrend,
  TrendPoint,
} from "../../../shared/schemas/analytics";
import {
  animation,
  barCursor,
  ChartCard,
  COLORS,
  grid,
  legend,
  line,
  margin,
  monthAxis,
  monthTitle,
  PLAN_COLORS,
  QUIET_AXIS,
  timeAxis,
  valueAxis,
} from "./chartParts";
import {
  bucketKind,
  bucketTick,
  bucketTitle,
  count,
  money,
  moneyTick,
  monthLabel,
  percent,
  stars,
} from "./format";

// Executive summary ------------------------------------------------------------------------------------------

export function ActivityChart({ trend, period }: { trend: TrendPoint[]; period: AnalyticsPeriod }) {
  const kind = bucketKind(period);
  const totals = trend.reduce((t, p) => ({ b: t.b + p.bookings, c: t.c + p.completed, n: t.n + p.noShows }), {
    b: 0,
    c: 0,
    n: 0,
  });
  return (
    <ChartCard
      title="Bookings over time"
      description={`Bookings, completed visits and no-shows per ${kind}.`}
      summary={`Line chart: ${count(totals.b)} bookings, ${count(totals.c)} completed and ${count(totals.n)} no-shows over ${trend.length} ${kind}s.`}
      empty={totals.b + totals.c + totals.n === 0 ? "No bookings in this period yet" : null}
    >
      <LineChart data={trend} margin={margin}>
        {grid()}
        {timeAxis("bucket", (v) => bucketTick(v, kind), 20)}
        {valueAxis()}
        <Tooltip labelFormatter={(v) => bucketTitle(String(v), kind)} />
        {legend()}
        {line("bookings", "Bookings", COLORS.bookings, { dot: false })}
        {line("completed", "Completed", COLORS.completed, { strokeWidth: 1.75, dot: false })}
        {line("noShows", "No-shows", COLORS.noShows, { strokeWidth: 1.75, dot: false })}
      </LineChart>
    </ChartCard>
  );
}

export function RatingTrendChart({ trend, period }: { trend: TrendPoint[]; period: AnalyticsPeriod }) {
  const kind = bucketKind(period);
  const rated = trend.filter((p) => p.averageRating !== null);
  const ratings = trend.reduce((s, p) => s + p.ratings, 0);
  const low = Math.min(...rated.map((p) => p.averageRating ?? 5));
  return (
    <ChartCard
      title="Average rating over time"
      description={`Average overall rating of the reviews written each ${kind} (5 is best).`}
      summary={
        rated.length > 0
          ? `Line chart: average rating per ${kind} from ${count(ratings)} reviews, between ${stars(low)} and ${stars(Math.max(...rated.map((p) => p.averageRating ?? 0)))} stars.`
          : "No reviews in this period."
      }
      empty={rated.length === 0 ? "No reviews in this period yet" : null}
    >
      <LineChart data={trend} margin={margin}>
        {grid()}
        {timeAxis("bucket", (v) => bucketTick(v, kind), 20)}
        {valueAxis({
          domain: [Math.max(1, Math.floor(low) - 1), 5],
          allowDecimals: true,
          tickFormatter: undefined,
        })}
        <Tooltip
          labelFormatter={(v) => bucketTitle(String(v), kind)}
          formatter={(v) => (typeof v === "number" ? `${v.toFixed(2)} ★` : "—")}
        />
        {line("averageRating", "Average rating", COLORS.rating, { dot: { r: 2 }, connectNulls: true })}
      </LineChart>
    </ChartCard>
  );
}

// Revenue ------------------------------------------------------------------------------------------------------

export function RevenueByPlanChart({ trends }: { trends: PaymentTrend[] }) {
  const plans = PLAN_IDS.filter((id) => trends.some((t) => (t.byPlan[id] ?? 0) > 0));
  const data = trends.map((t) => ({ month: t.month, ...t.byPlan }));
  const total = trends.reduce((s, t) => s + t.total_revenue, 0);
  return (
    <ChartCard
      title="Payments by plan"
      description="What was paid each month of the last 6, stacked by plan."
      summary={`Stacked bar chart: ${money(total)} paid over ${trends.length} months across ${plans.length} plans.`}
      height={280}
    >
      <BarChart data={data} margin={margin}>
        {grid()}
        {monthAxis(8)}
        {valueAxis({ tickFormatter: moneyTick, allowDecimals: true, width: 58 })}
        <Tooltip labelFormatter={monthTitle} formatter={(v) => money(Number(v))} cursor={barCursor} />
        {legend()}
        {plans.map((id, i) => (
          <Bar
            {...animation()}
            key={id}
            dataKey={id}
            name={PLANS[id].name}
            stackId="plan"
            fill={PLAN_COLORS[id]}
            radius={i === plans.length - 1 ? [3, 3, 0, 0] : undefined}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}
// Performance --------------------------------------------------------------------------------------------------

/** Short enough for a category axis on a phone. */
function shortName(name: string, max = 16): string {
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
}

export function PerformanceChart({ rows }: { rows: DealershipPerformanceRow[] }) {
  const data = rows.map((r) => ({
    name: r.name,
    rating: r.averageRating,
    conversion: r.conversionRate,
  }));
  return (
    <ChartCard
      title="Rating and conversion by dealership"
      description="Average rating (top axis, stars) and conversion of booked appointments (bottom axis, %)."
      summary={`Bar chart comparing ${rows.length} dealerships: ${rows
        .slice(0, 3)
        .map((r) => `${r.name} ${stars(r.averageRating)} stars, ${percent(r.conversionRate)} conversion`)
        .join("; ")}${rows.length > 3 ? "; …" : ""}.`}
      height={Math.max(220, rows.length * 46 + 80)}
      empty={rows.length === 0 ? "No dealership has ratings or bookings in this period yet" : null}
    >
      <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }} barGap={2}>
        <CartesianGrid horizontal={false} stroke={COLORS.grid} />
        <YAxis
          {...QUIET_AXIS}
          type="category"
          dataKey="name"
          tickFormatter={(v: string) => shortName(v)}
          width={124}
        />
        <XAxis
          {...QUIET_AXIS}
          xAxisId="rating"
          type="number"
          orientation="top"
          domain={[0, 5]}
          ticks={[0, 1, 2, 3, 4, 5]}
        />
        <XAxis
          {...QUIET_AXIS}
          xAxisId="conversion"
          type="number"
          domain={[0, 100]}
          tickFormatter={(v: number) => `${v}%`}
        />
        <Tooltip
          formatter={(v, name) =>
            typeof v !== "number" ? "—" : name === "Average rating" ? `${v.toFixed(2)} ★` : `${v}%`
          }
          cursor={barCursor}
        />
        {legend()}
        {(
          [
            ["rating", "Average rating"],
            ["conversion", "Conversion"],
          ] as const
        ).map(([key, name]) => (
          <Bar
            {...animation()}
            key={key}
            xAxisId={key}
            dataKey={key}
            name={name}
            fill={COLORS[key]}
            barSize={12}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}

// Market -------------------------------------------------------------------------------------------------------

export function GrowthTrendsChart({ trends }: { trends: MarketAnalytics["growthTrends"] }) {
  const ratings = trends.reduce((s, t) => s + t.ratings_count, 0);
  return (
    <ChartCard
      title="Ratings and customers per month"
      description="Reviews written and unique customers with a visit, each of the last 6 months."
      summary={`Line chart over ${trends.length} months: ${count(ratings)} reviews in all; ${
        trends.length > 0
          ? `${count(trends[trends.length - 1]!.unique_customers)} unique customers in ${monthLabel(trends[trends.length - 1]!.month)}`
          : "no months"
      }.`}
      empty={
        trends.every((t) => t.ratings_count + t.unique_customers === 0)
          ? "No activity in these months yet"
          : null
      }
    >
      <LineChart data={trends} margin={margin}>
        {grid()}
        {monthAxis(8)}
        {valueAxis()}
        <Tooltip labelFormatter={monthTitle} />
        {legend()}
        {line("ratings_count", "Reviews", COLORS.rating)}
        {line("unique_customers", "Unique customers", COLORS.customers)}
      </LineChart>
    </ChartCard>
  );
}

// Predictions --------------------------------------------------------------------------------------------------

type ForecastRow = {
  month: string;
  actual?: number;
  forecast?: number;
  band?: [number, number];
};

/** History and forecast on one axis; the forecast line starts at the last actual month so the two join. */
export function forecastRows(f: Forecast): ForecastRow[] {
  const rows: ForecastRow[] = f.history.map((h) => ({ month: h.month, actual: h.value }));
  const last = rows[rows.length - 1];
  if (last && f.forecast.length > 0) {
    last.forecast = last.actual;
    last.band = [last.actual ?? 0, last.actual ?? 0];
  }
  for (const p of f.forecast) rows.push({ month: p.month, forecast: p.value, band: [p.low, p.high] });
  return rows;
}

export function ForecastChart({
  title,
  forecast,
  unit,
}: {
  title: string;
  forecast: Forecast;
  unit: "bookings" | "cents";
}) {
  const fmt = (v: number) => (unit === "cents" ? money(v) : count(Math.round(v)));
  const next = forecast.forecast[0];
  return (
    <ChartCard
      title={title}
      description="Solid: complete months. Dashed: the forecast. Shaded: its 95% prediction interval."
      summary={
        next
          ? `Chart of ${forecast.history.length} months of history and a ${forecast.forecast.length}-month forecast; ${monthLabel(next.month)} is forecast at ${fmt(next.value)} (between ${fmt(next.low)} and ${fmt(next.high)}).`
          : `Chart of ${forecast.history.length} months of history.`
      }
      height={280}
    >
      <ComposedChart data={forecastRows(forecast)} margin={margin}>
        {grid()}
        {monthAxis(12)}
        {valueAxis(unit === "cents" ? { tickFormatter: moneyTick, width: 58 } : {})}
        <Tooltip
          labelFormatter={monthTitle}
          formatter={(v) =>
            Array.isArray(v) ? `${fmt(Number(v[0]))} – ${fmt(Number(v[1]))}` : fmt(Number(v))
          }
        />
        {legend()}
        <Area
          dataKey="band"
          name="95% interval"
          stroke="none"
          fill={COLORS.band}
          fillOpacity={0.45}
          isAnimationActive={false}
          legendType="square"
        />
        {line("actual", "Actual", COLORS.history)}
        {line("forecast", "Forecast", COLORS.forecast, { strokeDasharray: "6 4" })}
      </ComposedChart>
    </ChartCard>
  );
}
