import { SimpleGrid, type SimpleGridProps } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { type StatFigure, StatTile as Tile } from "../../ui/StatTile";

export type ManagerStat = StatFigure & {
  help: ReactNode;
  palette: "blue" | "green" | "yellow" | "red" | "purple" | "gray" | "orange";
};

/** Long values (a dealership's name) wrap onto a second line at most. */
const MANAGER_VALUE = { lineClamp: 2, wordBreak: "break-word" } as const;

/** One figure of the dashboard: a labelled group holding a <dl> of the label, the value and a line of help. */
export function StatTile({ stat }: { stat: ManagerStat }) {
  return <Tile stat={stat} valueProps={MANAGER_VALUE} />;
}

/** A tab's row of figures. */
export function StatTiles({ stats, columns }: { stats: ManagerStat[]; columns: SimpleGridProps["columns"] }) {
  return (
    <SimpleGrid columns={columns} gap={{ base: "3", md: "4" }}>
      {stats.map((stat) => (
        <StatTile key={stat.label} stat={stat} />
      ))}
    </SimpleGrid>
  );
}
