// A console tab of records of one kind (dealerships, salespeople, users): what the kind is called, declared
// once as a RecordKind; its state (search, page, the dialogs its rows open); the row with its edit, picture
// and delete buttons; and the tab that puts the list, the picture upload and the deletion with a reason together.
import { Button, Flex, HStack, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuPencil, LuPlus, LuSearchX, LuTrash2 } from "react-icons/lu";
import { trpc } from "../../trpc";
import { DangerButton } from "../../ui/DangerButton";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice } from "../../ui/QueryState";
import { capitalise } from "../../ui/StatusBadge";
import { useDialogSubject } from "../../ui/useDialogSubject";
import { DeleteWithReasonDialog, ImageUploadDialog } from "./consoleKit";
import { ConsoleList, type ConsoleListProps, RECORD_PAGE_SIZE, useSearchPage } from "./consoleList";
import { type RecordCache, refreshAfterChange } from "./recordForm";

/** One kind of record's tab, declared once as data: what it is called, its picture, its deletion's words. */
export type RecordKind<R> = {
  /** The tab's heading and the list's accessible name ("Dealerships"). */
  title: string;
  description: string;
  /** One record, in lower case ("dealership"): the delete dialog and its toast name it. */
  noun: string;
  /** The records, in lower case ("dealerships"): the search box's accessible name and the loading rows'. */
  listing: string;
  /** The add button's label. */
  add: string;
  /** The search box's placeholder and the noun of its count. */
  toolbar: { placeholder: string; noun: string };
  /** What a failed load says, unless the tab gives its own `error`. */
  failure?: { title: string; description: string };
  /** What the list says when the search finds nothing. */
  none: { title: string; description: string };
  /** The record's picture (a logo, a photo), when it has one. */
  picture?: PictureUpload<R>;
  /** What deleting the record does, in the deletion dialog. */
  explain: (subject: R) => string;
};

/** What a record tab asks its list for: the search and page. */
function recordPage(state: ReturnType<typeof useSearchPage>) {
  return { search: state.search, page: state.page, pageSize: RECORD_PAGE_SIZE };
}

/** A record list keeps the previous page on screen while the next loads, and is read afresh on each visit. */
const RECORD_LIST_OPTIONS = {
  placeholderData: <T,>(previous: T | undefined) => previous,
  staleTime: 0,
};

/** The dialogs a record list opens from its rows: edit (null: add), a picture upload, and delete. */
function useRecordDialogs<T>() {
  return {
    editing: useDialogSubject<T | null>(),
    picture: useDialogSubject<T>(),
    deleting: useDialogSubject<T>(),
  };
}
export type RecordDialogs<T> = ReturnType<typeof useRecordDialogs<T>>;

/**
 * A record tab's state: the search and its page, what its list query is asked for (`page`, `options`), and the
 * dialogs its rows open. The page goes back to 1 when the search or `filterKey` (its filters) changes.
 */
export function useRecordConsole<R>(filterKey = "") {
  const state = useSearchPage(filterKey);
  const dialogs = useRecordDialogs<R>();
  return { state, dialogs, page: recordPage(state), options: RECORD_LIST_OPTIONS };
}
export type RecordConsole<R> = ReturnType<typeof useRecordConsole<R>>;

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
      <DangerButton onClick={() => dialogs.deleting.show(record)} aria-label={`Delete ${name}`}>
        <LuTrash2 /> Delete
      </DangerButton>
    </HStack>
  );
}

/** The deletion dialog for the record a `useDialogSubject` holds: a reason, then the toast and the refresh. */
function DeleteRecordDialog<R>({
  dialog,
  kind: { noun, explain },
  cache,
  run,
}: {
  dialog: ReturnType<typeof useDialogSubject<R>>;
  kind: RecordKind<R>;
  cache: RecordCache;
  run: (subject: R, reason: string) => Promise<string>;
}) {
  const utils = trpc.useUtils();
  return (
    <DeleteWithReasonDialog
      open={dialog.open}
      onOpenChange={dialog.setOpen}
      title={`Delete ${noun}`}
      description={dialog.subject ? explain(dialog.subject) : ""}
      onDelete={async (reason) => {
        const deleted = await run(dialog.subject!, reason);
        await refreshAfterChange(cache, utils);
        return { title: `${capitalise(noun)} Deleted`, description: `${deleted} was deleted.` };
      }}
    />
  );
}

/** The picture upload of a record (a logo, a photo): what it is called, shows now, and where it goes. */
type PictureUpload<R> = {
  title: string;
  subtitle: (subject: R) => string;
  current: (subject: R) => string | null;
  uploadUrl: (subject: R | null) => string;
};

/**
 * A tab of records of one `kind`: the heading with the add button, the list, the tab's own dialogs (`forms`),
 * the kind's picture upload, and the deletion that asks for a reason (`remove` deletes and answers the name
 * it deleted). A picture or a deletion refreshes `cache`, the list's query.
 */
export function RecordTab<T, R>({
  kind,
  cache,
  records,
  forms,
  remove,
  ...list
}: Omit<ConsoleListProps<T>, "state" | "listing" | "toolbar" | "listLabel" | "pager" | "empty"> & {
  kind: RecordKind<R>;
  cache: RecordCache;
  records: RecordConsole<R>;
  forms: ReactNode;
  remove: (subject: R, reason: string) => Promise<string>;
}) {
  const { dialogs } = records;
  const { picture } = kind;
  return (
    <Stack gap="5">
      <PanelHeader title={kind.title} description={kind.description}>
        <Button colorPalette="blue" onClick={() => dialogs.editing.show(null)}>
          <LuPlus /> {kind.add}
        </Button>
      </PanelHeader>
      <ConsoleList
        error={kind.failure}
        {...list}
        empty={<Notice icon={LuSearchX} {...kind.none} />}
        state={records.state}
        listing={kind.listing}
        toolbar={kind.toolbar}
        listLabel={kind.title}
      />
      {forms}
      {picture ? (
        <ImageUploadDialog
          open={dialogs.picture.open}
          onOpenChange={dialogs.picture.setOpen}
          title={picture.title}
          subtitle={dialogs.picture.subject ? picture.subtitle(dialogs.picture.subject) : ""}
          current={dialogs.picture.subject ? picture.current(dialogs.picture.subject) : null}
          uploadUrl={picture.uploadUrl(dialogs.picture.subject)}
          onUploaded={() => cache.invalidate()}
        />
      ) : null}
      <DeleteRecordDialog dialog={dialogs.deleting} kind={kind} cache={cache} run={remove} />
    </Stack>
  );
}
