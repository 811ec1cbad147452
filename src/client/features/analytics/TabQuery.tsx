// What every business-intelligence tab goes through around its figures: a skeleton while they load, a retry
// when they fail, the page header told when they were computed, and the previous period's figures faded
// while a newly chosen period loads.
import { SimpleGrid, type SimpleGridProps, Skeleton, Stack } from "@chakra-ui/react";
import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import type { AnalyticsPeriod } from "../../../shared/analytics";
import { QueryState } from "../../ui/QueryState";

/** What the page gives a tab that follows its period and (for administrators) its dealership. */
export type ScopedTabProps = {
  period: AnalyticsPeriod;
  dealershipId: number | undefined;
  onAsOf: (at: Date) => void;
};

/** A newly chosen period keeps the previous figures on screen (faded) until its own arrive. */
export const KEEP_PREVIOUS = { placeholderData: keepPreviousData } as const;

/** Cards side by side from laptops up (a chart and its table), one above the other below. */
export function CardRow({
  columns = 2,
  alignItems = "start",
  children,
}: {
  columns?: 2 | 3;
  alignItems?: SimpleGridProps["alignItems"];
  children: ReactNode;
}) {
  return (
    <SimpleGrid columns={{ base: 1, lg: columns }} gap="4" alignItems={alignItems}>
      {children}
    </SimpleGrid>
  );
}

/** What a tab shows while its figures load. */
function TabSkeleton({ label, tiles }: { label: string; tiles: number }) {
  return (
    <Stack gap="4" role="status" aria-busy="true" aria-label={label}>
      {tiles > 0 ? (
        <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="3">
          {Array.from({ length: tiles }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders in a fixed order.
            <Skeleton key={i} height="24" borderRadius="xl" />
          ))}
        </SimpleGrid>
      ) : null}
      <CardRow alignItems="stretch">
        <Skeleton height="72" borderRadius="xl" />
        <Skeleton height="72" borderRadius="xl" />
      </CardRow>
    </Stack>
  );
}

type TabQueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** Every tab's figures say when they were computed: as of their period's window, or (forecasts) their own date. */
type Dated = { window: { asOf: Date } } | { asOf: Date };

function computedAt(data: Dated): Date {
  return "window" in data ? data.window.asOf : data.asOf;
}

export function TabQuery<T extends Dated>({
  query,
  subject,
  tiles = 5,
  onAsOf,
  gap = "5",
  notice,
  children,
}: {
  query: TabQueryLike<T>;
  /** What the tab shows, for "Loading …" and "We couldn't load …": "market analysis". */
  subject: string;
  /** How many figure tiles the skeleton holds (0 for none). */
  tiles?: number;
  /** Told when the figures were computed. */
  onAsOf: (at: Date) => void;
  gap?: "5" | "6";
  /** Shown instead of the figures when it returns something (e.g. nothing recorded yet). */
  notice?: (data: T) => ReactNode;
  children: (data: T) => ReactNode;
}) {
  const at = query.data === undefined ? undefined : computedAt(query.data);
  useEffect(() => {
    if (at) onAsOf(at);
  }, [at, onAsOf]);

  return (
    <QueryState
      query={query}
      loading={<TabSkeleton label={`Loading ${subject}`} tiles={tiles} />}
      error={{ title: `We couldn't load ${subject}`, description: "Check your connection and try again." }}
    >
      {(data) =>
        notice?.(data) ?? (
          <Stack gap={gap} opacity={query.isPlaceholderData ? 0.6 : 1} transition="opacity 0.2s">
            {children(data)}
          </Stack>
        )
      }
    </QueryState>
  );
}
