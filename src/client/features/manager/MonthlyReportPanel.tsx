import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { LuDownload } from "react-icons/lu";
import type { MonthlyReport } from "../../../shared/schemas/manager";
import { trpc } from "../../trpc";
import { PanelHeader } from "../../ui/PanelHeader";
import { FIGURE_COLUMNS, type ReportColumn, ReportTable } from "../../ui/ReportTable";
import { monthLabel } from "./format";
import { MonthlyReportCard, useReportMonth } from "./MonthField";

const COLUMNS: ReportColumn<MonthlyReport["totals"]>[] = [
  { label: "Appointments", value: (r) => String(r.appointments) },
  ...FIGURE_COLUMNS,
];

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
      <MonthlyReportCard
        picked={picked}
        report={report}
        label="Monthly report"
        fallbackTitle="Monthly report"
        description="Appointments count by their start time, reviews and cases by when they were filed, in your dealership's time zone. Reply time: from a customer's message to the salesperson's next reply."
        isEmpty={(data) => data.rows.length === 0}
        empty={{
          title: "No salespeople on your team",
          description: "The report lists each salesperson on your team.",
        }}
      >
        {(data) => (
          <Stack gap="2">
            <ReportTable
              caption={`Dealership report for ${monthLabel(data.month)}`}
              minW="3xl"
              nameHeader="Salesperson"
              rows={data.rows.map((row) => ({ key: row.salespersonId, name: row.name, figures: row }))}
              totalLabel="Total"
              totals={data.totals}
              columns={COLUMNS}
            />
            <Text fontSize="xs" color="fg.muted">
              {data.totals.customerMessages} customer messages this month. Reply time runs from the first
              unanswered customer message to the salesperson's next reply. Months follow{" "}
              {data.dealership.timeZone} time.
            </Text>
          </Stack>
        )}
      </MonthlyReportCard>
    </Stack>
  );
}
