// The group's month for its owners and managers: each dealership's figures side by side (the totals of its own
// monthly report), and the group's totals, in a table that scrolls sideways on a phone.
import { Stack, Text } from "@chakra-ui/react";
import { trpc } from "../../trpc";
import { ReportTable } from "../../ui/ReportTable";
import { MonthlyReportCard, monthLabel, useReportMonth } from "../manager";
import { REPORT_COLUMNS } from "./figures";

/** The group report's card: a month (the current one at first) and its table. */
export function GroupReportCard() {
  const picked = useReportMonth();
  const report = trpc.groups.report.useQuery({ month: picked.month }, { enabled: picked.valid });
  return (
    <MonthlyReportCard
      picked={picked}
      report={report}
      label="Group report"
      fallbackTitle="Report"
      description="Each dealership's month as its own monthly report counts it, in its own time zone: visits by their start, reviews and cases by when they were filed. Conversion is completed visits as a share of visits booked."
      isEmpty={(data) => data.dealerships.length === 0}
      empty={{
        title: "No dealerships in the group",
        description: "The report lists each dealership of the group.",
      }}
    >
      {(data) => (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted" hideFrom="lg">
            The table scrolls sideways for every figure; each dealership's name stays in view.
          </Text>
          <ReportTable
            caption={`${data.group.name}, ${monthLabel(data.month)}: dealerships side by side`}
            sticky
            minW="4xl"
            nameHeader="Dealership"
            rows={data.dealerships.map((row) => ({
              key: row.dealership.id,
              name: row.dealership.name,
              figures: row.figures,
            }))}
            totalLabel="Group total"
            totals={data.totals}
            columns={REPORT_COLUMNS}
          />
          <Text fontSize="xs" color="fg.muted">
            Totals add the dealerships' counts; the average rating and reply time are weighted by the reviews
            and replies they average.
          </Text>
        </Stack>
      )}
    </MonthlyReportCard>
  );
}
