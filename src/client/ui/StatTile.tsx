import { Box, type BoxProps, Icon, Stat, type StatValueTextProps } from "@chakra-ui/react";
import { statSlotRecipe } from "@chakra-ui/react/theme";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

export type StatFigure = {
  label: string;
  value: ReactNode;
  /** The line under the value; the tile has no help line when not given. */
  help?: ReactNode;
  icon: IconType;
  /** Colour palette of the icon ("blue", "green", ...). */
  palette: string;
};

/**
 * One key figure: a labelled group holding a <dl> of the label (with its icon), the value and a line of help.
 * `valueProps` adjusts the value's text (its size, or clamping long words); the rest goes to the card.
 */
export function StatTile({
  stat,
  valueProps,
  ...card
}: { stat: StatFigure; valueProps?: StatValueTextProps & { "data-metric-value"?: boolean } } & BoxProps) {
  return (
    <Box
      role="group"
      aria-label={stat.label}
      layerStyle="panel"
      boxShadow="xs"
      p={{ base: "3.5", md: "4" }}
      minW="0"
      {...card}
    >
      <Stat.Root recipe={statSlotRecipe} gap="1">
        <Stat.Label
          fontSize={{ base: "xs", md: "sm" }}
          color="fg.muted"
          lineHeight="short"
          display="flex"
          justifyContent="space-between"
          alignItems="flex-start"
          gap="2"
        >
          {stat.label}
          <Icon boxSize="4" color={`${stat.palette}.500`} flexShrink={0} aria-hidden>
            <stat.icon />
          </Icon>
        </Stat.Label>
        <Stat.ValueText
          fontSize={{ base: "xl", md: "3xl" }}
          color="ink"
          letterSpacing="-0.02em"
          {...valueProps}
        >
          {stat.value}
        </Stat.ValueText>
        {stat.help !== undefined && stat.help !== null ? (
          <Stat.HelpText asChild fontSize="xs" color="fg.muted" lineHeight="short">
            <dd>{stat.help}</dd>
          </Stat.HelpText>
        ) : null}
      </Stat.Root>
    </Box>
  );
}
