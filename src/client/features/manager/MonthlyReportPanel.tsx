import { Button, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { LuDownload, LuFileSpreadsheet } from "react-icons/lu";
import type { MonthlyReport } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { PanelHeader } from "../../ui/PanelHeader";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { ratingText } from "../../ui/Rating";
import { SectionCard } from "../../ui/SectionCard";
import { monthLabel, replyTime } from "./format";
import { MonthField, useReportMonth } from "./MonthField";

type Totals = MonthlyReport["totals"];

const COLUMNS: { label: string; value: (row: Totals) => string }[] = [
  { label: "Appointments", value: (r) => String(r.appointments) },
  { label: "Cancellations", value: (r) => String(r.cancellations) },
  { label: "No-shows", value: (r) => String(r.noShows) },
  { label: "Reviews", value: (r) => String(r.reviews) },
  { label: "Avg. rating", value: (r) => ratingText(r.averageRating, r.reviews) },
  { label: "Misconduct cases", value: (r) => String(r.misconductCases) },
  { label: "Avg. reply time", value: (r) => replyTime(r.averageReplyMinutes) },
];

function ReportTable({ report }: { report: MonthlyReport }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg">
      <Table.Root size="sm" minW="3xl">
        <Table.Caption srOnly>Dealership report for {monthLabel(report.month)}</Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader>Salesperson</Table.ColumnHeader>
            {COLUMNS.map((column) => (
              <Table.ColumnHeader key={column.label} textAlign="end">
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {report.rows.map((row) => (
            <Table.Row key={row.salespersonId}>
              <Table.Cell fontWeight="medium" color="ink">
                {row.name}
              </Table.Cell>
              {COLUMNS.map((column) => (
                <Table.Cell key={column.label} textAlign="end">
                  {column.value(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row bg="gray.50" fontWeight="semibold">
            <Table.Cell>Total</Table.Cell>
            {COLUMNS.map((column) => (
              <Table.Cell key={column.label} textAlign="end">
                {column.value(report.totals)}
              </Table.Cell>
            ))}
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The monthly dealership report: pick a month, see it per salesperson, download it as CSV or JSON. */
export function MonthlyReportPanel() {
  const picked = useReportMonth();
  const { month, valid } = picked;
  const report = trpc.manager.monthlyReport.useQuery({ month }, { enabled: valid });
  const download = (format: "csv" | "json") =>
    `/api/manager/report?month=${encodeURIComponent(month)}&format=${format}`;

  return (
    <Stack gap="6">
      <PanelHeader
        title="Reports"
        description="A monthly report of your team's appointments, reviews, misconduct cases and reply times."
      >
        <HStack gap="2" wrap="wrap">
          <Button asChild size="sm" colorPalette="blue" disabled={!valid} aria-disabled={!valid}>
            <a href={valid ? download("csv") : undefined} download>
              <LuDownload /> Download CSV
            </a>
          </Button>
          <Button asChild size="sm" variant="outline" bg="white" disabled={!valid} aria-disabled={!valid}>
            <a href={valid ? download("json") : undefined} download>
              <LuDownload /> Download JSON
            </a>
          </Button>
        </HStack>
      </PanelHeader>
      <SectionCard
        title={valid ? `Report for ${monthLabel(month)}` : "Monthly report"}
        label="Monthly report"
        description="Appointments count by their start time, reviews and cases by when they were filed, in your dealership's time zone. Reply time: from a customer's message to the salesperson's next reply."
      >
        <MonthField {...picked} />
        {!valid ? null : report.isPending ? (
          <Skeleton
            height="48"
            borderRadius="lg"
            role="status"
            aria-busy="true"
            aria-label="Loading report"
          />
        ) : report.isError ? (
          <InlineLoadError message="We couldn't load this report." onRetry={() => void report.refetch()} />
        ) : report.data.rows.length === 0 ? (
          <Notice
            icon={LuFileSpreadsheet}
            size="sm"
            title="No salespeople on your team"
            description="The report lists each salesperson on your team."
          />
        ) : (
          <Stack gap="2">
            <ReportTable report={report.data} />
            <Text fontSize="xs" color="fg.muted">
              {report.data.totals.customerMessages} customer messages this month. Reply time runs from the
              first unanswered customer message to the salesperson's next reply. Months follow{" "}
              {report.data.dealership.timeZone} time.
            </Text>
          </Stack>
        )}
      </SectionCard>
    </Stack>
  );
}
