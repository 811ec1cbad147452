import {
  Box,
  Button,
  ButtonGroup,
  EmptyState,
  HStack,
  IconButton,
  Pagination,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { LuChevronLeft, LuChevronRight, LuRefreshCw, LuSearchX, LuTriangleAlert } from "react-icons/lu";
import { trpc } from "../../trpc";
import { showToast } from "../../ui/toaster";
import { ScheduleAppointmentDialog, type SchedulingTarget } from "../appointments/ScheduleAppointmentDialog";
import { useSession } from "../auth/session";
import { RateSalespersonDialog } from "../reviews/RateSalespersonDialog";
import type { SalespersonRef } from "../reviews/types";
import { BrowseFilters, type FilterChange } from "./BrowseFilters";
import { RESULTS_PER_PAGE, toBrowseInput } from "./dashboardSearch";
import { SalespersonCard } from "./SalespersonCard";
import { SalespersonCardSkeleton } from "./SalespersonCardSkeleton";

const dashboardRoute = getRouteApi("/");
const SKELETON_CARDS = 6;

function resultRange(offset: number, shown: number, total: number): string {
  if (total === 0) return "No salespeople found";
  if (total <= shown) return `${total} ${total === 1 ? "salesperson" : "salespeople"} found`;
  return `Showing ${offset + 1}–${offset + shown} of ${total} salespeople`;
}

/** The Browse tab: filters in the URL, a grid of salesperson cards, and page controls. */
export function BrowsePanel() {
  const search = dashboardRoute.useSearch();
  const navigate = dashboardRoute.useNavigate();
  const { user } = useSession();
  const input = toBrowseInput(search);
  const list = trpc.salespeople.list.useQuery(input, { placeholderData: keepPreviousData });
  const resultsTop = useRef<HTMLDivElement>(null);
  const [scheduling, setScheduling] = useState<{
    salesperson: SchedulingTarget;
    date?: string;
    time?: string;
  } | null>(null);
  const [schedulingOpen, setSchedulingOpen] = useState(false);
  const [rating, setRating] = useState<SalespersonRef | null>(null);
  const [ratingOpen, setRatingOpen] = useState(false);

  // One toast per failed fetch: errorUpdatedAt changes each time a request fails.
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) showToast({ title: "Failed to fetch salespeople", variant: "destructive" });
  }, [failedAt]);

  const setFilter: FilterChange = (key, value) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value, page: undefined }), replace: true });

  // The sort order is a view preference, not a filter: clearing filters keeps it.
  const clearFilters = () =>
    void navigate({ search: (prev) => ({ tab: prev.tab, sort: prev.sort }), replace: true });

  const goToPage = (page: number) => {
    void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) });
    resultsTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  const page = search.page ?? 1;
  const offset = input.offset as number;
  // 'Available Today' for the whole page of cards in one request.
  const ids = items.map((item) => item.id);
  const today = trpc.appointments.availableTodayMany.useQuery(
    { ids },
    { enabled: ids.length > 0 && !list.isPlaceholderData, staleTime: 60_000 },
  );
  const showSkeletons = list.isPending || (list.isFetching && list.isPlaceholderData && items.length === 0);

  return (
    <Stack gap="5">
      <BrowseFilters search={search} onChange={setFilter} onClear={clearFilters} />
      <HStack ref={resultsTop} scrollMarginTop="32" justify="space-between" minH="6">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {list.isPending
            ? "Loading salespeople…"
            : list.isError && !list.data
              ? ""
              : resultRange(offset, items.length, total)}
        </Text>
        {list.isFetching && !list.isPending ? (
          <Text fontSize="xs" color="fg.subtle">
            Updating…
          </Text>
        ) : null}
      </HStack>

      {showSkeletons ? (
        <SimpleGrid
          columns={{ base: 1, md: 2, lg: 3 }}
          gap="5"
          aria-busy="true"
          aria-label="Loading salespeople"
        >
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <SalespersonCardSkeleton key={i} />
          ))}
        </SimpleGrid>
      ) : list.isError && !list.data ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white">
          <EmptyState.Content>
            <EmptyState.Indicator color="red.500">
              <LuTriangleAlert />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>We couldn't load salespeople</EmptyState.Title>
              <EmptyState.Description>Check your connection and try again.</EmptyState.Description>
            </Stack>
            <Button variant="outline" onClick={() => void list.refetch()}>
              <LuRefreshCw /> Try again
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : items.length === 0 ? (
        <EmptyState.Root borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="white">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuSearchX />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="1">
              <EmptyState.Title>No salespeople match your filters</EmptyState.Title>
              <EmptyState.Description>
                Try a different search, or widen the rating or experience filters.
              </EmptyState.Description>
            </Stack>
            <Button variant="outline" onClick={clearFilters}>
              Clear filters
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <SimpleGrid
          as="ul"
          listStyleType="none"
          columns={{ base: 1, md: 2, lg: 3 }}
          gap="5"
          opacity={list.isPlaceholderData ? 0.6 : 1}
          transition="opacity 150ms"
        >
          {items.map((salesperson) => (
            <Box as="li" key={salesperson.id} display="flex" flexDirection="column">
              <SalespersonCard
                salesperson={salesperson}
                viewer={user}
                today={today.data?.[salesperson.id]}
                todayLoading={today.isPending}
                onRate={() => {
                  setRating({ id: salesperson.id, name: salesperson.name });
                  setRatingOpen(true);
                }}
                onSchedule={(time) => {
                  const day = today.data?.[salesperson.id];
                  setScheduling({
                    salesperson: {
                      id: salesperson.id,
                      name: salesperson.name,
                      dealership: salesperson.dealership,
                      timeZone: day?.timeZone,
                    },
                    date: time ? day?.date : undefined,
                    time,
                  });
                  setSchedulingOpen(true);
                }}
              />
            </Box>
          ))}
        </SimpleGrid>
      )}

      {total > RESULTS_PER_PAGE ? (
        <Pagination.Root
          count={total}
          pageSize={RESULTS_PER_PAGE}
          page={page}
          onPageChange={(details) => goToPage(details.page)}
          alignSelf="center"
          pt="4"
        >
          <ButtonGroup variant="ghost" size="sm" attached={false} gap="1">
            <Pagination.PrevTrigger asChild>
              <IconButton aria-label="Previous page" variant="outline" bg="white">
                <LuChevronLeft />
              </IconButton>
            </Pagination.PrevTrigger>
            <HStack hideBelow="sm" gap="1">
              <Pagination.Items
                render={(item) => (
                  <IconButton
                    variant={{ base: "ghost", _selected: "solid" }}
                    colorPalette="blue"
                    aria-label={`Page ${item.value}`}
                  >
                    {item.value}
                  </IconButton>
                )}
              />
            </HStack>
            <Pagination.PageText hideFrom="sm" px="3" fontSize="sm" />
            <Pagination.NextTrigger asChild>
              <IconButton aria-label="Next page" variant="outline" bg="white">
                <LuChevronRight />
              </IconButton>
            </Pagination.NextTrigger>
          </ButtonGroup>
        </Pagination.Root>
      ) : null}

      {rating ? (
        <RateSalespersonDialog open={ratingOpen} onOpenChange={setRatingOpen} salesperson={rating} />
      ) : null}
      {scheduling ? (
        <ScheduleAppointmentDialog
          open={schedulingOpen}
          onOpenChange={setSchedulingOpen}
          salesperson={scheduling.salesperson}
          initialDate={scheduling.date}
          initialTime={scheduling.time}
        />
      ) : null}
    </Stack>
  );
}
