import { SimpleGrid, Skeleton, Stack } from "@chakra-ui/react";

/** What a tab shows while its figures load. */
export function TabSkeleton({ label, tiles = 5 }: { label: string; tiles?: number }) {
  return (
    <Stack gap="4" aria-busy="true" aria-label={label}>
      {tiles > 0 ? (
        <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
          {Array.from({ length: tiles }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order.
            <Skeleton key={i} height="24" borderRadius="xl" />
          ))}
        </SimpleGrid>
      ) : null}
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Skeleton height="72" borderRadius="xl" />
        <Skeleton height="72" borderRadius="xl" />
      </SimpleGrid>
    </Stack>
  );
}
