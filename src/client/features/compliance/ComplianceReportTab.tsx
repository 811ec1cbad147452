// Reports (administrators): a compliance report for a date range, downloaded as a JSON file and summarised
// here; "Monthly report" covers the last calendar month.

import { Badge, Box, Button, Flex, Grid, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { type FormEvent, useState } from "react";
import { LuCalendarRange, LuDownload, LuFileText } from "react-icons/lu";
import { complianceReportInput } from "../../../shared/schemas/compliance";
import { apiErrorMessage, type RouterOutputs, trpc } from "../../trpc";
import { FailureAlert } from "../../ui/FailureAlert";
import { InputField } from "../../ui/form";
import { PanelHeader } from "../../ui/PanelHeader";
import { SectionCard } from "../../ui/SectionCard";
import { useFormDraft } from "../../ui/useFormDraft";
import { downloadJson } from "./download";
import { formatDay, formatDayAndTime, isoDay, lastMonth } from "./labels";

export const REPORT_FAILED = "Failed to generate compliance report. Please try again.";

type Report = RouterOutputs["compliance"]["report"];

function reportFilename(report: Report) {
  return `compliance-report-${report.period.startDate}-${report.period.endDate}.json`;
}

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Flex justify="space-between" gap="3" bg="bg.muted" borderRadius="md" px="3" py="2">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontSize="sm" fontWeight="semibold" color="ink">
        {typeof value === "number" ? value.toLocaleString("en-US") : value}
      </Text>
    </Flex>
  );
}

function days(value: number | null): string {
  return value === null ? "—" : `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })} days`;
}

function ReportSummary({ report }: { report: Report }) {
  const d = report.dataRequests;
  const passed = report.checks.filter((c) => c.passed).length;
  return (
    <SectionCard
      title={`Report for ${formatDay(`${report.period.startDate}T12:00:00`)} – ${formatDay(`${report.period.endDate}T12:00:00`)}`}
      label="Report summary"
      description={`Generated ${formatDayAndTime(report.generatedAt)} · dates in UTC`}
      actions={
        <Button size="sm" variant="outline" onClick={() => downloadJson(report, reportFilename(report))}>
          <LuDownload /> Download JSON again
        </Button>
      }
    >
      <HStack gap="3" wrap="wrap">
        <Text fontSize="2xl" fontWeight="semibold" color="ink">
          {report.score}%
        </Text>
        <Text fontSize="sm" color="fg.muted">
          compliance score today · {passed} of {report.checks.length} checks pass
        </Text>
      </HStack>
      <Grid templateColumns={{ base: "1fr", md: "repeat(3, minmax(0, 1fr))" }} gap="5">
        <Stack gap="2">
          <Text as="h4" fontWeight="semibold" fontSize="sm" color="ink">
            Data requests
          </Text>
          <Stack as="dl" gap="1.5">
            <Figure label="Received" value={d.received ?? 0} />
            <Figure label="Completed" value={d.completed ?? 0} />
            <Figure label="Rejected" value={d.rejected ?? 0} />
            <Figure label="Open at the end" value={d.open ?? 0} />
            <Figure label={`Answered after ${d.deadlineDays} days`} value={d.late ?? 0} />
            <Figure label="Average answer" value={days(d.averageDays ?? null)} />
            <Figure label="Erasures completed" value={report.erasures} />
          </Stack>
        </Stack>
        <Stack gap="2">
          <Text as="h4" fontWeight="semibold" fontSize="sm" color="ink">
            Security events
          </Text>
          <Stack as="dl" gap="1.5">
            {(["critical", "high", "medium", "low"] as const).map((risk) => (
              <Figure
                key={risk}
                label={`${risk.charAt(0).toUpperCase()}${risk.slice(1)} risk`}
                value={report.securityEvents.byRisk[risk] ?? 0}
              />
            ))}
          </Stack>
          {report.securityEvents.topTypes.length > 0 ? (
            <Flex gap="1.5" wrap="wrap" pt="1">
              {report.securityEvents.topTypes.slice(0, 6).map((t) => (
                <Badge key={t.eventType} variant="subtle" colorPalette="gray">
                  {t.eventType} · {t.count}
                </Badge>
              ))}
            </Flex>
          ) : null}
        </Stack>
        <Stack gap="2">
          <Text as="h4" fontWeight="semibold" fontSize="sm" color="ink">
            Incidents and retention
          </Text>
          <Stack as="dl" gap="1.5">
            <Figure label="Misconduct reports" value={report.incidents.reported} />
            <Figure label="Reports resolved" value={report.incidents.resolved} />
            <Figure label="Cleanup runs" value={report.retention.cleanups.length} />
            <Figure label="Records cleaned" value={report.retention.cleanedRecords} />
          </Stack>
        </Stack>
      </Grid>
    </SectionCard>
  );
}

export function ComplianceReportTab() {
  const month = lastMonth();
  const form = useFormDraft({ startDate: month.startDate, endDate: month.endDate });
  const [report, setReport] = useState<Report | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const generate = trpc.compliance.report.useMutation();
  const [running, setRunning] = useState<"range" | "monthly" | null>(null);

  const run = (range: { startDate: string; endDate: string }, which: "range" | "monthly") => {
    setFailure(null);
    setRunning(which);
    generate.mutate(range, {
      onSuccess: (made) => {
        setReport(made);
        downloadJson(made, reportFilename(made));
      },
      onError: (e) => {
        if (!form.showServerErrors(e)) setFailure(apiErrorMessage(e, REPORT_FAILED));
      },
      onSettled: () => setRunning(null),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = form.check(complianceReportInput);
    if (range) run(range, "range");
  };

  const monthly = () => {
    const last = lastMonth();
    form.reset(last);
    run(last, "monthly");
  };

  return (
    <Stack gap="5">
      <PanelHeader
        title="Compliance reports"
        description="Data requests, erasures, incidents, security events and retention for a period, with today's checks. The report downloads as a JSON file."
      />
      <SectionCard
        title="Generate a report"
        description="Dates are whole days in UTC, both included."
        actions={
          <Button
            size="sm"
            variant="outline"
            colorPalette="blue"
            onClick={monthly}
            loading={running === "monthly"}
            loadingText="Generating…"
            disabled={running !== null}
          >
            <LuCalendarRange /> Monthly report
          </Button>
        }
      >
        <form ref={form.formRef} onSubmit={submit} noValidate aria-label="Report period">
          <Stack gap="4">
            <FailureAlert message={failure} size="sm" />
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
              <InputField
                label="Start date"
                type="date"
                required
                max={isoDay(new Date())}
                {...form.bind("startDate")}
              />
              <InputField
                label="End date"
                type="date"
                required
                min={form.draft.startDate || undefined}
                {...form.bind("endDate")}
              />
            </SimpleGrid>
            <Box>
              <Button
                type="submit"
                colorPalette="blue"
                loading={running === "range"}
                loadingText="Generating…"
                disabled={running !== null}
              >
                <LuFileText /> Generate report
              </Button>
            </Box>
          </Stack>
        </form>
      </SectionCard>
      {report ? <ReportSummary report={report} /> : null}
    </Stack>
  );
}
