// GDPR Requests: everyone files requests about their own data and follows them here; administrators see
// everyone's, filter them, and move each one on (start processing, complete, reject with a note).

import { Button, Dialog, Flex, Grid, Stack } from "@chakra-ui/react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { LuCheck, LuInbox, LuPlay, LuX } from "react-icons/lu";
import {
  EXPORT_REQUEST_TYPES,
  GDPR_REQUEST_STATUSES,
  GDPR_REQUEST_TYPE_LABELS,
  GDPR_REQUEST_TYPES,
  type GdprRequestStatus,
  type GdprRequestType,
} from "../../../shared/compliance";
import type { GdprRequestView } from "../../../shared/schemas/compliance";
import { apiErrorMessage, trpc } from "../../trpc";
import { ConfirmActions, DialogFrame, DialogHeading } from "../../ui/dialog";
import { FailureAlert } from "../../ui/FailureAlert";
import { FilteredLog, useLogFilters } from "../../ui/FilteredLog";
import { FilterField, FilterSearch, FilterSelect } from "../../ui/filters";
import { TextareaField } from "../../ui/form";
import { ListPager } from "../../ui/Pager";
import { PanelHeader } from "../../ui/PanelHeader";
import { Notice, panelNotice, QueryState, SkeletonRows } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { showToast } from "../../ui/toaster";
import { DEADLINE_SENTENCE, requestTypeName, STATUS_LABELS } from "./labels";
import { NewRequestForm, RequestCard } from "./requestParts";

const PAGE_SIZE = 10;

// Everyone's own requests ---------------------------------------------------------------------------------------

