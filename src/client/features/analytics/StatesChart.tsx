// The Market tab's ranked bar chart: salespeople per state, each bar labelled with its count and share.
import { Bar, BarChart, LabelList, Tooltip, XAxis, YAxis } from "recharts";
import type { MarketAnalytics } from "../../../shared/schemas/analytics";
import { animation, barCursor, ChartCard, COLORS, QUIET_AXIS } from "./chartParts";
import { count, percent } from "./format";

export function StatesChart({ states }: { states: MarketAnalytics["geographicDistribution"] }) {
  const data = states.map((s) => ({
    ...s,
    label: `${count(s.salesperson_count)} · ${percent(s.salespeopleShare)}`,
  }));
  return (
    <ChartCard
      title="Salespeople by state"
      description="The first 8 states by salespeople on the platform, with each one's share."
      summary={`Ranked bar chart: ${states
        .slice(0, 3)
        .map((s) => `${s.state} ${count(s.salesperson_count)} salespeople (${percent(s.salespeopleShare)})`)
        .join(", ")}${states.length > 3 ? ", …" : ""}.`}
      height={Math.max(200, states.length * 36 + 30)}
      empty={states.length === 0 ? "No salespeople on the platform yet" : null}
    >
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 96, bottom: 0, left: 0 }}>
        <YAxis {...QUIET_AXIS} type="category" dataKey="state" width={40} />
        <XAxis type="number" hide />
        <Tooltip formatter={(v) => `${count(Number(v))} salespeople`} cursor={barCursor} />
        <Bar
          {...animation()}
          dataKey="salesperson_count"
          name="Salespeople"
          fill={COLORS.bookings}
          radius={[0, 3, 3, 0]}
          barSize={20}
        >
          <LabelList dataKey="label" position="right" style={{ fontSize: 12, fill: "#3f3f46" }} />
        </Bar>
      </BarChart>
    </ChartCard>
  );
}
