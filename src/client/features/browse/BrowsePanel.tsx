import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { getRouteApi } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { LuSearchX } from "react-icons/lu";
import { trpc } from "../../trpc";
import { Pager } from "../../ui/Pager";
import { LoadError, Notice, panelNotice } from "../../ui/QueryState";
import { useSession } from "../../ui/session";
import { showToast } from "../../ui/toaster";
import { BrowseFilters, type FilterChange } from "./BrowseFilters";
import { RESULTS_PER_PAGE, toBrowseInput } from "./browseSearch";
import { type NearChange, nearLabel } from "./NearFilter";
import { SalespersonCard } from "./SalespersonCard";
import {
  SalespersonGrid,
  SalespersonGridItem,
  SalespersonGridSkeleton,
  useCardDialogs,
} from "./SalespersonGrid";

const dashboardRoute = getRouteApi("/");
const SKELETON_CARDS = 6;

/** Past BROWSE_TOTAL_LIMIT matches the server stops counting: "of 1,000+ salespeople". */
const formatCount = (n: number) => n.toLocaleString("en-US");

function resultRange(offset: number, shown: number, total: number, exact: boolean): string {
  if (total === 0) return "No salespeople found";
  if (exact && total <= shown) return `${total} ${total === 1 ? "salesperson" : "salespeople"} found`;
  if (shown === 0) return `${formatCount(total)}${exact ? "" : "+"} salespeople found`;
  return `Showing ${offset + 1}–${offset + shown} of ${formatCount(total)}${exact ? "" : "+"} salespeople`;
}

/** The Browse tab: filters in the URL, a grid of salesperson cards, and page controls. */
export function BrowsePanel() {
  const search = dashboardRoute.useSearch();
  const navigate = dashboardRoute.useNavigate();
  const { user } = useSession();
  const input = toBrowseInput(search);
  const list = trpc.salespeople.list.useQuery(input, { placeholderData: keepPreviousData });
  const resultsTop = useRef<HTMLDivElement>(null);
  const dialogs = useCardDialogs();

  // One toast per failed fetch: errorUpdatedAt changes each time a request fails.
  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt > 0) showToast({ title: "Failed to fetch salespeople", variant: "destructive" });
  }, [failedAt]);

  const setFilter: FilterChange = (key, value) =>
    void navigate({ search: (prev) => ({ ...prev, [key]: value, page: undefined }), replace: true });

  const setNear: NearChange = (patch) =>
    void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }), replace: true });
  const near = nearLabel(search);

  // The sort order is a view preference, not a filter: clearing filters keeps it.
  const clearFilters = () =>
    void navigate({
      search: (prev) => ({ tab: prev.tab, sort: prev.sort === "distance" ? undefined : prev.sort }),
      replace: true,
    });

  const goToPage = (page: number) => {
    void navigate({ search: (prev) => ({ ...prev, page: page > 1 ? page : undefined }) });
    resultsTop.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  const total = list.data?.total ?? 0;
  const totalExact = list.data?.totalExact ?? true;
  const items = list.data?.items ?? [];
  const offset = input.offset as number;
  // Past the counted limit, offer the next page for as long as pages are full.
  const pagerCount = totalExact ? total : Math.max(total, offset + items.length + 1);
  // 'Available Today' for the whole page of cards in one request.
  const ids = items.map((item) => item.id);
  const today = trpc.appointments.availableTodayMany.useQuery(
    { ids },
    { enabled: ids.length > 0 && !list.isPlaceholderData, staleTime: 60_000 },
  );
  const next = trpc.appointments.nextOpen.useQuery(
    { ids },
    { enabled: ids.length > 0 && !list.isPlaceholderData, staleTime: 60_000 },
  );
  const showSkeletons = list.isPending || (list.isFetching && list.isPlaceholderData && items.length === 0);

  return (
    <Stack gap="5">
      <BrowseFilters search={search} onChange={setFilter} onNear={setNear} onClear={clearFilters} />
      <HStack ref={resultsTop} scrollMarginTop="32" justify="space-between" minH="6">
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {list.isPending
            ? "Loading salespeople…"
            : list.isError && !list.data
              ? ""
              : resultRange(offset, items.length, total, totalExact)}
        </Text>
        {list.isFetching && !list.isPending ? (
          <Text fontSize="xs" color="fg.subtle">
            Updating…
          </Text>
        ) : null}
      </HStack>

      {showSkeletons ? (
        <SalespersonGridSkeleton count={SKELETON_CARDS} label="Loading salespeople" />
      ) : list.isError && !list.data ? (
        <LoadError
          title="We couldn't load salespeople"
          description="Check your connection and try again."
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 ? (
        <Notice
          icon={LuSearchX}
          title="No salespeople match your filters"
          description="Try a different search, or widen the rating or experience filters."
          {...panelNotice()}
        >
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        </Notice>
      ) : (
        <SalespersonGrid opacity={list.isPlaceholderData ? 0.6 : 1} transition="opacity 150ms">
          {items.map((salesperson) => (
            <SalespersonGridItem key={salesperson.id}>
              <SalespersonCard
                salesperson={salesperson}
                near={near}
                viewer={user}
                today={today.data?.[salesperson.id]}
                next={next.data?.[salesperson.id]}
                todayLoading={today.isPending}
                onRate={() => dialogs.rate(salesperson)}
                onSchedule={(time, date) => {
                  const day = today.data?.[salesperson.id];
                  dialogs.schedule(
                    {
                      id: salesperson.id,
                      name: salesperson.name,
                      dealership: salesperson.dealership,
                      timeZone: day?.timeZone,
                    },
                    { date: date ?? (time ? day?.date : undefined), time },
                  );
                }}
              />
            </SalespersonGridItem>
          ))}
        </SalespersonGrid>
      )}

      {pagerCount > RESULTS_PER_PAGE ? (
        <Pager
          count={pagerCount}
          pageSize={RESULTS_PER_PAGE}
          page={search.page ?? 1}
          onPageChange={goToPage}
          labels={{ previous: "Previous page", next: "Next page", page: (n) => `Page ${n}` }}
          pt="4"
        />
      ) : null}
      {dialogs.dialogs}
    </Stack>
  );
}
