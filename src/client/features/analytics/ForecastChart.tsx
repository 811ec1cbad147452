// The Predictions tab's chart: complete months and the forecast on one axis, with the forecast's 95%
// prediction interval shaded behind it.
import { Area, ComposedChart, Tooltip } from "recharts";
import type { Forecast } from "../../../shared/schemas/analytics";
import {
  ChartCard,
  COLORS,
  grid,
  legend,
  line,
  margin,
  monthAxis,
  monthTitle,
  valueAxis,
} from "./chartParts";
import { count, money, moneyTick, monthLabel } from "./format";

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
