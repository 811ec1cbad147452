import { HStack, Icon, SimpleGrid, type SimpleGridProps, Text } from "@chakra-ui/react";
import { LuArrowDownRight, LuArrowUpRight, LuMinus } from "react-icons/lu";
import { type StatFigure, StatTile } from "../../ui/StatTile";

export type Metric = StatFigure & {
  value: string;
  /** A change against the previous period: its text and which way it went. */
  change?: { text: string; direction: number | null; goodWhenUp?: boolean } | null;
};

/** Which way a change went, coloured by whether that is good news. */
export function ChangeBadge({
  text,
  direction,
  goodWhenUp = true,
}: {
  text: string;
  direction: number | null;
  goodWhenUp?: boolean;
}) {
  const up = direction !== null && direction > 0;
  const down = direction !== null && direction < 0;
  const good = (up && goodWhenUp) || (down && !goodWhenUp);
  const color = up || down ? (good ? "green.700" : "red.700") : "fg.muted";
  const ArrowIcon = up ? LuArrowUpRight : down ? LuArrowDownRight : LuMinus;
  return (
    <HStack as="span" gap="0.5" color={color} fontWeight="medium" display="inline-flex">
      <Icon boxSize="3.5" aria-hidden>
        <ArrowIcon />
      </Icon>
      <Text as="span">{text}</Text>
      <Text as="span" srOnly>
        {up ? "(up)" : down ? "(down)" : ""}
      </Text>
    </HStack>
  );
}

/** Analytics figures line their digits up and carry data-metric-value for the browser journeys. */
const METRIC_VALUE = {
  fontSize: { base: "xl", md: "2xl" },
  fontVariantNumeric: "tabular-nums",
  "data-metric-value": true,
} as const;

/** A key figure: the shared tile, with a change against the previous period before its help line. */
export function MetricTile({ metric }: { metric: Metric }) {
  const { change, help } = metric;
  return (
    <StatTile
      stat={{
        ...metric,
        help:
          change || help ? (
            <>
              {change ? (
                <ChangeBadge text={change.text} direction={change.direction} goodWhenUp={change.goodWhenUp} />
              ) : null}
              {change && help ? " " : null}
              {help}
            </>
          ) : undefined,
      }}
      valueProps={METRIC_VALUE}
    />
  );
}

/** A tab's row of key figures, a section named `label`. */
export function MetricGrid({
  label,
  metrics,
  columns,
}: {
  label: string;
  metrics: readonly Metric[];
  columns: SimpleGridProps["columns"];
}) {
  return (
    <SimpleGrid as="section" aria-label={label} columns={columns} gap="3">
      {metrics.map((m) => (
        <MetricTile key={m.label} metric={m} />
      ))}
    </SimpleGrid>
  );
}
