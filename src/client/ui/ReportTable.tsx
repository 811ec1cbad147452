// A month's figures in a table (the dealership's report per salesperson, the group's per dealership): a name per
// row, the columns' figures, and a totals row, in a table that scrolls sideways on a phone.
import { Table } from "@chakra-ui/react";
import type { MonthlyReport } from "../../shared/schemas/manager";
import { ratingText } from "./Rating";

/** A column after the name, with how it writes a row's figure. */
export type ReportColumn<F> = { label: string; value: (row: F) => string };

type Figures = Omit<MonthlyReport["totals"], "appointments" | "customerMessages">;

/** The columns both reports end with: cancellations to reply time. */
export const FIGURE_COLUMNS: ReportColumn<Figures>[] = [
  { label: "Cancellations", value: (r) => String(r.cancellations) },
  { label: "No-shows", value: (r) => String(r.noShows) },
  { label: "Reviews", value: (r) => String(r.reviews) },
  { label: "Avg. rating", value: (r) => ratingText(r.averageRating, r.reviews) },
  { label: "Misconduct cases", value: (r) => String(r.misconductCases) },
  { label: "Avg. reply time", value: (r) => replyTime(r.averageReplyMinutes) },
];

/** Minutes as "45 min" or "3 h 20 min". */
export function replyTime(minutes: number | null): string {
  if (minutes === null) return "—";
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes - hours * 60);
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** The first column stays in view while the figures scroll under it. */
const stickyName = { position: "sticky", left: 0, zIndex: 1, borderRightWidth: "1px" } as const;
const rowHeader = { as: "th", scope: "row", ...stickyName } as const;

export function ReportTable<F>({
  caption,
  sticky = false,
  minW,
  nameHeader,
  rows,
  totalLabel,
  totals,
  columns,
}: {
  caption: string;
  /** The names as row headers that stay in view, in a focusable region named after the caption. */
  sticky?: boolean;
  minW: string;
  nameHeader: string;
  rows: { key: string | number; name: string; figures: F }[];
  totalLabel: string;
  totals: F;
  columns: ReportColumn<F>[];
}) {
  const figures = (row: F) =>
    columns.map((column) => (
      <Table.Cell key={column.label} textAlign="end">
        {column.value(row)}
      </Table.Cell>
    ));
  return (
    <Table.ScrollArea
      borderWidth="1px"
      borderColor="border.muted"
      borderRadius="lg"
      {...(sticky ? { tabIndex: 0, role: "region", "aria-label": `${caption} (scrolls sideways)` } : {})}
    >
      <Table.Root size="sm" minW={minW}>
        <Table.Caption srOnly>{caption}</Table.Caption>
        <Table.Header>
          <Table.Row bg="gray.50">
            <Table.ColumnHeader {...(sticky ? { ...stickyName, bg: "gray.50" } : {})}>
              {nameHeader}
            </Table.ColumnHeader>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.label} textAlign="end">
                {column.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.key}>
              <Table.Cell
                fontWeight="medium"
                color="ink"
                {...(sticky ? { ...rowHeader, bg: "white", minW: "40" } : {})}
              >
                {row.name}
              </Table.Cell>
              {figures(row.figures)}
            </Table.Row>
          ))}
        </Table.Body>
        <Table.Footer>
          <Table.Row bg="gray.50" fontWeight="semibold" data-totals={sticky || undefined}>
            <Table.Cell {...(sticky ? { ...rowHeader, bg: "gray.50" } : {})}>{totalLabel}</Table.Cell>
            {figures(totals)}
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
}
