// GDPR Requests: everyone files requests about their own data and follows them here; administrators see
// everyone's, filter them, and move each one on (start processing, complete, reject with a note).

import { Grid, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { LuInbox } from "react-icons/lu";
import {
  GDPR_REQUEST_STATUSES,
  GDPR_REQUEST_TYPE_LABELS,
  GDPR_REQUEST_TYPES,
  type GdprRequestStatus,
  type GdprRequestType,
} from "../../../shared/compliance";
import { trpc } from "../../trpc";
import { type FilterChoice, FilterChoices } from "../../ui/FilterChoice";
import { FilteredLog, useLogFilters } from "../../ui/FilteredLog";
import { FilterSearch } from "../../ui/filters";
import { ListPager } from "../../ui/Pager";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice, QueryState, SkeletonRows } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { DEADLINE_SENTENCE, STATUS_LABELS } from "./labels";
import { AdminActions, type Decision, DecisionDialog } from "./RequestDecision";
import { NewRequestForm, RequestCard } from "./requestParts";

const PAGE_SIZE = 10;

// Everyone's own requests ---------------------------------------------------------------------------------------

function OwnRequests() {
  const [page, setPage] = useState(1);
  const requests = trpc.compliance.requests.useQuery(
    { scope: "mine", page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous },
  );
  return (
    <Stack gap="5">
      <PanelHeader title="Your data requests" description={DEADLINE_SENTENCE} />
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 2fr) minmax(0, 3fr)" }} gap="5" alignItems="start">
        <SectionCard title="New request" description="Ask about the data KnowBefore holds about you.">
          <NewRequestForm onFiled={() => setPage(1)} />
        </SectionCard>
        <Stack as="section" aria-label="Your requests" gap="3" minW="0">
          <QueryState
            query={requests}
            loading={<SkeletonRows label="Loading your requests" h="32" count={2} gap="3" radius="xl" />}
            error={{ title: "We couldn't load your requests", titleAs: "h3" }}
            isEmpty={(data) => data.items.length === 0}
            empty={
              <Notice
                icon={LuInbox}
                title="No requests yet"
                description="Requests you file appear here with their deadline and our answer."
                {...panelNotice()}
              />
            }
          >
            {(data) => (
              <Stack gap="3">
                {data.items.map((r) => (
                  <RequestCard key={r.id} request={r} />
                ))}
                <ListPager
                  total={data.total}
                  pageSize={PAGE_SIZE}
                  page={page}
                  onPageChange={setPage}
                  noun="request"
                />
              </Stack>
            )}
          </QueryState>
        </Stack>
      </Grid>
    </Stack>
  );
}

// Administrators: everyone's requests ------------------------------------------------------------------------

const NO_FILTERS = { status: "", requestType: "" };
const REQUEST_CHOICES: FilterChoice<keyof typeof NO_FILTERS>[] = [
  {
    name: "status",
    label: "Status",
    all: "All statuses",
    options: GDPR_REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
  },
  {
    name: "requestType",
    label: "Type",
    all: "All types",
    options: GDPR_REQUEST_TYPES.map((t) => ({ value: t, label: GDPR_REQUEST_TYPE_LABELS[t] })),
  },
];

function EveryonesRequests() {
  const log = useLogFilters(NO_FILTERS);
  const { filters, set } = log;
  const [decision, setDecision] = useState<Decision | null>(null);
  const requests = trpc.compliance.requests.useQuery(
    {
      scope: "all",
      status: (filters.status || undefined) as GdprRequestStatus | undefined,
      requestType: (filters.requestType || undefined) as GdprRequestType | undefined,
      email: log.search.search || undefined,
      page: log.page,
      pageSize: PAGE_SIZE,
    },
    { placeholderData: (previous) => previous },
  );
  const summary = requests.data?.summary;

  return (
    <>
      <FilteredLog
        title="Data requests"
        description={`Everyone's requests, open ones first by deadline. ${DEADLINE_SENTENCE}`}
        filterLabel="Filter the requests"
        fieldColumns={{ base: "repeat(2, minmax(0, 1fr))", lg: "1fr 1fr 1.4fr" }}
        fields={
          <>
            <FilterChoices choices={REQUEST_CHOICES} values={filters} set={set} />
            <FilterSearch label="Requester e-mail" search={log.search} span />
          </>
        }
        state={log}
        query={requests}
        noun="request"
        countNote={
          summary
            ? ` · ${summary.pending ?? 0} pending, ${summary.processing ?? 0} processing, ${summary.overdue ?? 0} overdue in all`
            : ""
        }
        pageSize={PAGE_SIZE}
        loading={<SkeletonRows label="Loading requests" h="32" count={2} gap="3" radius="xl" />}
        error="We couldn't load the requests"
        empty={{
          icon: LuInbox,
          title: ["No data requests yet", "No requests match these filters"],
          description: ["Requests people file appear here.", "Clear a filter to see more."],
        }}
      >
        {(data) =>
          data.items.map((r) => (
            <RequestCard
              key={r.id}
              request={r}
              showRequester
              actions={<AdminActions request={r} onDecide={setDecision} />}
            />
          ))
        }
      </FilteredLog>
      <DecisionDialog decision={decision} onClose={() => setDecision(null)} />
    </>
  );
}

export function RequestsTab({ isAdmin }: { isAdmin: boolean }) {
  return isAdmin ? <EveryonesRequests /> : <OwnRequests />;
}
