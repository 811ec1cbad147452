// The group's month for its owners and managers: each dealership's figures side by side (the totals of its own
// monthly report), and the group's totals, in a table that scrolls sideways on a phone.
import { Skeleton, Stack, Text } from "@chakra-ui/react";
import { LuFileSpreadsheet } from "react-icons/lu";
import { trpc } from "../../trpc";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { ReportTable } from "../../ui/ReportTable";
import { SectionCard } from "../../ui/SectionCard";
import { MonthField, monthLabel, useReportMonth } from "../manager";
import { REPORT_COLUMNS } from "./figures";

/** The group report's card: a month (the current one at first) and its table. */
export function GroupReportCard() {
  const picked = useReportMonth();
  const { month, valid } = picked;
  const report = trpc.groups.report.useQuery({ month }, { enabled: valid });
  return (
    <SectionCard
      title={valid ? `Report for ${monthLabel(month)}` : "Report"}
      label="Group report"
      description="Each dealership's month as its own monthly report counts it, in its own time zone: visits by their start, reviews and cases by when they were filed. Conversion is completed visits as a share of visits booked."
    >
      <MonthField {...picked} />
      {!valid ? null : report.isPending ? (
        <Skeleton height="48" borderRadius="lg" role="status" aria-busy="true" aria-label="Loading report" />
      ) : report.isError ? (
        <InlineLoadError message="We couldn't load this report." onRetry={() => void report.refetch()} />
      ) : report.data.dealerships.length === 0 ? (
        <Notice
          icon={LuFileSpreadsheet}
          size="sm"
          title="No dealerships in the group"
          description="The report lists each dealership of the group."
        />
      ) : (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted" hideFrom="lg">
            The table scrolls sideways for every figure; each dealership's name stays in view.
          </Text>
          <ReportTable
            caption={`${report.data.group.name}, ${monthLabel(report.data.month)}: dealerships side by side`}
            sticky
            minW="4xl"
            nameHeader="Dealership"
            rows={report.data.dealerships.map((row) => ({
              key: row.dealership.id,
              name: row.dealership.name,
              figures: row.figures,
            }))}
            totalLabel="Group total"
            totals={report.data.totals}
            columns={REPORT_COLUMNS}
          />
          <Text fontSize="xs" color="fg.muted">
            Totals add the dealerships' counts; the average rating and reply time are weighted by the reviews
            and replies they average.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
