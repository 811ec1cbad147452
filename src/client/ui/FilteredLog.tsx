// A filtered log page (the audit trail, security events, data requests): the panel's heading, a filter box with
// the count and "Clear filters", the loading, failed and empty states, the rows and their pages. Each log
// brings its own fields, rows and empty-state words; the state behind the filters is `useLogFilters`, and a
// log that can be exported offers `DownloadCsvButton`.
import { Button, Flex, Grid, type GridProps, Stack, Text } from "@chakra-ui/react";
import { type ReactNode, useState } from "react";
import type { IconType } from "react-icons";
import { LuDownload, LuFilterX } from "react-icons/lu";
import { downloadFrom, downloadOrSay } from "./download";
import { useDebouncedSearch, usePageFor } from "./filters";
import { countOf } from "./format";
import { ListPager } from "./Pager";
import { PanelHeader } from "./PanelHeader";
import { Notice, panelNotice, QueryState } from "./QueryState";

/**
 * The filters of a log (each off when empty), a search that waits for typing to pause, the page (back to 1
 * whenever a filter or the search changes) and whether the chosen dates are the wrong way round.
 */
export function useLogFilters<F extends Record<string, string>>(none: F) {
  const [filters, setFilters] = useState<F>(none);
  const search = useDebouncedSearch();
  const [page, setPage] = usePageFor(`${JSON.stringify(filters)}|${search.search}`);
  const from = filters.from ?? "";
  const to = filters.to ?? "";
  return {
    filters,
    set: (name: keyof F) => (value: string) => setFilters((f) => ({ ...f, [name]: value })),
    search,
    page,
    setPage,
    filtered: JSON.stringify(filters) !== JSON.stringify(none) || search.text !== "",
    badRange: from !== "" && to !== "" && from > to,
    clear: () => {
      setFilters(none);
      search.setText("");
    },
  };
}
export type LogFilters = ReturnType<typeof useLogFilters>;

type LogQuery<D> = {
  data: D | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

export function FilteredLog<D extends { total: number; items: readonly unknown[] }>({
  title,
  description,
  actions,
  filterLabel,
  fields,
  fieldColumns,
  state,
  query,
  noun,
  countNote = "",
  pageSize,
  loading,
  error,
  empty,
  keepDataOnError,
  aside,
  children,
}: {
  title: string;
  description: string;
  /** Beside the heading (a download button). */
  actions?: ReactNode;
  /** The filter box's accessible name. */
  filterLabel: string;
  fields: ReactNode;
  fieldColumns: GridProps["templateColumns"];
  state: Pick<LogFilters, "filtered" | "badRange" | "clear" | "page" | "setPage">;
  query: LogQuery<D>;
  /** What one row is, for the count and the pager's names ("change", "event", "request"). */
  noun: string;
  /** After the count: " · dates in UTC", the open requests… */
  countNote?: string;
  pageSize: number;
  loading: ReactNode;
  error: string;
  /** The empty state, with and without filters on. */
  empty: { icon: IconType; title: [string, string]; description: [string, string] };
  keepDataOnError?: boolean;
  /** Beside the log on wide screens (the rules behind it). */
  aside?: ReactNode;
  children: (data: D) => ReactNode;
}) {
  const { filtered, badRange } = state;
  const total = query.data?.total;
  const log = (
    <Stack gap="4" minW="0">
      <Stack as="section" aria-label={filterLabel} gap="3" p="4" layerStyle="panel">
        <Grid templateColumns={fieldColumns} gap="3">
          {fields}
        </Grid>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text fontSize="sm" color={badRange ? "fg.error" : "fg.muted"} aria-live="polite">
            {badRange
              ? "The start date must be on or before the end date."
              : total !== undefined
                ? `${countOf(total, noun)}${countNote}`
                : ""}
          </Text>
          {filtered ? (
            <Button variant="ghost" size="xs" onClick={state.clear}>
              <LuFilterX /> Clear filters
            </Button>
          ) : null}
        </Flex>
      </Stack>
      {badRange ? null : (
        <QueryState
          query={query}
          keepDataOnError={keepDataOnError}
          loading={loading}
          error={{ title: error, titleAs: "h3" }}
          isEmpty={(data) => data.items.length === 0}
          empty={
            <Notice
              icon={empty.icon}
              title={empty.title[filtered ? 1 : 0]}
              description={empty.description[filtered ? 1 : 0]}
              {...panelNotice()}
            />
          }
        >
          {(data) => (
            <Stack gap="2" opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isFetching}>
              {children(data)}
            </Stack>
          )}
        </QueryState>
      )}
      {total !== undefined && !badRange ? (
        <ListPager
          total={total}
          pageSize={pageSize}
          page={state.page}
          onPageChange={state.setPage}
          noun={noun}
        />
      ) : null}
    </Stack>
  );
  return (
    <Stack gap="5">
      <PanelHeader title={title} description={description}>
        {actions}
      </PanelHeader>
      {aside ? (
        <Grid
          templateColumns={{ base: "minmax(0, 1fr)", xl: "minmax(0, 1fr) 20rem" }}
          gap="5"
          alignItems="start"
        >
          {log}
          {aside}
        </Grid>
      ) : (
        log
      )}
    </Stack>
  );
}

/** A log's "Download CSV" action: fetches its export route with the filters and saves the file. */
export function DownloadCsvButton({
  path,
  fallbackName,
  disabled,
}: {
  path: string;
  fallbackName: string;
  disabled?: boolean;
}) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadOrSay("Export failed", () => downloadFrom(path, fallbackName, "The export failed."));
    setDownloading(false);
  };
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => void download()}
      loading={downloading}
      loadingText="Preparing..."
      disabled={disabled}
    >
      <LuDownload /> Download CSV
    </Button>
  );
}
