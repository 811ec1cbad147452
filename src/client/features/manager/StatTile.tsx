import { Box, Icon, Stat } from "@chakra-ui/react";
import type { ReactNode } from "react";
import type { IconType } from "react-icons";

export type ManagerStat = {
  label: string;
  value: ReactNode;
  help: ReactNode;
  icon: IconType;
  palette: "blue" | "green" | "yellow" | "red" | "purple" | "gray" | "orange";
};

/** One figure of the dashboard: a labelled group holding a <dl> of the label, the value and a line of help. */
export function StatTile({ stat }: { stat: ManagerStat }) {
  return (
    <Box
      role="group"
      aria-label={stat.label}
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
          {stat.label}
          <Icon boxSize="4" color={`${stat.palette}.500`} flexShrink={0} aria-hidden>
            <stat.icon />
          </Icon>
        </Stat.Label>
        <Stat.ValueText
          fontSize={{ base: "xl", md: "3xl" }}
          color="ink"
          letterSpacing="-0.02em"
          lineClamp={2}
          wordBreak="break-word"
        >
          {stat.value}
        </Stat.ValueText>
        <Stat.HelpText asChild fontSize="xs" color="fg.muted" lineHeight="short">
          <dd>{stat.help}</dd>
        </Stat.HelpText>
      </Stat.Root>
    </Box>
  );
}
