// The frame of a console list tab: the search toolbar, the loading, failed and empty states, the list and its
// pages; and the row every record list shows, with its edit, image and delete buttons and the deletion
// dialog that asks for a reason.
import { Button, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuPencil, LuPlus, LuTrash2 } from "react-icons/lu";
import { usePageFor } from "../../ui/filters";
import { PanelHeader } from "../../ui/PanelHeader";
import { QueryState, SkeletonRows } from "../../ui/QueryState";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { EmptyNotice, type EmptyWords, isEmptyWords } from "./consoleEmpty";
import {
  DeleteWithReasonDialog,
  ImageUploadDialog,
  ListPager,
  ListToolbar,
  useDebouncedSearch,
} from "./consoleKit";

/** The typed search and the page of a list; the page goes back to 1 when the search or `filterKey` changes. */
export function useSearchPage(filterKey = "") {
  const { text, setText, search } = useDebouncedSearch();
  const [page, setPage] = usePageFor(`${search}|${filterKey}`);
  return { text, setText, search, page, setPage };
}

/** How many records a record tab shows a page. */
export const RECORD_PAGE_SIZE = 20;

/** What a record tab asks its list for: the search and page. */
export function recordPage(state: ReturnType<typeof useSearchPage>) {
  return { search: state.search, page: state.page, pageSize: RECORD_PAGE_SIZE };
}

/** A record list keeps the previous page on screen while the next loads, and is read afresh on each visit. */
export const RECORD_LIST_OPTIONS = {
  placeholderData: <T,>(previous: T | undefined) => previous,
  staleTime: 0,
};

/** The dialogs a record list opens from its rows: edit (null: add), a picture upload, and delete. */
export function useRecordDialogs<T>() {
  return {
    editing: useDialogSubject<T | null>(),
    picture: useDialogSubject<T>(),
    deleting: useDialogSubject<T>(),
  };
}
export type RecordDialogs<T> = ReturnType<typeof useRecordDialogs<T>>;

type ListQuery<T> = {
  data: { items: T[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
};

type ConsoleListProps<T> = {
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

/** A record's row: optional picture, name with a badge, detail lines, and the actions. */
export function ConsoleRow({
  media,
  title,
  badge,
  children,
  actions,
}: {
  media?: ReactNode;
  title: ReactNode;
  badge: ReactNode;
  children: ReactNode;
  actions: ReactNode;
}) {
  const text = (
    <Stack gap="0.5" minW="0" flex={media ? undefined : "1"}>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold" truncate>
          {title}
        </Text>
        {badge}
      </HStack>
      {children}
    </Stack>
  );
  return (
    <Flex
      as="li"
      gap="3"
      p="4"
      layerStyle="panel"
      direction={{ base: "column", md: "row" }}
      align={{ base: "stretch", md: "center" }}
    >
      {media ? (
        <HStack gap="3" flex="1" minW="0">
          {media}
          {text}
        </HStack>
      ) : (
        text
      )}
      {actions}
    </Flex>
  );
}

/** Edit, an optional picture upload, and Delete, each named after the record. */
export function RowActions<T>({
  record,
  name,
  dialogs,
  picture,
}: {
  record: T;
  name: string;
  dialogs: RecordDialogs<T>;
  picture?: { label: string; icon: ReactNode; ariaLabel: string };
}) {
  return (
    <HStack gap="2" flexShrink={0} wrap={picture ? "wrap" : undefined}>
      <Button
        size="sm"
        variant="outline"
        onClick={() => dialogs.editing.show(record)}
        aria-label={`Edit ${name}`}
      >
        <LuPencil /> Edit
      </Button>
      {picture ? (
        <Button
          size="sm"
          variant="outline"
          onClick={() => dialogs.picture.show(record)}
          aria-label={picture.ariaLabel}
        >
          {picture.icon} {picture.label}
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        onClick={() => dialogs.deleting.show(record)}
        aria-label={`Delete ${name}`}
      >
        <LuTrash2 /> Delete
      </Button>
    </HStack>
  );
}

/** The deletion dialog for the record a `useDialogSubject` holds. */
export function DeleteRecordDialog<T>({
  dialog,
  title,
  explain,
  onDelete,
}: {
  dialog: ReturnType<typeof useDialogSubject<T>>;
  title: string;
  explain: (subject: T) => string;
  /** Deletes; resolves with the success toast, or throws the server's error. */
  onDelete: (subject: T, reason: string) => Promise<{ title: string; description: string }>;
}) {
  return (
    <DeleteWithReasonDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title={title}
      description={dialog.subject ? explain(dialog.subject) : ""}
      onDelete={(reason) => onDelete(dialog.subject!, reason)}
    />
  );
}

/** The picture upload of a record (a logo, a photo): what it is called, shows now, and where it goes. */
type PictureUpload<R> = {
  title: string;
  subtitle: (subject: R) => string;
  current: (subject: R) => string | null;
  uploadUrl: (subject: R | null) => string;
  onUploaded: () => Promise<unknown>;
};

/**
 * A tab of records: the heading (with the add button when `add` is given), the list, the tab's own dialogs
 * (`forms`), the picture upload when `picture` is given, and the deletion that asks for a reason.
 */
export function RecordTab<T, R>({
  title,
  description,
  add,
  dialogs,
  forms,
  picture,
  remove,
  ...list
}: ConsoleListProps<T> & {
  title: string;
  description: string;
  /** The add button's label. */
  add?: string;
  dialogs: RecordDialogs<R>;
  forms: ReactNode;
  picture?: PictureUpload<R>;
  remove: Omit<Parameters<typeof DeleteRecordDialog<R>>[0], "dialog">;
}) {
  return (
    <Stack gap="5">
      <PanelHeader title={title} description={description}>
        {add ? (
          <Button colorPalette="blue" onClick={() => dialogs.editing.show(null)}>
            <LuPlus /> {add}
          </Button>
        ) : null}
      </PanelHeader>
      <ConsoleList {...list} />
      {forms}
      {picture ? (
        <ImageUploadDialog
          open={dialogs.picture.open}
          onOpenChange={dialogs.picture.setOpen}
          title={picture.title}
          subtitle={dialogs.picture.subject ? picture.subtitle(dialogs.picture.subject) : ""}
          current={dialogs.picture.subject ? picture.current(dialogs.picture.subject) : null}
          uploadUrl={picture.uploadUrl(dialogs.picture.subject)}
          onUploaded={picture.onUploaded}
        />
      ) : null}
      <DeleteRecordDialog dialog={dialogs.deleting} {...remove} />
    </Stack>
  );
}
