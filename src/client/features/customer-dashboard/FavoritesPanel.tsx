import { Box, Button, Stack, Text } from "@chakra-ui/react";
import { LuHeart } from "react-icons/lu";
import { ErrorKind } from "../../../shared/errorCodes";
import { apiErrorCode, trpc } from "../../trpc";
import { LoadError, Notice, panelNotice } from "../../ui/QueryState";
import { useSession } from "../../ui/session";
import {
  SalespersonCard,
  SalespersonCardSkeleton,
  SalespersonGrid,
  SalespersonGridItem,
  SalespersonGridSkeleton,
  useCardDialogs,
} from "../browse";
import { useFavorites } from "../favorites";

/** Favorites tab: the salespeople the customer saved, as browse cards (the heart removes one). */
export function FavoritesPanel({ onBrowse }: { onBrowse: () => void }) {
  const { user } = useSession();
  const favorites = useFavorites(user);
  // Newest saves first; each card is the same profile query the profile page uses, so both share a cache.
  const ids = [...favorites.ids].reverse();
  const profiles = trpc.useQueries((t) => ids.map((id) => t.salespeople.byId({ id })));
  const dialogs = useCardDialogs();

  if (favorites.isLoading) return <SalespersonGridSkeleton count={3} label="Loading favorites" />;

  if (favorites.isError) {
    return <LoadError title="We couldn't load your favorites" onRetry={() => void favorites.refetch()} />;
  }

  if (ids.length === 0) {
    return (
      <Notice
        icon={LuHeart}
        iconColor="pink.500"
        title="No favorites yet"
        description="Tap the heart on a salesperson's card or profile to save them while you compare. Everyone you save is kept here, ready for your visit."
        textGap="2"
        contentMaxW="md"
        {...panelNotice()}
        py="14"
      >
        <Button variant="outline" onClick={onBrowse}>
          Browse salespeople
        </Button>
      </Notice>
    );
  }

  return (
    <Stack gap="5">
      <Text fontSize="sm" color="fg.muted">
        {ids.length} saved {ids.length === 1 ? "salesperson" : "salespeople"}
      </Text>
      <SalespersonGrid>
        {ids.map((id, index) => {
          const profile = profiles[index];
          if (!profile || profile.isPending) {
            return (
              <Box as="li" key={id}>
                <SalespersonCardSkeleton />
              </Box>
            );
          }
          // Someone who left the platform since: nothing to show, and the heart can't reach them anymore.
          if (profile.isError || !profile.data) {
            if (apiErrorCode(profile.error) === ErrorKind.NOT_FOUND) return null;
            return (
              <Box as="li" key={id} p="5" borderWidth="1px" borderRadius="xl" bg="bg.panel" color="fg.muted">
                <Text fontSize="sm">We couldn't load this salesperson.</Text>
              </Box>
            );
          }
          const salesperson = profile.data;
          return (
            <SalespersonGridItem key={id}>
              <SalespersonCard
                salesperson={salesperson}
                viewer={user}
                onRate={() => dialogs.rate(salesperson)}
                onSchedule={() =>
                  dialogs.schedule({
                    id: salesperson.id,
                    name: salesperson.name,
                    dealership: salesperson.dealership,
                    timeZone: salesperson.timeZone,
                  })
                }
              />
            </SalespersonGridItem>
          );
        })}
      </SalespersonGrid>
      {dialogs.dialogs}
    </Stack>
  );
}
