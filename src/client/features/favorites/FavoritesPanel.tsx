import { Button, EmptyState, Stack } from "@chakra-ui/react";
import { LuHeart } from "react-icons/lu";

/** Favorites tab: salespeople the customer saves will be collected here. */
export function FavoritesPanel({ onBrowse }: { onBrowse: () => void }) {
  return (
    <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white" py="14">
      <EmptyState.Content maxW="md">
        <EmptyState.Indicator color="pink.500">
          <LuHeart />
        </EmptyState.Indicator>
        <Stack textAlign="center" gap="2">
          <EmptyState.Title>Favorites are on the way</EmptyState.Title>
          <EmptyState.Description>
            Soon you'll be able to save salespeople while you compare them. Everyone you save will be kept
            here, ready for your visit.
          </EmptyState.Description>
        </Stack>
        <Button variant="outline" onClick={onBrowse}>
          Browse salespeople
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
