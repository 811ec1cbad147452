import { SimpleGrid, type SimpleGridProps, Skeleton } from "@chakra-ui/react";

/** The loading placeholder of a row of figure tiles, announced as busy under `label`. */
export function SkeletonTiles({
  label,
  count = 4,
  h = "24",
  columns = { base: 2, md: count },
  gap = "3",
}: {
  label: string;
  count?: number;
  h?: string;
  columns?: SimpleGridProps["columns"];
  gap?: SimpleGridProps["gap"];
}) {
  return (
    <SimpleGrid columns={columns} gap={gap} role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={i} h={h} borderRadius="xl" />
      ))}
    </SimpleGrid>
  );
}
