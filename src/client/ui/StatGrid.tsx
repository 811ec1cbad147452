import { SimpleGrid, type SimpleGridProps } from "@chakra-ui/react";
import { type StatFigure, StatTile } from "./StatTile";

/** A row of key figures: two to a row on phones, four from tablets up unless `columns` says otherwise. */
export function StatGrid({
  stats,
  columns = { base: 2, md: 4 },
  gap = "3",
}: {
  stats: readonly StatFigure[];
  columns?: SimpleGridProps["columns"];
  gap?: SimpleGridProps["gap"];
}) {
  return (
    <SimpleGrid columns={columns} gap={gap}>
      {stats.map((stat) => (
        <StatTile key={stat.label} stat={stat} />
      ))}
    </SimpleGrid>
  );
}
