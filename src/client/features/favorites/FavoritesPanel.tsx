import { Box, Button, EmptyState, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { LuHeart, LuRefreshCw, LuTriangleAlert } from "react-icons/lu";
import { apiErrorCode, trpc } from "../../trpc";
import { ScheduleAppointmentDialog, type SchedulingTarget } from "../appointments/ScheduleAppointmentDialog";
import { useSession } from "../auth/session";
import { SalespersonCard } from "../browse/SalespersonCard";
import { SalespersonCardSkeleton } from "../browse/SalespersonCardSkeleton";
import { RateSalespersonDialog } from "../reviews/RateSalespersonDialog";
import type { SalespersonRef } from "../reviews/types";
import { useFavorites } from "./useFavorites";

/** Favorites tab: the salespeople the customer saved, as browse cards (the heart removes one). */
export function FavoritesPanel({ onBrowse }: { onBrowse: () => void }) {
  const { user } = useSession();
  const favorites = useFavorites(user);
  // Newest saves first; each card is the same profile query the profile page uses, so both share a cache.
  const ids = [...favorites.ids].reverse();
  const profiles = trpc.useQueries((t) => ids.map((id) => t.salespeople.byId({ id })));
  const [rating, setRating] = useState<SalespersonRef | null>(null);
  const [ratingOpen, setRatingOpen] = useState(false);
  const [scheduling, setScheduling] = useState<SchedulingTarget | null>(null);
  const [schedulingOpen, setSchedulingOpen] = useState(false);

  if (favorites.isLoading) {
    return (
      <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="5" aria-busy="true" aria-label="Loading favorites">
        <SalespersonCardSkeleton />
        <SalespersonCardSkeleton />
        <SalespersonCardSkeleton />
      </SimpleGrid>
    );
  }

  if (favorites.isError) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white">
        <EmptyState.Content>
          <EmptyState.Indicator color="red.500">
            <LuTriangleAlert />
          </EmptyState.Indicator>
          <EmptyState.Title>We couldn't load your favorites</EmptyState.Title>
          <Button variant="outline" onClick={() => void favorites.refetch()}>
            <LuRefreshCw /> Try again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  if (ids.length === 0) {
    return (
      <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white" py="14">
        <EmptyState.Content maxW="md">
          <EmptyState.Indicator color="pink.500">
            <LuHeart />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="2">
            <EmptyState.Title>No favorites yet</EmptyState.Title>
            <EmptyState.Description>
              Tap the heart on a salesperson's card or profile to save them while you compare. Everyone you
              save is kept here, ready for your visit.
            </EmptyState.Description>
          </Stack>
          <Button variant="outline" onClick={onBrowse}>
            Browse salespeople
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  }

  return (
    <Stack gap="5">
      <Text fontSize="sm" color="fg.muted">
        {ids.length} saved {ids.length === 1 ? "salesperson" : "salespeople"}
      </Text>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2, lg: 3 }} gap="5">
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
            if (apiErrorCode(profile.error) === "NOT_FOUND") return null;
            return (
              <Box as="li" key={id} p="5" borderWidth="1px" borderRadius="xl" bg="white" color="fg.muted">
                <Text fontSize="sm">We couldn't load this salesperson.</Text>
              </Box>
            );
          }
          const salesperson = profile.data;
          return (
            <Box as="li" key={id} display="flex" flexDirection="column">
              <SalespersonCard
                salesperson={salesperson}
                viewer={user}
                onRate={() => {
                  setRating({ id: salesperson.id, name: salesperson.name });
                  setRatingOpen(true);
                }}
                onSchedule={() => {
                  setScheduling({
                    id: salesperson.id,
                    name: salesperson.name,
                    dealership: salesperson.dealership,
                    timeZone: salesperson.timeZone,
                  });
                  setSchedulingOpen(true);
                }}
              />
            </Box>
          );
        })}
      </SimpleGrid>
      {rating ? (
        <RateSalespersonDialog open={ratingOpen} onOpenChange={setRatingOpen} salesperson={rating} />
      ) : null}
      {scheduling ? (
        <ScheduleAppointmentDialog
          open={schedulingOpen}
          onOpenChange={setSchedulingOpen}
          salesperson={scheduling}
        />
      ) : null}
    </Stack>
  );
}
