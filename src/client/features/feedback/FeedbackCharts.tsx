// The feedback charts: each rating category's monthly average, and how many reviews gave each overall score.
// They are drawn like the business-intelligence charts (analytics/chartParts), each with its text alternative.
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { FeedbackInsights } from "../../../shared/schemas/analytics";
import {
  animation,
  barCursor,
  ChartCard,
  COLORS,
  count,
  grid,
  monthAxis,
  monthLabel,
  monthTitle,
  QUIET_AXIS,
  stars,
  valueAxis,
} from "../analytics";

type Category = Exclude<keyof FeedbackInsights["monthly"][number], "month" | "reviews">;

/** The categories in the order the review form asks them, with their line colours. */
export const CATEGORIES: readonly { key: Category; label: string; color: string }[] = [
  { key: "overall", label: "Overall", color: "#1d4ed8" },
  { key: "helpfulness", label: "Helpfulness", color: "#0d9488" },
  { key: "knowledge", label: "Knowledge", color: "#16a34a" },
  { key: "pressureLevel", label: "Pressure", color: "#9333ea" },
  { key: "communication", label: "Communication", color: "#d97706" },
];

export function CategoryTrendChart({ monthly }: { monthly: FeedbackInsights["monthly"] }) {
  const rated = monthly.filter((m) => m.reviews > 0);
  const last = rated[rated.length - 1];
  return (
    <ChartCard
      title="Ratings by category"
      description="Average of each month's reviews (5 is best; for pressure, 5 means no pressure at all)."
      summary={
        last
          ? `Line chart over ${monthly.length} months; in ${monthLabel(last.month, true)}: ${CATEGORIES.map((c) => `${c.label} ${stars(last[c.key])}`).join(", ")}.`
          : "No reviews in this period."
      }
      empty={rated.length === 0 ? "No reviews in this period yet" : null}
      height={280}
    >
      <LineChart data={monthly} margin={{ top: 8, right: 12, bottom: 0, left: -8 }}>
        {grid()}
        {monthAxis(8)}
        {valueAxis({ domain: [1, 5], ticks: [1, 2, 3, 4, 5], width: 32 })}
        <Tooltip
          labelFormatter={monthTitle}
          formatter={(v) => (typeof v === "number" ? `${v.toFixed(2)} ★` : "—")}
        />
        <Legend
          iconType="circle"
          iconSize={8}
          wrapperStyle={{ fontSize: 12, paddingTop: 4 }}
          // In the order of the form, not alphabetical (recharts' default).
          itemSorter={(item: { value?: unknown }) => CATEGORIES.findIndex((c) => c.label === item.value)}
        />
        {CATEGORIES.map((c) => (
          <Line
            {...animation()}
            key={c.key}
            dataKey={c.key}
            name={c.label}
            stroke={c.color}
            strokeWidth={c.key === "overall" ? 2.75 : 1.75}
            // A month without reviews has no average: the line breaks there instead of inventing one.
            dot={{ r: 2.5 }}
          />
        ))}
      </LineChart>
    </ChartCard>
  );
}

export function StarDistributionChart({ distribution }: { distribution: FeedbackInsights["distribution"] }) {
  const total = distribution.reduce((s, d) => s + d.count, 0);
  // Five stars on top, as review sites list them.
  const rows = [...distribution].reverse().map((d) => ({ label: `${d.stars} ★`, count: d.count }));
  return (
    <ChartCard
      title="Overall stars"
      description="How many reviews gave each overall score."
      summary={`Bar chart of ${count(total)} reviews: ${rows.map((r) => `${r.label.replace(" ★", " stars")} ${r.count}`).join(", ")}.`}
      empty={total === 0 ? "No reviews in this period yet" : null}
      height={220}
    >
      <BarChart data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid horizontal={false} stroke={COLORS.grid} />
        <YAxis {...QUIET_AXIS} type="category" dataKey="label" width={40} />
        <XAxis {...QUIET_AXIS} type="number" allowDecimals={false} />
        <Tooltip cursor={barCursor} formatter={(v) => [`${v} reviews`, "Reviews"]} />
        <Bar
          {...animation()}
          dataKey="count"
          name="Reviews"
          fill={COLORS.rating}
          radius={[0, 3, 3, 0]}
          barSize={18}
        />
      </BarChart>
    </ChartCard>
  );
}
