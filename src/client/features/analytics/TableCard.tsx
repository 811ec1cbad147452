// A titled table with a 'Download CSV' button that saves exactly the rows shown. Each column says how its
// cell reads on screen and what its CSV field holds (raw numbers, so a spreadsheet can sum them).
import { Box, Button, Table, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { LuDownload } from "react-icons/lu";
import { type CsvCell, toCsv } from "../../../shared/csv";
import { SectionCard } from "../../ui/SectionCard";
import { csvFileName, downloadCsv } from "./csv";
import { count, money, monthLabel, percent } from "./format";

export type TableColumn<T> = {
  header: string;
  /** The CSV file's header, when it needs more words than the screen (e.g. the currency). */
  csvHeader?: string;
  /** On screen; the CSV value as text when not given. */
  cell?: (row: T) => ReactNode;
  csv: (row: T) => CsvCell;
  numeric?: boolean;
};

/** A whole number, grouped on screen ("1,204"). */
export function countColumn<T>(header: string, value: (row: T) => number): TableColumn<T> {
  return { header, csv: value, cell: (r) => count(value(r)), numeric: true };
}

/** A percentage ("12.3%" on screen, 12.3 in the file). */
export function percentColumn<T>(header: string, value: (row: T) => number | null): TableColumn<T> {
  return { header, csv: value, cell: (r) => percent(value(r)), numeric: true };
}

/** Cents as dollars: "$1,204.50" on screen, 1204.5 in the file. */
export function moneyColumn<T>(header: string, cents: (row: T) => number): TableColumn<T> {
  return { header, csv: (r) => cents(r) / 100, cell: (r) => money(cents(r)), numeric: true };
}

/** A "YYYY-MM" month: "June 2026" on screen, as given in the file. */
export function monthColumn<T extends { month: string }>(header = "Month"): TableColumn<T> {
  return { header, csv: (r) => r.month, cell: (r) => monthLabel(r.month, true) };
}

export function TableCard<T>({
  title,
  description,
  columns,
  rows,
  rowKey,
  fileSuffix,
  minW = "2xl",
  footnote,
  empty = "Nothing to show for this period.",
}: {
  title: string;
  description?: ReactNode;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  /** Tells rows apart; the first column's value when not given, as that column names the row. */
  rowKey?: (row: T) => string | number;
  /** Added to the file name: the period, e.g. performance-30d.csv. */
  fileSuffix?: string;
  /** The table's least width before it scrolls sideways (phones). */
  minW?: string;
  footnote?: ReactNode;
  empty?: string;
}) {
  const download = () =>
    downloadCsv(
      csvFileName(title, fileSuffix),
      toCsv(
        columns.map((c) => c.csvHeader ?? c.header),
        rows.map((row) => columns.map((c) => c.csv(row))),
      ),
    );
  return (
    <SectionCard
      title={title}
      description={description}
      size="sm"
      headingSize="md"
      actions={
        <Button
          size="sm"
          variant="outline"
          onClick={download}
          disabled={rows.length === 0}
          aria-label={`Download CSV: ${title}`}
          flexShrink={0}
        >
          <LuDownload aria-hidden /> Download CSV
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted" py="4" textAlign="center">
          {empty}
        </Text>
      ) : (
        // Positioned, so visually hidden text in a cell stays inside the scrolling box on a phone.
        <Table.ScrollArea borderWidth="1px" borderColor="border.muted" borderRadius="lg" position="relative">
          <Table.Root size="sm" minW={minW}>
            <Table.Caption srOnly>{title}</Table.Caption>
            <Table.Header>
              <Table.Row bg="gray.50">
                {columns.map((c) => (
                  <Table.ColumnHeader
                    key={c.header}
                    textAlign={c.numeric ? "end" : "start"}
                    whiteSpace="nowrap"
                    color="fg.muted"
                    fontWeight="semibold"
                  >
                    {c.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={rowKey ? rowKey(row) : String(columns[0]?.csv(row))}>
                  {columns.map((c, i) => (
                    <Table.Cell
                      key={c.header}
                      textAlign={c.numeric ? "end" : "start"}
                      fontVariantNumeric={c.numeric ? "tabular-nums" : undefined}
                      fontWeight={i === 0 ? "medium" : undefined}
                      color={i === 0 ? "ink" : undefined}
                    >
                      {c.cell ? c.cell(row) : String(c.csv(row) ?? "—")}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {footnote ? (
        <Box fontSize="xs" color="fg.muted">
          {footnote}
        </Box>
      ) : null}
    </SectionCard>
  );
}
