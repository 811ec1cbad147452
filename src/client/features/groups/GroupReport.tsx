// The group's month for its owners and managers: each dealership's figures side by side (the totals of its own
// monthly report), and the group's totals, in a table that scrolls sideways on a phone.
import { Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { LuFileSpreadsheet } from "react-icons/lu";
import type { GroupReport as Report } from "../../../shared/schemas/groups";
import { trpc } from "../../trpc";
import { InlineLoadError, Notice } from "../../ui/QueryState";
import { SectionCard } from "../../ui/SectionCard";
import { MonthField, monthLabel, useReportMonth } from "../manager";
import { REPORT_COLUMNS } from "./figures";

/** The first column stays in view while the figures scroll under it. */
const stickyName = { position: "sticky", left: 0, zIndex: 1, borderRightWidth: "1px" } as const;

function ReportTable({ report }: { report: Report }) {
  const caption = `${report.group.name}, ${monthLabel(report.month)}: dealerships side by side`;
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      tabIndex={0}
      role="region"
      aria-label={`${caption} (scrolls sideways)`}
    >
      <Table.Root size="sm" minW="4xl">
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader {...stickyName} bg="gray.50">
              Dealership
            </Table.ColumnHeader>
            {REPORT_COLUMNS.map((column) => (
              <Table.ColumnHeader key={column.label} textAlign="end">
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {report.dealerships.map((row) => (
            <Table.Row key={row.dealership.id}>
              <Table.Cell
                as="th"
                scope="row"
                fontWeight="medium"
                color="ink"
                {...stickyName}
                bg="white"
                minW="40"
              >
                {row.dealership.name}
              </Table.Cell>
              {REPORT_COLUMNS.map((column) => (
                <Table.Cell key={column.label} textAlign="end">
                  {column.value(row.figures)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row bg="gray.50" fontWeight="semibold" data-totals>
            <Table.Cell as="th" scope="row" {...stickyName} bg="gray.50">
              Group total
            </Table.Cell>
            {REPORT_COLUMNS.map((column) => (
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
          <ReportTable report={report.data} />
          <Text fontSize="xs" color="fg.muted">
            Totals add the dealerships' counts; the average rating and reply time are weighted by the reviews
            and replies they average.
          </Text>
        </Stack>
      )}
    </SectionCard>
  );
}
