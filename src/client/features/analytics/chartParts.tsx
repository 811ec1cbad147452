// What every business-intelligence chart shares: the titled card with its text alternative, the palette, and
// the axes, grid, legend and line series drawn the same way in each. recharts draws SVG, so colours are real
// values.
import { Box, Center, Text } from "@chakra-ui/react";
import type { ComponentProps, ReactElement, ReactNode } from "react";
import { CartesianGrid, Legend, Line, ResponsiveContainer, XAxis, YAxis } from "recharts";
import type { PlanId } from "../../../shared/plans";
import { SectionCard } from "../../ui/SectionCard";
import { monthLabel } from "./format";

/** Axis numbers: 950, 1.2k, 12k. */
export function countTick(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, "")}M`;
  if (Math.abs(value) >= 1_000) return `${(value / 1_000).toFixed(1).replace(/\.0$/, "")}k`;
  return String(value);
}

/**
 * How a series appears: drawn in quickly (long animations leave half-drawn lines and hidden labels behind a
 * quick glance), or at once for people who ask their system for less motion. recharts animates in script, so
 * the stylesheet's reduced-motion rule does not reach it.
 */
export function animation() {
  const reduced =
    typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;
  return { animationDuration: 450, isAnimationActive: !reduced };
}

export const COLORS = {
  bookings: "#2563eb",
  completed: "#16a34a",
  noShows: "#f97316",
  rating: "#d97706",
  conversion: "#0d9488",
  customers: "#9333ea",
  history: "#1d4ed8",
  forecast: "#7c3aed",
  band: "#c4b5fd",
  grid: "#e4e4e7",
  axis: "#71717a",
} as const;

export const PLAN_COLORS: Record<PlanId, string> = {
  salesperson: "#93c5fd",
  "salesperson-professional": "#2563eb",
  "dealer-basic": "#5eead4",
  "dealer-professional": "#0d9488",
  "dealer-enterprise": "#7c3aed",
};

export const axisTick = { fontSize: 12, fill: COLORS.axis };
/** How every axis reads: small grey numbers, no tick marks, no axis line (a time axis draws its own). */
export const QUIET_AXIS = { tick: axisTick, tickLine: false, axisLine: false } as const;
const legendStyle = { fontSize: 12, paddingTop: 4 };
/** Legend words in readable grey; the coloured dot beside each says which series it is. */
const legendText = (value: unknown) => <span style={{ color: "#3f3f46" }}>{String(value)}</span>;

/** A titled chart card; `summary` is the one-line text alternative of the drawing. */
export function ChartCard({
  title,
  description,
  summary,
  height = 260,
  empty,
  children,
}: {
  title: string;
  description?: ReactNode;
  summary: string;
  height?: number;
  /** When set, shown instead of the chart (e.g. "No bookings in this period yet"). */
  empty?: string | null;
  children: ReactElement;
}) {
  return (
    <SectionCard title={title} description={description} size="sm" headingSize="md" gap="3">
      {empty ? (
        <Center h={`${Math.min(height, 180)}px`} layerStyle="emptyFrame" px="4">
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            {empty}
          </Text>
        </Center>
      ) : (
        <Box role="img" aria-label={summary} minW="0" data-chart css={{ "& svg text": { fontSize: "12px" } }}>
          <ResponsiveContainer width="100%" height={height}>
            {children}
          </ResponsiveContainer>
        </Box>
      )}
    </SectionCard>
  );
}

// The parts every chart shares. Plain functions rather than components: recharts finds its axes and series
// among a chart's direct children. -----------------------------------------------------------------------

export const margin = { top: 8, right: 12, bottom: 0, left: 0 };
/** The hover band behind a bar. */
export const barCursor = { fill: "#f4f4f5" };

export function grid() {
  return <CartesianGrid vertical={false} stroke={COLORS.grid} />;
}

/** The time axis along the bottom: `dataKey` holds a trend bucket or a month. */
export function timeAxis(dataKey: string, tickFormatter: (value: string) => string, minTickGap: number) {
  return (
    <XAxis
      {...QUIET_AXIS}
      dataKey={dataKey}
      tickFormatter={tickFormatter}
      axisLine={{ stroke: COLORS.grid }}
      minTickGap={minTickGap}
    />
  );
}

export function monthAxis(minTickGap: number) {
  return timeAxis("month", (v) => monthLabel(v), minTickGap);
}

/** Tooltip heading of a month: "June 2026". */
export const monthTitle = (value: unknown) => monthLabel(String(value), true);

/** The value axis on the left: whole counts unless told otherwise. */
export function valueAxis(props: ComponentProps<typeof YAxis> = {}) {
  return <YAxis {...QUIET_AXIS} allowDecimals={false} tickFormatter={countTick} width={44} {...props} />;
}

export function legend() {
  return <Legend iconType="circle" iconSize={8} wrapperStyle={legendStyle} formatter={legendText} />;
}

/** A line series' weight and dots unless told otherwise. */
const LINE_LOOK = { strokeWidth: 2.25, dot: { r: 2.5 } } as const;

export function line(
  dataKey: string,
  name: string,
  stroke: string,
  props: Omit<ComponentProps<typeof Line>, "ref"> = {},
) {
  return <Line {...animation()} {...LINE_LOOK} dataKey={dataKey} name={name} stroke={stroke} {...props} />;
}
