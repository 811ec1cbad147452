import { Box, Center, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { SalespersonOverview } from "../../../../shared/schemas/portal";
import { SectionCard } from "../../../ui/SectionCard";
import { type BucketKind, bucketTick, bucketTitle } from "../format";

// Recharts draws SVG and needs real colours; these match the status and rating badges elsewhere.
const CHART_COLORS = {
  completed: "#16a34a",
  scheduled: "#3b82f6",
  noShow: "#f97316",
  cancelled: "#ef4444",
  overall: "#1d4ed8",
  helpfulness: "#0d9488",
  pressureLevel: "#9333ea",
  communication: "#d97706",
  views: "#2563eb",
  grid: "#e4e4e7",
  axis: "#71717a",
} as const;

const CHART_HEIGHT = 240;

/** A legend that lists series in the order they are drawn, not alphabetically (recharts' default). */
function legend(names: readonly string[]) {
  return (
    <Legend
      iconType="circle"
      iconSize={8}
      itemSorter={(item: { value?: unknown }) => names.indexOf(String(item.value))}
      wrapperStyle={{ fontSize: 12 }}
    />
  );
}
const STATUS_ORDER = ["Completed", "No-show", "Cancelled", "Awaiting outcome"] as const;
const RATING_ORDER = ["Overall", "Helpfulness", "Pressure", "Communication"] as const;
const axisTick = { fontSize: 12, fill: CHART_COLORS.axis };

function ChartCard({
  title,
  description,
  empty,
  emptyText,
  children,
}: {
  title: string;
  description: string;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  return (
    <SectionCard title={title} description={description} size="sm">
      <Box position="relative" minW="0" css={{ "& svg text": { fontSize: "12px" } }}>
        {children}
        {empty ? (
          <Center position="absolute" inset="0" pointerEvents="none">
            <Text
              fontSize="sm"
              color="fg.muted"
              bg="white"
              px="3"
              py="1.5"
              borderRadius="md"
              borderWidth="1px"
              borderColor="border.muted"
            >
              {emptyText}
            </Text>
          </Center>
        ) : null}
      </Box>
    </SectionCard>
  );
}

const tooltipLabel = (kind: BucketKind) => (label: unknown) => bucketTitle(String(label), kind);

/** The grid lines and the time axis every chart shares (an element list, as recharts reads its children). */
function bucketAxes(kind: BucketKind) {
  return [
    <CartesianGrid key="grid" vertical={false} stroke={CHART_COLORS.grid} />,
    <XAxis
      key="x"
      dataKey="bucket"
      tickFormatter={(value: unknown) => bucketTick(String(value), kind)}
      tick={axisTick}
      tickLine={false}
      axisLine={{ stroke: CHART_COLORS.grid }}
      minTickGap={24}
    />,
  ];
}

/** Size and margins every chart shares (the negative left margin takes up the value axis' gutter). */
function chartFrame<T>(data: T[], top: number, right: number) {
  return {
    responsive: true,
    style: { width: "100%", height: CHART_HEIGHT },
    data,
    margin: { top, right, bottom: 0, left: -12 },
  };
}

/** The value axis: whole numbers, or a fixed range with a tick per step (ratings 1 to 5). */
function valueAxis(range?: [number, number]) {
  const ticks = range ? Array.from({ length: range[1] - range[0] + 1 }, (_, i) => range[0] + i) : undefined;
  return (
    <YAxis
      domain={range}
      ticks={ticks}
      allowDecimals={range !== undefined}
      tick={axisTick}
      tickLine={false}
      axisLine={false}
      width={40}
    />
  );
}

export function AppointmentsChart({ overview }: { overview: SalespersonOverview }) {
  const empty = overview.appointmentsOverTime.every(
    (b) => b.scheduled + b.completed + b.cancelled + b.noShow === 0,
  );
  return (
    <ChartCard
      title="Appointments by status"
      description="Appointments that have started in this period, by how they ended."
      empty={empty}
      emptyText="No appointments in this period yet"
    >
      <BarChart {...chartFrame(overview.appointmentsOverTime, 4, 4)}>
        {bucketAxes(overview.bucket)}
        {valueAxis()}
        <Tooltip labelFormatter={tooltipLabel(overview.bucket)} cursor={{ fill: "#f4f4f5" }} />
        {legend(STATUS_ORDER)}
        <Bar dataKey="completed" name="Completed" stackId="status" fill={CHART_COLORS.completed} />
        <Bar dataKey="noShow" name="No-show" stackId="status" fill={CHART_COLORS.noShow} />
        <Bar dataKey="cancelled" name="Cancelled" stackId="status" fill={CHART_COLORS.cancelled} />
        <Bar
          dataKey="scheduled"
          name="Awaiting outcome"
          stackId="status"
          fill={CHART_COLORS.scheduled}
          radius={[3, 3, 0, 0]}
        />
      </BarChart>
    </ChartCard>
  );
}

export function RatingsChart({ overview }: { overview: SalespersonOverview }) {
  const empty = overview.ratingsOverTime.every((b) => b.count === 0);
  return (
    <ChartCard
      title="Ratings by category"
      description="Average of the reviews received in each period (5 is best; for pressure, 5 is a perfect balance)."
      empty={empty}
      emptyText="No reviews in this period yet"
    >
      <LineChart {...chartFrame(overview.ratingsOverTime, 10, 8)}>
        {bucketAxes(overview.bucket)}
        {valueAxis([1, 5])}
        <Tooltip
          labelFormatter={tooltipLabel(overview.bucket)}
          formatter={(value) => (typeof value === "number" ? value.toFixed(1) : "—")}
        />
        {legend(RATING_ORDER)}
        {(
          [
            ["overall", "Overall"],
            ["helpfulness", "Helpfulness"],
            ["pressureLevel", "Pressure"],
            ["communication", "Communication"],
          ] as const
        ).map(([key, name]) => (
          <Line
            key={key}
            type="linear"
            dataKey={key}
            name={name}
            stroke={CHART_COLORS[key]}
            strokeWidth={key === "overall" ? 2.5 : 1.75}
            dot={{ r: 2.5 }}
            connectNulls
          />
        ))}
      </LineChart>
    </ChartCard>
  );
}

export function ProfileViewsChart({ overview }: { overview: SalespersonOverview }) {
  const empty = overview.profileViewsOverTime.every((b) => b.views === 0);
  return (
    <ChartCard
      title="Profile views"
      description="Buyers who opened your public profile (each counted once a day)."
      empty={empty}
      emptyText="No profile views in this period yet"
    >
      <AreaChart {...chartFrame(overview.profileViewsOverTime, 4, 8)}>
        <defs>
          <linearGradient id="profile-views-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={CHART_COLORS.views} stopOpacity={0.3} />
            <stop offset="100%" stopColor={CHART_COLORS.views} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        {bucketAxes(overview.bucket)}
        {valueAxis()}
        <Tooltip labelFormatter={tooltipLabel(overview.bucket)} />
        <Area
          type="monotone"
          dataKey="views"
          name="Views"
          stroke={CHART_COLORS.views}
          strokeWidth={2}
          fill="url(#profile-views-fill)"
        />
      </AreaChart>
    </ChartCard>
  );
}
