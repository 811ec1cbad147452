// The frame of a console list tab: the search toolbar, the loading, failed and empty states, the list and its
// pages. The record tabs built on it (dealerships, salespeople, users) are in recordTab.tsx.
import { Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageFor } from "../../ui/filters";
import { QueryState, SkeletonRows } from "../../ui/QueryState";
import { EmptyNotice, type EmptyWords, isEmptyWords } from "./consoleEmpty";
import { ListPager, ListToolbar, useDebouncedSearch } from "./consoleKit";

/** The typed search and the page of a list; the page goes back to 1 when the search or `filterKey` changes. */
export function useSearchPage(filterKey = "") {
  const { text, setText, search } = useDebouncedSearch();
  const [page, setPage] = usePageFor(`${search}|${filterKey}`);
  return { text, setText, search, page, setPage };
}

/** How many records a record tab shows a page. */
export const RECORD_PAGE_SIZE = 20;

type ListQuery<T> = {
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

export type ConsoleListProps<T> = {
  query: ListQuery<T>;
  state: ReturnType<typeof useSearchPage>;
  /**
   * What is listed, in the plural ("contact messages"): the search box is "Search …", the placeholder rows
   * "Loading …", and a failed load "We couldn't load the …" unless `toolbar`, `loading` or `error` say otherwise.
   */
  listing?: string;
  /** The search box: its accessible name, its placeholder and the noun of the count. */
  toolbar: { label?: string; placeholder: string; noun: string };
  /** Filters beside the search box. */
  filters?: ReactNode;
  /** Set when a filter beside the search box is on (the empty list then says nothing matches). */
  filtered?: boolean;
  /** The accessible name of the placeholder rows, how many there are and how tall (a record tab's by default). */
  loading?: { label?: string; rows: number; height: string };
  error?: Parameters<typeof QueryState>[0]["error"];
  empty: ReactNode | EmptyWords;
  /** The list's accessible name. */
  listLabel?: string;
  /** The page size (a record tab's by default), and the noun of the pager's names when it is not the toolbar's. */
  pager?: { pageSize?: number; noun?: string };
  /** The pager under the whole panel (shown whenever there is data) rather than right under the list. */
  pagerUnderPanel?: boolean;
  children: (item: T) => ReactNode;
};

/** Toolbar, states, list and pager of a searchable, paged console list. */
export function ConsoleList<T>({
  query,
  state,
  listing = "",
  toolbar,
  filters,
  filtered = false,
  loading = { rows: 5, height: "20" },
  error = { title: `We couldn't load the ${listing}`, titleAs: "h3" },
  empty,
  listLabel,
  pager = {},
  pagerUnderPanel = false,
  children,
}: ConsoleListProps<T>) {
  const pagerProps = {
    pageSize: pager.pageSize ?? RECORD_PAGE_SIZE,
    page: state.page,
    onPageChange: state.setPage,
    noun: pager.noun ?? toolbar.noun,
  };
  const list = (items: T[]) => (
    <Stack as="ul" gap="3" listStyleType="none" ps="0" aria-label={listLabel}>
      {items.map(children)}
    </Stack>
  );
  return (
    <>
      <ListToolbar
        label={`Search ${listing}`}
        {...toolbar}
        value={state.text}
        onChange={state.setText}
        total={query.data?.total}
      >
        {filters}
      </ListToolbar>
      <QueryState
        query={query}
        loading={
          <SkeletonRows
            label={loading.label ?? `Loading ${listing}`}
            h={loading.height}
            count={loading.rows}
            gap="3"
            radius="xl"
          />
        }
        error={error}
        isEmpty={(data) => data.items.length === 0}
        empty={
          isEmptyWords(empty) ? (
            <EmptyNotice words={empty} noMatch={filtered || state.search !== ""} />
          ) : (
            empty
          )
        }
      >
        {(data) =>
          pagerUnderPanel ? (
            list(data.items)
          ) : (
            <Stack gap="3">
              {list(data.items)}
              <ListPager total={data.total} {...pagerProps} />
            </Stack>
          )
        }
      </QueryState>
      {pagerUnderPanel && query.data ? <ListPager total={query.data.total} {...pagerProps} /> : null}
    </>
  );
}
