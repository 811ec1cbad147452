import { Box, HStack, Icon, Stat, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";
import { LuArrowDownRight, LuArrowUpRight, LuMinus } from "react-icons/lu";

export type Metric = {
  label: string;
  value: string;
  /** The line under the value (what it counts, or what it compares with). */
  help?: ReactNode;
  /** A change against the previous period: its text and which way it went. */
  change?: { text: string; direction: number | null; goodWhenUp?: boolean } | null;
  icon: IconType;
  palette: string;
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

/** A key figure: a labelled group holding a label, the value and a help line. */
export function MetricTile({ metric }: { metric: Metric }) {
  return (
    <Box
      role="group"
      aria-label={metric.label}
      bg="white"
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="xl"
      boxShadow="xs"
      p={{ base: "3.5", md: "4" }}
      minW="0"
    >
      <Stat.Root gap="1">
        <Stat.Label
          fontSize={{ base: "xs", md: "sm" }}
          color="fg.muted"
          lineHeight="short"
          display="flex"
          justifyContent="space-between"
          alignItems="flex-start"
          gap="2"
        >
          {metric.label}
          <Icon boxSize="4" color={`${metric.palette}.500`} flexShrink={0} aria-hidden>
            <metric.icon />
          </Icon>
        </Stat.Label>
        <Stat.ValueText
          data-metric-value
          fontSize={{ base: "xl", md: "2xl" }}
          color="ink"
          letterSpacing="-0.02em"
          fontVariantNumeric="tabular-nums"
        >
          {metric.value}
        </Stat.ValueText>
        {metric.change || metric.help ? (
          <Stat.HelpText asChild fontSize="xs" color="fg.muted" lineHeight="short">
            <dd>
              {metric.change ? (
                <ChangeBadge
                  text={metric.change.text}
                  direction={metric.change.direction}
                  goodWhenUp={metric.change.goodWhenUp}
                />
              ) : null}
              {metric.change && metric.help ? " " : null}
              {metric.help}
            </dd>
          </Stat.HelpText>
        ) : null}
      </Stat.Root>
    </Box>
  );
}
