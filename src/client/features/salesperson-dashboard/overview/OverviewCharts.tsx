import { Box, Card, Center, Heading, Stack, Text } from "@chakra-ui/react";
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
import { type BucketKind, bucketTick, bucketTitle } from "../format";

// Recharts draws SVG and needs real colours; these match the status and rating badges elsewhere.
export const CHART_COLORS = {
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

/** Legends list series in the order they are drawn, not alphabetically (recharts' default). */
function legendOrder(names: readonly string[]) {
  return (item: { value?: unknown }) => names.indexOf(String(item.value));
}
const STATUS_ORDER = ["Completed", "No-show", "Cancelled", "Awaiting outcome"] as const;
const RATING_ORDER = ["Overall", "Helpfulness", "Pressure", "Communication"] as const;
const axisTick = { fontSize: 12, fill: CHART_COLORS.axis };

export function ChartCard({
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
    <Card.Root as="section" aria-label={title} borderRadius="xl" borderColor="border.muted" boxShadow="xs">
      <Card.Body p={{ base: "4", md: "5" }} gap="4">
        <Stack gap="0.5">
          <Heading as="h3" size="sm" color="ink">
            {title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        </Stack>
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
      </Card.Body>
    </Card.Root>
  );
}

const tooltipLabel = (kind: BucketKind) => (label: unknown) => bucketTitle(String(label), kind);
const tickFormatter = (kind: BucketKind) => (value: unknown) => bucketTick(String(value), kind);

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
      <BarChart
        responsive
        style={{ width: "100%", height: CHART_HEIGHT }}
        data={overview.appointmentsOverTime}
        margin={{ top: 4, right: 4, bottom: 0, left: -12 }}
      >
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="bucket"
          tickFormatter={tickFormatter(overview.bucket)}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
          minTickGap={24}
        />
        <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={40} />
        <Tooltip labelFormatter={tooltipLabel(overview.bucket)} cursor={{ fill: "#f4f4f5" }} />
        <Legend
          iconType="circle"
          iconSize={8}
          itemSorter={legendOrder(STATUS_ORDER)}
          wrapperStyle={{ fontSize: 12 }}
        />
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
      <LineChart
        responsive
        style={{ width: "100%", height: CHART_HEIGHT }}
        data={overview.ratingsOverTime}
        margin={{ top: 10, right: 8, bottom: 0, left: -12 }}
      >
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="bucket"
          tickFormatter={tickFormatter(overview.bucket)}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
          minTickGap={24}
        />
        <YAxis
          domain={[1, 5]}
          ticks={[1, 2, 3, 4, 5]}
          tick={axisTick}
          tickLine={false}
          axisLine={false}
          width={40}
        />
        <Tooltip
          labelFormatter={tooltipLabel(overview.bucket)}
          formatter={(value) => (typeof value === "number" ? value.toFixed(1) : "—")}
        />
        <Legend
          iconType="circle"
          iconSize={8}
          itemSorter={legendOrder(RATING_ORDER)}
          wrapperStyle={{ fontSize: 12 }}
        />
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
      <AreaChart
        responsive
        style={{ width: "100%", height: CHART_HEIGHT }}
        data={overview.profileViewsOverTime}
        margin={{ top: 4, right: 8, bottom: 0, left: -12 }}
      >
        <defs>
          <linearGradient id="profile-views-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor={CHART_COLORS.views} stopOpacity={0.3} />
            <stop offset="100%" stopColor={CHART_COLORS.views} stopOpacity={0.02} />
          </linearGradient>
        </defs>
        <CartesianGrid vertical={false} stroke={CHART_COLORS.grid} />
        <XAxis
          dataKey="bucket"
          tickFormatter={tickFormatter(overview.bucket)}
          tick={axisTick}
          tickLine={false}
          axisLine={{ stroke: CHART_COLORS.grid }}
          minTickGap={24}
        />
        <YAxis allowDecimals={false} tick={axisTick} tickLine={false} axisLine={false} width={40} />
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
