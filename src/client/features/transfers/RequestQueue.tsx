// The frame of an admin queue of requests decided one by one (transfer requests, dealership applications):
// the pending count beside the heading, the status filter beside the search, each request's row with its
// two answers while it waits, and the decision dialog.
import { Box, Grid, HStack, Stack, Stat, Text } from "@chakra-ui/react";
import { statSlotRecipe } from "@chakra-ui/react/theme";
import { keepPreviousData } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { IconType } from "react-icons";
import { DecideButtons } from "../../ui/DecideButtons";
import { LabelledSelect } from "../../ui/LabelledSelect";
import { PanelHeader } from "../../ui/PanelHeader";
// biome-ignore lint/style/noRestrictedImports: through the admin index the manager's and salesperson's dashboards would download the moderation tabs
import { ConsoleList, useSearchPage } from "../admin/consoleList";
import { TransferDecisionDialog } from "./DecisionDialog";

const PAGE_SIZE = 20;

/**
 * The status filter, the search and the page of a queue; `input` is what its list is asked for and
 * `options` keep the previous page on screen while the next loads, reading afresh on each visit.
 */
export function useStatusQueue<F extends string>() {
  const [status, setStatus] = useState<"" | F>("");
  const state = useSearchPage(status);
  const input = {
    status: status || undefined,
    search: state.search || undefined,
    page: state.page,
    pageSize: PAGE_SIZE,
  };
  const options = { placeholderData: keepPreviousData } as const;
  return { status, setStatus, state, input, options };
}

type ListProps<T> = Parameters<typeof ConsoleList<T>>[0];

/**
 * A queue tab: the heading with the pending count, the searchable list filtered by status, and the decision dialog.
 * `listing` names what is queued in the plural ("applications"), `noun` one of them.
 */
export function RequestQueue<T extends { id: number }, F extends string, D extends string>(props: {
  header: { title: string; description: string; pendingLabel: string };
  query: ListProps<T>["query"] & { data: { pending: number } | undefined };
  queue: ReturnType<typeof useStatusQueue<F>>;
  statuses: readonly { value: "" | F; label: string }[];
  listing: string;
  noun: string;
  toolbar: ListProps<T>["toolbar"];
  rowHeight: string;
  empty: { icon: IconType; description: string };
  /** The decision dialog: the row and answer it holds, its texts, and the mutation that saves the answer. */
  decision: Omit<Parameters<typeof TransferDecisionDialog<T, D>>[0], "pending" | "onDecide"> & {
    mutation: { isPending: boolean; mutate: Parameters<typeof TransferDecisionDialog<T, D>>[0]["onDecide"] };
  };
  children: (item: T) => ReactNode;
}) {
  const { header, query, queue, listing } = props;
  return (
    <Stack gap="5">
      <PanelHeader title={header.title} description={header.description}>
        <Stat.Root recipe={statSlotRecipe} layerStyle="request" px="4" py="2.5" minW="44" flex="none">
          <Stat.Label>{header.pendingLabel}</Stat.Label>
          <Stat.ValueText color={query.data?.pending ? "blue.700" : "ink"}>
            {query.data ? query.data.pending : "—"}
          </Stat.ValueText>
        </Stat.Root>
      </PanelHeader>
      <ConsoleList
        query={query}
        state={queue.state}
        listing={listing}
        toolbar={props.toolbar}
        filtered={queue.status !== ""}
        filters={
          <Box minW={{ md: "56" }}>
            <LabelledSelect
              label="Filter by status"
              value={queue.status}
              onChange={(value) => queue.setStatus(value as "" | F)}
              options={props.statuses}
            />
          </Box>
        }
        loading={{ rows: 4, height: props.rowHeight }}
        empty={{
          icon: props.empty.icon,
          title: [`No ${listing} yet`, `No matching ${listing}`],
          description: [props.empty.description, "Try another search or status."],
        }}
        pager={{ pageSize: PAGE_SIZE, noun: props.noun }}
      >
        {props.children}
      </ConsoleList>
      <TransferDecisionDialog
        {...props.decision}
        pending={props.decision.mutation.isPending}
        onDecide={(answer) => props.decision.mutation.mutate(answer)}
      />
    </Stack>
  );
}

/**
 * One request: highlighted while it waits; from tablets up three columns: who or what asks (`name`, its
 * status `badge` and the `about` lines), the details (`children`), and the two answers while it waits or
 * else what the decision did (`outcome`).
 */
export function RequestRow({
  label,
  columns,
  align,
  name,
  badge,
  about,
  children,
  waiting,
  no,
  yes,
  outcome,
}: Pick<Parameters<typeof DecideButtons>[0], "no" | "yes"> & {
  label: string;
  /** The first two columns' widths (the answers' column is fixed). */
  columns: string;
  align: "start" | "center";
  name: string;
  badge: ReactNode;
  about: ReactNode;
  children: ReactNode;
  waiting: boolean;
  outcome: string;
}) {
  return (
    <Box
      as="li"
      p={{ base: "4", md: "5" }}
      layerStyle="request"
      borderColor={waiting ? "blue.200" : undefined}
      aria-label={label}
    >
      <Grid
        templateColumns={{ base: "1fr", md: `${columns} 13.5rem` }}
        gap={{ base: "3", md: "5" }}
        alignItems={align}
      >
        <Stack gap="1" minW="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold" color="ink">
              {name}
            </Text>
            {badge}
          </HStack>
          {about}
        </Stack>
        <Stack gap="2" minW="0">
          {children}
        </Stack>
        {waiting ? (
          <DecideButtons no={no} yes={yes} />
        ) : (
          <Text fontSize="xs" color="fg.muted" textAlign={{ md: "end" }}>
            {outcome}
          </Text>
        )}
      </Grid>
    </Box>
  );
}