function OwnRequests() {
  const [page, setPage] = useState(1);
  const requests = trpc.compliance.requests.useQuery(
    { scope: "mine", page, pageSize: PAGE_SIZE },
    { placeholderData: (previous) => previous, refetchOnMount: "always" },
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

type Decision = { request: GdprRequestView; action: "complete" | "reject" };

function decisionCopy({ request, action }: Decision) {
  const who = request.userEmail;
  const type = request.requestType;
  if (action === "reject") {
    return {
      title: "Reject this request?",
      body: `Say why the ${requestTypeName(type).toLowerCase()} request of ${who} is rejected. They read this note.`,
      noteRequired: true,
      confirm: "Reject request",
      pending: "Rejecting…",
      palette: "red" as const,
    };
  }
  if (type === "erasure") {
    return {
      title: "Erase this account permanently?",
      body: `Completing this request erases ${who} now: their name, e-mail, phone, photos, sessions, favourites and notifications are removed everywhere and their messages are replaced. Reviews stay as anonymous reviews. This cannot be undone, and they will no longer be able to sign in to this account.`,
      noteRequired: false,
      confirm: "Erase account",
      pending: "Erasing…",
      palette: "red" as const,
    };
  }
  const noteRequired = type === "rectification" || type === "restriction";
  return {
    title: "Complete this request?",
    body: EXPORT_REQUEST_TYPES.includes(type)
      ? `Completing prepares an export of everything held about ${who}; they can download it from their requests.`
      : `Say what was ${type === "rectification" ? "corrected" : "restricted"} for ${who}. They read this note.`,
    noteRequired,
    confirm: "Complete request",
    pending: "Completing…",
    palette: "green" as const,
  };
}

function DecisionDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const update = trpc.compliance.updateRequest.useMutation();
  const formId = useId();
  const copy = decision ? decisionCopy(decision) : null;

  useEffect(() => {
    if (decision) {
      setNote("");
      setError(null);
      setFailure(null);
    }
  }, [decision]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!decision || !copy) return;
    if (copy.noteRequired && !note.trim()) {
      setError(
        decision.action === "reject"
          ? "Say why the request is rejected"
          : "Say what was corrected or restricted",
      );
      return;
    }
    update.mutate(
      { id: decision.request.id, action: decision.action, note: note.trim() || undefined },
      {
        onSuccess: async (updated) => {
          showToast({
            title: updated.status === "rejected" ? "Request rejected" : "Request completed",
            description: `${requestTypeName(updated.requestType)} request #${updated.id} of ${updated.userEmail}.`,
            variant: "success",
          });
          onClose();
          await Promise.all([utils.compliance.requests.invalidate(), utils.compliance.overview.invalidate()]);
        },
        onError: (e) => setFailure(apiErrorMessage(e, "The request could not be updated. Please try again.")),
      },
    );
  };

  return (
    <DialogFrame
      open={decision !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      layout="card"
      size="md"
      alert={decision?.action === "reject" || decision?.request.requestType === "erasure"}
      busy={update.isPending}
    >
      {decision && copy ? (
        <>
          <DialogHeading title={copy.title} subtitle={copy.body} />
          <Dialog.Body>
            <form id={formId} onSubmit={submit} noValidate aria-label={copy.title}>
              <Stack gap="3">
                <FailureAlert message={failure} size="sm" />
                <TextareaField
                  label="Note to the requester"
                  required={copy.noteRequired}
                  note={copy.noteRequired ? undefined : "optional"}
                  rows={3}
                  maxLength={2000}
                  value={note}
                  error={error}
                  onChange={(e) => {
                    setNote(e.currentTarget.value);
                    setError(null);
                  }}
                />
              </Stack>
            </form>
          </Dialog.Body>
          <ConfirmActions
            plain
            onCancel={onClose}
            cancelLabel="Go back"
            confirmLabel={copy.confirm}
            pendingLabel={copy.pending}
            pending={update.isPending}
            palette={copy.palette}
            form={formId}
          />
        </>
      ) : null}
    </DialogFrame>
  );
}

function AdminActions({
  request,
  onDecide,
}: {
  request: GdprRequestView;
  onDecide: (decision: Decision) => void;
}) {
  const utils = trpc.useUtils();
  const process = trpc.compliance.updateRequest.useMutation({
    onSuccess: async () => {
      // The list first, so the toast never says "started" beside a request still shown as pending.
      await Promise.all([utils.compliance.requests.invalidate(), utils.compliance.overview.invalidate()]);
      showToast({
        title: "Processing started",
        description: `Request #${request.id} is yours to handle.`,
        variant: "success",
      });
    },
    onError: (e) =>
      showToast({
        title: "Not started",
        description: apiErrorMessage(e, "The request could not be updated. Please try again."),
        variant: "destructive",
      }),
  });
  if (request.status !== "pending" && request.status !== "processing") return null;
  return (
    <Flex gap="2" wrap="wrap" borderTopWidth="1px" borderColor="border.muted" pt="3">
      {request.status === "pending" ? (
        <Button
          size="sm"
          colorPalette="blue"
          loading={process.isPending}
          loadingText="Starting…"
          onClick={() => process.mutate({ id: request.id, action: "process" })}
        >
          <LuPlay /> Start processing
        </Button>
      ) : null}
      <Button
        size="sm"
        colorPalette={request.requestType === "erasure" ? "red" : "green"}
        variant={request.status === "processing" ? "solid" : "outline"}
        onClick={() => onDecide({ request, action: "complete" })}
      >
        <LuCheck /> Complete
      </Button>
      <Button
        size="sm"
        variant="ghost"
        colorPalette="red"
        onClick={() => onDecide({ request, action: "reject" })}
      >
        <LuX /> Reject
      </Button>
    </Flex>
  );
}

const NO_FILTERS = { status: "", requestType: "" };

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
    { placeholderData: (previous) => previous, refetchOnMount: "always" },
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
            <FilterField label="Status">
              {(id) => (
                <FilterSelect
                  id={id}
                  value={filters.status}
                  onChange={set("status")}
                  all="All statuses"
                  options={GDPR_REQUEST_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
                />
              )}
            </FilterField>
            <FilterField label="Type">
              {(id) => (
                <FilterSelect
                  id={id}
                  value={filters.requestType}
                  onChange={set("requestType")}
                  all="All types"
                  options={GDPR_REQUEST_TYPES.map((t) => ({ value: t, label: GDPR_REQUEST_TYPE_LABELS[t] }))}
                />
              )}
            </FilterField>
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
