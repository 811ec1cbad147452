import { Badge, Box, Button, chakra, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { LuHistory, LuShieldAlert, LuShieldCheck } from "react-icons/lu";
import { REPORT_STATUS_MOVES, type ReportStatus } from "../../../shared/reviews";
import { trpc } from "../../trpc";
import { ExpandableCard, ExpandableCards } from "../../ui/ExpandableCards";
import { showFailure } from "../../ui/failureToast";
import { SelectField, TextareaField } from "../../ui/form";
import { formatCalendarDate, mediumDate, mediumDateTime } from "../../ui/format";
import { Notice } from "../../ui/QueryState";
import { QueueCard } from "../../ui/QueueCard";
import { showToast } from "../../ui/toaster";
import { misconductQueries } from "./queries";
import { categoryLabel, REPORT_STATUS_STYLE, reportStatusStyle } from "./reportLabels";
import type { CaseEvent, MisconductCase } from "./types";

function StatusBadge({ status }: { status: string }) {
  const style = reportStatusStyle(status);
  return (
    <Badge colorPalette={style.palette} variant="subtle" borderRadius="full">
      {style.label}
    </Badge>
  );
}

/** A case's history: from the list (instants as ISO text) or from a save (instants as dates). */
type HistoryEvent = Omit<CaseEvent, "createdAt"> & { createdAt: Date | string };

function History({ events }: { events: HistoryEvent[] }) {
  return (
    <Stack gap="2">
      <HStack gap="1.5" fontSize="sm" fontWeight="semibold" color="ink">
        <LuHistory aria-hidden />
        <Text>History</Text>
      </HStack>
      <Stack as="ol" listStyleType="none" gap="2" ps="1" borderStartWidth="2px" borderColor="border.muted">
        {events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id and never reorder.
          <Box as="li" key={index} ps="3" fontSize="sm">
            <HStack gap="2" flexWrap="wrap">
              <Text color="fg.muted" fontSize="xs">
                {mediumDateTime.format(new Date(event.createdAt))}
              </Text>
              {event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus ? (
                <Text>
                  {reportStatusStyle(event.fromStatus).label} →{" "}
                  <b>{reportStatusStyle(event.toStatus).label}</b>
                </Text>
              ) : event.toStatus ? (
                <Text>{reportStatusStyle(event.toStatus).label}</Text>
              ) : null}
            </HStack>
            {event.note ? (
              <Text color="fg.muted" whiteSpace="pre-line">
                {event.note}
              </Text>
            ) : null}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function CaseForm({ report, onSaved }: { report: MisconductCase; onSaved: (events: CaseEvent[]) => void }) {
  const [status, setStatus] = useState<ReportStatus>(report.status as ReportStatus);
  const [note, setNote] = useState("");
  const [resolution, setResolution] = useState(report.resolution ?? "");
  const closing = status === "resolved" || status === "dismissed";
  const update = trpc.misconduct.updateCase.useMutation({
    onSuccess: async (result) => {
      showToast({
        title: "Case updated",
        description: `The case is now ${reportStatusStyle(result.status).label.toLowerCase()}. The reporter sees the new status with their tracking code.`,
        variant: "success",
      });
      setNote("");
      onSaved(result.events);
    },
    onError: (error) => showFailure("Couldn't update the case", error),
  });
  const unchanged =
    status === report.status && note.trim() === "" && resolution.trim() === (report.resolution ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({
      reportId: report.id,
      status: status !== report.status ? status : undefined,
      note: note.trim() || undefined,
      resolution:
        resolution.trim() && resolution.trim() !== (report.resolution ?? "") ? resolution.trim() : undefined,
    });
  };

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <SelectField
            label="Status"
            hint={REPORT_STATUS_STYLE[status].meaning.replace("Your report was", "The report was")}
            options={[
              report.status as ReportStatus,
              ...REPORT_STATUS_MOVES[report.status as ReportStatus],
            ].map((value) => ({ value, label: REPORT_STATUS_STYLE[value].label }))}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as ReportStatus)}
          />
          <TextareaField
            label="Internal note"
            note="optional"
            rows={2}
            maxLength={2000}
            placeholder="What you did or found. Kept in the case history."
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        </SimpleGrid>
        <TextareaField
          label="Resolution"
          hint={
            closing
              ? "The reporter sees this with their tracking code."
              : "The reporter sees this once the case is resolved or dismissed."
          }
          rows={2}
          maxLength={2000}
          placeholder="The outcome, in words the reporter will understand."
          value={resolution}
          onChange={(e) => setResolution(e.currentTarget.value)}
        />
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="blue" size="sm" disabled={unchanged} loading={update.isPending}>
            Save case
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}

/**
 * One case as an expandable card (inside `ExpandableCards`): who and what, then the description, the form
 * that moves it along, and its history. `context` is a line under the title (e.g. the dealership).
 */
export function MisconductCaseItem({ report, context }: { report: MisconductCase; context?: string }) {
  const [saved, setSaved] = useState<CaseEvent[] | null>(null);
  const events: HistoryEvent[] = saved ?? report.events;
  return (
    <ExpandableCard
      value={String(report.id)}
      summary={
        <>
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" color="ink">
              {report.salespersonName}
            </Text>
            <StatusBadge status={report.status} />
          </HStack>
          <Text fontSize="sm" color="fg.muted" truncate>
            {context ? `${context} · ` : ""}
            {categoryLabel(report.category)} · reported {mediumDate.format(new Date(report.createdAt))}
          </Text>
        </>
      }
    >
      <Stack gap="5">
        <Stack gap="2" p="4" bg="gray.50" borderRadius="md">
          <HStack gap="3" fontSize="xs" color="fg.muted" flexWrap="wrap">
            <Text>Case #{report.id}</Text>
            {report.incidentDate ? (
              <Text>Incident on {formatCalendarDate(report.incidentDate, "medium")}</Text>
            ) : null}
            <Text>Last updated {mediumDateTime.format(new Date(report.updatedAt))}</Text>
          </HStack>
          <Text whiteSpace="pre-line">{report.description}</Text>
        </Stack>
        <CaseForm key={report.status} report={report} onSaved={setSaved} />
        {events.length > 0 ? <History events={events} /> : null}
      </Stack>
    </ExpandableCard>
  );
}

/**
 * Manager dashboard: misconduct reports about the dealership's salespeople, as cases. Open and
 * investigating cases come first; every change is kept in the case history.
 */
export function MisconductCasesPanel() {
  const { data: cases } = useSuspenseQuery(misconductQueries.cases());
  return (
    <QueueCard
      id="cases-heading"
      icon={LuShieldAlert}
      iconColor="orange.600"
      title="Misconduct cases"
      count={(items) => {
        const active = items.filter((c) => c.status === "open" || c.status === "investigating").length;
        return { label: `${active} active`, palette: active > 0 ? "orange" : "green" };
      }}
      description="Reports from buyers about your salespeople. Reporters may be anonymous: they follow the case with a tracking code and see its status and resolution, never your internal notes."
      items={cases}
      empty={
        <Notice
          icon={LuShieldCheck}
          iconColor="green.500"
          title="No reports"
          description="No one has reported misconduct by your team."
          py="8"
        />
      }
    >
      {(items) => (
        <ExpandableCards gap="3">
          {items.map((report) => (
            <MisconductCaseItem key={report.id} report={report} />
          ))}
        </ExpandableCards>
      )}
    </QueueCard>
  );
}
